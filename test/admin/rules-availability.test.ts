import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createRentable } from '../helpers/bookings.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Product = { additional: Record<string, unknown> };

/** A month two months ahead, so that its days are in the future and within one month view. */
const month = (() => {
  const date = new Date();
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
})();
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;

/** SPEC 8 in the dashboard: the rules in the editor, the month calendar with buffers (availability) and the quote of the chosen days. */
describe('dashboard: rental rules, availability and quotes (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;

  const product = async () => (await server.http.get<Product>('/api/products/dodavka', owner.token)).body;

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp({ name: 'Dodávky Ostrava' });
    await createRentable(server, owner.token, 'dodavka', {
      basic: { product_name: 'Dodávka' },
      additional: { min_duration: 'P2D', buffer_after: 'P1D' },
      availability: { reservationDates: [{ from: day(10), to: day(11), note: 'Stěhování' }] },
    });
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    page = dashboard.page;
    await signIn(page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('shows reservations and buffers in the month', async () => {
    await page.goto(`${server.url}/admin/products/dodavka/calendar?month=${month}`);
    await page.locator(`[data-day="${day(12)}"].buffer`).waitFor();
    assert.match((await page.locator(`[data-day="${day(11)}"]`).getAttribute('aria-label')) ?? '', /, reserved$/);
    assert.match((await page.locator(`[data-day="${day(12)}"]`).getAttribute('aria-label')) ?? '', /kept free as a buffer$/);
    assert.match((await page.locator(`[data-day="${day(13)}"]`).getAttribute('aria-label')) ?? '', /, free$/);
    await assertAccessible(page, 'calendar with buffers');
  });

  it('quotes the chosen days as they are chosen, with the rules they break', async () => {
    await page.locator(`[data-day="${day(14)}"]`).click();
    const quote = page.locator('.quote');
    await quote.getByText('1 day × 100 = 100').waitFor();
    await quote.getByText('Total 600').waitFor();
    assert.equal(await quote.locator('.violations li').count(), 1, 'shorter than the shortest rental');
    await page.locator(`[data-day="${day(16)}"]`).click();
    await quote.getByText('3 days × 100 = 300').waitFor();
    await quote.getByText('+ deposit 500').waitFor();
    await quote.getByText('Total 800').waitFor();
    await quote.getByText('A customer could book these days.').waitFor();
    await assertAccessible(page, 'calendar with a quote');
  });

  it('edits the rules and price tiers; a bad duration is refused next to its field', async () => {
    await page.getByRole('link', { name: 'Details' }).click();
    await page.getByLabel('Shortest rental').waitFor();
    assert.equal(await page.getByLabel('Shortest rental').inputValue(), 'P2D');
    await page.getByLabel('Longest rental').fill('two weeks');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#max_duration-error').waitFor();
    assert.equal(await page.getByLabel('Longest rental').getAttribute('aria-invalid'), 'true');
    assert.equal((await product()).additional.max_duration, undefined);

    await page.getByLabel('Longest rental').fill('P2W');
    await page.getByLabel('Book at least this far ahead').fill('PT12H');
    await page.getByLabel('Price tiers').fill('3 = 90\n7 = 80');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const { additional } = await product();
    assert.deepEqual(
      { max: additional.max_duration, lead: additional.lead_time, min: additional.min_duration, tiers: additional.price_tiers },
      { max: 'P2W', lead: 'PT12H', min: 'P2D', tiers: [{ min_units: 3, price: 90 }, { min_units: 7, price: 80 }] },
    );
    await page.getByLabel('Price tiers').fill('3 = ninety');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#price_tiers-error').waitFor();
    await assertAccessible(page, 'editor with rules');

    // The tier applies in the quote: 3 days at 90.
    await page.getByLabel('Price tiers').fill('3 = 90\n7 = 80');
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator(`[data-day="${day(14)}"]`).click();
    await page.locator(`[data-day="${day(16)}"]`).click();
    await page.locator('.quote').getByText('3 days × 90 = 270').waitFor();
  });

  it('works on a phone', async () => {
    const phone = await openDashboard(browser, { viewport: PHONE });
    try {
      await signIn(phone.page, server.url, owner.email, owner.password);
      await phone.page.goto(`${server.url}/admin/products/dodavka/calendar?month=${month}`);
      await phone.page.locator(`[data-day="${day(12)}"].buffer`).waitFor();
      await phone.page.locator(`[data-day="${day(14)}"]`).click();
      await phone.page.locator(`[data-day="${day(15)}"]`).click();
      await phone.page.locator('.quote').getByText('2 days × 100 = 200').waitFor();
      assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await assertAccessible(phone.page, 'calendar, phone');
      assertNoProblems(phone, 'phone');
    } finally {
      await phone.context.close();
    }
    assertNoProblems(dashboard, 'rules');
  });
});
