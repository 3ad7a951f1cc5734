import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { defaultConfig } from '../../src/config/defaults.js';
import { createProductValidator } from '../../src/domain/product-validation.js';
import { DEMO_PASSWORD, seedCatalogue } from '../../src/seed/seed-catalogue.js';
import { LocalMediaStore } from '../../src/storage/media-store.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, openDashboard, signIn } from './helpers/dashboard.js';

const PRODUCTS = 100_000;

/**
 * The product list over a catalogue of 100,000: each page is one request for that page (the
 * shown fields only), the last page as much as the first; no screen ever loads the catalogue.
 */
describe('dashboard: a catalogue of 100,000 products (sqlite)', () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startServer('sqlite');
    const config = defaultConfig();
    await seedCatalogue(
      { config, storage: server.storage, productValidator: createProductValidator(config.products.timeUnits), mediaStore: new LocalMediaStore(join(server.dataDir, 'media')) },
      { products: PRODUCTS, owners: 2, mediaImages: 0, shape: { descriptionLength: 40, galleryImages: 0, reservations: 0, publishedShare: 0.5, varied: false } },
    );
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server.close();
  });

  it('pages to the end and back, one page per request', async () => {
    const { page, context } = await openDashboard(browser);
    try {
      // demo1 is the seed's administrator: every product is listed.
      await signIn(page, server.url, 'demo1@example.com', DEMO_PASSWORD);
      const lists: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        // The products screen's only: the overview that signing in lands on may still be loading its own lists.
        if (url.pathname === '/api/products' && new URL(request.frame().url()).pathname === '/admin/products') lists.push(url);
      });
      await page.goto(`${server.url}/admin/products`);
      await page.getByText('100,000 products').waitFor({ timeout: 60_000 });
      await page.getByText('Page 1 of 4,000').waitFor();
      for (const [target, label] of [['4000', 'Page 4,000 of 4,000'], ['2000', 'Page 2,000 of 4,000']] as const) {
        const started = Date.now();
        await page.getByLabel('Go to page').fill(target);
        await page.getByRole('button', { name: 'Go', exact: true }).click();
        await page.getByText(label).waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => document.querySelectorAll('table.products tbody tr').length === 25 && !document.querySelector('[aria-busy="true"]'));
        console.log(`page ${target} of ${PRODUCTS.toLocaleString('en')} products shown in ${Date.now() - started} ms`);
      }
      await page.getByLabel('Sort by').selectOption('-additional.price');
      await page.getByText('Page 1 of 4,000').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Last page' }).click();
      await page.getByText('Page 4,000 of 4,000').waitFor({ timeout: 60_000 });
      assert.deepEqual(
        lists.map((url) => [url.searchParams.get('page'), url.searchParams.get('limit')]),
        [['1', '25'], ['4000', '25'], ['2000', '25'], ['1', '25'], ['4000', '25']],
      );
      assert.ok(lists.every((url) => url.searchParams.get('select[basic][product_name]') === 'true'));
    } finally {
      await context.close();
    }
  });
});
