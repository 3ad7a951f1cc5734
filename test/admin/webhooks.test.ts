import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { Receiver } from '../helpers/receiver.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Webhook = { id: string; url: string; events: string[]; active: boolean; description?: string; scope: string };

/** SPEC 11 in the dashboard: create a webhook (the secret shown once), pause and resume it, change it, its deliveries, delete it. */
describe('dashboard: webhooks (sqlite)', () => {
  let server: TestServer;
  let receiver: Receiver;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;
  let secret = '';

  const webhooks = async () => (await server.http.get<{ docs: Webhook[] }>('/api/webhooks', owner.token)).body.docs;

  before(async () => {
    receiver = await Receiver.start();
    server = await startServer('sqlite', (config) => {
      config.webhooks.allowPrivateAddresses = true;
    });
    owner = await server.signUp({ name: 'Kola Olomouc' });
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    page = dashboard.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
    await receiver.close();
  });

  it('shows the empty list and refuses a webhook without an address or events, in words by each field', async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    await assertAccessible(page, 'webhooks, empty');
    await page.getByRole('link', { name: 'Create a webhook' }).click();
    await page.getByRole('heading', { name: 'New webhook' }).waitFor();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.locator('#webhook-url-error').getByText('Required.').waitFor();
    await page.locator('#webhook-events-error').getByText('Choose at least one event.').waitFor();
    // The service's own 400 lands by its field too.
    await page.getByLabel('Address (URL)').fill('ftp://example.com/hook');
    await page.getByLabel('Product created').check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.locator('#webhook-url-error').waitFor();
    assert.doesNotMatch((await page.locator('#webhook-url-error').textContent()) ?? '', /Required/);
    assert.deepEqual(await webhooks(), []);
    await assertAccessible(page, 'new webhook, errors');
  });

  it('creates a webhook and shows its secret once; the secret signs the deliveries', async () => {
    await page.getByLabel('Address (URL)').fill(`${receiver.url}/hook`);
    await page.getByLabel('Description').fill('Účetnictví');
    await page.getByLabel('Product changed').check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('heading', { name: 'Webhook created' }).waitFor();
    secret = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    assert.match(secret, /^whsec_/);
    const [stored] = await webhooks();
    assert.deepEqual({ url: stored?.url, events: [...(stored?.events ?? [])].sort(), active: stored?.active, description: stored?.description }, { url: `${receiver.url}/hook`, events: ['product.created', 'product.updated'], active: true, description: 'Účetnictví' });
    assert.equal(JSON.stringify(stored).includes(secret), false, 'the API never shows the secret again');
    await assertAccessible(page, 'secret once');

    const product = await server.http.post<{ doc: { id: string } }>('/api/products', { basic: { product_name: 'Horské kolo' } }, owner.token);
    assert.ok(await until(() => receiver.received.length > 0, 10_000));
    const [request] = receiver.received;
    const verified = new Verifier(secret).verify(request?.body ?? '', request?.headers as Record<string, string>) as { type: string; data: { id: string } };
    assert.equal(verified.type, 'product.created');
    assert.equal(verified.data.id, product.body.doc.id);

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(`${server.url}/admin/webhooks/${stored?.id}`);
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    assert.equal(await page.getByLabel('Signing secret', { exact: true }).count(), 0, 'the secret is gone once left');
  });

  it('logs the deliveries, new ones appearing without a reload', async () => {
    const deliveries = page.locator('table.deliveries-table tbody tr');
    await deliveries.first().waitFor();
    assert.equal(await deliveries.count(), 1);
    await deliveries.first().getByText('Product created').waitFor();
    await deliveries.first().getByText('Delivered').waitFor();
    await deliveries.first().getByText('200', { exact: true }).waitFor();
    // A failing receiver: a failed attempt with its response, shown live.
    receiver.answer = () => 500;
    const [product] = (await server.http.get<{ docs: { id: string }[] }>('/api/products', owner.token)).body.docs;
    await server.http.patch(`/api/products/${product?.id}`, { basic: { product_name: 'Horské kolo XL' } }, owner.token);
    await page.locator('table.deliveries-table tbody tr', { hasText: 'Product changed' }).getByText('Failed').waitFor({ timeout: 20_000 });
    await page.locator('table.deliveries-table tbody tr', { hasText: 'Product changed' }).getByText('500', { exact: true }).first().waitFor();
    receiver.answer = () => 200;
    await assertAccessible(page, 'webhook with deliveries');
  });

  it('changes the events and the description', async () => {
    await page.getByLabel('Product changed').uncheck();
    await page.getByLabel('Booking requested').check();
    await page.getByLabel('Description').fill('');
    await page.getByText('You have unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const [stored] = await webhooks();
    assert.deepEqual([...(stored?.events ?? [])].sort(), ['booking.requested', 'product.created']);
    assert.equal(stored?.description, undefined);
  });

  it('pauses and resumes from the list', async () => {
    await page.getByRole('link', { name: 'Back to the webhooks' }).click();
    const row = page.locator('table.webhooks-table tbody tr');
    await row.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Pause ${receiver.url}/hook` }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    assert.equal((await webhooks())[0]?.active, false);
    await assertAccessible(page, 'webhooks');
    await page.getByRole('button', { name: `Resume ${receiver.url}/hook` }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    assert.equal((await webhooks())[0]?.active, true);
  });

  it('works on a phone', async () => {
    const phone = await openDashboard(browser, { viewport: PHONE });
    try {
      await signIn(phone.page, server.url, owner.email, owner.password);
      await phone.page.goto(`${server.url}/admin/webhooks`);
      await phone.page.locator('table.webhooks-table tbody tr').waitFor();
      assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await assertAccessible(phone.page, 'webhooks, phone');
      const [stored] = await webhooks();
      await phone.page.goto(`${server.url}/admin/webhooks/${stored?.id}`);
      await phone.page.locator('table.deliveries-table tbody tr').first().waitFor();
      assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await assertAccessible(phone.page, 'webhook, phone');
      assertNoProblems(phone, 'phone');
    } finally {
      await phone.context.close();
    }
  });

  it('deletes a webhook', async () => {
    const [stored] = await webhooks();
    await page.goto(`${server.url}/admin/webhooks/${stored?.id}`);
    await page.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByRole('status').filter({ hasText: 'The webhook was deleted.' }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    assert.equal((await server.http.get(`/api/webhooks/${stored?.id}`, owner.token)).status, 404);
    assertNoProblems(dashboard, 'webhooks');
  });
});
