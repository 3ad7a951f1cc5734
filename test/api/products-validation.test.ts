import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { errorFields } from '../helpers/http.js';

type Product = Record<string, any>;

for (const dialect of dialects) {
  describe(`product validation (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let counter = 0;
    const create = (body: unknown) => server.http.post<Product>(`/api/products/v-${++counter}`, body, owner.token);
    const rejects = async (body: unknown, fields: string[]) => {
      const res = await create(body);
      assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.status} ${res.text}`);
      assert.deepEqual(new Set(errorFields(res.body)), new Set(fields), res.text);
    };

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ terms: [{ id: 'daily', title: 'Daily' }] });
    });
    after(() => server.close());

    it('names basic.product_name when it is missing, blank or too long', async () => {
      await rejects({}, ['basic.product_name']);
      await rejects({ basic: {} }, ['basic.product_name']);
      await rejects({ basic: { product_name: '   ' } }, ['basic.product_name']);
      await rejects({ basic: { product_name: 'x'.repeat(201) } }, ['basic.product_name']);
      await rejects({ basic: { product_name: 5 } }, ['basic.product_name']);
    });

    it('lists every offending field in one 400, unknown fields included', async () => {
      await rejects(
        {
          internal_name: 'x'.repeat(201),
          basic: { product_name: '', product_desc: 'x'.repeat(20001), location: 7, colour: 'red' },
          additional: { price: '100', caution: -1, time_unit: 'fortnight', selectedTerm: 'nope', extra: true },
          settings: { published: 'yes', slug: 'Not A Slug' },
          gallery: { images: 'none' },
          availability: { reservationDates: {} },
          seo: 'text',
          legacy: [],
          pricee: 1,
        },
        [
          'internal_name', 'basic.product_name', 'basic.product_desc', 'basic.location', 'basic.colour',
          'additional.price', 'additional.caution', 'additional.time_unit', 'additional.extra', 'additional.selectedTerm',
          'settings.published', 'settings.slug', 'gallery.images', 'availability.reservationDates', 'seo', 'legacy', 'pricee',
        ],
      );
    });

    it('accepts the limits exactly', async () => {
      const res = await create({
        internal_name: 'i'.repeat(200),
        basic: { product_name: 'n'.repeat(200), product_desc: 'd'.repeat(20000), location: 'l'.repeat(200) },
        additional: { price: 0, caution: 0.5, time_unit: 'hour' },
        settings: { slug: `${'a'.repeat(119)}b` },
      });
      assert.equal(res.status, 201, res.text);
    });

    it('refuses numeric strings and non-finite numbers for price and caution', async () => {
      await rejects({ basic: { product_name: 'X' }, additional: { price: '12', caution: '0' } }, ['additional.price', 'additional.caution']);
      const raw = await server.http.request('POST', `/api/products/v-raw`, { raw: '{"basic":{"product_name":"X"},"additional":{"price":1e999}}', token: owner.token, headers: { 'content-type': 'application/json' } });
      assert.equal(raw.status, 400);
    });

    it('checks selectedTerm against the owner terms', async () => {
      await rejects({ basic: { product_name: 'X' }, additional: { selectedTerm: 'weekly' } }, ['additional.selectedTerm']);
      const ok = await create({ basic: { product_name: 'X' }, additional: { selectedTerm: 'daily' } });
      assert.equal(ok.status, 201);
      // The owner's terms are checked as they are now, not as a cache last saw them.
      const added = await server.http.patch(`/api/rents/${owner.id}`, { terms: { termsArray: [{ id: 'daily', title: 'Daily' }, { id: 'weekly', title: 'Weekly' }] } }, owner.token);
      assert.equal(added.status, 200, added.text);
      assert.equal((await create({ basic: { product_name: 'X' }, additional: { selectedTerm: 'weekly' } })).status, 201);
    });

    it('checks slugs: format, length, uniqueness, derivation with folded accents', async () => {
      await rejects({ basic: { product_name: 'X' }, settings: { slug: 'double--dash' } }, ['settings.slug']);
      await rejects({ basic: { product_name: 'X' }, settings: { slug: '-lead' } }, ['settings.slug']);
      await rejects({ basic: { product_name: 'X' }, settings: { slug: 'a'.repeat(121) } }, ['settings.slug']);
      const derived = await create({ basic: { product_name: 'Štěpkovač  ÚŽASNÝ!! (2024)' } });
      assert.equal(derived.body.settings.slug, 'stepkovac-uzasny-2024');
      const symbols = await create({ basic: { product_name: '!!!' } });
      assert.match(symbols.body.settings.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    });

    it('validates gallery items: ids must exist, objects must be complete and point at their file', async () => {
      await rejects({ basic: { product_name: 'X' }, gallery: { images: ['no-such-media'] } }, ['gallery.images.0']);
      await rejects(
        { basic: { product_name: 'X' }, gallery: { images: [{ id: 'm1', alt: 'a', filename: 'a.jpg', mimeType: 'image/jpeg', url: '/elsewhere/a.jpg', width: 10, height: 10 }] } },
        ['gallery.images.0.url'],
      );
      await rejects(
        { basic: { product_name: 'X' }, gallery: { images: [{ id: 'm1', filename: 'a.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/a.jpg', width: 0, height: 1.5 }] } },
        ['gallery.images.0.width', 'gallery.images.0.height'],
      );
      await rejects({ basic: { product_name: 'X' }, gallery: { images: [{ id: 'm1' }] } }, ['gallery.images.0.filename', 'gallery.images.0.mimeType', 'gallery.images.0.url', 'gallery.images.0.width', 'gallery.images.0.height']);
      await rejects({ basic: { product_name: 'X' }, gallery: { images: Array(51).fill({ id: 'm', filename: 'a.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/a.jpg', width: 1, height: 1 }) } }, ['gallery.images']);
      const image = { id: 'm1', alt: 'Front', filename: 'drill.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/drill.jpg', width: 800, height: 600 };
      const ok = await create({ basic: { product_name: 'X' }, gallery: { images: [image] } });
      assert.equal(ok.status, 201, ok.text);
      assert.deepEqual(ok.body.gallery.images, [image]);
    });

    it('validates reservations: dates, date-times with offset, order, overlap, extra properties', async () => {
      await rejects({ basic: { product_name: 'X' }, availability: { reservationDates: [{ from: '2026-13-01', to: '2026-12-02' }] } }, ['availability.reservationDates.0.from']);
      await rejects({ basic: { product_name: 'X' }, availability: { reservationDates: [{ from: '2026-12-01T10:00:00', to: '2026-12-02' }] } }, ['availability.reservationDates.0.from']);
      await rejects({ basic: { product_name: 'X' }, availability: { reservationDates: [{ from: '2026-12-05', to: '2026-12-01' }] } }, ['availability.reservationDates.0.to']);
      await rejects({ basic: { product_name: 'X' }, availability: { reservationDates: [{ from: '2026-12-01T10:00:00Z', to: '2026-12-01T10:00:00Z' }] } }, ['availability.reservationDates.0.to']);
      await rejects({ basic: { product_name: 'X' }, availability: { reservationDates: [{ to: '2026-12-01' }] } }, ['availability.reservationDates.0.from']);
      const overlap = await create({ basic: { product_name: 'X' }, availability: { reservationDates: [{ from: '2026-12-01', to: '2026-12-03' }, { from: '2026-12-03', to: '2026-12-04' }] } });
      assert.equal(overlap.status, 409);
      assert.deepEqual(errorFields(overlap.body), ['availability.reservationDates']);
      const ok = await create({
        basic: { product_name: 'X' },
        availability: {
          reservationDates: [
            { from: '2026-12-01', to: '2026-12-01', note: 'one day', customer: { name: 'Eva' } },
            { id: 'mine', from: '2026-12-02T08:00:00+01:00', to: '2026-12-02T12:00:00+01:00' },
            { from: '2026-12-02T12:00:00+01:00', to: '2026-12-02T13:00:00+01:00' },
          ],
        },
      });
      assert.equal(ok.status, 201, ok.text);
      const [first, second] = ok.body.availability.reservationDates;
      assert.match(first.id, /^[0-9a-f]{24}$/);
      assert.deepEqual(first.customer, { name: 'Eva' });
      assert.equal(second.id, 'mine');
    });

    it('takes the rental rules of SPEC 8: ISO 8601 durations and price tiers with increasing min_units', async () => {
      const rules = {
        min_duration: 'P2D', max_duration: 'P1W', buffer_before: 'PT4H', buffer_after: 'PT1H30M', lead_time: 'P1DT12H',
        price_tiers: [{ min_units: 3, price: 90 }, { min_units: 7, price: 80.5 }],
      };
      const ok = await create({ basic: { product_name: 'Stan' }, additional: { price: 100, time_unit: 'day', ...rules } });
      assert.equal(ok.status, 201, ok.text);
      assert.deepEqual(ok.body.additional, { price: 100, time_unit: 'day', ...rules });
      const read = await server.http.get<Product>(`/api/products/${ok.body.id}?depth=0`, owner.token);
      assert.deepEqual(read.body.additional, ok.body.additional);
      await rejects(
        { basic: { product_name: 'X' }, additional: { min_duration: '2 days', max_duration: 'P1D2W', buffer_before: 'P', buffer_after: 5, lead_time: 'PT' } },
        ['additional.min_duration', 'additional.max_duration', 'additional.buffer_before', 'additional.buffer_after', 'additional.lead_time'],
      );
      await rejects(
        { basic: { product_name: 'X' }, additional: { price_tiers: [{ min_units: 5, price: 9 }, { min_units: 5, price: 8 }, { min_units: 1, price: -1 }, { min_units: 9, price: 7, extra: 1 }] } },
        ['additional.price_tiers.1.min_units', 'additional.price_tiers.2.min_units', 'additional.price_tiers.2.price', 'additional.price_tiers.3.extra'],
      );
      await rejects({ basic: { product_name: 'X' }, additional: { price_tiers: [{ min_units: 2.5, price: 1 }], rules: true } }, ['additional.price_tiers.0.min_units', 'additional.rules']);
    });

    it('refuses __proto__, constructor and prototype keys anywhere', async () => {
      for (const raw of [
        '{"basic":{"product_name":"X"},"__proto__":{"polluted":true}}',
        '{"basic":{"product_name":"X"},"seo":{"constructor":{"prototype":{"polluted":true}}}}',
        '{"basic":{"product_name":"X"},"legacy":{"a":[{"prototype":1}]}}',
      ]) {
        const res = await server.http.request('POST', '/api/products/proto', { raw, token: owner.token, headers: { 'content-type': 'application/json' } });
        assert.equal(res.status, 400, raw);
        errorFields(res.body);
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.equal((await server.http.get('/api/products/proto', owner.token)).status, 404);
    });

    it('refuses a body that is not an object', async () => {
      for (const raw of ['[]', '"text"', '42', 'null']) {
        const res = await server.http.request('POST', '/api/products/not-object', { raw, token: owner.token, headers: { 'content-type': 'application/json' } });
        assert.equal(res.status, 400, raw);
        errorFields(res.body);
      }
    });
  });
}
