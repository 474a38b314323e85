// The Agenda job runner on PostgreSQL. Every process has one: web processes schedule Agenda
// jobs and publish notifications (LISTEN/NOTIFY) to wake workers; only processes whose ROLE
// includes `worker` process Agenda jobs (start()). Background jobs (src/jobs) use it to wake
// workers and to tell them about cancellations.
import { Agenda, toJobId } from 'agenda';
import { PostgresBackend, type PostgresJobRepository } from '@agendajs/postgres-backend';
import type { Logger } from './logger.ts';

/**
 * How often a worker polls agenda_jobs for due jobs. Notifications wake workers at once; the
 * poll only catches a notification that was lost (e.g. while the LISTEN connection reconnected).
 */
const PROCESS_EVERY_MS = 2_000;
/**
 * The longest stop() waits for Agenda's liveness timers (see below). Define short Agenda jobs
 * with a short lockLifetime (as src/jobs does) so theirs stay below it.
 */
const MAX_QUIET_WAIT_MS = 5_000;

/**
 * System work that belongs to no user's history (mail the request path must not wait for):
 * Agenda jobs run by worker processes. Define them in src/jobs/handlers.ts.
 */
export interface TaskScheduler {
  /** Queues the Agenda job `name` to run as soon as a worker takes it. */
  now(name: string, data: Record<string, unknown>): Promise<void>;
}

export interface JobRunner extends TaskScheduler {
  agenda: Agenda;
  /** Processes Agenda jobs in this process (ROLE worker/all); define jobs before. */
  start(): Promise<void>;
  /** Connects the notification channel only, so a web process wakes workers when it schedules. */
  connect(): Promise<void>;
  /** Publishes a notification `{ name, id }` to every process of this deployment. */
  publish(name: string, id: string): Promise<void>;
  /** Receives the notifications published under `name` (and Agenda's own for jobs of that name). */
  subscribe(name: string, handler: (id: string) => void): () => void;
  stop(graceMs: number): Promise<void>;
}

export function createJobRunner(options: { databaseUrl: string; logger: Logger; name: string }): JobRunner {
  const { logger } = options;
  const backend = new PostgresBackend({ connectionString: options.databaseUrl, tableName: 'agenda_jobs' });
  const channel = backend.notificationChannel!;
  // An unhandled error on the LISTEN connection would crash the process; the channel
  // reconnects by itself.
  channel.on('error', (error: unknown) => logger.warn({ err: error }, 'job notification channel error'));
  // Likewise an idle connection of the backend's own pool that the server drops (restart, failover).
  (backend.repository as PostgresJobRepository).getPool().on('error', (error: unknown) => logger.warn({ err: error }, 'job runner connection error'));
  const agenda = new Agenda({ backend, name: options.name, processEvery: PROCESS_EVERY_MS });
  agenda.on('error', (error: unknown) => logger.error({ err: error }, 'job runner error'));

  // Agenda arms a liveness timer of max(processEvery, lockLifetime) / 2 for every run and
  // offers no way to clear it: after stop() it would keep the process (and a test runner)
  // alive for up to 5 minutes with the default lock lifetime of 10. Short jobs are defined
  // with a short lockLifetime (the background job wake-up: 2 s, so 1 s timers); we note when
  // each run ends and stop() waits until the last of those timers has fired, so nothing is
  // left behind.
  let quietAt = 0;
  const running = new Set<unknown>();
  const livenessMs = (name: string) => Math.max(PROCESS_EVERY_MS, agenda.definitions[name]?.lockLifetime ?? 0) / 2;
  agenda.on('start', (job) => running.add(job));
  agenda.on('complete', (job) => {
    running.delete(job);
    quietAt = Math.max(quietAt, Date.now() + livenessMs(job.attrs.name) + 50);
  });

  const subscribers = new Map<string, Set<(id: string) => void>>();
  const dispatch = (notification: { jobName: string; jobId: unknown }) => {
    for (const handler of subscribers.get(notification.jobName) ?? []) {
      try {
        handler(String(notification.jobId));
      } catch (error) {
        logger.error({ err: error }, 'job notification handler failed');
      }
    }
  };

  let mode: 'idle' | 'listening' | 'processing' = 'idle';
  let unsubscribe: (() => void) | undefined;
  return {
    agenda,
    async now(name, data) {
      await agenda.now(name, data);
    },
    async start() {
      // A process that only listened so far (web role) hands the channel over to Agenda, which
      // connects it itself; connected twice, Agenda's stop() never returned.
      if (mode === 'listening') {
        unsubscribe?.();
        await channel.disconnect().catch(() => undefined);
      }
      await agenda.start(); // connects the channel
      unsubscribe = channel.subscribe(dispatch);
      mode = 'processing';
      logger.info('job runner started');
    },
    async connect() {
      await agenda.ready;
      await channel.connect();
      unsubscribe = channel.subscribe(dispatch);
      mode = 'listening';
    },
    async publish(name, id) {
      if (channel.state !== 'connected') return; // workers still learn it from the database
      await channel.publish({ jobId: toJobId(id), jobName: name, nextRunAt: null, priority: 0, timestamp: new Date(), source: options.name });
    },
    subscribe(name, handler) {
      const set = subscribers.get(name) ?? new Set();
      set.add(handler);
      subscribers.set(name, set);
      return () => set.delete(handler);
    },
    async stop(graceMs) {
      if (mode === 'processing') {
        // Let running jobs finish within the grace period, then release the locks of the rest.
        // (Not agenda.drain(): it waits for a 'complete' event, and misses a job that emitted
        // it just before the drain began but had not left the running list yet.)
        const deadline = Date.now() + graceMs;
        while (running.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        await agenda.stop().catch(() => undefined);
      } else if (mode === 'listening') {
        await channel.disconnect().catch(() => undefined);
      } else {
        // Never started (start-up failed later on): let the backend finish connecting first,
        // since Agenda does not catch a failure of a connect that a disconnect cut short.
        await Promise.race([agenda.ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      }
      await backend.disconnect().catch(() => undefined);
      const wasProcessing = mode === 'processing';
      mode = 'idle';
      subscribers.clear();
      if (running.size) logger.warn({ jobs: running.size }, 'agenda jobs still running at stop; their timers end when they do');
      const wait = quietAt - Date.now();
      if (wait > MAX_QUIET_WAIT_MS) {
        logger.warn({ ms: wait }, 'an Agenda job with a long lock lifetime ran: its liveness timer outlives the stop');
      } else if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      if (wasProcessing) logger.info('job runner stopped');
    },
  };
}
