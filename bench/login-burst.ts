import { drive } from './load.js';
import { fromLoad, judge, type MeasureSettings, type Measurement } from './measurement.js';
import type { References } from './references.js';
import { LOAD_SCENARIOS, type ScenarioContext } from './scenarios.js';
import { serviceCpuMicroseconds, type Service } from './service.js';

/** Connections of the login burst: argon2id hashes on the service's pool of hash threads. */
const LOGIN_CONNECTIONS = 4;

/**
 * Random reads by id (as the read scenario) while logins run beside them: the hashes must not
 * hold the reads up. Its target: the reads' p99 at most 3 × their p99 alone (the read scenario's).
 */
export async function measureLoginBurst(service: Service, references: References, settings: MeasureSettings, context: ScenarioContext, readAlone: Measurement | undefined): Promise<Measurement> {
  const read = LOAD_SCENARIOS.read;
  if (!read) throw new Error('the read scenario is missing');
  const connections = context.readConnections;
  const before = await references.before('B1', connections);
  const reads = { ...read.load(context), url: service.url, connections, duration: settings.duration };
  const logins = {
    url: service.url,
    connections: LOGIN_CONNECTIONS,
    duration: settings.duration,
    requests: [{ method: 'POST' as const, path: '/api/rents/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify(context.catalogue.admin) }],
  };
  const cpuBefore = serviceCpuMicroseconds(service);
  const [readLoad, loginLoad] = await Promise.all([drive(reads), drive(logins)]);
  const cpu = serviceCpuMicroseconds(service) - cpuBefore;
  const after = await references.after('B1', connections);
  const measured = fromLoad(
    { scenario: 'login-burst', title: `GET /api/products/:id?depth=1 beside a login burst (${LOGIN_CONNECTIONS} connections)`, reference: 'B1', ...(readAlone ? { target: { besideFactor: 3 } } : {}), connections },
    service,
    { ...readLoad, requests: readLoad.requests + loginLoad.requests },
    cpu,
    before,
    after,
  );
  const factor = readAlone ? `; the reads' p99 ${(readLoad.p99 / readAlone.p99).toFixed(2)} × their p99 alone` : '';
  return judge({
    ...measured,
    ...(readAlone ? { p99Alone: readAlone.p99 } : {}),
    failures: readLoad.failures + loginLoad.failures,
    note: `logins ${Math.round(loginLoad.requestsPerSecond)}/s, p50 ${loginLoad.p50} ms${factor}; CPU per read or login`,
  });
}
