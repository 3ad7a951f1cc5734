import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, NODE_FLAGS, START_ENV, START_SCRIPT } from '../../scripts/start-command.js';

/** The service as its own process, started as `npm start` starts it. */
export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const READY_WITHIN_MS = 30_000;
/** The last bytes of a stream worth showing when something goes wrong. */
const KEPT_OUTPUT = 4096;

/** `port`: where it listens (a restarted instance takes its predecessor's); unset, a free one. */
export async function startProcess(env: Record<string, string>, options: { port?: number } = {}): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const reports = mkdtempSync(join(tmpdir(), 'rental-report-'));
  // A diagnostic report on SIGUSR2 says where a service that never becomes ready is stuck.
  const flags = [...NODE_FLAGS, '--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`, START_SCRIPT];
  const child = spawn(process.execPath, flags, {
    env: { ...process.env, ...START_ENV, RENTAL_CONFIG: resolve('test/fixtures/configs/open-limits.ts'), LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout = (output.stdout + String(chunk)).slice(-KEPT_OUTPUT)));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr = (output.stderr + String(chunk)).slice(-KEPT_OUTPUT)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      rmSync(reports, { recursive: true, force: true });
      // A service that ends by itself (not by a test's signal) shows why.
      if (signal === null && code !== 0) process.stderr.write(`service on port ${port} exited with ${code}:\n${output.stderr}\n`);
      done({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  let lastAnswer = 'no attempt';
  while (Date.now() - startedAt < READY_WITHIN_MS) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}: ${output.stderr}`);
    try {
      const res = await fetch(`${url}/ready`);
      if (res.ok) return { child, url, exited };
      lastAnswer = `${res.status} ${await res.text()}`;
    } catch (error) {
      lastAnswer = String((error as { cause?: unknown }).cause ?? error); // not listening yet
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  const diagnosis = await diagnose(child, reports);
  child.kill('SIGKILL');
  throw new Error(
    `service did not become ready within ${READY_WITHIN_MS} ms; last /ready: ${lastAnswer}\n` +
      `stderr: ${output.stderr}\nstdout: ${output.stdout}\n${diagnosis}`,
  );
}

/** Where a live process is: its threads' kernel states, and Node's report of its JavaScript stack and handles. */
async function diagnose(child: ChildProcess, reports: string): Promise<string> {
  const lines: string[] = [];
  try {
    for (const task of readdirSync(`/proc/${child.pid}/task`)) {
      const at = `/proc/${child.pid}/task/${task}`;
      const state = readFileSync(`${at}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[0];
      lines.push(`thread ${task} ${readFileSync(`${at}/comm`, 'utf8').trim()}: ${state} ${readFileSync(`${at}/wchan`, 'utf8')}`);
    }
  } catch (error) {
    lines.push(`threads: ${String(error)}`);
  }
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 3000; waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
    const file = readdirSync(reports).find((name) => name.endsWith('.json'));
    if (!file) continue;
    try {
      const report = JSON.parse(readFileSync(join(reports, file), 'utf8')) as {
        javascriptStack?: { stack?: string[] };
        nativeStack?: { symbol?: string }[];
        libuv?: { type: string; is_active?: boolean; remoteEndpoint?: { port: number } | null; filename?: string }[];
      };
      lines.push(`JavaScript stack: ${(report.javascriptStack?.stack ?? []).slice(0, 20).join(' | ')}`);
      lines.push(`native stack: ${(report.nativeStack ?? []).slice(0, 20).map((frame) => frame.symbol).join(' | ')}`);
      lines.push(`active handles: ${(report.libuv ?? []).filter((handle) => handle.is_active).map((handle) => `${handle.type}${handle.remoteEndpoint ? ` to port ${handle.remoteEndpoint.port}` : ''}${handle.filename ? ` ${handle.filename}` : ''}`).join(', ')}`);
      return lines.join('\n');
    } catch {
      // still being written
    }
  }
  lines.push('no diagnostic report within 3 s (the main thread never got back to JavaScript)');
  return lines.join('\n');
}
