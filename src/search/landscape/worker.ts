// The landscape computation (tf-idf → SVD → k-means → UMAP, ~2 s of CPU for 3,000
// documents) in a worker thread, so the web process keeps answering while a map is built.
// One long-lived worker, started on first use; maps queue on it.
import { Worker } from 'node:worker_threads';
import type { DocumentTerms, Landscape, LandscapeOptions } from './landscape.ts';

type Job = { id: number; resolve: (landscape: Landscape) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let sequence = 0;
const pending = new Map<number, Job>();

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
  worker = undefined;
}

function startWorker(): Worker {
  // A plain-JS entry that registers tsx in the thread, so it runs the same TypeScript under npm start and jest.
  const started = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url));
  started.on('message', (message: { id: number; landscape?: Landscape; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.landscape) job.resolve(message.landscape);
    else job.reject(new Error(message.error ?? 'Landscape computation failed'));
    if (pending.size === 0) started.unref();
  });
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`Landscape worker exited with code ${code}`)));
  return started;
}

/** buildLandscape in the worker thread. */
export function buildLandscapeInWorker(documents: readonly DocumentTerms[], options: Omit<LandscapeOptions, 'pause'> = {}): Promise<Landscape> {
  worker ??= startWorker();
  worker.ref();
  const id = ++sequence;
  const running = worker;
  return new Promise<Landscape>((resolve, reject) => {
    pending.set(id, { id, resolve, reject });
    running.postMessage({ id, documents, options });
  });
}

/** Stops the worker (shutdown, tests). */
export async function stopLandscapeWorker(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}
