import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.js';
import { assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Media = { id: string; filename: string; alt: string };

/** SPEC 5 in the dashboard: an owner's images, used or not; alt text; delete, refused while a gallery uses one. */
describe('dashboard: media library (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: { id: string; token: string; email: string; password: string };
  let dashboard: DashboardPage;
  let page: Page;
  const uploaded: Record<string, Media> = {};

  const upload = async (name: string, token: string): Promise<Media> => {
    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
    const res = await server.http.request<{ doc: Media }>('POST', '/api/rentMedia', { raw: form, token });
    assert.equal(res.status, 201, res.text);
    return res.body.doc;
  };

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp({ name: 'Půjčovna Brno' });
    const other = await server.signUp();
    uploaded.used = await upload('used.png', owner.token);
    uploaded.orphan = await upload('orphan.png', owner.token);
    uploaded.theirs = await upload('theirs.png', other.token);
    const product = await server.http.post('/api/products/with-gallery', { basic: { product_name: 'Vrtačka' }, gallery: { images: [uploaded.used?.id] } }, owner.token);
    assert.equal(product.status, 201, product.text);
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

  it("lists the owner's images only, changes a description, refuses to delete one a gallery uses and deletes an unused one", async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Images' }).click();
    await page.getByRole('heading', { name: 'Images' }).waitFor();
    await page.getByRole('link', { name: 'orphan.png' }).waitFor();
    await page.getByRole('link', { name: 'used.png' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'theirs.png' }).count(), 0, "another owner's image is not listed");
    await assertAccessible(page, 'media library');

    await page.getByLabel('Description of orphan.png (alt text)').fill('Vrtačka zepředu');
    await page.getByRole('button', { name: 'Save description of orphan.png' }).click();
    await page.getByRole('status').filter({ hasText: 'The description of orphan.png was saved.' }).waitFor();
    assert.equal((await server.http.get<Media>(`/api/rentMedia/${uploaded.orphan?.id}`, owner.token)).body.alt, 'Vrtačka zepředu');

    await page.getByRole('button', { name: 'Delete used.png' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal((await server.http.get(`/api/rentMedia/${uploaded.used?.id}`, owner.token)).status, 200, 'a gallery still uses it');

    await page.getByRole('button', { name: 'Delete orphan.png' }).click();
    await page.getByRole('status').filter({ hasText: 'orphan.png was deleted.' }).waitFor();
    await page.getByRole('link', { name: 'orphan.png' }).waitFor({ state: 'detached' });
    assert.equal((await server.http.get(`/api/rentMedia/${uploaded.orphan?.id}`, owner.token)).status, 404);
    assertNoProblems(dashboard, 'media library');
  });
});
