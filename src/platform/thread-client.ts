// One long-lived worker thread serving requests from this thread (text analysis, the patent map):
// started on first use, unref'd while it has nothing to do so it never keeps the process alive,
// optionally stopped after a while unused (a thread holding kuromoji's dictionary is ~340 MB).
// The thread's side is serveThreadRequests (thread-server.ts). A thread that dies fails what
// waits on it, and the next request starts a new one.
import { Worker } from 'node:worker_threads';

export interface ThreadClient<Request, Answer> {
  run(request: Request): Promise<Answer>;
  /** Stops the thread (shutdown, tests, idle); requests still waiting on it fail. */
  stop(): Promise<void>;
  /** Whether a thread is up now. */
  running(): boolean;
}

type Job<Answer> = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/** `entry`: a plain-JS module that registers tsx in the thread and imports the TypeScript side (a worker's `--import` runs too late for its own entry on Node 20). */
export function threadClient<Request, Answer>(entry: URL, options: { name: string; idleMs?: number }): ThreadClient<Request, Answer> {
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let sequence = 0;
  const pending = new Map<number, Job<Answer>>();

  const failAll = (thread: Worker, error: Error) => {
    if (worker !== thread) return;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };

  const stop = async () => {
    clearTimeout(idleTimer);
    const running = worker;
    if (!running) return;
    failAll(running, new Error(`${options.name} stopped`));
    await running.terminate();
  };

  const start = () => {
    const started = new Worker(entry);
    started.on('message', (message: { id: number; answer?: Answer; error?: string }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (message.error === undefined) job.resolve(message.answer as Answer);
      else job.reject(new Error(message.error || `${options.name} failed`));
      if (pending.size === 0) {
        started.unref();
        if (options.idleMs !== undefined) idleTimer = setTimeout(() => void stop(), options.idleMs).unref();
      }
    });
    started.on('error', (error) => failAll(started, error));
    started.on('exit', (code) => failAll(started, new Error(`${options.name} exited with code ${code}`)));
    return started;
  };

  return {
    run(request) {
      clearTimeout(idleTimer);
      worker ??= start();
      worker.ref();
      const id = ++sequence;
      const running = worker;
      return new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, request });
      });
    },
    stop,
    running: () => worker !== undefined,
  };
}
