import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

/** docs/import-export.md in the dashboard: an owner downloads their catalogue and bookings, and imports a file, checked first. */
describe('dashboard: import and export (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let other: { id: string; token: string };
  let dashboard: DashboardPage;
  let page: Page;

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp({ name: 'Půjčovna Brno' });
    other = await server.signUp();
    for (const [id, token] of [['mine-drill', owner.token], ['theirs-saw', other.token]] as const) {
      const res = await server.http.post(`/api/products/${id}`, { basic: { product_name: id }, settings: { published: true } }, token);
      assert.equal(res.status, 201, res.text);
    }
    browser = await launchBrowser();
    dashboard = await openDashboard(browser);
    page = dashboard.page;
    await signIn(page, server.url, owner.email, owner.password);
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  const download = async (name: string): Promise<{ file: string; text: string }> => {
    const started = page.waitForEvent('download');
    await page.getByRole('link', { name }).click();
    const done = await started;
    const path = await done.path();
    return { file: done.suggestedFilename(), text: await readFile(path, 'utf8') };
  };

  it("downloads the owner's own products (not every published one) and their bookings", async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import & export' }).click();
    await page.getByRole('heading', { name: 'Import and export' }).waitFor();
    await assertAccessible(page, 'import and export');
    const csv = await download('Download products');
    assert.match(csv.file, /^products-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(csv.text.startsWith('\uFEFFid,'), 'CSV with the byte order mark Excel reads UTF-8 by');
    assert.match(csv.text, /mine-drill/);
    assert.doesNotMatch(csv.text, /theirs-saw/, "another owner's published product is not the owner's catalogue");
    await page.getByLabel('Format').selectOption('ndjson');
    const ndjson = await download('Download products');
    assert.deepEqual(ndjson.text.trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id), ['mine-drill']);
    const bookings = await download('Download bookings');
    assert.match(bookings.file, /^bookings-\d{4}-\d{2}-\d{2}\.ndjson$/);
  });

  it('checks a file first (nothing written), shows each bad row by its field, then imports it', async () => {
    await page.goto(`${server.url}/admin/transfer`);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.locator('#import-file-error').getByText('Choose a file to import.').waitFor();
    const csv = 'id,basic.product_name,additional.price\nimported-tent,Stan,120\nbroken-row,Pila,abc\n';
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('status').filter({ hasText: 'Checked, nothing written: 2 rows, 1 would be created' }).waitFor();
    await page.getByRole('cell', { name: /additional\.price: / }).waitFor();
    assert.equal((await server.http.get('/api/products/imported-tent', owner.token)).status, 404, 'a check writes nothing');
    await assertAccessible(page, 'import report');
    await page.getByLabel('Only check the file; write nothing').uncheck();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported: 2 rows, 1 created' }).waitFor();
    const stored = await server.http.get<{ basic: { product_name: string; rent_owner: string | { id: string } }; additional: { price: number } }>('/api/products/imported-tent?depth=0', owner.token);
    assert.equal(stored.status, 200);
    assert.equal(stored.body.additional.price, 120);
    assert.equal(stored.body.basic.rent_owner, owner.id);
    assert.equal((await server.http.get('/api/products/broken-row', owner.token)).status, 404);
    assertNoProblems(dashboard, 'import and export');
  });
});
