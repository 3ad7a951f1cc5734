import { request as httpRequest, createServer, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Latencies } from './latencies.js';
import { drive } from './load.js';
import type { MeasureSettings, Measurement } from './measurement.js';
import { LOAD_SCENARIOS, WRITE_CONNECTIONS, type ScenarioContext } from './scenarios.js';
import { serviceCpuMicroseconds, serviceRssMb, type Service } from './service.js';

const round = (value: number) => Number(value.toFixed(3));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A difference with its sign, + or − (a collection during the measure can make it negative). */
const signed = (value: number) => (value < 0 ? `−${-value}` : `+${value}`);

async function api(service: Service, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(service.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Webhook deliveries a second to a receiver on loopback (in this process, on the load CPU):
 * one global webhook for `product.updated`, updates at 32 connections for the scenario's
 * duration, then the wait until every update's event has arrived. The rate is the receiver's,
 * from its first delivery to its last.
 */
export async function measureWebhooks(service: Service, settings: MeasureSettings, context: ScenarioContext): Promise<Measurement> {
  const arrivals: number[] = [];
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.push(performance.now());
      response.end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  const { port } = receiver.address() as AddressInfo;
  const created = (await api(service, context.token, 'POST', '/api/webhooks', { url: `http://127.0.0.1:${port}/hook`, events: ['product.updated'], scope: 'all', description: 'bench' })) as { doc: { id: string } };
  try {
    const updates = LOAD_SCENARIOS.updates;
    if (!updates) throw new Error('the updates scenario is missing');
    const cpuBefore = serviceCpuMicroseconds(service);
    const load = await drive({ ...updates.load(context), url: service.url, connections: WRITE_CONNECTIONS, duration: settings.duration });
    const expected = Math.round(load.requestsPerSecond * load.seconds);
    const loadEnded = performance.now();
    let seen = -1;
    let progressAt = performance.now();
    while (arrivals.length < expected && performance.now() - progressAt < 10_000) {
      if (arrivals.length !== seen) {
        seen = arrivals.length;
        progressAt = performance.now();
      }
      await sleep(50);
    }
    const cpu = serviceCpuMicroseconds(service) - cpuBefore;
    const first = arrivals[0] ?? loadEnded;
    const last = arrivals.at(-1) ?? loadEnded;
    const perSecond = arrivals.length / Math.max(0.001, (last - first) / 1000);
    return {
      scenario: 'webhooks',
      title: 'webhook deliveries to a loopback receiver (events/s)',
      build: service.build.label,
      connections: WRITE_CONNECTIONS,
      requestsPerSecond: Math.round(perSecond),
      p50: 0,
      p99: 0,
      requests: arrivals.length,
      failures: Math.max(0, expected - arrivals.length),
      cpuMicrosecondsPerRequest: Math.round(cpu / Math.max(1, arrivals.length)),
      note: `${expected} updates at ${Math.round(load.requestsPerSecond)}/s; ${arrivals.length} delivered, the last ${((last - loadEnded) / 1000).toFixed(1)} s after the updates ended; CPU per delivery, updates included`,
    };
  } finally {
    await api(service, context.token, 'DELETE', `/api/webhooks/${created.doc.id}`);
    await new Promise((closed) => receiver.close(closed));
  }
}

/** One anonymous reader of the live stream, noting when each `product.updated` event arrives. */
class StreamClient {
  readonly arrivals: number[] = [];
  readonly connected: Promise<void>;
  private readonly request: ClientRequest;
  private buffer = '';

  constructor(url: string) {
    let settle: { resolve(): void; reject(error: Error): void } | undefined;
    this.connected = new Promise((resolve, reject) => (settle = { resolve, reject }));
    this.request = httpRequest(`${url}/api/events`, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) settle?.reject(new Error(`GET /api/events: ${response.statusCode}`));
      else settle?.resolve();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => this.read(chunk));
    });
    this.request.on('error', (error) => settle?.reject(error));
    this.request.end();
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const message = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      if (/^event: ?product\.updated$/m.test(message)) this.arrivals.push(performance.now());
    }
  }

  close(): void {
    this.request.destroy();
  }
}

/**
 * The live stream's fan-out: 1,000 anonymous clients connected (in this process), then
 * product updates one at a time, each waited for at every client. Latency: from the
 * update's request (its commit is within it) to an event's arrival, over every client and
 * update; RSS: the service's with the clients connected, and what they added.
 */
export async function measureSse(service: Service, settings: MeasureSettings, context: ScenarioContext, clientCount = 1000): Promise<Measurement> {
  const rssBefore = serviceRssMb(service);
  const clients = Array.from({ length: clientCount }, () => new StreamClient(service.url));
  try {
    await Promise.all(clients.map((client) => client.connected));
    await sleep(1000);
    const rssWith = serviceRssMb(service);
    const latencies = new Latencies();
    const updates = Math.max(20, settings.duration * 5);
    let missed = 0;
    const cpuBefore = serviceCpuMicroseconds(service);
    for (let index = 0; index < updates; index++) {
      const product = context.catalogue.publishedIds[index % context.catalogue.publishedIds.length];
      const sent = performance.now();
      await api(service, context.token, 'PATCH', `/api/products/${product}`, { additional: { price: 100 + index } });
      const giveUpAt = performance.now() + 10_000;
      while (clients.some((client) => client.arrivals.length <= index) && performance.now() < giveUpAt) await sleep(1);
      for (const client of clients) {
        const arrived = client.arrivals[index];
        if (arrived === undefined) missed++;
        else latencies.add(arrived - sent);
      }
      if (missed > 0) break;
    }
    const cpu = serviceCpuMicroseconds(service) - cpuBefore;
    return {
      scenario: 'sse',
      title: `live stream fan-out, ${clientCount} clients (update to arrival)`,
      build: service.build.label,
      connections: clientCount,
      requestsPerSecond: 0,
      p50: round(latencies.percentile(50)),
      p99: round(latencies.percentile(99)),
      requests: updates * clientCount,
      failures: missed,
      cpuMicrosecondsPerRequest: Math.round(cpu / updates),
      note: `${updates} updates one at a time; RSS ${Math.round(rssWith)} MB with the clients, ${signed(Math.round(rssWith - rssBefore))} MB; CPU per update`,
    };
  } finally {
    for (const client of clients) client.close();
  }
}
