import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyReply } from 'fastify';
import { sendComposed } from '../../src/http/send-composed.js';
import { compose } from '../../src/operations/output-buffer.js';
import { BodyFile } from '../../src/read-model/body-file.js';

/** Buffers copied as the service copies bodies kept in memory. */
const memory = BodyFile.inMemory();
const copyBuffer = (part: Buffer, target: Buffer, at: number) => memory.copy(part, target, at);

const PART = 256 * 1024;

const sendParts = (reply: FastifyReply, parts: Buffer[]) => sendComposed(reply, compose(parts, copyBuffer) as Buffer);

/** Four parts of one repeated byte: a body is intact when every byte is its own. */
const partsOf = (fill: number): Buffer[] => [0, 1, 2, 3].map(() => Buffer.alloc(PART, fill));

function intact(body: Buffer, fill: number): boolean {
  return body.length === 4 * PART && body.every((byte) => byte === fill);
}

/** Sends pipelined requests for the fills, reads nothing until `pauseMs` later, then parses every response. */
async function pipelined(port: number, fills: number[], pauseMs: number): Promise<Buffer[]> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.pause();
  socket.write(fills.map((fill) => `GET /parts/${fill} HTTP/1.1\r\nHost: localhost\r\n\r\n`).join(''));
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.resume();
  const bodies: Buffer[] = [];
  while (bodies.length < fills.length) {
    await once(socket, 'data');
    let data = Buffer.concat(chunks);
    for (;;) {
      const headerEnd = data.indexOf('\r\n\r\n');
      if (headerEnd < 0) break;
      const length = Number(/content-length: (\d+)/i.exec(data.subarray(0, headerEnd).toString('latin1'))?.[1]);
      if (data.length < headerEnd + 4 + length) break;
      bodies.push(data.subarray(headerEnd + 4, headerEnd + 4 + length));
      data = data.subarray(headerEnd + 4 + length);
    }
    chunks.length = 0;
    chunks.push(data);
  }
  socket.destroy();
  return bodies;
}

describe('sending bodies composed in a reused buffer', () => {
  let app: FastifyInstance;
  let port: number;

  before(async () => {
    app = Fastify();
    app.get<{ Params: { fill: string } }>('/parts/:fill', async (request, reply) => sendParts(reply.type('application/octet-stream'), partsOf(Number(request.params.fill))));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  after(() => app.close());

  it('answers each request with its own bytes, one after another', async () => {
    for (const fill of [1, 2, 3, 4, 5]) {
      const response = await fetch(`http://127.0.0.1:${port}/parts/${fill}`);
      assert.ok(intact(Buffer.from(await response.arrayBuffer()), fill), `body of ${fill}`);
    }
  });

  it('keeps every response intact while a client that pipelines reads nothing', async () => {
    // 24 MB of answers cannot all reach the kernel while nobody reads: later responses wait in
    // Node's queues, and reusing their buffer then would overwrite bytes not yet sent.
    const fills = Array.from({ length: 24 }, (_, index) => index + 1);
    const bodies = await pipelined(port, fills, 300);
    assert.equal(bodies.length, fills.length);
    bodies.forEach((body, index) => assert.ok(intact(body, fills[index] as number), `body of ${fills[index]}`));
  });

  it('keeps a response intact while another client makes requests', async () => {
    const slow = pipelined(port, [7, 8, 9, 10, 11, 12, 13, 14], 300);
    for (const fill of [20, 21, 22, 23]) {
      const response = await fetch(`http://127.0.0.1:${port}/parts/${fill}`);
      assert.ok(intact(Buffer.from(await response.arrayBuffer()), fill), `body of ${fill}`);
    }
    (await slow).forEach((body, index) => assert.ok(intact(body, index + 7), `body of ${index + 7}`));
  });
});

describe('sending composed bodies behind an asynchronous onSend hook', () => {
  let app: FastifyInstance;
  let port: number;

  before(async () => {
    app = Fastify();
    // The hook holds every response back: `send` returns before a byte is written.
    app.addHook('onSend', async (_request, _reply, payload) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return payload;
    });
    app.get<{ Params: { fill: string } }>('/parts/:fill', async (request, reply) => sendParts(reply.type('application/octet-stream'), partsOf(Number(request.params.fill))));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  after(() => app.close());

  it('does not reuse the buffer of a response still waiting to be written', async () => {
    const first = fetch(`http://127.0.0.1:${port}/parts/1`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = fetch(`http://127.0.0.1:${port}/parts/2`);
    assert.ok(intact(Buffer.from(await (await first).arrayBuffer()), 1), 'body of 1');
    assert.ok(intact(Buffer.from(await (await second).arrayBuffer()), 2), 'body of 2');
  });
});
