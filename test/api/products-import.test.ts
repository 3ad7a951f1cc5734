import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseDigest } from '../helpers/digest.js';
import { errorFields } from '../helpers/http.js';
import { importFile, outcomes, type ImportReport } from '../helpers/import-export.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

type Product = { id: string; basic: Record<string, unknown>; additional?: Record<string, unknown>; settings: { published: boolean; slug: string }; availability: { reservationDates: unknown[] } };

const csv = (...lines: string[]) => `${lines.join('\n')}\n`;

for (const dialect of dialects) {
  describe(`POST /api/products/import (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    let other: { id: string; token: string };
    let admin: { id: string; token: string };
    const read = async (id: string, token = owner.token) => server.http.get<Product>(`/api/products/${id}?depth=0`, token);
    const digest = () => databaseDigest(server.databaseUrl);

    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ terms: [{ id: 'weekly', name: 'Týdenní' }] });
      other = await server.signUp();
      admin = await server.signUp({ admin: true });
    });
    after(() => server.close());

    it('creates each row as POST /api/products/:id would, and reports every row', async () => {
      const res = await importFile(server, csv(
        'id,basic.product_name,additional.price,additional.selectedTerm,settings.published,availability.reservationDates',
        'c1,Vrtačka Bosch,250,weekly,true,"[{""from"":""2026-12-01"",""to"":""2026-12-03"",""note"":""servis""}]"',
        ',Bez id,10,,,',
      ), { token: owner.token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.totals, { rows: 2, created: 2, updated: 0, unchanged: 0, errors: 0 });
      assert.equal(res.body.committed, true);
      assert.deepEqual(res.body.rows[0], { row: 1, id: 'c1', status: 'created', errors: [] });
      const generated = res.body.rows[1]?.id;
      assert.match(generated ?? '', /^[0-9a-f]{24}$/);
      const c1 = await read('c1');
      assert.equal(c1.status, 200);
      assert.deepEqual(c1.body.basic, { product_name: 'Vrtačka Bosch', rent_owner: owner.id });
      assert.deepEqual(c1.body.additional, { price: 250, selectedTerm: 'weekly' });
      assert.deepEqual(c1.body.settings, { published: true, slug: 'vrtacka-bosch' });
      assert.equal(c1.body.availability.reservationDates.length, 1);
      assert.equal((await read(generated as string)).body.settings.published, false, 'defaults as on create');
    });

    it('reads `;`-separated files with a BOM, CRLF and decimal commas, as Czech Excel saves them', async () => {
      const body = Buffer.from('\uFEFFid;basic.product_name;basic.product_desc;additional.price;basic.location\r\nx1;Sekačka na trávu;"Řádek 1\r\nŘádek 2; s středníkem";1 250,5;Brno\r\nx2;Křovinořez;;12,75;"Ústí nad Labem"\r\n', 'utf8');
      const res = await importFile(server, body, { token: owner.token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(outcomes(res.body), [[1, 'error', 400, ['additional.price']], [2, 'created', undefined, []]]);
      const x2 = await read('x2');
      assert.deepEqual(x2.body.basic, { product_name: 'Křovinořez', location: 'Ústí nad Labem', rent_owner: owner.id });
      assert.equal(x2.body.additional?.price, 12.75);
      const fixed = await importFile(server, body.toString('utf8').replace('1 250,5', '1250,5'), { token: owner.token });
      assert.deepEqual(outcomes(fixed.body), [[1, 'created', undefined, []], [2, 'error', 409, ['id']]]);
      const x1 = await read('x1');
      assert.equal(x1.body.basic.product_desc, 'Řádek 1\r\nŘádek 2; s středníkem', 'line breaks inside a cell kept byte for byte');
      assert.equal(x1.body.additional?.price, 1250.5);
    });

    it('reads a file in the encoding its Content-Type or ?charset= names, and refuses one that is not UTF-8 otherwise, writing nothing', async () => {
      // "Vrtačka;Šroubovák" as Czech Excel saves it by default: windows-1250 (č = 0xE8, Š = 0x8A).
      const cp1250 = Buffer.concat([Buffer.from('id;basic.product_name\r\nenc1;Vrta'), Buffer.from([0xe8]), Buffer.from('ka\r\nenc2;'), Buffer.from([0x8a]), Buffer.from('roubov\xe1k\r\n', 'latin1')]);
      const before = await digest();
      const undeclared = await importFile(server, cp1250, { token: owner.token });
      assert.equal(undeclared.status, 400, undeclared.text);
      assert.deepEqual(errorFields(undeclared.body), ['file']);
      assert.match(undeclared.text, /UTF-8/);
      const unknown = await importFile(server, cp1250, { token: owner.token, type: 'text/csv; charset=klingon' });
      assert.equal(unknown.status, 400);
      assert.deepEqual(errorFields(unknown.body), ['charset']);
      assert.equal(await digest(), before, 'nothing written');
      const declared = await importFile(server, cp1250, { token: owner.token, type: 'text/csv; charset=windows-1250' });
      assert.equal(declared.status, 200, declared.text);
      assert.deepEqual(outcomes(declared.body), [[1, 'created', undefined, []], [2, 'created', undefined, []]]);
      assert.equal((await read('enc1')).body.basic.product_name, 'Vrtačka');
      assert.equal((await read('enc2')).body.basic.product_name, 'Šroubovák');
      const byQuery = await importFile(server, Buffer.from(cp1250.toString('latin1').replace(/enc/g, 'enq'), 'latin1'), { token: owner.token, query: 'charset=cp1250' });
      assert.deepEqual(outcomes(byQuery.body), [[1, 'created', undefined, []], [2, 'created', undefined, []]]);
      assert.equal((await read('enq2')).body.basic.product_name, 'Šroubovák');
    });

    it('refuses a file it cannot parse whole, before writing any row', async () => {
      const before = await digest();
      const unbalanced = await importFile(server, csv('id,basic.product_name', 'q1,Dobrý', 'q2,"Neuzavřená uvozovka', 'q3,Další'), { token: owner.token });
      assert.equal(unbalanced.status, 400, unbalanced.text);
      assert.deepEqual(errorFields(unbalanced.body), ['file']);
      assert.match(unbalanced.text, /Quote Not Closed/i);
      const stray = await importFile(server, csv('id,basic.product_name', 'q1,"Dobrý"x'), { token: owner.token });
      assert.equal(stray.status, 400, stray.text);
      const unknown = await importFile(server, csv('id,basic.product_name,basic.description,id', 'q1,x,y,q1'), { token: owner.token });
      assert.equal(unknown.status, 400);
      assert.deepEqual(errorFields(unknown.body), ['basic.description', 'id']);
      for (const [body, type] of [['', 'text/csv'], ['', 'application/json'], ['{"basic":{}}', 'application/json'], ['[{"basic":{"product_name":"a"}},', 'application/json'], ['"text"', 'application/json']]) {
        const res = await importFile(server, body as string, { token: owner.token, type });
        assert.equal(res.status, 400, `${type} ${body}: ${res.text}`);
        assert.deepEqual(errorFields(res.body), ['file']);
      }
      assert.equal(await digest(), before, 'nothing written');
    });

    it('reports a row with the wrong number of cells, or a cell it cannot read, and imports the rest', async () => {
      const res = await importFile(server, csv(
        'id,basic.product_name,additional.price,settings.published,seo',
        'w1,Jedna,5,true,',
        'w2,Dvě,5',
        'w3,Tři,5,true,,navíc',
        'w4,,pět,snad,"{""a"":"',
        'w5,Pět,5,false,"{""__proto__"":{""x"":1}}"',
      ), { token: owner.token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(outcomes(res.body), [
        [1, 'created', undefined, []],
        [2, 'error', 400, [undefined]],
        [3, 'error', 400, [undefined]],
        [4, 'error', 400, ['additional.price', 'settings.published', 'seo', 'basic.product_name']],
        [5, 'error', 400, ['seo.__proto__']],
      ]);
      assert.match(res.body.rows[1]?.errors[0]?.message ?? '', /3 cells and the header 5/);
      assert.equal((await read('w2')).status, 404);
      assert.equal((await read('w1')).status, 200);
    });

    it('reads JSON arrays and NDJSON as request bodies are read', async () => {
      const json = await importFile(server, JSON.stringify([{ id: 'j1', basic: { product_name: 'Ze JSONu' }, additional: { price: 5 } }, 'not an object', { id: 'j2', basic: { product_name: 'Druhý' } }, { id: 'j3', basic: { product_name: 'x' }, unknown: 1 }]), { token: owner.token, type: 'application/json' });
      assert.equal(json.status, 200, json.text);
      assert.deepEqual(outcomes(json.body), [[1, 'created', undefined, []], [2, 'error', 400, [undefined]], [3, 'created', undefined, []], [4, 'error', 400, ['unknown']]]);
      const poisoned = await importFile(server, '[{"id":"j4","basic":{"product_name":"x","__proto__":{"polluted":true}}}]', { token: owner.token, type: 'application/json' });
      assert.deepEqual(outcomes(poisoned.body), [[1, 'error', 400, ['basic.__proto__']]]);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      const ndjson = await importFile(server, '{"id":"n1","basic":{"product_name":"Řádek"}}\r\n\r\nnot json\n{"id":"n2","basic":{"product_name":"Další"},"additional":{"price":"5"}}\n', { token: owner.token, type: 'application/x-ndjson' });
      assert.equal(ndjson.status, 200, ndjson.text);
      assert.deepEqual(outcomes(ndjson.body), [[1, 'created', undefined, []], [2, 'error', 400, [undefined]], [3, 'error', 400, ['additional.price']]]);
      assert.equal((await read('n1')).body.basic.product_name, 'Řádek');
    });

    it('takes a multipart upload, its format from the file name', async () => {
      const form = new FormData();
      form.append('file', new Blob(['{"id":"m1","basic":{"product_name":"Z formuláře"}}\n']), 'products.ndjson');
      const res = await fetch(`${server.url}/api/products/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
      const report = (await res.json()) as ImportReport;
      assert.equal(res.status, 200, JSON.stringify(report));
      assert.deepEqual(outcomes(report), [[1, 'created', undefined, []]]);
      const empty = await fetch(`${server.url}/api/products/import`, { method: 'POST', body: new FormData(), headers: { authorization: `Bearer ${owner.token}` } });
      assert.equal(empty.status, 400);
    });

    it('reports the later rows of an id the file repeats, and keeps the first', async () => {
      const res = await importFile(server, csv('id,basic.product_name', 'd1,První', 'd2,Jiný', 'd1,Druhý', 'd1,Třetí'), { token: owner.token });
      assert.deepEqual(outcomes(res.body), [[1, 'created', undefined, []], [2, 'created', undefined, []], [3, 'error', 409, ['id']], [4, 'error', 409, ['id']]]);
      assert.match(res.body.rows[2]?.errors[0]?.message ?? '', /Row 1/);
      assert.equal((await read('d1')).body.basic.product_name, 'První');
    });

    it('refuses a row naming another owner (403 in the row) unless an admin imports it; owners and terms are checked', async () => {
      const file = csv('id,basic.product_name,basic.rent_owner,additional.selectedTerm', `o1,Cizí,${other.id},`, `o2,Vlastní,${owner.id},weekly`, 'o3,Neznámý,000000000000000000000000,', 'o4,Termín,,monthly');
      const res = await importFile(server, file, { token: owner.token });
      assert.deepEqual(outcomes(res.body), [[1, 'error', 403, [undefined]], [2, 'created', undefined, []], [3, 'error', 400, ['basic.rent_owner']], [4, 'error', 400, ['additional.selectedTerm']]]);
      assert.equal((await read('o1', admin.token)).status, 404);
      const byAdmin = await importFile(server, file.replace(/o(\d)/g, 'a$1'), { token: admin.token });
      assert.deepEqual(outcomes(byAdmin.body), [[1, 'created', undefined, []], [2, 'created', undefined, []], [3, 'error', 400, ['basic.rent_owner']], [4, 'error', 400, ['additional.selectedTerm']]]);
      assert.equal((await read('a1', admin.token)).body.basic.rent_owner, other.id);
    });

    it('refuses a taken slug and a slug an earlier row takes, as writing them would', async () => {
      const file = csv('id,basic.product_name,settings.slug', 's1,Pila,pila-jedna', 's2,Pila,pila-jedna', 's3,Vrtačka Bosch,', 's4,Jiná,vrtacka-bosch-2', 's5,Jiná,vrtacka-bosch');
      const dry = await importFile(server, file, { token: owner.token, query: 'dryRun=true' });
      const real = await importFile(server, file, { token: owner.token });
      // c1 (the first test) holds vrtacka-bosch; s3 derives vrtacka-bosch-2 and takes it.
      const expected = [[1, 'created', undefined, []], [2, 'error', 409, ['settings.slug']], [3, 'created', undefined, []], [4, 'error', 409, ['settings.slug']], [5, 'error', 409, ['settings.slug']]];
      assert.deepEqual(outcomes(dry.body), expected);
      assert.deepEqual(outcomes(real.body), expected);
      assert.equal((await read('s3')).body.settings.slug, 'vrtacka-bosch-2');
    });

    it('writes nothing on a dry run, and reports what the real run then does', async () => {
      const file = csv('id,basic.product_name,additional.price', 'r1,Jedna,1', 'r2,,2', 'c1,Existuje,3', ',Bez id,4');
      const before = await digest();
      const dry = await importFile(server, file, { token: owner.token, query: 'dryRun=true' });
      assert.equal(dry.status, 200, dry.text);
      assert.equal(dry.body.dryRun, true);
      assert.equal(dry.body.committed, false);
      assert.equal(await digest(), before, 'the database is as it was');
      const real = await importFile(server, file, { token: owner.token });
      assert.deepEqual(outcomes(real.body), outcomes(dry.body));
      assert.deepEqual(outcomes(real.body), [[1, 'created', undefined, []], [2, 'error', 400, ['basic.product_name']], [3, 'error', 409, ['id']], [4, 'created', undefined, []]]);
      assert.equal(dry.body.rows[3]?.id, null, 'a dry run has no id to report for a row without one');
    });

    it('replaces stored products with mode=upsert, and leaves a row equal to what is stored unchanged', async () => {
      const stored = await read('c1');
      const before = await digest();
      const same = await importFile(server, JSON.stringify([{ ...stored.body }]), { token: owner.token, type: 'application/json', query: 'mode=upsert' });
      assert.deepEqual(outcomes(same.body), [[1, 'unchanged', undefined, []]]);
      assert.equal(await digest(), before, 'an unchanged row is not written');
      const changed = await importFile(server, JSON.stringify([{ ...stored.body, additional: { ...stored.body.additional, price: 300 } }, { id: 'u-new', basic: { product_name: 'Nový' } }]), { token: owner.token, type: 'application/json', query: 'mode=upsert' });
      assert.deepEqual(outcomes(changed.body), [[1, 'updated', undefined, []], [2, 'created', undefined, []]]);
      const after = await read('c1');
      assert.equal(after.body.additional?.price, 300);
      assert.notEqual((after.body as unknown as { updatedAt: string }).updatedAt, (stored.body as unknown as { updatedAt: string }).updatedAt);
      const foreign = await importFile(server, JSON.stringify([{ id: 'c1', basic: { product_name: 'Cizí' } }]), { token: other.token, type: 'application/json', query: 'mode=upsert' });
      assert.deepEqual(outcomes(foreign.body), [[1, 'error', 403, [undefined]]]);
    });

    it('writes all rows or none with atomic=true', async () => {
      const before = await digest();
      const res = await importFile(server, csv('id,basic.product_name', 't1,Jedna', 't2,', 't3,Tři'), { token: owner.token, query: 'atomic=true' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.committed, false);
      assert.deepEqual(outcomes(res.body), [[1, 'created', undefined, []], [2, 'error', 400, ['basic.product_name']], [3, 'created', undefined, []]]);
      assert.equal(await digest(), before, 'nothing written');
      const good = await importFile(server, csv('id,basic.product_name', 't1,Jedna', 't3,Tři'), { token: owner.token, query: 'atomic=true' });
      assert.equal(good.body.committed, true);
      assert.deepEqual(outcomes(good.body), [[1, 'created', undefined, []], [2, 'created', undefined, []]]);
      assert.equal((await read('t3')).status, 200);
    });

    it('refuses bad parameters, unknown types and anonymous callers before reading the file', async () => {
      const bad = await importFile(server, csv('id'), { token: owner.token, query: 'mode=merge&dryRun=yes&atomic=1&format=xml' });
      assert.equal(bad.status, 400);
      assert.deepEqual(errorFields(bad.body).sort(), ['atomic', 'dryRun', 'format', 'mode']);
      const plain = await importFile(server, 'basic.product_name\nx\n', { token: owner.token, type: 'text/plain' });
      assert.equal(plain.status, 415, plain.text);
      errorFields(plain.body);
      const asCsv = await importFile(server, 'basic.product_name\nTextový\n', { token: owner.token, type: 'text/plain', query: 'format=csv' });
      assert.deepEqual(outcomes(asCsv.body), [[1, 'created', undefined, []]]);
      const anonymous = await importFile(server, csv('basic.product_name', 'x'));
      assert.equal(anonymous.status, 401);
      errorFields(anonymous.body);
      const none = await server.http.request('POST', '/api/products/import', { token: owner.token });
      assert.equal(none.status, 415, none.text);
    });
  });
}

