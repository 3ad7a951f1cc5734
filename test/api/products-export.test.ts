import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { databaseVariants, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';
import { productAt } from '../helpers/varied-catalogue.js';
import { PRODUCT_FIELDS } from '../../src/domain/product-fields.js';

type Page = { docs: { id: string }[]; totalDocs: number; hasNextPage: boolean };

const exportOf = (server: TestServer, query: string, token?: string) => server.http.request('GET', `/api/products/export?${query}`, { token });
const ndjsonIds = (text: string) => text.split('\n').filter((line) => line !== '').map((line) => (JSON.parse(line) as { id: string }).id);

/** Every id the list shows for a query, page by page. */
async function listedIds(server: TestServer, query: string, token?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await server.http.get<Page>(`/api/products?${query}&limit=100&page=${page}&depth=0`, token);
    assert.equal(res.status, 200, res.text);
    ids.push(...res.body.docs.map((doc) => doc.id));
    if (!res.body.hasNextPage) return ids;
  }
}

for (const variant of databaseVariants) {
  describe(`GET /api/products/export (${variant.name})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    // More than one page of the export (EXPORT_PAGE), with ties and missing values in every sorted field.
    const COUNT = 1150;

    before(async () => {
      server = await startServer(variant.dialect, () => {}, { postgresDatabase: variant.postgresDatabase });
      owner = await server.signUp();
      other = await server.signUp();
      for (let start = 0; start < COUNT; start += 50) {
        const batch = Array.from({ length: Math.min(50, COUNT - start) }, (_, offset) => server.http.post(`/api/products/v${start + offset}`, productAt(start + offset), owner.token));
        for (const res of await Promise.all(batch)) assert.equal(res.status, 201, res.text);
      }
      for (const [id, published] of [['hidden-other', false], ['shown-other', true]] as const) {
        assert.equal((await server.http.post(`/api/products/${id}`, { basic: { product_name: id }, settings: { published } }, other.token)).status, 201);
      }
    });
    after(() => server.close());

    it('holds exactly what the list shows, in its order, for every sort and filter', async () => {
      const queries = [
        '',
        'sort=basic.location',
        'sort=-basic.location',
        'sort=additional.price,-basic.product_name',
        'sort=-additional.caution',
        'sort=settings.slug',
        'sort=-id',
        'sort=internal_name,-createdAt',
        'where[additional.price][greater_than]=5&sort=-additional.price',
        'where[or][0][basic.location][exists]=false&where[or][1][additional.time_unit][equals]=day&sort=updatedAt',
        'q=vrtacka&sort=basic.product_name',
      ];
      for (const query of queries) {
        const exported = await exportOf(server, `format=ndjson&${query}`, owner.token);
        assert.equal(exported.status, 200, exported.text);
        assert.deepEqual(ndjsonIds(exported.text), await listedIds(server, query, owner.token), query);
      }
      const all = ndjsonIds((await exportOf(server, 'format=ndjson', owner.token)).text);
      assert.equal(all.length, COUNT + 1, 'the owner\'s products and the other owner\'s published one');
      assert.ok(!all.includes('hidden-other'));
    });

    it('shows an anonymous caller the published products only, with availability filters as the list', async () => {
      const anonymous = ndjsonIds((await exportOf(server, 'format=ndjson&sort=basic.location')).text);
      assert.deepEqual(anonymous, await listedIds(server, 'sort=basic.location'));
      assert.ok(anonymous.includes('shown-other') && !anonymous.includes('hidden-other'));
      const reserved = await server.http.post('/api/products/v1', { action: 'reserve', from: '2026-12-01', to: '2026-12-03' }, owner.token);
      assert.equal(reserved.status, 200, reserved.text);
      const free = ndjsonIds((await exportOf(server, 'format=ndjson&availableFrom=2026-12-02&availableTo=2026-12-02', owner.token)).text);
      assert.deepEqual(free, await listedIds(server, 'availableFrom=2026-12-02&availableTo=2026-12-02', owner.token));
      assert.ok(!free.includes('v1') && free.includes('v2'));
    });

    it('writes CSV by the registry: one column per field path, arrays and objects as JSON, a file name with the date', async () => {
      const res = await exportOf(server, 'where[id][in]=v1,v2&sort=id', owner.token);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = parse(res.text) as string[][];
      assert.deepEqual(header, PRODUCT_FIELDS.map((field) => field.path));
      assert.deepEqual(rows.map((row) => row[0]), ['v1', 'v2']);
      const cell = (row: string[], path: string) => row[(header as string[]).indexOf(path)];
      const [v1] = rows as [string[]];
      assert.equal(cell(v1, 'basic.rent_owner'), owner.id, 'depth 0: the owner as its id');
      const reservations = JSON.parse(cell(v1, 'availability.reservationDates') ?? '') as { from: string; to: string }[];
      assert.deepEqual(reservations.map(({ from, to }) => [from, to]), [['2026-12-01', '2026-12-03']]);
      assert.equal(cell(v1, 'gallery.images'), '[]');
      const json = await exportOf(server, 'format=json&where[id][in]=v1,v2&sort=id', owner.token);
      assert.equal(json.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.match(json.headers.get('content-disposition') ?? '', /filename="products-\d{4}-\d{2}-\d{2}\.json"/);
      const listed = await server.http.get<Page>('/api/products?where[id][in]=v1,v2&sort=id&depth=0', owner.token);
      assert.deepEqual(JSON.parse(json.text), listed.body.docs);
      const none = await exportOf(server, 'format=json&where[id][equals]=nothing', owner.token);
      assert.deepEqual(JSON.parse(none.text), []);
    });

    it('keeps Czech text, line breaks and quotes byte for byte, and neutralises formulas', async () => {
      const product = {
        internal_name: "'=already quoted",
        basic: { product_name: '=HYPERLINK("http://evil.example","Klikni")', product_desc: 'Příliš žluťoučký kůň\r\núpěl "ďábelské" ódy;\nřádek, třetí', location: '@SUM(1+1)' },
        seo: { title: '-10 % sleva', keywords: '+420' },
        legacy: { note: '' },
      };
      assert.equal((await server.http.post('/api/products/czech', product, owner.token)).status, 201);
      const res = await fetch(`${server.url}/api/products/export?where[id][equals]=czech&bom=true`, { headers: { authorization: `Bearer ${owner.token}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a byte order mark');
      const text = bytes.subarray(3).toString('utf8');
      assert.ok(text.includes('"Příliš žluťoučký kůň\r\núpěl ""ďábelské"" ódy;\nřádek, třetí"'), text);
      assert.ok(text.includes(`,"'=HYPERLINK(""http://evil.example"",""Klikni"")",`), text);
      assert.ok(text.includes(",'@SUM(1+1),"), text);
      assert.ok(text.includes(",''=already quoted,"), text);
      assert.ok(text.endsWith('\r\n'));
      const [, row] = parse(text) as string[][];
      assert.ok(row);
      for (const cell of row) assert.ok(!/^[=+\-@\t\r]/.test(cell), `a cell a spreadsheet would run: ${cell}`);
      // JSON in one cell is JSON: only its first character could make it a formula.
      assert.deepEqual(JSON.parse(row[PRODUCT_FIELDS.findIndex((field) => field.path === 'seo')] ?? ''), product.seo);
      const json = await exportOf(server, 'format=json&where[id][equals]=czech', owner.token);
      const [doc] = JSON.parse(json.text) as { internal_name: string; basic: Record<string, string> }[];
      assert.equal(doc?.basic.product_name, product.basic.product_name, 'JSON is not neutralised');
      assert.equal(doc?.basic.product_desc, product.basic.product_desc);
      assert.ok(json.text.includes('Příliš žluťoučký'), 'JSON as UTF-8, not escaped');
    });

    it('applies afterRead hooks as the list does', async () => {
      const hooked = await startServer(variant.dialect, (config) => {
        config.hooks.products.afterRead = ({ doc }) => ({ ...doc, computed: `${(doc.basic as { product_name: string }).product_name}!` });
      }, { postgresDatabase: variant.postgresDatabase });
      try {
        const me = await hooked.signUp();
        assert.equal((await hooked.http.post('/api/products/h1', { basic: { product_name: 'Pila' } }, me.token)).status, 201);
        const json = await exportOf(hooked, 'format=json', me.token);
        assert.deepEqual((JSON.parse(json.text) as { computed: string }[]).map((doc) => doc.computed), ['Pila!']);
      } finally {
        await hooked.close();
      }
    });

    it('refuses bad parameters as the list does, every one named', async () => {
      const res = await exportOf(server, 'format=xml&bom=yes&sort=basic.product_desc&where[nope][equals]=1&availableFrom=tomorrow', owner.token);
      assert.equal(res.status, 400);
      assert.deepEqual(errorFields(res.body).sort(), ['availableFrom', 'bom', 'format', 'sort', 'where.nope'].sort());
      const bom = await exportOf(server, 'format=json&bom=true', owner.token);
      assert.equal(bom.status, 400);
      assert.deepEqual(errorFields(bom.body), ['bom']);
    });

    it('keeps `export` and `import` from being product ids', async () => {
      const created = await server.http.post('/api/products/export', { basic: { product_name: 'x' } }, owner.token);
      assert.equal(created.status, 400, created.text);
      assert.deepEqual(errorFields(created.body), ['id']);
      for (const newId of ['export', 'import']) {
        const duplicated = await server.http.post('/api/products/v1', { action: 'duplicate', newId }, owner.token);
        assert.equal(duplicated.status, 400, duplicated.text);
        assert.deepEqual(errorFields(duplicated.body), ['newId']);
      }
      // The import's own path: a GET there is refused as a method (405), not read as the product `import`.
      const read = await server.http.get('/api/products/import', owner.token);
      assert.equal(read.status, 405);
      assert.equal(read.headers.get('allow'), 'POST');
    });
  });
}
