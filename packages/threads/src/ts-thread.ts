import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker thread that runs a TypeScript file of the project as it is in the checkout. Loader hooks are
// per thread, so the thread's first code registers tsx and only then imports the entry: a Worker given the
// .ts file itself would not compile it. The replay packer, the rating closer and the archive importer's
// pool start their threads this way.

/** Starts a thread running `entry`, a file URL (the caller's own path to it, from its import.meta.url). */
export function startTsThread(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code =
    `import(${JSON.stringify(tsx)})` +
    `.then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
