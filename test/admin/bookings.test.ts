import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createRentable, dayFromNow, requestBooking, type Booking } from '../helpers/bookings.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

const XSS = '<img src=x onerror="document.title=\'pwned\'">';

/** SPEC 9 in the dashboard: the requests inbox (confirm, decline with a reason), upcoming and past bookings, a booking's detail and history. */
for (const dialect of dialects) {
  describe(`dashboard: bookings (${dialect})`, () => {
    let server: TestServer;
    let browser: Browser;
    let owner: { id: string; token: string; email: string; password: string };
    let dashboard: DashboardPage;
    let page: Page;
    const bookings: Record<string, Booking> = {};

    const stored = async (id: string) => (await server.http.get<Booking>(`/api/bookings/${id}`, owner.token)).body;

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ name: 'Dodávky Ostrava' });
      await createRentable(server, owner.token, 'dodavka', { basic: { product_name: 'Dodávka Ford Transit' } });
      // Jana's and Petr's requests overlap: only one can be confirmed.
      bookings.jana = (await requestBooking(server, 'dodavka', dayFromNow(10), dayFromNow(12))).doc;
      bookings.petr = (await requestBooking(server, 'dodavka', dayFromNow(11), dayFromNow(13), { name: 'Petr Svoboda', email: 'petr@example.cz', phone: '+420 600 200 200', note: 'Na stěhování.' })).doc;
      bookings.karel = (await requestBooking(server, 'dodavka', dayFromNow(20), dayFromNow(21), { name: XSS, email: 'karel@example.cz', phone: '+420 600 300 300', note: XSS })).doc;
      browser = await launchBrowser();
      dashboard = await openDashboard(browser);
      page = dashboard.page;
      page.on('dialog', (dialog) => void dialog.accept());
      await signIn(page, server.url, owner.email, owner.password);
    });
    after(async () => {
      await browser?.close();
      await server.close();
    });

    it('lists the open requests, oldest first, with what the customer typed shown as text', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
      await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
      const rows = page.locator('li.booking-row');
      await rows.nth(2).waitFor();
      assert.deepEqual(await page.locator('.booking-who').allInnerTexts(), ['Jana Nováková', 'Petr Svoboda', XSS]);
      await page.getByRole('status').filter({ hasText: '3 bookings' }).waitFor();
      await rows.first().getByText('Vyzvednu ráno.').waitFor();
      assert.equal(await page.locator('main img').count(), 0, 'the name is text, not an image');
      assert.notEqual(await page.title(), 'pwned');
      await assertAccessible(page, 'requests');
    });

    it('confirms a request; an overlapping one is then refused in words; another is declined with a reason', async () => {
      await page.getByRole('button', { name: /^Confirm: Jana Nováková/ }).click();
      await page.getByRole('status').filter({ hasText: /^Confirmed: Jana Nováková/ }).waitFor();
      assert.equal((await stored(bookings.jana?.id ?? '')).status, 'confirmed');
      await page.locator('.booking-who', { hasText: 'Jana Nováková' }).waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^Confirm: Petr Svoboda/ }).click();
      await page.getByRole('alert').filter({ hasText: 'This time is no longer free' }).waitFor();
      assert.equal((await stored(bookings.petr?.id ?? '')).status, 'requested');

      await page.getByRole('button', { name: /^Decline: Petr Svoboda/ }).click();
      await page.getByLabel('Reason (optional)').fill('Dodávka je v tu dobu půjčená.');
      await page.getByRole('button', { name: 'Decline the request' }).click();
      await page.getByRole('status').filter({ hasText: /^Declined: Petr Svoboda/ }).waitFor();
      const declined = await stored(bookings.petr?.id ?? '');
      assert.equal(declined.status, 'declined');
      assert.equal(declined.history.at(-1)?.reason, 'Dodávka je v tu dobu půjčená.');
      assert.equal(declined.history.at(-1)?.by, owner.id);
    });

    it('shows a new request without a reload', async () => {
      await page.locator('.booking-who', { hasText: 'Petr Svoboda' }).waitFor({ state: 'detached' });
      await requestBooking(server, 'dodavka', dayFromNow(30), dayFromNow(31), { name: 'Eva Malá', email: 'eva@example.cz', phone: '+420 600 400 400', note: 'Díky.' });
      await page.locator('.booking-who', { hasText: 'Eva Malá' }).waitFor();
    });

    it('lists upcoming and past bookings', async () => {
      await page.getByRole('link', { name: 'Upcoming' }).click();
      await page.waitForURL(/view=upcoming/);
      await page.locator('.booking-who', { hasText: 'Jana Nováková' }).waitFor();
      assert.equal(await page.locator('li.booking-row').count(), 1);
      await page.getByRole('link', { name: 'Past and closed' }).click();
      await page.locator('.booking-who', { hasText: 'Petr Svoboda' }).waitFor();
      await page.locator('li.booking-row', { hasText: 'Petr Svoboda' }).getByText('Declined').waitFor();
      assert.equal(await page.getByRole('button', { name: /^Confirm/ }).count(), 0, 'nothing to answer in the past');
      await assertAccessible(page, 'past bookings');
    });

    it("shows a booking's detail: the customer, the price as quoted, the history; and cancels it", async () => {
      await page.goto(`${server.url}/admin/bookings/${bookings.jana?.id}`);
      await page.getByRole('heading', { name: 'Booking of Jana Nováková' }).waitFor();
      await page.getByRole('link', { name: 'jana@example.cz' }).waitFor();
      assert.equal(await page.getByRole('link', { name: '+420 777 123 456' }).getAttribute('href'), 'tel:+420777123456');
      await page.getByRole('link', { name: 'Dodávka Ford Transit' }).waitFor();
      // 3 days × 100 + a deposit of 500.
      await page.getByText('3 days', { exact: true }).waitFor();
      assert.equal(await page.locator('dt:has-text("Total") + dd').innerText(), '800');
      const history = page.locator('ol.history li');
      assert.equal(await history.count(), 2);
      assert.match(await history.nth(0).innerText(), /Requested .* by the customer \(Jana Nováková\)/);
      assert.match(await history.nth(1).innerText(), /Confirmed .* by you/);
      await assertAccessible(page, 'booking');

      // Cancelling asks first, with an optional reason (SPEC 9: `{action, reason?}`), kept in the history.
      await page.getByRole('button', { name: /^Cancel booking: Jana Nováková/ }).click();
      await page.getByText(/^Cancel this booking \(Jana Nováková/).waitFor();
      await page.getByLabel('Reason (optional)').fill('Stroj je v opravě.');
      await page.getByRole('button', { name: 'Cancel the booking' }).click();
      await page.getByRole('status').filter({ hasText: /^Cancelled: Jana Nováková/ }).waitFor();
      const cancelled = await stored(bookings.jana?.id ?? '');
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(cancelled.history.at(-1)?.reason, 'Stroj je v opravě.');
      assert.equal(cancelled.reservationId, undefined, 'its reservation was released');
      await page.locator('.booking-detail .badge', { hasText: 'Cancelled' }).waitFor();
      assert.equal(await history.count(), 3);
    });

    it('cancels a request too, as SPEC 9 lets the owner', async () => {
      const request = (await requestBooking(server, 'dodavka', dayFromNow(40), dayFromNow(41), { name: 'Eva Zrušená', email: 'eva@example.cz', phone: '+420 600 400 400', note: 'Možná.' })).doc;
      await page.goto(`${server.url}/admin/bookings/${request.id}`);
      await page.getByRole('heading', { name: 'Booking of Eva Zrušená' }).waitFor();
      await page.getByRole('button', { name: /^Cancel booking: Eva Zrušená/ }).click();
      await page.getByRole('button', { name: 'Cancel the booking' }).click();
      await page.getByRole('status').filter({ hasText: /^Cancelled: Eva Zrušená/ }).waitFor();
      assert.equal((await stored(request.id)).status, 'cancelled');
    });

    it('the overview lists the open requests', async () => {
      await page.goto(`${server.url}/admin`);
      const requests = page.locator('section[aria-labelledby="requests-title"]');
      await requests.getByRole('link', { name: 'Eva Malá' }).waitFor();
      await requests.getByRole('link', { name: XSS }).waitFor();
      await requests.getByRole('link', { name: 'See all 2 requests' }).waitFor();
      await assertAccessible(page, 'overview with requests');
      assertNoProblems(dashboard, 'bookings');
    });

    it('works on a phone', async () => {
      const phone = await openDashboard(browser, { viewport: PHONE });
      try {
        await signIn(phone.page, server.url, owner.email, owner.password);
        await phone.page.goto(`${server.url}/admin/bookings`);
        await phone.page.locator('li.booking-row').first().waitFor();
        assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
        await assertAccessible(phone.page, 'requests, phone');
        await phone.page.goto(`${server.url}/admin/bookings/${bookings.jana?.id}`);
        await phone.page.locator('ol.history li').first().waitFor();
        assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
        await assertAccessible(phone.page, 'booking, phone');
        assertNoProblems(phone, 'phone');
      } finally {
        await phone.context.close();
      }
    });
  });
}
