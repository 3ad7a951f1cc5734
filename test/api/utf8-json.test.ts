import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildProductDoc } from '../../src/domain/product-document.js';
import { migrate, openDatabase } from '../../src/storage/database.js';
import { migrationProvider } from '../../src/storage/migrations/index.js';
import { toRecord } from '../../src/storage/product-record.js';
import { openStorage } from '../../src/storage/storage.js';
import { rawGet } from '../helpers/http.js';
import { createPostgresDatabase, dialects, startServer, type TestServer } from '../helpers/server.js';

const NAME = 'Vrtačka Žďár 🐎';
const hasNonAscii = (bytes: Buffer) => bytes.some((byte) => byte >= 0x80);
/** JSON text with every character beyond ASCII escaped, as documents were stored before migration 011. */
const escaped = (json: string) => json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

for (const dialect of dialects) {
  describe(`responses and stored documents are UTF-8 JSON (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ name: 'Půjčovna Žluťoučký kůň 🐎' });
      const created = await server.http.post('/api/products/kun-1', { basic: { product_name: NAME, product_desc: 'Příliš žluťoučký kůň' }, settings: { published: true } }, owner.token);
      assert.equal(created.status, 201);
      assert.ok(created.text.includes(NAME), created.text);
    });
    after(() => server.close());

    it('for a product, a list, an error and an account: the characters as themselves, the values unchanged', async () => {
      for (const path of ['/api/products/kun-1?depth=1', '/api/products/kun-1?depth=0', '/api/products?depth=1&q=zdar', '/api/products/nic-%C5%BE', `/api/rents/${owner.id}`]) {
        const res = await rawGet(server.url, path);
        assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8/);
        const text = new TextDecoder('utf-8', { fatal: true }).decode(res.body);
        assert.ok(hasNonAscii(res.body) && !/\\u[0-9a-f]{4}/i.test(text), `${path}: ${text}`);
        if (path.startsWith('/api/products/kun')) assert.ok(text.includes(NAME), text);
        if (path.includes('depth=1') && path.includes('kun')) assert.ok(text.includes('Žluťoučký kůň 🐎'), text);
        if (path.includes('q=')) assert.ok(text.includes('Příliš žluťoučký kůň'), text);
        if (path.includes('nic')) assert.ok(text.includes('nic-ž'), text);
        if (path.startsWith('/api/rents')) assert.ok(text.includes('Půjčovna Žluťoučký kůň 🐎'), text);
      }
    });

    it('stores the document unescaped', async () => {
      const row = await server.storage.products.get('kun-1');
      assert.ok(row?.doc.includes(NAME), row?.doc);
    });
  });

  describe(`migration 011 writes escaped documents as UTF-8 (${dialect})`, () => {
    let dir: string;
    let urlOf = '';
    let cleanup = async () => {};
    /** What each stored product was before the migration: its value and its stored text. */
    const stored = new Map<string, { value: unknown; text: string }>();
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'utf8-migration-'));
      const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
      const url = postgres?.url ?? `file:${join(dir, 'rental.db')}`;
      cleanup = async () => {
        await postgres?.drop();
        rmSync(dir, { recursive: true, force: true });
      };
      // The database as the release before 011 left it, with escaped documents in it.
      const database = await openDatabase(url, dir);
      const before010 = Object.fromEntries(Object.entries(await migrationProvider(dialect).getMigrations()).filter(([name]) => name <= '010~'));
      await migrate(database, { getMigrations: async () => before010 });
      const at = '2026-11-21T00:00:00.000Z';
      const product = (id: string, basic: Record<string, string>) => buildProductDoc({ basic, settings: { published: true } }, { id, slug: id, createdAt: at, updatedAt: at });
      const docs = [
        product('old-1', { product_name: NAME, product_desc: 'řádek "uvozovky" \\ \u0001 \n konec' }),
        // Only ASCII: left as it is, byte for byte.
        product('ascii-1', { product_name: 'Plain drill', product_desc: 'no escapes at all' }),
        // The text `\u00e9` typed by someone (a backslash, then u00e9) beside a real é: only the é changes.
        product('literal-1', { product_name: 'Typed \\u00e9 and é', product_desc: 'a lone surrogate \ud800 stays escaped' }),
        // More than one batch of the migration (1,000 rows).
        ...Array.from({ length: 1010 }, (_, n) => product(`bulk-${String(n).padStart(4, '0')}`, { product_name: `Kůň číslo ${n}`, product_desc: '€ 🐎' })),
      ];
      for (const doc of docs) {
        const text = escaped(JSON.stringify(doc));
        const { row, texts } = toRecord(doc, text);
        assert.ok(!hasNonAscii(Buffer.from(row.doc)));
        stored.set(doc.id, { value: JSON.parse(text) as unknown, text });
        await database.db.insertInto('products').values({ ...row, version: 1 }).execute();
        await database.db.insertInto('product_texts').values({ product_id: row.id, ...texts }).execute();
      }
      await database.close();
      // Migrated as the service migrates on start.
      const storage = await openStorage(url, dir);
      await storage.close();
      urlOf = url;
    });
    after(() => cleanup());

    it('every document to the same value, its characters as themselves, what JSON requires still escaped', async () => {
      const storage = await openStorage(urlOf, dir);
      try {
        let migrated = 0;
        for (const [id, before] of stored) {
          const row = await storage.products.get(id);
          assert.ok(row, id);
          assert.deepEqual(JSON.parse(row.doc), before.value, id);
          assert.equal(row.doc, JSON.stringify(before.value), id);
          if (row.doc !== before.text) migrated += 1;
        }
        assert.equal(migrated, stored.size - 1, 'all but the ASCII-only document were rewritten');
        assert.equal((await storage.products.get('ascii-1'))?.doc, stored.get('ascii-1')?.text);
        const old = (await storage.products.get('old-1'))?.doc ?? '';
        assert.ok(old.includes(NAME) && old.includes('\\u0001'), old);
        const literal = (await storage.products.get('literal-1'))?.doc ?? '';
        assert.ok(literal.includes('Typed \\\\u00e9 and é') && literal.includes('\\ud800'), literal);
        assert.ok((await storage.products.get('bulk-1009'))?.doc.includes('Kůň číslo 1009'));
      } finally {
        await storage.close();
      }
    });
  });
}
