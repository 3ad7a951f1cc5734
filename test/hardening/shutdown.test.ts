import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startProcess } from '../helpers/process.js';

/**
 * Sends a request whose body arrives in two halves, the second after `pause`. `started`
 * resolves once the first half is on the wire; `response` with the raw response.
 */
function slowRequest(url: string, path: string, body: string, pause: Promise<void>): { started: Promise<void>; response: Promise<string> } {
  const { hostname, port } = new URL(url);
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const response = new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, async () => {
      const bytes = Buffer.from(body);
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`);
      socket.write(bytes.subarray(0, 10), () => started());
      await pause;
      socket.write(bytes.subarray(10));
    });
    let text = '';
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  // Handled from the start: a reset before the test awaits it would be an unhandled rejection.
  response.catch(() => undefined);
  return { started: startedPromise, response };
}

/** The status of a GET on a connection of its own (no keep-alive pool), or 'refused'. */
function freshGet(url: string): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', () => resolve('refused'));
  });
}

/**
 * Asks until a new request is turned away: the signal reaches the process when the machine
 * lets it, so no fixed wait says when. Gives up after `withinMs` with the last status seen.
 */
async function firstRefusal(url: string, withinMs: number): Promise<number | 'refused'> {
  const deadline = Date.now() + withinMs;
  let status = await freshGet(url);
  while (status === 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await freshGet(url);
  }
  return status;
}

describe('graceful shutdown on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-shutdown-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes in-flight requests, refuses new ones, closes their connections, closes the database and exits 0', async () => {
    const service = await startProcess({ DATA_DIR: dataDir, DATABASE_URL: `file:${dataDir}/rental.db` });
    // One login first: the service compiles schemas in its first idle turns after listening, and
    // an in-flight request whose headers it has not read yet when SIGTERM comes is an idle
    // connection, closed rather than answered.
    assert.equal((await fetch(`${service.url}/api/rents/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"nobody@example.com","password":"not a real password"}' })).status, 401);
    let release!: () => void;
    const pause = new Promise<void>((resolve) => (release = resolve));
    // In flight: requests whose bodies are still arriving when SIGTERM comes.
    const inFlight = Array.from({ length: 5 }, () => slowRequest(service.url, '/api/rents/login', JSON.stringify({ email: 'nobody@example.com', password: 'not a real password' }), pause));
    // And a load of ordinary requests around the signal.
    const load = Array.from({ length: 50 }, () => fetch(`${service.url}/api/products`).then((res) => res.status, () => 'refused'));
    await Promise.all(inFlight.map((request) => request.started));
    // Give the server a moment to read the headers it was sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    service.child.kill('SIGTERM');
    // The in-flight requests are still held here, so a service that went on taking new requests
    // while draining would answer 200 until the deadline.
    const after = await firstRefusal(`${service.url}/api/products`, 10_000);
    release();
    const responses = await Promise.allSettled(inFlight.map((request) => request.response));
    for (const response of responses) {
      assert.equal(response.status, 'fulfilled', `an in-flight login was cut: ${response.status === 'rejected' ? String(response.reason) : ''}`);
      assert.match(response.value, /^HTTP\/1\.1 401 /, 'the in-flight login completed with its real answer');
    }
    for (const status of await Promise.all(load)) assert.ok(status === 200 || status === 503 || status === 'refused', String(status));
    assert.ok(after === 'refused' || after === 503, `a new request while draining got ${after}`);
    // Fastify keeps an idle keep-alive connection open for 72 s: the load's connections, whose
    // requests may still be answered when SIGTERM comes, must not hold the exit that long.
    const exit = await Promise.race([service.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000).unref())]);
    assert.notEqual(exit, 'still running', 'the service exits once its requests are answered');
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
