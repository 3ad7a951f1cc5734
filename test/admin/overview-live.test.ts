import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

/** The browser's day in Europe/Prague (the dashboard tests' time zone), `YYYY-MM-DD`, `offset` days on. */
const pragueDay = (offset = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * The overview's agenda (today's and the week's pick-ups and returns) and live updates: changes
 * made elsewhere (the API, another tab) appear without a reload, and never overwrite unsaved edits.
 */
describe('dashboard: the overview and live updates (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;
  const ids: Record<string, string> = {};

  const create = async (name: string, token: string, reservations: { from: string; to: string; note?: string }[]) => {
    const res = await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: name }, availability: { reservationDates: reservations } }, token);
    assert.equal(res.status, 201, res.text);
    ids[name] = res.body.doc.id;
  };

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp({ name: 'Půjčovna Plzeň' });
    const other = await server.signUp({ name: 'Jiná půjčovna' });
    await create('Karavan', owner.token, [{ from: pragueDay(), to: pragueDay(2), note: 'Dvořákovi' }]);
    await create('Kánoe', owner.token, [{ from: pragueDay(-5), to: pragueDay(4) }, { from: pragueDay(30), to: pragueDay(31) }]);
    await create('Cizí stan', other.token, [{ from: pragueDay(), to: pragueDay(1) }]);
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

  it("shows today's pick-ups and returns and the week's, of the owner's own products only", async () => {
    await page.goto(`${server.url}/admin`);
    const today = page.locator('section[aria-labelledby="today-title"]');
    await today.getByRole('link', { name: 'Karavan' }).waitFor();
    await today.getByText('No returns today.').waitFor();
    assert.equal(await today.getByRole('link', { name: 'Cizí stan' }).count(), 0);
    const week = page.locator('section[aria-labelledby="week-title"]');
    // Karavan comes back in two days, Kánoe in four; Kánoe's next rental is a month away.
    const items = week.locator('.handovers li');
    await items.first().waitFor();
    assert.deepEqual(await items.allInnerTexts().then((texts) => texts.map((text) => text.replace(/\s+/g, ' ').trim())), ['Return Karavan Dvořákovi', 'Return Kánoe']);
    assert.equal(await week.locator('h3').count(), 2);
    // Each links to the product's calendar at that month.
    assert.equal(await week.getByRole('link', { name: 'Kánoe' }).getAttribute('href'), `/admin/products/${ids['Kánoe']}/calendar?month=${pragueDay(4).slice(0, 7)}`);
    await page.getByText('Live', { exact: true }).waitFor();
    await assertAccessible(page, 'overview');
  });

  it('a reservation made elsewhere appears without a reload', async () => {
    const res = await server.http.post(`/api/products/${ids['Kánoe']}`, { action: 'reserve', from: pragueDay(5), to: pragueDay(6), note: 'Skaut' }, owner.token);
    assert.equal(res.status, 200, res.text);
    const week = page.locator('section[aria-labelledby="week-title"]');
    await week.locator('.handovers li', { hasText: 'Skaut' }).first().waitFor();
    assert.equal(await week.locator('.handovers li', { hasText: 'Skaut' }).count(), 2, 'its pick-up and its return');
  });

  it('the product list shows a product created elsewhere without a reload', async () => {
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('link', { name: 'Karavan' }).waitFor();
    // A new page opens a new stream, which starts at the events after it opened.
    await page.getByText('Live', { exact: true }).waitFor();
    await create('Šlapadlo', owner.token, []);
    await page.getByRole('link', { name: 'Šlapadlo' }).waitFor();
  });

  it('the editor loads a change made elsewhere, and with unsaved edits says so instead', async () => {
    await page.goto(`${server.url}/admin/products/${ids['Karavan']}`);
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    assert.equal(await name.inputValue(), 'Karavan');
    await server.http.patch(`/api/products/${ids['Karavan']}`, { basic: { product_name: 'Karavan Knaus' } }, owner.token);
    await page.waitForFunction(() => (document.querySelector('#product_name') as HTMLInputElement | null)?.value === 'Karavan Knaus');

    await page.getByLabel('Description').fill('Pro čtyři osoby.');
    await server.http.patch(`/api/products/${ids['Karavan']}`, { basic: { product_name: 'Karavan Knaus 2' } }, owner.token);
    await page.getByText('This product was changed elsewhere while you were editing.', { exact: false }).waitFor();
    assert.equal(await name.inputValue(), 'Karavan Knaus', 'the unsaved edits are kept');
    assert.equal(await page.getByLabel('Description').inputValue(), 'Pro čtyři osoby.');
    await assertAccessible(page, 'editor, changed elsewhere');
    await page.locator('.notice-warn').getByRole('button', { name: 'Load the latest version (discards your changes here)' }).click();
    await page.waitForFunction(() => (document.querySelector('#product_name') as HTMLInputElement | null)?.value === 'Karavan Knaus 2');
    assert.equal(await page.getByLabel('Description').inputValue(), '');

    assert.equal((await server.http.delete(`/api/products/${ids['Karavan']}`, owner.token)).status, 200);
    await page.getByText('This product was deleted elsewhere.').waitFor();
    assertNoProblems(dashboard, 'live');
  });

  it('works on a phone, in Czech', async () => {
    const phone = await openDashboard(browser, { viewport: PHONE, locale: 'cs-CZ' });
    try {
      await phone.page.goto(`${server.url}/admin/sign-in`);
      await phone.page.getByLabel('E-mail').fill(owner.email);
      await phone.page.getByLabel('Heslo', { exact: true }).fill(owner.password);
      await phone.page.getByRole('button', { name: 'Přihlásit' }).click();
      const week = phone.page.locator('section[aria-labelledby="week-title"]');
      await week.getByText('Vrácení').first().waitFor();
      await phone.page.locator('section[aria-labelledby="problems-title"]').getByText('Všechny importy kalendářů fungují.').waitFor();
      assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await assertAccessible(phone.page, 'overview, phone');
      assertNoProblems(phone, 'phone');
    } finally {
      await phone.context.close();
    }
  });
});