describe('POST /api/products/import: limits', () => {
  let server: TestServer;
  let token: string;

  before(async () => {
    server = await startServer('sqlite', (config) => {
      config.import = { maxRows: 3, maxBytes: 10 * 1024 * 1024 };
    });
    token = (await server.signUp()).token;
  });
  after(() => server.close());

  /** A CSV file of `rows` products with descriptions of `descLength` characters. */
  const bigFile = (rows: number, descLength: number) => {
    const desc = 'Příliš žluťoučký kůň úpěl ďábelské ódy. '.repeat(Math.ceil(descLength / 40)).slice(0, descLength);
    return Buffer.from(`id,basic.product_name,basic.product_desc\n${Array.from({ length: rows }, (_, i) => `big${i},Výrobek ${i},${desc}`).join('\n')}\n`);
  };

  it('refuses more rows than import.maxRows with a 413, writing none', async () => {
    const before = await databaseDigest(server.databaseUrl);
    const res = await importFile(server, bigFile(4, 10), { token });
    assert.equal(res.status, 413, res.text);
    assert.match(res.text, /more than 3 rows/);
    assert.equal(await databaseDigest(server.databaseUrl), before);
    assert.equal((await importFile(server, bigFile(3, 10), { token })).body.totals?.created, 3);
  });

  it('refuses a 50 MB file over import.maxBytes with a 413, sent whole, streamed or as a form', async () => {
    const file = bigFile(2600, 19_000);
    assert.ok(file.length > 50 * 1024 * 1024, `${file.length} bytes`);
    const before = await databaseDigest(server.databaseUrl);
    const whole = await importFile(server, file, { token });
    assert.equal(whole.status, 413, whole.text);
    assert.deepEqual(errorFields(whole.body), ['file']);
    const chunks = (function* () {
      for (let at = 0; at < file.length; at += 1024 * 1024) yield file.subarray(at, at + 1024 * 1024);
    })();
    const streamed = await fetch(`${server.url}/api/products/import`, {
      method: 'POST',
      body: new ReadableStream({ pull: (controller) => { const next = chunks.next(); if (next.done) controller.close(); else controller.enqueue(next.value); } }),
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      duplex: 'half',
    } as RequestInit);
    assert.equal(streamed.status, 413, await streamed.text());
    const form = new FormData();
    form.append('file', new Blob([file]), 'big.csv');
    const uploaded = await fetch(`${server.url}/api/products/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    assert.equal(uploaded.status, 413, await uploaded.text());
    assert.equal(await databaseDigest(server.databaseUrl), before);
  });

  it('reads a 50 MB file within the limits through, row by row', async () => {
    const roomy = await startServer('sqlite', (config) => {
      config.import = { maxRows: 10_000, maxBytes: 80 * 1024 * 1024 };
    });
    try {
      const own = await roomy.signUp();
      const file = bigFile(2600, 19_000);
      const dry = await importFile(roomy, file, { token: own.token, query: 'dryRun=true' });
      assert.equal(dry.status, 200, dry.text.slice(0, 500));
      assert.deepEqual(dry.body.totals, { rows: 2600, created: 2600, updated: 0, unchanged: 0, errors: 0 });
      // Written, its rows cost the search index most of their time: a few of them show they go in whole.
      const some = await importFile(roomy, file.subarray(0, file.indexOf('\nbig20,')), { token: own.token });
      assert.deepEqual(some.body.totals, { rows: 20, created: 20, updated: 0, unchanged: 0, errors: 0 });
      const last = await roomy.http.get<Product>('/api/products/big19?depth=0', own.token);
      assert.equal((last.body.basic.product_desc as string).length, 19_000);
    } finally {
      await roomy.close();
    }
  });
});

for (const dialect of dialects) {
  describe(`POST /api/products/import?atomic=true: a write that fails after every row passed the check (${dialect})`, () => {
    let server: TestServer;
    let token: string;
    /** beforeChange runs in the check and again in the write: the second time, this product's write fails. */
    const calls = new Map<string, number>();
    /** What was written (and so had to be taken back). */
    const written: string[] = [];

    before(async () => {
      server = await startServer(dialect, (config) => {
        config.hooks.products.afterChange = ({ doc }) => {
          written.push(doc.id as string);
        };
        config.hooks.products.beforeChange = ({ data }) => {
          const name = (data.basic as { product_name?: string } | undefined)?.product_name ?? '';
          calls.set(name, (calls.get(name) ?? 0) + 1);
          if (name.startsWith('Selže') && calls.get(name) === 2) throw Object.assign(new Error('Sklad je právě nedostupný.'), { status: 409, field: 'basic.product_name' });
        };
      });
      token = (await server.signUp()).token;
      const stored = await server.http.post('/api/products/kept', { basic: { product_name: 'Původní' }, additional: { price: 10 }, availability: { reservationDates: [{ id: 'r1', from: '2026-12-01', to: '2026-12-02' }] } }, token);
      assert.equal(stored.status, 201, stored.text);
      written.length = 0;
    });
    after(() => server.close());

    it('takes back the rows it wrote, leaving the database as it was', async () => {
      const before = await databaseDigest(server.databaseUrl);
      const res = await importFile(server, csv('id,basic.product_name', 'n1,Nový', 'n2,Další', 'n3,Selže jednou'), { token, query: 'atomic=true' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.committed, false);
      assert.deepEqual(outcomes(res.body), [[1, 'created', undefined, []], [2, 'created', undefined, []], [3, 'error', 409, ['basic.product_name']]]);
      assert.deepEqual(written.splice(0), ['n1', 'n2'], 'the first two rows were written');
      assert.equal(await databaseDigest(server.databaseUrl), before);
    });

    it('puts a replaced product back as it was stored', async () => {
      const kept = await server.http.get<Record<string, unknown>>('/api/products/kept?depth=0', token);
      const file = JSON.stringify([
        { id: 'u1', basic: { product_name: 'Nový' } },
        { id: 'kept', basic: { product_name: 'Přepsaný' }, additional: { price: 99 } },
        { id: 'u3', basic: { product_name: 'Selže podruhé' } },
      ]);
      const res = await importFile(server, file, { token, type: 'application/json', query: 'atomic=true&mode=upsert' });
      assert.deepEqual(outcomes(res.body), [[1, 'created', undefined, []], [2, 'updated', undefined, []], [3, 'error', 409, ['basic.product_name']]]);
      assert.deepEqual(written.splice(0), ['u1', 'kept'], 'the first two rows were written');
      assert.deepEqual((await server.http.get('/api/products/kept?depth=0', token)).body, kept.body, 'the stored document, its reservations and its updatedAt');
      assert.equal((await server.http.get('/api/products/u1', token)).status, 404);
      const blocked = await server.http.post('/api/products/kept', { action: 'reserve', from: '2026-12-02', to: '2026-12-02' }, token);
      assert.equal(blocked.status, 409, 'its reservation is back');
    });
  });
}
