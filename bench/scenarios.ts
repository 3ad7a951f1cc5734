import type { Request } from 'autocannon';
import { TOWNS } from '../src/seed/catalogue-data.js';
import type { Catalogue } from './catalogue.js';
import type { LoadScenario } from './measurement.js';
import type { ScenarioName } from './options.js';

/** What a scenario's requests are made of. */
export interface ScenarioContext {
  catalogue: Catalogue;
  /** An administrator's bearer token. */
  token: string;
  /** Connections of the read scenarios. */
  readConnections: number;
}

/** Connections of every write scenario: the bound on tails holds at this many. */
export const WRITE_CONNECTIONS = 32;
/** Whole UTC days from now where most seeded reservations fall (see generateProduct). */
const RESERVED_DAYS = 60;
/** Whole UTC days from now by which every seeded reservation has ended, buffers included (generateProduct: at most 30 + 3 × 27 − 1, and a day's buffer). */
const SEEDED_UNTIL_DAYS = 120;
const DAY = 86_400_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const WORDS = ['vrtacka', 'sekacka', 'kolo', 'stan', 'kajak', 'projektor', 'zebrik', 'dron'];

/** A random interval of 2–7 whole days (`to` inclusive), starting within `withinDays` days after `afterDays`. */
export function randomInterval(afterDays: number, withinDays: number): { from: string; to: string } {
  const start = Date.now() + (afterDays + Math.floor(Math.random() * withinDays)) * DAY;
  const days = 2 + Math.floor(Math.random() * 6);
  return { from: isoDate(start), to: isoDate(start + (days - 1) * DAY) };
}

type Make = (context: ScenarioContext) => () => Omit<Request, 'setupRequest'>;

/** A request made afresh for each call: unique ids and bodies of writes. */
const each = (make: Make) => (context: ScenarioContext) => {
  const next = make(context);
  return { requests: [{ setupRequest: (request: Request) => ({ ...request, ...next() }) }] };
};

/**
 * Reads built before the run: random ids, pages and intervals. Built afresh for each request
 * (as `each` does), they cost the load generator ~40% more per request than a constant one,
 * and it became the limit of the fastest reads (see drive's `staggered`).
 */
const BUILT_REQUESTS = 60_000;
const built = (make: Make) => (context: ScenarioContext) => {
  const next = make(context);
  return { requests: Array.from({ length: BUILT_REQUESTS }, next), staggered: true };
};

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

export interface ScenarioDefinition extends Omit<LoadScenario, 'load' | 'connections' | 'scenario'> {
  /** Read scenarios use --connections, writes WRITE_CONNECTIONS. */
  writes: boolean;
  /** An endpoint of a later feature: the scenario runs when the service has it. */
  endpoint?: { method: 'GET' | 'POST'; path: string; sample: (catalogue: Catalogue) => string | undefined };
  load(context: ScenarioContext): LoadScenario['load'];
}

const listPath = (pages: number) => `/api/products?limit=20&page=${1 + Math.floor(Math.random() * pages)}&where[settings.published][equals]=true&sort=-createdAt`;

