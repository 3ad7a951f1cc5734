import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { calendarFixture, fixtureYear } from '../helpers/calendar-fixtures.js';
import { startFeedServer, type FeedServer } from '../helpers/feed-server.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Calendar = { id: string; name?: string; url: string; lastStatus: string | null; lastError?: string; events: number; conflicts: unknown[] };

/** SPEC 10 in the dashboard: a product's feed links and imports, the calendars screen, the overview's import problems. */
describe('dashboard: calendar links and imports (sqlite)', () => {
  let server: TestServer;
  let feeds: FeedServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;
  let productId: string;
  const year = fixtureYear(1);

  const calendars = async () => (await server.http.get<{ docs: Calendar[] }>(`/api/calendars?where[product][equals]=${productId}`, owner.token)).body.docs;

  before(async () => {
    feeds = await startFeedServer();
    feeds.serve('/airbnb.ics', { body: calendarFixture('airbnb.ics') });
    server = await startServer('sqlite', (config) => {
      config.calendars.allowPrivateAddresses = true;
    });
    owner = await server.signUp({ name: 'Chaty Šumava' });
    // An own reservation overlapping the feed's 10–14 March block: a conflict the screen must show.
    const created = await server.http.post<{ doc: { id: string } }>(
      '/api/products',
      { basic: { product_name: 'Chata pod Klínem' }, settings: { published: true }, availability: { reservationDates: [{ from: `${year}-03-12`, to: `${year}-03-13`, note: 'Novákovi' }] } },
      owner.token,
    );
    productId = created.body.doc.id;
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    page = dashboard.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
    await feeds.close();
  });

  it("shows the product's public feed link, which serves its reservations", async () => {
    await page.goto(`${server.url}/admin/products/${productId}/calendars`);
    await page.getByText('This product imports no calendar.').waitFor();
    const link = await page.getByLabel('Public feed link', { exact: true }).inputValue();
    assert.equal(link, `${server.url}/api/products/${productId}/calendar.ics`);
    const feed = await fetch(link);
    assert.equal(feed.status, 200);
    assert.match(await feed.text(), /SUMMARY:Reserved/);
    await assertAccessible(page, 'calendar links, empty');
  });

  it('refuses a bad address next to its field', async () => {
    await page.getByLabel('Calendar (.ics) address').fill('not a calendar address');
    await page.getByRole('button', { name: 'Connect' }).click();
    const error = page.locator('#import-url-error');
    await error.waitFor();
    assert.notEqual((await error.textContent())?.trim(), '');
    assert.equal(await page.getByLabel('Calendar (.ics) address').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await calendars(), []);
  });

  it('connects an import, shows its events and the conflict with an own reservation', async () => {
    await page.getByLabel('Calendar (.ics) address').fill(feeds.url('/airbnb.ics'));
    await page.getByLabel('Name', { exact: true }).fill('Airbnb');
    await page.getByRole('button', { name: 'Connect' }).click();
    const item = page.locator('li.import');
    await item.getByRole('heading', { name: 'Airbnb' }).waitFor();
    const [stored] = await calendars();
    assert.equal(stored?.lastStatus, 'ok');
    assert.ok((stored?.events ?? 0) > 1);
    assert.equal(stored?.conflicts.length, 1);
    await page.getByRole('status').filter({ hasText: `Connected; ${stored?.events} events imported.` }).waitFor();
    await item.getByText('Synced', { exact: true }).waitFor();
    await item.getByText(/overlaps your reservation/).waitFor();
    await item.getByText('(Novákovi)').waitFor();
    await assertAccessible(page, 'calendar links, one import');
  });

  it('syncs now and shows a failing feed in words, on the product, the calendars screen and the overview', async () => {
    feeds.serve('/airbnb.ics', { body: 'maintenance', status: 503, contentType: 'text/plain' });
    await page.getByRole('button', { name: 'Sync now: Airbnb' }).click();
    const item = page.locator('li.import');
    await item.getByText('Failing', { exact: true }).waitFor();
    const [stored] = await calendars();
    assert.equal(stored?.lastStatus, 'failed');
    await item.getByText(stored?.lastError ?? '?').waitFor();

    await page.goto(`${server.url}/admin`);
    const problems = page.locator('section[aria-labelledby="problems-title"]');
    await problems.getByRole('link', { name: 'Chata pod Klínem: Airbnb' }).waitFor();
    await problems.getByText(stored?.lastError ?? '?').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendars' }).click();
    await page.getByRole('heading', { name: 'Calendars', level: 1 }).waitFor();
    const row = page.locator('table.imports-table tbody tr');
    await row.getByRole('link', { name: 'Chata pod Klínem' }).waitFor();
    await row.getByText('Failing', { exact: true }).waitFor();
    await page.getByLabel('Show').selectOption('failed');
    await page.waitForURL((url) => url.search === '?status=failed');
    assert.equal(await row.count(), 1);
    await assertAccessible(page, 'calendars');
  });

  it('a good sync made elsewhere clears the problem without a reload (the live stream)', async () => {
    await page.goto(`${server.url}/admin`);
    const problems = page.locator('section[aria-labelledby="problems-title"]');
    await problems.getByRole('link', { name: 'Chata pod Klínem: Airbnb' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    feeds.serve('/airbnb.ics', { body: calendarFixture('airbnb.ics') });
    const [stored] = await calendars();
    const synced = await server.http.post<Calendar>(`/api/calendars/${stored?.id}`, { action: 'sync' }, owner.token);
    assert.notEqual(synced.body.lastStatus, 'failed');
    await problems.getByText('All calendar imports are working.').waitFor();
  });

  it('issues the private feed link; a new one ends the previous', async () => {
    await page.goto(`${server.url}/admin/calendars`);
    await page.getByRole('button', { name: 'Create a link' }).click();
    const field = page.getByLabel('Private feed link', { exact: true });
    await field.waitFor();
    const first = await field.inputValue();
    assert.match(first, new RegExp(`/api/rents/${owner.id}/calendar\\.ics\\?token=`));
    const feed = await fetch(first);
    assert.equal(feed.status, 200);
    assert.match(await feed.text(), /Chata pod Klínem/);
    await page.getByRole('button', { name: 'Create a new link' }).click();
    await page.waitForFunction((previous) => (document.getElementById('private-feed') as HTMLInputElement | null)?.value !== previous, first);
    const second = await field.inputValue();
    assert.equal((await fetch(first)).status, 404);
    assert.equal((await fetch(second)).status, 200);
  });

  it('changes and removes an import', async () => {
    await page.goto(`${server.url}/admin/products/${productId}/calendars`);
    await page.getByRole('button', { name: 'Change Airbnb' }).click();
    const [stored] = await calendars();
    await page.getByLabel('Name', { exact: true }).first().fill('Airbnb – chata');
    await page.locator('form.import-edit').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Airbnb – chata' }).waitFor();
    assert.equal((await calendars())[0]?.name, 'Airbnb – chata');
    await page.getByRole('button', { name: 'Remove Airbnb – chata' }).click();
    await page.getByText('This product imports no calendar.').waitFor();
    assert.deepEqual(await calendars(), []);
    assert.equal((await server.http.get(`/api/calendars/${stored?.id}`, owner.token)).status, 404);
    assertNoProblems(dashboard, 'calendars');
  });

  it('works on a phone', async () => {
    const phone = await openDashboard(browser, { viewport: PHONE });
    try {
      await signIn(phone.page, server.url, owner.email, owner.password);
      await phone.page.goto(`${server.url}/admin/products/${productId}/calendars`);
      await phone.page.getByText('This product imports no calendar.').waitFor();
      assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await assertAccessible(phone.page, 'calendar links, phone');
      await phone.page.goto(`${server.url}/admin/calendars`);
      await phone.page.getByRole('heading', { name: 'Calendars', level: 1 }).waitFor();
      assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      assertNoProblems(phone, 'phone');
    } finally {
      await phone.context.close();
    }
  });
});
