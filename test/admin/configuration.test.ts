import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

/** SPEC 2, 6: the configuration may change the list of time units and add actions; the dashboard offers the service's own. */
describe('dashboard: what the configuration adds (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let dashboard: DashboardPage;
  let owner: { id: string; token: string; email: string; password: string };

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.products.timeUnits = ['hour', 'day', 'week', 'night'];
      config.actions = {
        archive: { handler: ({ body }) => ({ settings: { published: false }, internal_name: `archived: ${String(body.reason ?? 'no reason')}` }) },
      };
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

  it('runs the actions the configuration adds, with their arguments, and shows what they changed', async () => {
    const { page } = dashboard;
    const created = await server.http.post('/api/products/chata-archiv', { basic: { product_name: 'Chata k archivaci' }, settings: { published: true } }, owner.token);
    assert.equal(created.status, 201, created.text);
    await page.goto(`${server.url}/admin/products/chata-archiv`);
    const select = page.getByLabel('Action', { exact: true });
    await select.waitFor();
    assert.deepEqual(await select.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)), ['archive'], 'only the added ones: the built-in ones have buttons of their own');
    const args = page.getByLabel('Its arguments (JSON object, optional)');
    await args.fill('[1]');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Not a JSON object.').waitFor();
    await args.fill('{"reason": "sezóna skončila"}');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('The action archive ran.').waitFor();
    const stored = await server.http.get<{ internal_name: string; settings: { published: boolean } }>('/api/products/chata-archiv', owner.token);
    assert.equal(stored.body.internal_name, 'archived: sezóna skončila');
    assert.equal(stored.body.settings.published, false);
    assert.equal(await page.getByLabel('Published').isChecked(), false, 'the form shows the product as the action left it');
    assertNoProblems(dashboard, 'configured actions');
  });
});
