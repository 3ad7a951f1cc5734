import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { NODE_FLAGS, START_ENV, START_SCRIPT } from '../scripts/start-command.js';
import { HAPROXY, HAPROXY_CONFIG } from './helpers/haproxy.js';
import { until } from './helpers/until.js';

const run = promisify(execFile);

type Compose = {
  services: Record<string, { environment?: Record<string, string>; volumes?: string[]; image?: string; build?: { context: string; dockerfile: string }; healthcheck?: unknown; depends_on?: Record<string, unknown> }>;
};

/**
 * The compose-spec's JSON schema (test/fixtures/compose: where it comes from), compiled once. It
 * names draft-07 by its https address; ajv knows draft-07 by its http one. Non-strict: it uses
 * annotations (`deprecated`) that draft-07 does not define.
 */
const composeSchema = JSON.parse(readFileSync('test/fixtures/compose/compose-spec.json', 'utf8')) as { $schema: string };
assert.equal(composeSchema.$schema, 'https://json-schema.org/draft-07/schema');
const validateCompose = new Ajv({ strict: false, allErrors: true }).compile({ ...composeSchema, $schema: 'http://json-schema.org/draft-07/schema#' });

/** YAML 1.2 with the `<<` merge keys Compose files use. */
const readCompose = (text: string): unknown => parse(text, { merge: true });

