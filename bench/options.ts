import { parseArgs } from 'node:util';

export const SCENARIOS = [
  'read',
  'list',
  'location-price',
  'q',
  'available',
  'quote',
  'calendar',
  'bookings',
  'creates',
  'updates',
  'login-burst',
  'webhooks',
  'sse',
  'export',
  'import',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export interface BenchOptions {
  db: 'sqlite' | 'postgres';
  postgresUrl: string;
  /** Seconds each scenario and each reference is measured, after `warmup` seconds not counted. */
  duration: number;
  warmup: number;
  products: number;
  seed: 'api' | 'bulk';
  /** Connections of the read scenarios (writes always use 32). */
  connections: number;
  /** Service and reference servers on CPU 0, the load generator on CPU 1. */
  pin: boolean;
  scenarios: ReadonlySet<ScenarioName>;
  /** Another build (a git ref) to run alternately with this one: base, this, base, this, … */
  compare: string | undefined;
  /** Alternating pairs with --compare. */
  pairs: number;
  /** Service processes behind HAProxy (PostgreSQL only); undefined: one process, no HAProxy. */
  instances: number | undefined;
  /** A results file of a smaller catalogue: the p50 of each list is reported as a multiple of its. */
  baseline: string | undefined;
  /** Writes a CPU profile of the service (`node --cpu-prof`) into this folder. */
  cpuProf: string | undefined;
  /** SQLite, --seed bulk: a folder whose bulk-seeded catalogue is reused (seeded there the first time and kept). */
  seeded: string | undefined;
}

export const USAGE = `npm run bench -- [options]
  --db sqlite|postgres       the database (default sqlite)
  --postgres-url URL         an administrative connection (default TEST_POSTGRES_URL); the bench creates and drops its own databases
  --products N               catalogue size (default 100000)
  --seed api|bulk            create the products through POST /api/products/:id (default) or write them before the service starts
  --duration S               seconds measured per scenario and per reference (default 10)
  --warmup S                 seconds run and not counted before each (default 1)
  --connections N            connections of the read scenarios (default 10; writes use 32)
  --scenarios a,b,c          only these (${SCENARIOS.join(', ')})
  --no-pin                   do not pin the service to CPU 0 and the load generator to CPU 1
  --compare REF              also build git REF and run both alternately (REF, this, REF, this, …)
  --pairs N                  alternating pairs with --compare (default 3)
  --instances N              PostgreSQL: N (1-4) service processes behind HAProxy, as the HAProxy test starts them
                             (default: one process, no HAProxy)
  --baseline FILE            a results file of a smaller catalogue: list p50s as multiples of its
  --cpu-prof DIR             run the service under node --cpu-prof, profiles written to DIR
  --seeded DIR               SQLite with --seed bulk: reuse the catalogue seeded in DIR (its rental.db, media/ and
                             catalogue.json); seed it there and keep it when DIR has none. Write scenarios change it`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      'postgres-url': { type: 'string' },
      products: { type: 'string', default: '100000' },
      seed: { type: 'string', default: 'api' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      scenarios: { type: 'string' },
      'no-pin': { type: 'boolean', default: false },
      compare: { type: 'string' },
      pairs: { type: 'string', default: '3' },
      instances: { type: 'string' },
      baseline: { type: 'string' },
      'cpu-prof': { type: 'string' },
      seeded: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, value: string, min: number): number => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min) throw new Error(`--${name} must be a number of at least ${min}, not ${value}`);
    return parsed;
  };
  if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error(`--db is sqlite or postgres, not ${values.db}`);
  if (values.seed !== 'api' && values.seed !== 'bulk') throw new Error(`--seed is api or bulk, not ${values.seed}`);
  const scenarios = values.scenarios ? values.scenarios.split(',').map((name) => name.trim()) : [...SCENARIOS];
  const unknown = scenarios.filter((name) => !(SCENARIOS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown scenarios: ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`);
  const instances = values.instances === undefined ? undefined : Math.round(number('instances', values.instances, 1));
  if (instances !== undefined) {
    if (values.db !== 'postgres') throw new Error('--instances needs --db postgres (the instances share one database)');
    if (values.compare) throw new Error('--instances runs this checkout only, not with --compare');
    if (instances > 4) throw new Error('--instances is at most 4 (deploy/haproxy.cfg names four servers)');
  }
  if (values.seeded !== undefined) {
    if (values.db !== 'sqlite' || values.seed !== 'bulk') throw new Error('--seeded needs --db sqlite and --seed bulk (a PostgreSQL database is made afresh each run)');
    if (values.compare) throw new Error('--seeded runs this checkout only, not with --compare');
  }
  const postgresUrl = values['postgres-url'] ?? process.env.TEST_POSTGRES_URL ?? '';
  if (values.db === 'postgres' && !postgresUrl) throw new Error('--db postgres needs --postgres-url or TEST_POSTGRES_URL');
  return {
    db: values.db,
    postgresUrl,
    products: Math.round(number('products', values.products, 1)),
    seed: values.seed,
    duration: number('duration', values.duration, 1),
    warmup: number('warmup', values.warmup, 0),
    connections: Math.round(number('connections', values.connections, 1)),
    pin: !values['no-pin'],
    scenarios: new Set(scenarios as ScenarioName[]),
    compare: values.compare,
    pairs: Math.round(number('pairs', values.pairs, 1)),
    instances,
    baseline: values.baseline,
    cpuProf: values['cpu-prof'],
    seeded: values.seeded,
  };
}
