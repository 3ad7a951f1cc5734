import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startProcess } from '../helpers/process.js';

/** Sends a request whose body arrives in two halves, the second after `pause`; resolves with the raw response. */
function slowRequest(url: string, path: string, body: string, pause: Promise<void>): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, async () => {
      const bytes = Buffer.from(body);
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`);
      socket.write(bytes.subarray(0, 10));
      await pause;
      socket.write(bytes.subarray(10));
    });
    let response = '';
    socket.on('data', (chunk) => (response += String(chunk)));
    socket.on('end', () => resolve(response));
    socket.on('error', reject);
  });
}

describe('graceful shutdown on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-shutdown-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes in-flight requests, refuses new ones, closes the database and exits 0', async () => {
    const service = await startProcess({ DATA_DIR: dataDir, DATABASE_URL: `file:${dataDir}/rental.db` });
    let release!: () => void;
    const pause = new Promise<void>((resolve) => (release = resolve));
    // In flight: requests whose bodies are still arriving when SIGTERM comes.
    const inFlight = Array.from({ length: 5 }, () => slowRequest(service.url, '/api/rents/login', JSON.stringify({ email: 'nobody@example.com', password: 'not a real password' }), pause));
    // And a load of ordinary requests around the signal.
    const load = Array.from({ length: 50 }, () => fetch(`${service.url}/api/products`).then((res) => res.status, () => 'refused'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    service.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = await fetch(`${service.url}/api/products`).then((res) => res.status, () => 'refused');
    release();
    const responses = await Promise.all(inFlight);
    for (const response of responses) assert.match(response, /^HTTP\/1\.1 401 /, 'the in-flight login completed with its real answer');
    for (const status of await Promise.all(load)) assert.ok(status === 200 || status === 503 || status === 'refused', String(status));
    assert.ok(after === 'refused' || after === 503, `a new request after SIGTERM got ${after}`);
    const { code, signal } = await service.exited;
    assert.equal(signal, null);
    assert.equal(code, 0);
    const wal = `${dataDir}/rental.db-wal`;
    assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'the WAL was checkpointed on close');
    const db = new Database(`${dataDir}/rental.db`, { readonly: true });
    assert.equal((db.pragma('integrity_check') as { integrity_check: string }[])[0]?.integrity_check, 'ok');
    db.close();
  });
});
