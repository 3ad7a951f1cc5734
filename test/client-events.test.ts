import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRentalClient, type RentalEvent } from '../src/client/index.js';
import { startServer, type TestServer } from './helpers/server.js';
import { until } from './helpers/until.js';

describe('typed client: api.events', () => {
  let server: TestServer;
  let owner: { token: string };

  before(async () => {
    server = await startServer('sqlite');
    owner = await server.signUp();
  });
  after(() => server.close());

  const create = (name: string) => server.http.post('/api/products', { basic: { product_name: name }, settings: { published: true } }, owner.token);

  it('hands over the events the caller may see, and after a dropped connection resumes with Last-Event-ID: nothing lost or repeated', async () => {
    let connections = 0;
    /** Streams whose answer has come: the server follows the events from then on. */
    let opened = 0;
    const resumedFrom: (string | null)[] = [];
    // The first connection is cut after its first event, as a network would.
    const fetcher = async (request: Request): Promise<Response> => {
      connections++;
      resumedFrom.push(request.headers.get('last-event-id'));
      const response = await fetch(request);
      opened++;
      if (connections > 1 || !response.body) return response;
      const reader = response.body.getReader();
      let seenEvent = false;
      const cut = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (seenEvent) {
            void reader.cancel().catch(() => undefined);
            controller.error(new Error('connection reset'));
            return;
          }
          const { value, done } = await reader.read();
          if (done) return controller.close();
          if (new TextDecoder().decode(value).includes('event: ')) seenEvent = true;
          controller.enqueue(value);
        },
      });
      return new Response(cut, { status: response.status, headers: response.headers });
    };
    const client = createRentalClient({ baseUrl: server.url, token: owner.token, fetch: fetcher });
    const received: RentalEvent[] = [];
    const errors: unknown[] = [];
    const subscription = client.events((event) => received.push(event), { onError: (error) => errors.push(error) });
    try {
    assert.ok(await until(() => opened === 1, 5_000), 'the stream opened');
    await create('První');
    assert.ok(await until(() => errors.length === 1, 5_000), 'the cut was reported');
    // Made while the client was away: it gets them on reconnecting.
    await create('Druhá');
    await create('Třetí');
    assert.ok(await until(() => received.length === 3, 10_000), `${received.length} events`);
    await create('Čtvrtá');
    assert.ok(await until(() => received.length === 4, 5_000));
    assert.deepEqual(received.map((event) => (event.data as { basic: { product_name: string } }).basic.product_name), ['První', 'Druhá', 'Třetí', 'Čtvrtá']);
    assert.deepEqual(resumedFrom, [null, String(received[0]?.id)]);
    assert.equal(subscription.lastEventId, String(received[3]?.id));
    } finally {
      subscription.close();
    }
  });
});