/** The deployment recipe of docs/deploy.md: its files are what they claim to be. */
describe('the deployment recipe (deploy/, Containerfile)', () => {
  const composeText = readFileSync('deploy/compose.yaml', 'utf8');

  it('has a compose file that is valid against the Compose specification', () => {
    const compose = readCompose(composeText);
    assert.equal(validateCompose(compose), true, JSON.stringify(validateCompose.errors, null, 1));
    // The schema is not a formality: a service with a misspelt key or ports in the wrong shape fails it.
    for (const wrong of ['services:\n  api:\n    image: x\n    portz: ["80:80"]\n', 'services:\n  api:\n    image: x\n    ports: {web: 80}\n']) {
      assert.equal(validateCompose(readCompose(wrong)), false, wrong);
    }
  });

  it('runs three instances of the image on PostgreSQL, Redis and MinIO, behind HAProxy with the repository configuration', () => {
    const { services } = readCompose(composeText) as Compose;
    const instances = Object.keys(services).filter((name) => /^rental-\d$/.test(name)).sort();
    assert.deepEqual(instances, ['rental-1', 'rental-2', 'rental-3']);
    for (const name of instances) {
      const service = services[name]!;
      assert.deepEqual(service.build, { context: '..', dockerfile: 'Containerfile' });
      const env = service.environment ?? {};
      assert.match(env.DATABASE_URL ?? '', /^postgres:\/\/rental:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/rental$/);
      assert.equal(env.REDIS_URL, 'redis://redis:6379');
      assert.deepEqual([env.MEDIA_STORAGE, env.S3_BUCKET, env.S3_ENDPOINT], ['s3', 'rental-media', 'http://minio:9000']);
      assert.ok(env.RENTAL_SECRET, 'one signing key for all');
      assert.deepEqual(Object.keys(service.depends_on ?? {}).sort(), ['bucket', 'postgres', 'redis']);
    }
    const haproxy = services.haproxy!;
    assert.deepEqual(haproxy.volumes, ['./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    assert.deepEqual(instances.map((_, index) => haproxy.environment?.[`RENTAL_${index + 1}`]), ['rental-1:3000', 'rental-2:3000', 'rental-3:3000']);
    // The instances believe X-Forwarded-For from HAProxy's address only.
    const networks = (haproxy as { networks?: { backend?: { ipv4_address?: string } } }).networks;
    assert.equal(services['rental-1']?.environment?.TRUST_PROXY, networks?.backend?.ipv4_address);
    for (const name of ['postgres', 'redis', 'minio']) assert.ok(services[name]?.healthcheck, `${name} has a health check the others wait for`);
  });

  it('has a HAProxy configuration that HAProxy accepts with the environment compose gives it', { skip: !HAPROXY && 'HAProxy is not installed' }, () => {
    const { services } = readCompose(composeText) as Compose;
    // Compose's host names resolve only inside its network: the same variables, loopback addresses.
    const env = Object.fromEntries(Object.entries(services.haproxy?.environment ?? {}).map(([name, value]) => [name, value.replace(/^rental-(\d):\d+$/, '127.0.0.1:300$1')]));
    const check = spawnSync(HAPROXY as string, ['-c', '-f', HAPROXY_CONFIG], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    const broken = spawnSync(HAPROXY as string, ['-c', '-f', HAPROXY_CONFIG], { env: { PATH: process.env.PATH ?? '', ...env, RENTAL_1: 'not an address' }, encoding: 'utf8' });
    assert.notEqual(broken.status, 0, 'a check that can fail');
  });

  it("starts node as `npm start` does: the same allocator settings and flags in the image and the systemd unit", () => {
    assert.ok(Object.keys(START_ENV).length > 0 && NODE_FLAGS.length > 0, 'npm start sets the allocator and gives node flags');
    const containerfile = readFileSync('Containerfile', 'utf8');
    const imageEnv = Object.fromEntries([...containerfile.matchAll(/^ENV (.+)$/gm)].flatMap(([, words]) => (words ?? '').split(/\s+/).map((word) => word.split('='))));
    const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(containerfile)?.[1] ?? '[]') as string[];
    const unit = readFileSync('deploy/systemd/rental@.service', 'utf8');
    const unitEnv = Object.fromEntries((/^Environment=(.+)$/m.exec(unit)?.[1] ?? '').split(/\s+/).map((word) => word.split('=')));
    const execStart = (/^ExecStart=(.+)$/m.exec(unit)?.[1] ?? '').split(/\s+/);
    for (const [name, value] of Object.entries(START_ENV)) {
      assert.equal(imageEnv[name], value, `Containerfile ENV ${name}`);
      assert.equal(unitEnv[name], value, `systemd Environment ${name}`);
    }
    assert.deepEqual(cmd, ['node', ...NODE_FLAGS, START_SCRIPT]);
    assert.deepEqual(execStart, ['/usr/bin/node', ...NODE_FLAGS, START_SCRIPT]);
  });

  it('has systemd units that systemd accepts', { skip: spawnSync('systemd-analyze', ['--version']).error && 'systemd-analyze is not installed' }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'rental-units-'));
    try {
      copyFileSync('deploy/systemd/rental@.service', join(dir, 'rental@3001.service'));
      copyFileSync('deploy/systemd/rental.target', join(dir, 'rental.target'));
      const verify = (...units: string[]) => spawnSync('systemd-analyze', ['verify', ...units.map((unit) => join(dir, unit))], { encoding: 'utf8' });
      const result = verify('rental@3001.service', 'rental.target');
      // systemd reports a key it cannot parse and goes on: any output is a fault.
      assert.deepEqual([result.status, result.stdout + result.stderr], [0, '']);
      writeFileSync(join(dir, 'rental@3002.service'), readFileSync('deploy/systemd/rental@.service', 'utf8').replace('KillSignal=SIGTERM', 'KillSignal=SIGNOPE'));
      assert.match(verify('rental@3002.service').stderr, /Failed to parse signal name/, 'a check that can fail');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const builder = containerBuilder();
  it('has a Containerfile that builds an image which runs as a user, without sources, and becomes healthy', { skip: typeof builder === 'string' && builder, timeout: 900_000 }, async () => {
    const tool = builder as string[];
    const tag = `rental-catalogue-test:${process.pid}`;
    await run(tool[0] as string, [...tool.slice(1), 'build', '-f', 'Containerfile', '-t', tag, '.'], { maxBuffer: 64 * 1024 * 1024 });
    try {
      const inImage = async (...command: string[]) => (await run(tool[0] as string, [...tool.slice(1), 'run', '--rm', '--entrypoint', '', tag, ...command])).stdout.trim();
      assert.notEqual(await inImage('id', '-u'), '0', 'not root');
      assert.deepEqual((await inImage('ls', '/app')).split(/\s+/).sort(), ['dist', 'node_modules', 'package.json', 'rental.config.ts']);
      assert.equal(await inImage('node', '-e', "import('typescript').then(() => console.log('dev'), () => console.log('production only'))"), 'production only');
      const { stdout } = await run(tool[0] as string, [...tool.slice(1), 'run', '-d', '-p', '127.0.0.1::3000', tag]);
      const container = stdout.trim();
      try {
        const port = (await run(tool[0] as string, [...tool.slice(1), 'port', container, '3000'])).stdout.trim().split(':').pop();
        assert.ok(await until(async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.status === 200, 60_000, 500), '/ready answers');
        const health = async () => (await run(tool[0] as string, [...tool.slice(1), 'inspect', '--format', '{{.State.Health.Status}}', container])).stdout.trim();
        assert.ok(await until(async () => (await health()) === 'healthy', 90_000, 1000), `health: ${await health()}`);
      } finally {
        await run(tool[0] as string, [...tool.slice(1), 'rm', '-f', container]);
      }
    } finally {
      await run(tool[0] as string, [...tool.slice(1), 'rmi', '-f', tag]).catch(() => undefined);
    }
  });
});

/** docker or podman with an engine that answers (its command words), or why there is none. */
function containerBuilder(): string[] | string {
  for (const tool of ['docker', 'podman']) {
    const info = spawnSync(tool, ['info'], { encoding: 'utf8', timeout: 20_000 });
    if (!info.error && info.status === 0) return [tool];
  }
  return 'no container engine answers here (docker info, podman info): the Containerfile is built where one does';
}
