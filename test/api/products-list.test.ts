import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import qs from 'qs';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Product = Record<string, any>;
type Page = { docs: Product[]; totalDocs: number; limit: number; totalPages: number; page: number; pagingCounter: number; hasPrevPage: boolean; hasNextPage: boolean; prevPage: number | null; nextPage: number | null };

const FIXTURES = [
  { id: 'a1', internal_name: 'A', basic: { product_name: 'Vrtačka Bosch', product_desc: 'Silná příklepová vrtačka', location: 'Brno' }, additional: { price: 250, caution: 2000, time_unit: 'day' }, settings: { published: true } },
  { id: 'a2', basic: { product_name: 'Sekačka Honda', product_desc: 'Benzínová sekačka na trávu', location: 'Praha' }, additional: { price: 600, caution: 5000, time_unit: 'day' }, settings: { published: true } },
  { id: 'a3', basic: { product_name: 'Žebřík hliníkový', product_desc: 'Třídílný žebřík, 8 m', location: 'Brno' }, additional: { price: 150, time_unit: 'week' }, settings: { published: true } },
  { id: 'a4', basic: { product_name: 'Stan 4 osoby', location: 'Ostrava' }, additional: { price: 80.5, caution: 500, time_unit: 'day' }, settings: { published: false } },
  { id: 'a5', basic: { product_name: 'Kolo CRAFT', product_desc: 'Horské kolo_speciál 100%' }, additional: { caution: 3000 }, settings: { published: true } },
];

