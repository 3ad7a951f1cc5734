import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module `name` beside the calling module: the compiled `.js` in
 * the service, the `.ts` source in the tests, through tsx, which Node 20 does not register in
 * worker threads.
 */
export function startWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  const fromSource = callerUrl.endsWith('.ts');
  const url = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, callerUrl);
  if (!fromSource) return new Worker(url, { workerData });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
