import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { defaultConfig } from '../../src/config/defaults.js';
import { createAccount } from '../../src/operations/rents/accounts.js';
import { openStorage } from '../../src/storage/storage.js';
import { createPostgresDatabase, dialects } from '../helpers/server.js';
import { startProcess } from '../helpers/process.js';

/**
 * A server process takes concurrent creates and updates and is killed with SIGKILL in the
 * middle. After a restart every write that was acknowledged with a 2xx is there, intact, and
 * no product is half-written. `DURABILITY_ROUNDS` repeats it.
 */
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 1);
const SECRET = 'durability-secret-durability-secret-0123';

type Product = { id: string; basic: { product_name: string }; additional: { price: number }; availability: { reservationDates: { id: string }[] } };

async function consistencyProblems(databaseUrl: string): Promise<string[]> {
  const queries = {
    textless: 'SELECT p.id FROM products p LEFT JOIN product_texts t ON t.product_id = p.id WHERE t.product_id IS NULL',
    orphanTexts: 'SELECT t.product_id FROM product_texts t LEFT JOIN products p ON p.id = t.product_id WHERE p.id IS NULL',
    orphanReservations: 'SELECT r.product_id FROM reservations r LEFT JOIN products p ON p.id = r.product_id WHERE p.id IS NULL',
  };
  const problems: string[] = [];
  const rowsOf = async (run: (query: string) => Promise<unknown[]>) => {
    for (const [name, query] of Object.entries(queries)) if ((await run(query)).length > 0) problems.push(name);
    const products = (await run('SELECT id, doc FROM products')) as { id: string; doc: string }[];
    const reservations = (await run('SELECT product_id, id FROM reservations')) as { product_id: string; id: string }[];
    for (const product of products) {
      const inDoc = (JSON.parse(product.doc) as Product).availability.reservationDates.map((r) => r.id).sort();
      const inTable = reservations.filter((r) => r.product_id === product.id).map((r) => r.id).sort();
      if (JSON.stringify(inDoc) !== JSON.stringify(inTable)) problems.push(`reservations of ${product.id}`);
    }
  };
  if (databaseUrl.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await rowsOf(async (query) => (await client.query(query)).rows);
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(databaseUrl.replace(/^file:/, ''));
    try {
      await rowsOf(async (query) => db.prepare(query).all());
      db.prepare("INSERT INTO products_fts (products_fts) VALUES ('integrity-check')").run();
      // Queued index changes live only inside a batch's transaction.
      if ((db.prepare('SELECT count(*) AS n FROM products_fts_pending').get() as { n: number }).n !== 0) problems.push('unapplied full-text changes');
    } catch (error) {
      problems.push(`full-text index: ${(error as Error).message}`);
    } finally {
      db.close();
    }
  }
  return problems;
}

for (const dialect of dialects) {
  describe(`durability under SIGKILL (${dialect})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-durability-'));
    let drop = async () => {};
    after(async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps every acknowledged write, intact, and nothing half-written', async () => {
      let databaseUrl = `file:${dataDir}/rental.db`;
      if (dialect === 'postgres') {
        const database = await createPostgresDatabase();
        databaseUrl = database.url;
        drop = database.drop;
      }
      const storage = await openStorage(databaseUrl, dataDir);
      await createAccount({ config: defaultConfig(), storage }, 'system', { email: 'durable@example.com', password: 'durable password', rentNameSystem: 'Durable' });
      await storage.close();
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RENTAL_SECRET: SECRET };

      const created = new Map<string, Product>();
      const updated = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const service = await startProcess(env);
        const login = await fetch(`${service.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'durable@example.com', password: 'durable password' }) });
        const token = ((await login.json()) as { token: string }).token;
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        let stop = false;
        let counter = 0;
        // Each lane updates only what it created, so its writes to one product are in order.
        const writer = async (lane: number) => {
          const mine: string[] = [];
          while (!stop) {
            const n = ++counter;
            try {
              const existing = mine;
              if (existing.length > 0 && n % 3 === 0) {
                const id = existing[n % existing.length] as string;
                const price = round * 1_000_000 + n;
                const res = await fetch(`${service.url}/api/products/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ additional: { price } }) });
                if (res.ok) updated.set(id, price);
              } else {
                const id = `d${round}-${lane}-${n}`;
                const res = await fetch(`${service.url}/api/products/${id}`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({
                    basic: { product_name: `Trvanlivý ${n}`, product_desc: 'Popis '.repeat(50) },
                    additional: { price: n },
                    availability: { reservationDates: [{ from: '2027-01-01', to: '2027-01-02' }, { from: '2027-02-01', to: '2027-02-03' }] },
                  }),
                });
                if (res.status === 201) {
                  created.set(id, (await res.json()) as Product);
                  mine.push(id);
                }
              }
            } catch {
              return; // the process is gone
            }
          }
        };
        const writers = Array.from({ length: 8 }, (_, lane) => writer(lane));
        await new Promise((done) => setTimeout(done, 700 + Math.random() * 400));
        service.child.kill('SIGKILL');
        stop = true;
        await Promise.all(writers);
        assert.equal((await service.exited).signal, 'SIGKILL');
      }
      assert.ok(created.size > 10, `only ${created.size} writes were acknowledged`);

      const restarted = await startProcess(env);
      try {
        const login = await fetch(`${restarted.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'durable@example.com', password: 'durable password' }) });
        const token = ((await login.json()) as { token: string }).token;
        for (const [id, acknowledged] of created) {
          const res = await fetch(`${restarted.url}/api/products/${id}?depth=0`, { headers: { authorization: `Bearer ${token}` } });
          assert.equal(res.status, 200, `${id} was acknowledged but is missing`);
          const stored = (await res.json()) as Product;
          assert.equal(stored.basic.product_name, acknowledged.basic.product_name);
          assert.deepEqual(stored.availability.reservationDates, acknowledged.availability.reservationDates);
          const price = updated.get(id);
          if (price !== undefined) assert.ok(stored.additional.price >= price, `${id}: acknowledged price ${price}, stored ${stored.additional.price}`);
        }
      } finally {
        restarted.child.kill('SIGTERM');
        await restarted.exited;
      }
      assert.deepEqual(await consistencyProblems(databaseUrl), []);
    });
  });
}
