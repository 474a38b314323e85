// Text analysis in a worker thread, for long analysis in the process that answers pages: the
// examination simulation (ROLE all runs it in the web process) analyses every passage of the
// documents it charts, and one gazette paragraph or a 30-element invention is a single
// synchronous kuromoji pass of 100–400 ms on a loaded machine, with no turn for other requests
// in between (bench/priorart-pages profile: the longest holds of the event loop, up to ~1.1 s).
// Same analyser, same tokens; one long-lived thread started on first use, stopped after a
// while unused (its kuromoji dictionary is ~340 MB).
import { Worker } from 'node:worker_threads';
import type { AnalysisRegion, AnalyzeOptions } from './index.ts';

type Job = { resolve: (tokens: string[][]) => void; reject: (error: Error) => void };

/** The thread goes after this long without work (started again, ~0.6 s of dictionary, on the next). */
const IDLE_MS = 5 * 60_000;

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let sequence = 0;
const pending = new Map<number, Job>();

function failAll(thread: Worker, error: Error): void {
  if (worker !== thread) return;
  for (const job of pending.values()) job.reject(error);
  pending.clear();
  worker = undefined;
}

function startWorker(): Worker {
  // A plain-JS entry that registers tsx in the thread, so it runs the same TypeScript under npm start and jest.
  const started = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url));
  started.on('message', (message: { id: number; tokens?: string[][]; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.tokens) job.resolve(message.tokens);
    else job.reject(new Error(message.error ?? 'Text analysis failed'));
    if (pending.size === 0) {
      started.unref();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void stopAnalysisWorker(), IDLE_MS).unref();
    }
  });
  started.on('error', (error) => failAll(started, error));
  started.on('exit', (code) => failAll(started, new Error(`Analysis worker exited with code ${code}`)));
  return started;
}

/** analyzeField of each text, in the worker thread; `distinct`: each token once, in order of first appearance (less to copy back). */
export function analyzeFieldsInWorker(texts: readonly string[], region: AnalysisRegion, options: AnalyzeOptions & { distinct?: boolean } = {}): Promise<string[][]> {
  if (texts.length === 0) return Promise.resolve([]);
  clearTimeout(idleTimer);
  worker ??= startWorker();
  worker.ref();
  const id = ++sequence;
  const running = worker;
  return new Promise<string[][]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.postMessage({ id, texts, region, options });
  });
}

/** Stops the worker (shutdown, tests, idle); analysis still waiting on it fails. */
export async function stopAnalysisWorker(): Promise<void> {
  clearTimeout(idleTimer);
  const running = worker;
  if (!running) return;
  failAll(running, new Error('Analysis worker stopped'));
  await running.terminate();
}
