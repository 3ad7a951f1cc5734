import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

/** SPEC 2: the configuration may change the list of time units; the dashboard offers the service's own. */
describe('dashboard: the configured time units (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let dashboard: DashboardPage;
  let owner: { id: string; token: string; email: string; password: string };

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.products.timeUnits = ['hour', 'day', 'week', 'night'];
    });
    owner = await server.signUp({ name: 'Chaty Šumava' });
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    await signIn(dashboard.page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('offers the units the service accepts, and creates a product with one the configuration added', async () => {
    const { page } = dashboard;
    await page.goto(`${server.url}/admin/new-product`);
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    const per = page.getByLabel('Per');
    await page.waitForFunction(() => [...document.querySelectorAll('#time_unit option')].some((option) => (option as HTMLOptionElement).value === 'night'));
    assert.deepEqual(await per.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)), ['', 'hour', 'day', 'week', 'night']);
    await page.getByLabel('Name', { exact: true }).fill('Chata pod Boubínem');
    await page.getByLabel('Price', { exact: true }).fill('1800');
    await per.selectOption('night');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('The product was created.').waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');
    const stored = await server.http.get<{ additional: { time_unit?: string } }>(`/api/products/${id}`, owner.token);
    assert.equal(stored.body.additional.time_unit, 'night');
    assertNoProblems(dashboard, 'configured units');
  });
});
