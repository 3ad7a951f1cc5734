import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The service as its own process, started as `npm start` starts it. */
export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let nextPort = 5200 + Math.floor(Math.random() * 1000);
/** `npm start`'s command line (package.json), split into words: `node`, its flags, the script. */
const START = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);

export async function startProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = nextPort++;
  const child = spawn(process.execPath, START.slice(1), {
    env: { ...process.env, RENTAL_CONFIG: resolve('test/fixtures/configs/open-limits.ts'), LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      // A service that ends by itself (not by a test's signal) shows why.
      if (signal === null && code !== 0) process.stderr.write(`service on port ${port} exited with ${code}:\n${stderr}\n`);
      done({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return { child, url, exited };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`service did not become ready: ${stderr}`);
}
