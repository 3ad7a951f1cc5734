import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { databaseDigest } from '../helpers/digest.js';
import { exportBytes, importFile, outcomes } from '../helpers/import-export.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

const TYPES = { csv: 'text/csv', json: 'application/json', ndjson: 'application/x-ndjson' } as const;

/** Products using every field of the registry, in every form a cell must survive. */
function catalogue(owner: string, other: string, mediaId: string): [string, Record<string, unknown>, string][] {
  const tricky = 'Příliš žluťoučký kůň úpěl "ďábelské" ódy,\r\nna dva řádky; s tabulátorem\tkonec 😀';
  return [
    ['rt-full', {
      internal_name: '',
      basic: { product_name: 'Vrtačka Bosch GSB 18V', product_desc: tricky, location: 'Brno, Královo Pole' },
      additional: {
        price: 249.9, caution: 1000, time_unit: 'day', selectedTerm: 'weekly',
        min_duration: 'P1D', max_duration: 'P2W', buffer_before: 'PT2H', buffer_after: 'PT30M', lead_time: 'PT12H',
        price_tiers: [{ min_units: 3, price: 199.5 }, { min_units: 7, price: 150 }],
      },
      settings: { published: true, slug: 'vrtacka-bosch-gsb-18v' },
      gallery: { images: [mediaId, { id: 'ext1', alt: 'Čelní pohled', filename: 'celni pohled.jpg', mimeType: 'image/jpeg', url: '/api/rentMedia/file/celni%20pohled.jpg', width: 800, height: 600 }] },
      availability: { reservationDates: [
        { id: 'r-day', from: '2026-12-01', to: '2026-12-03', note: 'Servis' },
        { id: 'r-time', from: '2026-12-10T08:00:00+01:00', to: '2026-12-10T18:00:00+01:00', source: 'telefon', customer: { name: 'Jana Nováková' } },
      ] },
      seo: { title: '=Vrtačka', description: '', tags: ['nářadí', '-20 %'] },
      legacy: { sku: '@123', nested: { deep: [1, 2.5, null, true] } },
    }, owner],
    ['rt-formulas', {
      internal_name: "'=already",
      basic: { product_name: '=HYPERLINK("http://x.example";"Klik")', product_desc: '-5 % sleva\n+ doprava', location: '@doma' },
      additional: { price: 0, caution: 0.1 },
      settings: { published: false, slug: 'formule' },
    }, owner],
    ['rt-tab', { basic: { product_name: '\tZačíná tabulátorem', product_desc: '\rZačíná CR' }, settings: { slug: 'tab' } }, owner],
    ['rt-other', { basic: { product_name: 'Cizí půjčovna: stan', rent_owner: other }, settings: { published: true, slug: 'stan' } }, other],
  ];
}

for (const dialect of dialects) {
  describe(`export, then import the file back (${dialect})`, () => {
    let server: TestServer;
    let admin: { id: string; token: string };
    const all = 'sort=id';

    before(async () => {
      server = await startServer(dialect);
      admin = await server.signUp({ admin: true });
      const owner = await server.signUp({ terms: [{ id: 'weekly', name: 'Týdně' }] });
      const other = await server.signUp();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } }).png().toBuffer())]), 'foto.png');
      const media = await fetch(`${server.url}/api/rentMedia`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
      const mediaId = ((await media.json()) as { doc: { id: string } }).doc.id;
      for (const [id, body, as] of catalogue(owner.id, other.id, mediaId)) {
        const res = await server.http.post(`/api/products/${id}`, body, as === owner.id ? owner.token : other.token);
        assert.equal(res.status, 201, res.text);
      }
    });
    after(() => server.close());

    for (const format of ['csv', 'json', 'ndjson'] as const) {
      it(`imports its own ${format} export as unchanged, and exports the same bytes again`, async () => {
        const digest = await databaseDigest(server.databaseUrl);
        const exported = await exportBytes(server, `format=${format}&${all}${format === 'csv' ? '&bom=true' : ''}`, admin.token);
        const res = await importFile(server, exported, { token: admin.token, type: TYPES[format], query: 'mode=upsert' });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(res.body.totals, { rows: 4, created: 0, updated: 0, unchanged: 4, errors: 0 }, res.text);
        assert.equal(await databaseDigest(server.databaseUrl), digest, 'nothing written');
        assert.deepEqual(await exportBytes(server, `format=${format}&${all}${format === 'csv' ? '&bom=true' : ''}`, admin.token), exported);
      });
    }

    it('keeps every value of a CSV export, cell for cell, when read by another program', async () => {
      const text = (await exportBytes(server, `format=csv&${all}`, admin.token)).toString('utf8');
      const json = JSON.parse((await exportBytes(server, `format=json&${all}`, admin.token)).toString('utf8')) as Record<string, unknown>[];
      const [header, ...rows] = parse(text, { relax_quotes: false }) as string[][];
      const full = rows.find((row) => row[0] === 'rt-full') as string[];
      const at = (path: string) => full[(header as string[]).indexOf(path)];
      const doc = json.find((product) => product.id === 'rt-full') as { basic: Record<string, string> };
      assert.equal(at('basic.product_desc'), doc.basic.product_desc, 'byte for byte, CRLF and tab kept');
      assert.ok(doc.basic.product_desc?.includes('\r\nna dva řádky; s tabulátorem\tkonec 😀'));
      assert.equal(at('internal_name'), '');
      assert.match(text, /,"",/, 'an empty text is written `""`');
      assert.equal(at('basic.location'), 'Brno, Královo Pole');
    });

    it('fills an emptied catalogue again from its CSV export, every field as it was but the times', async () => {
      const exported = await exportBytes(server, `format=csv&${all}`, admin.token);
      const removed = await server.http.delete('/api/products?where[id][exists]=true', admin.token);
      assert.equal(removed.status, 200, removed.text);
      const res = await importFile(server, exported, { token: admin.token, query: 'atomic=true' });
      assert.deepEqual(outcomes(res.body), [1, 2, 3, 4].map((row) => [row, 'created', undefined, []]));
      const again = await exportBytes(server, `format=csv&${all}`, admin.token);
      const withoutTimes = (file: Buffer) => (parse(file) as string[][]).map((row) => row.slice(0, -2));
      assert.deepEqual(withoutTimes(again), withoutTimes(exported));
    });

    it("imports back a product whose imported block overlaps one of its own reservations (a conflict SPEC 10 keeps)", async () => {
      const current = (await server.http.get<{ availability: { reservationDates: Record<string, unknown>[] } }>('/api/products/rt-full?depth=0', admin.token)).body;
      const block = { id: 'ical-overlap', from: '2026-12-02', to: '2026-12-04', source: 'ical', calendar: 'cal-1' };
      const patched = await server.http.patch('/api/products/rt-full', { availability: { reservationDates: [...current.availability.reservationDates, block] } }, admin.token);
      assert.equal(patched.status, 200, patched.text);
      for (const format of ['csv', 'ndjson'] as const) {
        const exported = await exportBytes(server, `format=${format}&${all}`, admin.token);
        for (const query of ['mode=upsert&dryRun=true', 'mode=upsert']) {
          const res = await importFile(server, exported, { token: admin.token, type: TYPES[format], query });
          assert.equal(res.status, 200, res.text);
          assert.deepEqual(res.body.totals, { rows: 4, created: 0, updated: 0, unchanged: 4, errors: 0 }, `${format} ${query}: ${res.text}`);
        }
      }
    });
  });
}