/** The scenarios that are one kind of request at full speed. */
export const LOAD_SCENARIOS: Partial<Record<ScenarioName, ScenarioDefinition>> = {
  read: {
    title: 'GET /api/products/:id?depth=1, random published ids',
    reference: 'B1',
    writes: false,
    target: { ratio: 0.6 },
    load: built(({ catalogue }) => () => ({ method: 'GET', path: `/api/products/${pick(catalogue.publishedIds)}?depth=1` })),
  },
  list: {
    title: 'list published, sort -createdAt, random pages',
    reference: 'B2',
    writes: false,
    target: { ratio: 0.8 },
    load: built(({ catalogue }) => {
      const pages = Math.max(1, Math.ceil(catalogue.publishedIds.length / 20));
      return () => ({ method: 'GET', path: listPath(pages) });
    }),
  },
  'location-price': {
    title: 'list location equals + price less_than, sort price',
    reference: 'B2',
    writes: false,
    target: { ratio: 0.8 },
    load: built(() => () => ({
      method: 'GET',
      path: `/api/products?limit=20&where[basic.location][equals]=${encodeURIComponent(pick(TOWNS))}&where[additional.price][less_than]=${200 + Math.floor(Math.random() * 800)}&sort=additional.price`,
    })),
  },
  q: {
    title: 'list q= one word',
    reference: 'B2',
    writes: false,
    target: { ratio: 0.8 },
    load: built(() => () => ({ method: 'GET', path: `/api/products?limit=20&q=${pick(WORDS)}` })),
  },
  available: {
    title: 'list availableFrom/availableTo, random 2–7 day intervals',
    reference: 'B2',
    writes: false,
    target: { ratio: 0.5 },
    load: built(() => () => {
      const { from, to } = randomInterval(0, RESERVED_DAYS);
      return { method: 'GET', path: `/api/products?limit=20&availableFrom=${from}&availableTo=${to}` };
    }),
  },
  quote: {
    title: 'GET /api/products/:id/quote, random 2–7 days',
    reference: 'B1',
    writes: false,
    target: { ratio: 0.5 },
    endpoint: { method: 'GET', path: '/api/products/{id}/quote', sample: ({ publishedIds }) => `/api/products/${publishedIds[0]}/quote` },
    load: built(({ catalogue }) => () => {
      const { from, to } = randomInterval(0, RESERVED_DAYS);
      return { method: 'GET', path: `/api/products/${pick(catalogue.publishedIds)}/quote?from=${from}&to=${to}` };
    }),
  },
  calendar: {
    title: 'GET /api/products/:id/availability (the default 90 days)',
    reference: 'B1',
    writes: false,
    target: { ratio: 0.5 },
    endpoint: { method: 'GET', path: '/api/products/{id}/availability', sample: ({ publishedIds }) => `/api/products/${publishedIds[0]}/availability` },
    load: built(({ catalogue }) => () => ({ method: 'GET', path: `/api/products/${pick(catalogue.publishedIds)}/availability` })),
  },
  bookings: {
    title: 'POST /api/bookings (anonymous requests, random products and 2–7 days)',
    reference: 'C',
    writes: true,
    target: { rate: 500 },
    endpoint: { method: 'POST', path: '/api/bookings', sample: () => '/api/bookings' },
    load: each(({ catalogue }) => {
      let made = 0;
      return () => {
        made++;
        // Beyond the seeded reservations: nothing refuses these requests, as none is confirmed.
        const { from, to } = randomInterval(SEEDED_UNTIL_DAYS, 300);
        const customer = { name: `Zákazník ${made}`, email: `customer-${made}@bench.example` };
        return { method: 'POST', path: '/api/bookings', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: pick(catalogue.publishedIds), from, to, customer }) };
      };
    }),
  },
  creates: {
    title: 'POST /api/products/:id (create)',
    reference: 'C',
    writes: true,
    target: { ratio: 0.03, tail: 4 },
    load: each(({ token }) => {
      let created = 0;
      const run = `${process.pid}-${Date.now().toString(36)}`;
      return () => {
        created++;
        return {
          method: 'POST',
          path: `/api/products/bench-${run}-${created}`,
          headers: json(token),
          body: JSON.stringify({
            basic: { product_name: `Benchmark vrtačka ${created}`, product_desc: 'Nová položka', location: pick(TOWNS) },
            additional: { price: 100 + (created % 500), caution: 1000, time_unit: 'day' },
            settings: { published: true },
          }),
        };
      };
    }),
  },
  updates: {
    title: 'PATCH /api/products/:id (price)',
    reference: 'C',
    writes: true,
    target: { ratio: 0.05, tail: 4 },
    load: each(({ catalogue, token }) => () => ({
      method: 'PATCH',
      path: `/api/products/${pick(catalogue.productIds)}`,
      headers: json(token),
      body: JSON.stringify({ additional: { price: 100 + Math.floor(Math.random() * 900) } }),
    })),
  },
};
