import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { PHONE, assertAccessible, assertNoProblems, launchBrowser, openDashboard, signIn, type DashboardPage } from './helpers/dashboard.js';

type Product = { id: string; settings: { published: boolean; slug: string }; basic: { product_name: string; location?: string }; additional?: Record<string, unknown>; seo?: Record<string, unknown> };

const XSS_NAME = '<img src=x onerror="window.__xss=1">';

/** The visible product names of the list, in order. */
const names = (page: Page) => page.locator('table.products tbody th a').allTextContents();

/** Waits until the list shows exactly these names (in this order). */
async function expectNames(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => JSON.stringify([...document.querySelectorAll('table.products tbody th a')].map((link) => link.textContent)) === JSON.stringify(wanted) && !document.querySelector('table.products[aria-busy="true"]'),
    expected,
  );
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

for (const dialect of dialects) {
  describe(`dashboard: products (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string; email: string; password: string };
    let other: { id: string; token: string };
    let dashboard: DashboardPage;
    let page: Page;

    const create = async (body: Record<string, unknown>, token = owner.token) => {
      const res = await server.http.post<{ doc: Product }>('/api/products', body, token);
      assert.equal(res.status, 201, res.text);
      return res.body.doc;
    };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ name: 'Půjčovna Brno', terms: [{ id: 'daily', title: 'Denní pronájem' }, { id: 'weekend', title: 'Víkend' }] });
      other = await server.signUp({ name: 'Jiná půjčovna' });
      await create({ basic: { product_name: 'Not mine', location: 'Brno' }, settings: { published: true } }, other.token);
      dashboard = await openDashboard(browser);
      page = dashboard.page;
      await signIn(page, server.url, owner.email, owner.password);
    });
    after(async () => {
      await dashboard?.context.close();
      await server.close();
    });

    it('lists only the owner\'s products, with an empty state first', async () => {
      await page.goto(`${server.url}/admin/products`);
      await page.getByText('There are no products yet.').waitFor();
      await assertAccessible(page, 'products, empty');
      for (let n = 1; n <= 23; n++) {
        await create({
          basic: { product_name: `Vrtačka ${String(n).padStart(2, '0')}`, location: n % 2 ? 'Brno' : 'Praha', product_desc: n === 7 ? 'Příklepová, s kufrem' : 'Nářadí' },
          additional: { price: n * 10, time_unit: 'day' },
          settings: { published: n % 3 === 0 },
        });
      }
      await page.reload();
      await page.getByText('23 products').waitFor();
      assert.equal((await names(page)).length, 23);
      assert.ok(!(await names(page)).includes('Not mine'));
      await assertAccessible(page, 'products');
    });

    it('searches, filters by published, location, price and free dates, sorts, and keeps it all in the address', async () => {
      await page.getByLabel('Search').fill('prikl kufr');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expectNames(page, ['Vrtačka 07']);
      assert.match(page.url(), /q=prikl\+kufr/);
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await page.getByText('23 products').waitFor();

      await page.getByLabel('Published').selectOption('true');
      await page.getByLabel('Location').fill('praha');
      await page.getByLabel('Price from').fill('60');
      await page.getByLabel('Price to').fill('180');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      // Published are 3, 6, 9…; in Praha the even ones: 6, 12, 18; priced 60–180.
      await page.getByLabel('Sort by').selectOption('additional.price');
      await expectNames(page, ['Vrtačka 06', 'Vrtačka 12', 'Vrtačka 18']);
      await page.getByLabel('Sort by').selectOption('-additional.price');
      await expectNames(page, ['Vrtačka 18', 'Vrtačka 12', 'Vrtačka 06']);
      await page.reload();
      await expectNames(page, ['Vrtačka 18', 'Vrtačka 12', 'Vrtačka 06']);

      const reserved = (await server.http.get<{ docs: Product[] }>('/api/products?where[basic.product_name][equals]=Vrtačka 12', owner.token)).body.docs[0] as Product;
      const reserve = await server.http.post(`/api/products/${reserved.id}`, { action: 'reserve', from: '2027-03-10', to: '2027-03-12' }, owner.token);
      assert.equal(reserve.status, 200);
      await page.getByLabel('Free from').fill('2027-03-11');
      await page.getByLabel('Free to').fill('2027-03-11');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expectNames(page, ['Vrtačka 18', 'Vrtačka 06']);
      await page.getByLabel('Free from').fill('2027-03-13');
      await page.getByLabel('Free to').fill('2027-03-14');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expectNames(page, ['Vrtačka 18', 'Vrtačka 12', 'Vrtačka 06']);
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await page.getByText('23 products').waitFor();
    });

    it('pages through the list a page at a time, and jumps to a page', async () => {
      await page.goto(`${server.url}/admin/products?sort=basic.product_name&limit=10`);
      await page.getByText('Page 1 of 3').waitFor();
      assert.deepEqual((await names(page)).slice(0, 2), ['Vrtačka 01', 'Vrtačka 02']);
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/products') requests.push(request.url());
      });
      await page.getByRole('button', { name: 'Next page' }).click();
      await expectNames(page, Array.from({ length: 10 }, (_, i) => `Vrtačka ${String(11 + i)}`));
      await page.getByLabel('Go to page').fill('3');
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await expectNames(page, ['Vrtačka 21', 'Vrtačka 22', 'Vrtačka 23']);
      await page.getByRole('button', { name: 'First page' }).click();
      await page.getByText('Page 1 of 3').waitFor();
      // Each page is one request for that page only, never the whole catalogue.
      for (const url of requests) {
        const query = new URL(url).searchParams;
        assert.equal(query.get('limit'), '10');
        assert.ok(query.get('select[basic][product_name]'), 'only the shown fields are asked for');
      }
      assert.deepEqual(requests.map((url) => new URL(url).searchParams.get('page')), ['2', '3', '1']);
      // A page past the last one (an old link) says so, and leads to the last page: not "no products yet".
      await page.goto(`${server.url}/admin/products?sort=basic.product_name&limit=10&page=7`);
      await page.getByText('This page is past the last one (3).').waitFor();
      assert.equal(await page.getByText('There are no products yet.').count(), 0);
      await page.getByRole('button', { name: 'Go to the last page' }).click();
      await expectNames(page, ['Vrtačka 21', 'Vrtačka 22', 'Vrtačka 23']);
    });

    it('says what the API refused in a filter, with its message', async () => {
      await page.goto(`${server.url}/admin/products?from=2026-12-20&to=2026-12-10`);
      await page.getByRole('alert').filter({ hasText: 'Must not be before availableFrom.' }).waitFor();
    });

    it('publishes, unpublishes and deletes the selected products at once', async () => {
      await page.goto(`${server.url}/admin/products?sort=basic.product_name&limit=10`);
      await expectNames(page, Array.from({ length: 10 }, (_, i) => `Vrtačka ${String(1 + i).padStart(2, '0')}`));
      await page.getByLabel('Select Vrtačka 01').check();
      await page.getByLabel('Select Vrtačka 02').check();
      await page.getByText('2 selected').first().waitFor();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('status').filter({ hasText: /Updated 2/i }).waitFor();
      const published = await server.http.get<{ totalDocs: number }>(`/api/products/count?where[basic.product_name][in]=Vrtačka 01,Vrtačka 02&where[settings.published][equals]=true`, owner.token);
      assert.equal(published.body.totalDocs, 2);
      await page.getByLabel('Select every product on this page').check();
      await page.getByText('10 selected').first().waitFor();
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await page.getByRole('status').filter({ hasText: /Updated 10/i }).waitFor();
      const stillPublished = await server.http.get<{ totalDocs: number }>(`/api/products/count?where[basic.rent_owner][equals]=${owner.id}&where[settings.published][equals]=true`, owner.token);
      assert.equal(stillPublished.body.totalDocs, 4, 'of the 7 published, 3 were on the first page');
      await page.getByLabel('Select Vrtačka 03').check();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('22 products').waitFor();
      assert.equal((await server.http.get('/api/products/count?where[basic.product_name][equals]=Vrtačka 03', owner.token)).status, 200);
      assert.equal((await server.http.get<{ totalDocs: number }>('/api/products/count?where[basic.product_name][equals]=Vrtačka 03', owner.token)).body.totalDocs, 0);
      assertNoProblems(dashboard, 'bulk');
    });

    it('creates a product with every field, the owner\'s terms to choose from', async () => {
      await page.goto(`${server.url}/admin/products`);
      await page.getByRole('link', { name: 'New product' }).click();
      await page.getByRole('heading', { name: 'New product' }).waitFor();
      await assertAccessible(page, 'new product');
      const terms = await page.getByLabel('Rental terms').locator('option').allTextContents();
      assert.deepEqual(terms, ['(none)', 'Denní pronájem', 'Víkend']);
      await page.getByLabel('Name', { exact: true }).fill('Sekačka Honda');
      await page.getByLabel('Description').fill('Benzínová.\nZáběr 46 cm.');
      await page.getByLabel('Location').fill('Brno');
      await page.getByLabel('Internal name').fill('SEK-01');
      await page.getByLabel('Price', { exact: true }).fill('450.5');
      await page.getByLabel('Per').selectOption('day');
      await page.getByLabel('Deposit').fill('2000');
      await page.getByLabel('Rental terms').selectOption('weekend');
      await page.getByLabel('Published (customers see it)').check();
      await page.getByText('Advanced').click();
      await page.getByLabel('Identifier').fill('sekacka-honda');
      await page.getByLabel('SEO data (JSON)').fill('{"title": "Sekačka"}');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByText('The product was created.').waitFor();
      assert.match(page.url(), /\/admin\/products\/sekacka-honda/);
      const stored = (await server.http.get<Product>('/api/products/sekacka-honda?depth=0', owner.token)).body;
      assert.deepEqual(
        { ...stored, createdAt: undefined, updatedAt: undefined, gallery: undefined, availability: undefined },
        {
          id: 'sekacka-honda', internal_name: 'SEK-01',
          basic: { product_name: 'Sekačka Honda', product_desc: 'Benzínová.\nZáběr 46 cm.', location: 'Brno', rent_owner: owner.id },
          additional: { price: 450.5, caution: 2000, time_unit: 'day', selectedTerm: 'weekend' },
          settings: { published: true, slug: 'sekacka-honda' }, seo: { title: 'Sekačka' },
          createdAt: undefined, updatedAt: undefined, gallery: undefined, availability: undefined,
        },
      );
      assertNoProblems(dashboard, 'create');
    });

    it('shows the API\'s 400 and 409 next to each offending field', async () => {
      await create({ basic: { product_name: 'Taken' }, settings: { slug: 'taken-slug' } });
      await page.goto(`${server.url}/admin/products/sekacka-honda`);
      await page.getByLabel('Name', { exact: true }).fill('   ');
      await page.getByLabel('Price', { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#price-error').waitFor();
      assert.equal(await page.locator('#price-error').textContent(), 'Must be a number of 0 or more.');
      await page.getByLabel('Price', { exact: true }).fill('450.5');
      await page.getByLabel('Address (slug)').fill('Bad Slug!');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#product_name-error').waitFor();
      await page.locator('#slug-error').waitFor();
      assert.equal(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), 'true');
      assert.match((await page.getByLabel('Name', { exact: true }).getAttribute('aria-describedby')) ?? '', /product_name-error/);
      const summary = await page.getByRole('alert').filter({ hasText: 'Please correct these fields:' }).textContent();
      assert.match(summary ?? '', /Name/);
      assert.match(summary ?? '', /Address \(slug\)/);
      await assertAccessible(page, 'editor with errors');
      await page.getByLabel('Name', { exact: true }).fill('Sekačka Honda HRX');
      await page.getByLabel('Address (slug)').fill('taken-slug');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#slug-error').waitFor();
      assert.equal(await page.locator('#product_name-error').count(), 0);
      await page.getByLabel('Address (slug)').fill('sekacka-honda-hrx');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const stored = (await server.http.get<Product>('/api/products/sekacka-honda', owner.token)).body;
      assert.equal(stored.basic.product_name, 'Sekačka Honda HRX');
      assert.equal(stored.settings.slug, 'sekacka-honda-hrx');
    });

    it('saves only what changed, removes cleared fields, and a second tab gets a clear 412 instead of overwriting', async () => {
      const first = await dashboard.context.newPage();
      const second = await dashboard.context.newPage();
      try {
        for (const tab of [first, second]) {
          await tab.goto(`${server.url}/admin/products/sekacka-honda`);
          await tab.getByLabel('Location').waitFor();
        }
        // The second tab has unsaved edits when the first saves (without them it would follow the change live).
        await second.getByLabel('Internal name').fill('SEK-02');
        await first.getByLabel('Location').fill('');
        await first.getByText('Advanced').click();
        await first.getByLabel('SEO data (JSON)').fill('');
        await first.getByRole('button', { name: 'Save' }).click();
        await first.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
        const stored = (await server.http.get<Product>('/api/products/sekacka-honda', owner.token)).body;
        assert.equal(stored.basic.location, undefined);
        assert.equal(stored.seo, undefined);
        assert.equal(stored.additional?.price, 450.5);

        await second.getByRole('alert').filter({ hasText: 'This product was changed elsewhere while you were editing.' }).waitFor();
        await second.getByRole('button', { name: 'Save' }).click();
        await second.getByRole('alert').filter({ hasText: 'changed this product after you opened it' }).waitFor();
        assert.equal((await server.http.get<Product & { internal_name: string }>('/api/products/sekacka-honda', owner.token)).body.internal_name, 'SEK-01', 'nothing overwritten');
        await second.getByRole('button', { name: 'Load the latest version' }).click();
        await second.waitForFunction(() => (document.getElementById('location') as HTMLInputElement | null)?.value === '');
        assert.equal(await second.getByLabel('Internal name').inputValue(), 'SEK-01');
        await second.getByLabel('Internal name').fill('SEK-02');
        await second.getByRole('button', { name: 'Save' }).click();
        await second.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
        assert.equal((await server.http.get<Product & { internal_name: string }>('/api/products/sekacka-honda', owner.token)).body.internal_name, 'SEK-02');
      } finally {
        await first.close();
        await second.close();
      }
    });

    it('warns before leaving unsaved changes', async () => {
      await page.goto(`${server.url}/admin/products/sekacka-honda`);
      await page.getByLabel('Location').fill('Olomouc');
      await page.getByText('You have unsaved changes.').waitFor();
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await page.getByRole('link', { name: 'Products', exact: true }).click();
      assert.equal(asked, 'You have unsaved changes. Leave without saving?');
      assert.match(page.url(), /\/admin\/products\/sekacka-honda$/, 'stayed');
      assert.equal(await page.getByLabel('Location').inputValue(), 'Olomouc');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('link', { name: 'Products', exact: true }).click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      assert.equal((await server.http.get<Product>('/api/products/sekacka-honda', owner.token)).body.basic.location, undefined);
    });

    it('shows what an owner typed as text, never as HTML', async () => {
      const product = await create({ basic: { product_name: XSS_NAME, location: '<b>Brno</b>', product_desc: '<script>window.__xss=2</script>' } });
      await page.goto(`${server.url}/admin/products?q=${encodeURIComponent('onerror')}`);
      await expectNames(page, [XSS_NAME]);
      assert.equal(await page.locator('table.products img').count(), 0);
      assert.equal(await page.locator('table.products b').count(), 0);
      await page.goto(`${server.url}/admin/products/${product.id}`);
      await page.getByRole('heading', { name: XSS_NAME }).waitFor();
      assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), XSS_NAME);
      assert.equal(await page.getByLabel('Description').inputValue(), '<script>window.__xss=2</script>');
      await page.goto(`${server.url}/admin`);
      await page.getByRole('link', { name: XSS_NAME }).waitFor();
      assert.equal(await page.evaluate(() => (window as { __xss?: number }).__xss), undefined);
      assert.equal(await page.locator('main img').count(), 0);
      assertNoProblems(dashboard, 'xss');
    });

    it('duplicates and deletes a product from its editor', async () => {
      await page.goto(`${server.url}/admin/products/sekacka-honda`);
      await page.getByRole('button', { name: 'Duplicate' }).click();
      await page.getByText('This is the copy; it is not published yet.').waitFor();
      const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) as string);
      assert.notEqual(copyId, 'sekacka-honda');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete product' }).click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      assert.equal((await server.http.get(`/api/products/${copyId}`, owner.token)).status, 404);
    });

    it('an admin sees every product with its owner, and may give one to another owner', async () => {
      const admin = await server.signUp({ admin: true, name: 'Správce' });
      const adminDashboard = await openDashboard(browser, { viewport: PHONE });
      try {
        await signIn(adminDashboard.page, server.url, admin.email, admin.password);
        await adminDashboard.page.goto(`${server.url}/admin/products?q=${encodeURIComponent('Not mine')}`);
        await expectNames(adminDashboard.page, ['Not mine']);
        await adminDashboard.page.getByText('Jiná půjčovna').waitFor();
        await assertAccessible(adminDashboard.page, 'products as an admin on a phone');
        await adminDashboard.page.goto(`${server.url}/admin/products/sekacka-honda`);
        // The other owner has no terms: the product's term goes with the change.
        await adminDashboard.page.getByLabel('Rental terms').selectOption('');
        await adminDashboard.page.getByLabel('Owner').selectOption(other.id);
        await adminDashboard.page.getByRole('button', { name: 'Save' }).click();
        await adminDashboard.page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
        const stored = (await server.http.get<{ basic: { rent_owner: string } }>('/api/products/sekacka-honda?depth=0', admin.token)).body;
        assert.equal(stored.basic.rent_owner, other.id);
        await assertAccessible(adminDashboard.page, 'editor on a phone');
        // Past 100 accounts the picker is narrowed by name: the 102nd account by name can be chosen.
        for (let batch = 0; batch < 10; batch++) {
          await Promise.all(Array.from({ length: 10 }, (_, i) => server.createAccount({ email: `filler-${batch}-${i}@example.com`, name: `Filler ${batch}${i}` })));
        }
        const last = await server.signUp({ name: 'Žďárská půjčovna' });
        await adminDashboard.page.reload();
        await adminDashboard.page.getByLabel('Find an owner').fill('Žďár');
        await adminDashboard.page.locator('#rent_owner option', { hasText: 'Žďárská půjčovna' }).waitFor({ state: 'attached' });
        await adminDashboard.page.getByLabel('Owner', { exact: true }).selectOption(last.id);
        await adminDashboard.page.getByRole('button', { name: 'Save' }).click();
        await adminDashboard.page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
        const moved = (await server.http.get<{ basic: { rent_owner: string } }>('/api/products/sekacka-honda?depth=0', admin.token)).body;
        assert.equal(moved.basic.rent_owner, last.id);
        assertNoProblems(adminDashboard, 'admin');
      } finally {
        await adminDashboard.context.close();
      }
    });
  });
}
