import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { checkOutboundUrl, outboundRequest } from '../../src/net/outbound.js';
import { OutboundError, type OutboundFailure } from '../../src/net/outbound-error.js';

/** A loopback server whose answer each test chooses by path; it counts what reached it. */
function receiver(): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits.push(`${req.method} ${req.url}`);
    switch (req.url) {
      case '/ok':
        res.end('fine');
        return;
      case '/echo':
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ headers: req.headers }));
        return;
      case '/redirect':
        res.writeHead(302, { location: '/ok' }).end();
        return;
      case '/not-modified':
        res.writeHead(req.headers['if-none-match'] === '"v1"' ? 304 : 200, { etag: '"v1"' }).end(req.headers['if-none-match'] ? '' : 'calendar');
        return;
      case '/hang':
        res.write('partial');
        return; // never ends
      case '/big-declared':
        res.writeHead(200, { 'content-length': String(10_000) }).end(Buffer.alloc(10_000));
        return;
      case '/big-streamed': {
        // No length declared: chunks until the client hangs up.
        const timer = setInterval(() => res.write(Buffer.alloc(1024)), 1);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/error':
        res.writeHead(503).end('busy');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, port: (server.address() as AddressInfo).port, hits })));
}

async function failsWith(kind: OutboundFailure, promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof OutboundError, `an OutboundError, not ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected a ${kind} failure`);
}

describe('outbound HTTP (webhooks, calendar imports)', () => {
  let server: Server;
  let port: number;
  let hits: string[];
  const limits = { timeoutMs: 2_000, maxBytes: 4096, allowPrivateAddresses: true };

  before(async () => ({ server, port, hits } = await receiver()));
  after(() => new Promise<void>((done) => server.close(() => done())));

  it('refuses anything but absolute http(s) URLs', async () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', '/relative', 'not a url', `http://example.com/${'a'.repeat(2100)}`]) {
      await failsWith('invalid-url', checkOutboundUrl(url));
      await failsWith('invalid-url', outboundRequest(url, limits));
    }
  });

  it('refuses non-public addresses without allowPrivateAddresses, at the check and at the request, without connecting', async () => {
    const literals = ['127.0.0.1', '[::1]', '10.0.0.7', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
      '[::ffff:127.0.0.1]', '[::ffff:a9fe:a9fe]', '[fd00::1]', '[fe80::1]', '[::]', '[64:ff9b::a00:1]', '0x7f.0.0.1', '2130706433'];
    for (const host of literals) {
      const url = `http://${host}:${port}/ok`;
      await failsWith('blocked-address', checkOutboundUrl(url));
      await failsWith('blocked-address', outboundRequest(url, { timeoutMs: 2000, maxBytes: 100 }));
    }
    // A name is resolved and every address checked, at the check and in the lookup that feeds the socket.
    await failsWith('blocked-address', checkOutboundUrl(`http://localhost:${port}/ok`));
    const refused = await failsWith('blocked-address', outboundRequest(`http://localhost:${port}/ok`, { timeoutMs: 2000, maxBytes: 100 }));
    assert.match(refused.message, /localhost resolves to/);
    assert.deepEqual(hits.filter((hit) => hit === 'GET /ok'), [], 'no request reached the loopback server');
    // With the setting, the same server answers.
    const answer = await outboundRequest(`http://localhost:${port}/ok`, limits);
    assert.equal(answer.body.toString(), 'fine');
    assert.ok((await checkOutboundUrl(`http://127.0.0.1:${port}/ok`, { allowPrivateAddresses: true })) instanceof URL);
  });

  it('lets public addresses through the check', async () => {
    assert.equal((await checkOutboundUrl('https://8.8.8.8/hook')).hostname, '8.8.8.8');
    assert.equal((await checkOutboundUrl('https://[2001:4860:4860::8888]/hook')).hostname, '[2001:4860:4860::8888]');
    // A name that does not resolve now is checked again at each request.
    assert.ok(await checkOutboundUrl('https://no-such-host.invalid/hook'));
    await failsWith('network', outboundRequest('https://no-such-host.invalid/hook', { timeoutMs: 2000, maxBytes: 100 }));
  });

  it('does not follow redirects: a 3xx is a failure with its status', async () => {
    const before = hits.length;
    const error = await failsWith('http-status', outboundRequest(`http://127.0.0.1:${port}/redirect`, limits));
    assert.equal(error.status, 302);
    assert.deepEqual(hits.slice(before), ['GET /redirect']);
  });

  it('fails on other statuses unless the caller accepts them', async () => {
    assert.equal((await failsWith('http-status', outboundRequest(`http://127.0.0.1:${port}/error`, limits))).status, 503);
    const conditional = await outboundRequest(`http://127.0.0.1:${port}/not-modified`, {
      ...limits,
      headers: { 'if-none-match': '"v1"', 'if-modified-since': 'Tue, 01 Dec 2026 10:00:00 GMT' },
      accept: (status) => status === 304 || (status >= 200 && status < 300),
    });
    assert.equal(conditional.status, 304);
    const echoed = await outboundRequest(`http://127.0.0.1:${port}/echo`, { ...limits, method: 'POST', body: '{}', headers: { 'if-modified-since': 'Tue, 01 Dec 2026 10:00:00 GMT', 'x-custom': 'kept' } });
    const { headers } = JSON.parse(echoed.body.toString()) as { headers: Record<string, string> };
    assert.equal(headers['if-modified-since'], 'Tue, 01 Dec 2026 10:00:00 GMT');
    assert.equal(headers['x-custom'], 'kept');
    assert.equal(headers.host, `127.0.0.1:${port}`);
  });

  it('ends a request that takes longer than its time, however far it got', async () => {
    const started = Date.now();
    await failsWith('timeout', outboundRequest(`http://127.0.0.1:${port}/hang`, { ...limits, timeoutMs: 300 }));
    assert.ok(Date.now() - started < 2_000);
  });

  it('cuts off an answer larger than the cap, declared or streamed', async () => {
    await failsWith('too-large', outboundRequest(`http://127.0.0.1:${port}/big-declared`, limits));
    await failsWith('too-large', outboundRequest(`http://127.0.0.1:${port}/big-streamed`, limits));
  });

  it('reports a refused connection as a network failure, and a caller cancellation too', async () => {
    const closed = await receiver();
    await new Promise<void>((done) => closed.server.close(() => done()));
    await failsWith('network', outboundRequest(`http://127.0.0.1:${closed.port}/ok`, limits));
    const controller = new AbortController();
    const pending = outboundRequest(`http://127.0.0.1:${port}/hang`, { ...limits, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await failsWith('network', pending);
  });
});