for (const dialect of dialects) {
  describe(`product lists and the where language (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    const list = (query: Record<string, unknown> | string, token?: string) =>
      server.http.get<Page>(`/api/products?${typeof query === 'string' ? query : qs.stringify(query)}`, token ?? owner.token);
    const ids = (page: Page) => page.docs.map((doc) => doc.id).sort();

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp();
      other = await server.signUp();
      for (const fixture of FIXTURES) {
        const res = await server.http.post(`/api/products/${fixture.id}`, fixture, owner.token);
        assert.equal(res.status, 201, res.text);
      }
      const foreign = await server.http.post('/api/products/b1', { basic: { product_name: 'Cizí skrytý', location: 'Brno' }, additional: { price: 1 } }, other.token);
      assert.equal(foreign.status, 201);
      await server.http.post('/api/products/a1', { action: 'reserve', from: '2027-03-10', to: '2027-03-12' }, owner.token);
      await server.http.post('/api/products/a2', { action: 'reserve', from: '2027-03-12T10:00:00Z', to: '2027-03-12T18:00:00Z' }, owner.token);
    });
    after(() => server.close());

    it('returns the pagination envelope', async () => {
      const res = await list({ limit: 2, page: 2, sort: 'id' });
      assert.equal(res.status, 200);
      const { docs, ...rest } = res.body;
      assert.deepEqual(docs.map((d) => d.id), ['a3', 'a4']);
      assert.deepEqual(rest, { totalDocs: 5, limit: 2, totalPages: 3, page: 2, pagingCounter: 3, hasPrevPage: true, hasNextPage: true, prevPage: 1, nextPage: 3 });
      const last = await list({ limit: 2, page: 3, sort: 'id' });
      assert.equal(last.body.nextPage, null);
      assert.equal(last.body.hasNextPage, false);
      const past = await list({ limit: 2, page: 9 });
      assert.deepEqual(past.body.docs, []);
      assert.equal(past.body.totalDocs, 5);
      assert.equal(past.body.totalPages, 3);
      const first = await list({});
      assert.equal(first.body.limit, 10);
      assert.equal(first.body.prevPage, null);
    });

    it('lists only what the caller may read', async () => {
      assert.deepEqual(ids((await server.http.get<Page>('/api/products')).body), ['a1', 'a2', 'a3', 'a5']);
      assert.deepEqual(ids((await list({}, other.token)).body), ['a1', 'a2', 'a3', 'a5', 'b1']);
      assert.deepEqual((await server.http.get<{ totalDocs: number }>('/api/products/count')).body, { totalDocs: 4 });
    });

    it('refuses out-of-range limit and page', async () => {
      for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=abc', 'limit'], ['page=0', 'page'], ['page=-1', 'page'], ['page=1.5', 'page']]) {
        const res = await list(query as string);
        assert.equal(res.status, 400, query);
        assert.deepEqual(errorFields(res.body), [field], query);
      }
    });

    it('answers pagination=false with every match in one page, as Payload does', async () => {
      const whole = await list({ pagination: 'false', sort: 'id', depth: 0 });
      assert.equal(whole.status, 200, whole.text);
      const { docs, ...rest } = whole.body;
      assert.deepEqual(docs.map((d) => d.id), ['a1', 'a2', 'a3', 'a4', 'a5']);
      assert.equal(docs[0]?.basic.rent_owner, owner.id);
      assert.deepEqual(rest, { totalDocs: 5, limit: 0, totalPages: 1, page: 1, pagingCounter: 1, hasPrevPage: false, hasNextPage: false, prevPage: null, nextPage: null });
      const published = await server.http.get<Page>('/api/products?pagination=false&sort=id');
      assert.deepEqual(published.body.docs.map((d) => d.id), ['a1', 'a2', 'a3', 'a5'], 'only what the caller may read');
      const filtered = await list({ pagination: 'false', where: { 'basic.location': { equals: 'Brno' } }, sort: '-additional.price' });
      assert.deepEqual(filtered.body.docs.map((d) => d.id), ['a1', 'a3']);
      const bounded = await list({ pagination: 'false', limit: 2, page: 2, sort: 'id' });
      assert.deepEqual(bounded.body.docs.map((d) => d.id), ['a3', 'a4'], 'a limit still bounds it, from its page');
      assert.deepEqual([bounded.body.totalDocs, bounded.body.limit, bounded.body.page, bounded.body.totalPages, bounded.body.hasNextPage], [2, 2, 2, 1, false]);
      assert.equal((await list({ pagination: 'true', limit: 2 })).body.totalPages, 3);
      const bad = await list({ pagination: 'nope', limit: 0 });
      assert.equal(bad.status, 400);
      assert.deepEqual(errorFields(bad.body).sort(), ['limit', 'pagination']);
    });

    it('sorts by any sortable path, several keys, ties broken by id', async () => {
      assert.deepEqual((await list({ sort: 'additional.price' })).body.docs.map((d) => d.id), ['a5', 'a4', 'a3', 'a1', 'a2']);
      assert.deepEqual((await list({ sort: '-additional.price' })).body.docs.map((d) => d.id), ['a2', 'a1', 'a3', 'a4', 'a5']);
      assert.deepEqual((await list({ sort: 'basic.location,-id' })).body.docs.map((d) => d.id), ['a5', 'a3', 'a1', 'a4', 'a2']);
      assert.deepEqual((await list({})).body.docs.map((d) => d.id), ['a5', 'a4', 'a3', 'a2', 'a1'], 'default -createdAt');
      for (const sort of ['basic.product_desc', 'nope', '-', 'additional.price;DROP TABLE products']) {
        const res = await list({ sort });
        assert.equal(res.status, 400, sort);
        assert.deepEqual(errorFields(res.body), ['sort']);
      }
    });

    const table: [string, Record<string, unknown>, string[]][] = [
      ['equals text', { 'basic.location': { equals: 'Brno' } }, ['a1', 'a3']],
      ['equals is exact', { 'basic.location': { equals: 'brno' } }, []],
      ['not_equals keeps missing values', { 'basic.location': { not_equals: 'Brno' } }, ['a2', 'a4', 'a5']],
      ['in comma list', { 'basic.location': { in: 'Brno,Ostrava' } }, ['a1', 'a3', 'a4']],
      ['in array', { 'basic.location': { in: ['Praha', 'Ostrava'] } }, ['a2', 'a4']],
      ['not_in', { 'basic.location': { not_in: 'Brno,Praha' } }, ['a4', 'a5']],
      ['greater_than number coerced', { 'additional.price': { greater_than: '150' } }, ['a1', 'a2']],
      ['greater_than_equal', { 'additional.price': { greater_than_equal: '150' } }, ['a1', 'a2', 'a3']],
      ['less_than decimal', { 'additional.price': { less_than: '150' } }, ['a4']],
      ['less_than_equal', { 'additional.price': { less_than_equal: '150' } }, ['a3', 'a4']],
      ['like folds case and accents, every word', { 'basic.product_name': { like: 'VRTACKA bosch' } }, ['a1']],
      ['like with one missing word', { 'basic.product_name': { like: 'vrtacka makita' } }, []],
      ['like in description', { 'basic.product_desc': { like: 'zebrik' } }, ['a3']],
      ['contains is case-insensitive', { 'basic.product_name': { contains: 'CRAFT' } }, ['a5']],
      ['contains substring', { 'basic.product_name': { contains: 'ačka' } }, ['a1', 'a2']],
      ['contains treats % and _ literally', { 'basic.product_desc': { contains: '_speciál 100%' } }, ['a5']],
      ['contains with % alone matches only a literal %', { 'basic.product_name': { contains: '%' } }, []],
      ['exists true', { 'additional.caution': { exists: 'true' } }, ['a1', 'a2', 'a4', 'a5']],
      ['exists false', { 'additional.caution': { exists: 'false' } }, ['a3']],
      ['boolean coerced', { 'settings.published': { equals: 'false' } }, ['a4']],
      ['id in', { id: { in: 'a1,a5,zz' } }, ['a1', 'a5']],
      ['owner id', { 'basic.rent_owner': { equals: 'nobody' } }, []],
      ['two operators on one path', { 'additional.price': { greater_than: '100', less_than: '300' } }, ['a1', 'a3']],
      ['time unit', { 'additional.time_unit': { equals: 'week' } }, ['a3']],
      ['slug', { 'settings.slug': { equals: 'sekacka-honda' } }, ['a2']],
      ['createdAt with a date', { createdAt: { greater_than: '2000-01-01' } }, ['a1', 'a2', 'a3', 'a4', 'a5']],
      ['or', { or: [{ 'additional.price': { less_than: '100' } }, { 'basic.location': { equals: 'Praha' } }] }, ['a2', 'a4']],
      ['and', { and: [{ 'basic.location': { equals: 'Brno' } }, { 'additional.price': { greater_than: '200' } }] }, ['a1']],
      ['nested or inside and', { and: [{ 'settings.published': { equals: 'true' } }, { or: [{ 'basic.location': { equals: 'Praha' } }, { and: [{ 'basic.location': { equals: 'Brno' } }, { 'additional.price': { less_than: '200' } }] }] }] }, ['a2', 'a3']],
      ['empty in matches nothing', { 'basic.location': { in: '' } }, []],
      ['an empty or is no condition, as Payload drops it', { or: [], 'additional.price': { greater_than: '100' } }, ['a1', 'a2', 'a3']],
      ['AND and OR in capitals, TRUE in capitals, as Payload reads them', { AND: [{ 'settings.published': { equals: 'TRUE' } }, { OR: [{ 'basic.location': { equals: 'Praha' } }, { 'basic.location': { equals: 'Brno' } }] }] }, ['a1', 'a2', 'a3']],
      ['in with one number (a JSON where)', { 'additional.price': { in: 150 } }, ['a3']],
    ];

    for (const [name, where, expected] of table) {
      it(`where: ${name}`, async () => {
        const res = await list({ where, limit: 100 });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(ids(res.body), expected);
        const json = await list(`where=${encodeURIComponent(JSON.stringify(where))}&limit=100`);
        assert.deepEqual(ids(json.body), expected, 'as a JSON string too');
        const count = await server.http.get<{ totalDocs: number }>(`/api/products/count?${qs.stringify({ where })}`, owner.token);
        assert.equal(count.body.totalDocs, expected.length, 'count agrees');
      });
    }

    const bad: [string, string, string][] = [
      ['unknown path', 'where[basic.colour][equals]=red', 'where.basic.colour'],
      ['unknown operator', 'where[basic.location][near]=Brno', 'where.basic.location'],
      ['number that is not', 'where[additional.price][greater_than]=cheap', 'where.additional.price'],
      ['boolean that is not', 'where[settings.published][equals]=maybe', 'where.settings.published'],
      ['date that is not', 'where[createdAt][greater_than]=yesterday', 'where.createdAt'],
      ['like on a number', 'where[additional.price][like]=1', 'where.additional.price'],
      ['ordering a boolean', 'where[settings.published][greater_than]=true', 'where.settings.published'],
      ['exists not boolean', 'where[basic.location][exists]=perhaps', 'where.basic.location'],
      ['in with a bad element', 'where[additional.price][in]=1,two', 'where.additional.price'],
      ['nested bad path', 'where[or][0][and][0][nope][equals]=1', 'where.nope'],
      ['operator value missing', 'where[basic.location]=Brno', 'where.basic.location'],
      ['malformed JSON where', 'where=%7Bnot%20json', 'where'],
      ['non-scalar gallery path', 'where[gallery.images][equals]=x', 'where.gallery.images'],
    ];
    for (const [name, query, field] of bad) {
      it(`where rejects ${name} with 400 naming ${field}`, async () => {
        const res = await list(query);
        assert.equal(res.status, 400, res.text);
        assert.ok(errorFields(res.body).includes(field), res.text);
      });
    }

    it('takes and/or nested 16 levels deep in brackets as in JSON, and refuses 17 with a message saying so', async () => {
      const nested = (levels: number): Record<string, unknown> => {
        let where: Record<string, unknown> = { 'basic.location': { equals: 'Praha' } };
        for (let level = 0; level < levels; level++) where = { [level % 2 ? 'or' : 'and']: [where] };
        return where;
      };
      for (const query of [qs.stringify({ where: nested(16), limit: 100 }), `where=${encodeURIComponent(JSON.stringify(nested(16)))}&limit=100`]) {
        const res = await list(query);
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(ids(res.body), ['a2']);
      }
      for (const query of [qs.stringify({ where: nested(17) }), qs.stringify({ where: nested(40) }), `where=${encodeURIComponent(JSON.stringify(nested(17)))}`]) {
        const res = await list(query);
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(res.body, { errors: [{ message: 'Nested deeper than 16 levels.', field: 'where', code: 'FIELD_INVALID' }] });
      }
    });

    it('names every bad condition at once', async () => {
      const res = await list('where[nope][equals]=1&where[additional.price][less_than]=x&sort=bad&limit=0');
      assert.equal(res.status, 400);
      assert.deepEqual(new Set(errorFields(res.body)), new Set(['where.nope', 'where.additional.price', 'sort', 'limit']));
    });

    it('refuses the names of Object.prototype and `__proto__` in brackets as it does in JSON', async () => {
      const cases: [string, string][] = [
        ['where[constructor][equals]=1', 'where.constructor'],
        ['where[toString][equals]=1', 'where.toString'],
        ['where[__proto__][equals]=1', 'where.__proto__'],
        ['where[%5F%5Fproto%5F%5F][equals]=1', 'where.__proto__'],
        ['where[or][0][__proto__][equals]=1', 'where.__proto__'],
        ['where[basic.location][constructor]=Brno', 'where.basic.location'],
        ['where[basic.location][__proto__]=Brno', 'where.basic.location'],
        [`where=${encodeURIComponent('{"__proto__":{"equals":1}}')}`, 'where.__proto__'],
        ['sort[]=constructor', 'sort'],
        ['sort[0][toString]=1', 'sort'],
        ['limit[__proto__]=1', 'limit'],
      ];
      for (const [query, field] of cases) {
        const res = await list(query);
        assert.equal(res.status, 400, `${query}: ${res.text}`);
        assert.deepEqual(errorFields(res.body), [field], query);
      }
      const ignored = await list('toString=1&constructor=2&__proto__=3&limit=100');
      assert.equal(ignored.status, 200, 'unknown parameters are ignored, whatever their names');
      assert.equal(ids(ignored.body).length, 5);
    });

    it('q searches name, description and location folding case and accents', async () => {
      const search = async (q: string) => ids((await list({ q, limit: 100 })).body);
      assert.deepEqual(await search('VRTACKA'), ['a1']);
      assert.deepEqual(await search('sekacka trávu'), ['a2']);
      assert.deepEqual(await search('brno'), ['a1', 'a3']);
      assert.deepEqual(await search('hlinikovy'), ['a3']);
      assert.deepEqual(await search('8 m'), ['a3'], 'short words work too');
      assert.deepEqual(await search('ačka'), ['a1', 'a2'], 'substrings');
      assert.deepEqual(await search('"quoted" AND OR NOT*'), []);
      assert.deepEqual(await search('   '), ['a1', 'a2', 'a3', 'a4', 'a5']);
      const count = await server.http.get<{ totalDocs: number }>('/api/products/count?q=brno', owner.token);
      assert.equal(count.body.totalDocs, 2);
    });

    it('availableFrom/availableTo keep products with no overlapping reservation', async () => {
      const available = async (query: string) => ids((await list(`${query}&limit=100`)).body);
      assert.deepEqual(await available('availableFrom=2027-03-12&availableTo=2027-03-12'), ['a3', 'a4', 'a5']);
      assert.deepEqual(await available('availableFrom=2027-03-13&availableTo=2027-03-20'), ['a1', 'a2', 'a3', 'a4', 'a5']);
      assert.deepEqual(await available('availableFrom=2027-03-12T18:00:00Z&availableTo=2027-03-13T00:00:00Z'), ['a2', 'a3', 'a4', 'a5'], 'half-open date-times; whole days are inclusive');
      assert.deepEqual(await available('availableFrom=2027-03-09&availableTo=2027-03-10'), ['a2', 'a3', 'a4', 'a5']);
      assert.deepEqual(await available('availableTo=2027-03-10'), ['a2', 'a3', 'a4', 'a5']);
      const count = await server.http.get<{ totalDocs: number }>('/api/products/count?availableFrom=2027-03-12&availableTo=2027-03-12', owner.token);
      assert.equal(count.body.totalDocs, 3);
      for (const query of ['availableFrom=soon', 'availableFrom=2027-03-12&availableTo=2027-03-01']) {
        const res = await list(query);
        assert.equal(res.status, 400, query);
        errorFields(res.body);
      }
    });

    it('depth applies to list items', async () => {
      const deep = await list({ where: { id: { equals: 'a1' } } });
      assert.equal(deep.body.docs[0]?.basic.rent_owner.id, owner.id);
      const shallow = await list({ where: { id: { equals: 'a1' } }, depth: 0 });
      assert.equal(shallow.body.docs[0]?.basic.rent_owner, owner.id);
    });

    it('SQL injection through where, sort, q and ids changes nothing', async () => {
      const attempts = [
        `where[basic.location][equals]=${encodeURIComponent("Brno' OR '1'='1")}`,
        `where[basic.location][like]=${encodeURIComponent("%' OR 1=1 --")}`,
        `where[id][in]=${encodeURIComponent("a1') OR ('1'='1")}`,
        `where[${encodeURIComponent('basic.location"; DROP TABLE products; --')}][equals]=x`,
        `sort=${encodeURIComponent('id; DROP TABLE products')}`,
        `q=${encodeURIComponent("'; DELETE FROM products; --")}`,
        `q=${encodeURIComponent('" OR "a" NEAR/2 "b')}`,
        `where[additional.price][greater_than]=${encodeURIComponent('0 OR 1=1')}`,
      ];
      for (const query of attempts) {
        const res = await list(query);
        assert.ok(res.status === 200 || res.status === 400, `${query} → ${res.status}`);
        if (res.status === 200) assert.deepEqual(res.body.docs, [], query);
      }
      for (const id of ["a1' OR '1'='1", 'a1;DROP TABLE products', '../a1']) {
        const res = await server.http.get(`/api/products/${encodeURIComponent(id)}`, owner.token);
        assert.equal(res.status, 404, id);
      }
      const all = await list({ limit: 100 });
      assert.equal(all.body.totalDocs, 5, 'everything is still there');
    });
  });
}
