// The background job queue (§3, §4). background_jobs is the queue: it holds the jobs, their
// order and their state, so it is also what makes them durable. Processes talk through the
// notification channel of the Agenda PostgreSQL backend (LISTEN/NOTIFY, reconnecting):
// - enqueue inserts a row and publishes a wake-up. Any process can enqueue, get, list, cancel.
// - A worker (ROLE worker/all) runs up to JOB_CONCURRENCY handlers. Whenever it has a free slot
//   and something happens (a wake-up, a handler finishing, its heartbeat tick) it claims the next
//   waiting row in queue order with FOR UPDATE SKIP LOCKED: workers never take the same job and
//   all follow the same order. The tick also catches a job whose wake-up was lost.
// - Cancel marks the job and its related jobs 9 and notifies every process; the worker running
//   one aborts its signal. The heartbeat reads the status too, so a lost notification delays the
//   abort by one heartbeat at most.
// - Every claim carries a lease (fencing token). A run whose heartbeat went stale (its process
//   died) is put back in the queue by any worker while attempts < 3, else failed with E999.
// Measured (bench/jobs.ts) against scheduling an Agenda job per enqueue that claims the next row:
// the Agenda round trip (insert, lock, two state saves, delete, three state notifications)
// tripled the pick-up latency and cut burst throughput four-fold, and added no guarantee the
// table does not already give.
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import type { JobRunner } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import {
  cancelJobs,
  claimNextJob,
  findJob,
  finishJob,
  heartbeat,
  insertJob,
  isUuid,
  listJobs,
  recoverStaleJobs,
  releaseJob,
  reportProgress,
  type ClaimedJob,
} from './repository.ts';
import { JOB_TYPES, JobAbortedError, type BackgroundJob, type EnqueueJob, type JobContext, type JobHandler, type JobQueue, type JobType } from './types.ts';

/** Notification that jobs are waiting (its id names one of them, for operators only). */
export const WAKE_NOTICE = 'hatsumei:background-jobs';
/** Notification telling every process that a running job was cancelled. */
export const CANCEL_NOTICE = 'hatsumei:background-jobs:cancel';
/** After the grace period and the abort, how long a handler that ignores its signal is waited for. */
const ABORT_SETTLE_MS = 2_000;

const JOB_TYPE_VALUES = new Set<number>(Object.values(JOB_TYPES));

export interface JobQueueOptions {
  db: Database;
  runner: JobRunner;
  logger: Logger;
  /** Handlers at once in this process; heartbeat interval; heartbeat age after which a run counts as dead. */
  concurrency: number;
  heartbeatMs: number;
  staleMs: number;
  /** Names this process in background_jobs.worker. */
  workerName?: string;
}

/** The queue plus the worker side, which the runtime starts in ROLE worker/all processes. */
export interface JobQueueService extends JobQueue {
  /** Starts taking jobs (after the handlers are registered): recovers stale runs, then claims. */
  startWorker(): Promise<void>;
  /** Stops taking jobs; running handlers get graceMs to finish, then are aborted and their jobs put back in the queue. */
  stop(graceMs: number): Promise<void>;
  /** Recovers stale running jobs now (workers also do it every staleMs / 2). */
  recover(): Promise<{ retried: string[]; failed: string[] }>;
}

interface Run {
  job: BackgroundJob;
  lease: string;
  controller: AbortController;
  done: Promise<void>;
}

/** Waits for `promise` at most `ms`; the timer is cleared either way, so it never keeps the process alive. */
async function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export function createJobQueue(options: JobQueueOptions): JobQueueService {
  const { db, runner, logger } = options;
  const workerName = options.workerName ?? `${hostname()}:${process.pid}`;
  const handlers = new Map<JobType, JobHandler>();
  const running = new Map<string, Run>(); // by lease
  let state: 'idle' | 'running' | 'stopping' = 'idle';
  let tick: NodeJS.Timeout | undefined;
  let unsubscribe: Array<() => void> = [];

  async function enqueue(database: Database, job: EnqueueJob): Promise<string> {
    if (!JOB_TYPE_VALUES.has(job.type)) throw new TypeError(`unknown background job type ${String(job.type)}`);
    if (!isUuid(job.userId)) throw new TypeError('background job without a valid userId');
    const uuid = await insertJob(database, job);
    const wake = async () => {
      if (state === 'running') void fill();
      try {
        await runner.publish(WAKE_NOTICE, uuid);
      } catch (error) {
        // The row is durable: a worker's next tick takes it anyway.
        logger.warn({ err: error, job: uuid }, 'could not wake the job workers');
      }
    };
    const transaction = database as Knex.Transaction;
    if (database.isTransaction && transaction.executionPromise) {
      // Workers woken before the commit would not see the row yet.
      transaction.executionPromise.then(wake, () => undefined);
    } else {
      await wake();
    }
    return uuid;
  }

  function abortRun(run: Run, why: JobAbortedError['why']) {
    if (!run.controller.signal.aborted) run.controller.abort(new JobAbortedError(why));
  }

  let filling: Promise<void> | undefined;
  let refill = false;
  /** Claims waiting jobs into free slots, in queue order. Calls during a pass make it run once more. */
  function fill(): Promise<void> {
    if (state !== 'running') return Promise.resolve();
    if (filling) {
      refill = true;
      return filling;
    }
    const pass = claimIntoFreeSlots();
    filling = pass;
    void pass.finally(() => {
      filling = undefined;
      if (refill) void fill(); // asked for between the pass's end and now
    });
    return pass;
  }

  async function claimIntoFreeSlots(): Promise<void> {
    try {
      do {
        refill = false;
        while (state === 'running' && running.size < options.concurrency) {
          const claimed = await claimNextJob(db, [...handlers.keys()], workerName);
          if (!claimed) break;
          if (state !== 'running') {
            await releaseJob(db, claimed.job.uuid, claimed.lease);
            break;
          }
          launch(claimed);
        }
      } while (refill && state === 'running');
    } catch (error) {
      logger.error({ err: error }, 'could not take background jobs');
    }
  }

  function launch({ job, lease }: ClaimedJob) {
    const run = { job, lease, controller: new AbortController() } as Run;
    running.set(lease, run);
    run.done = execute(run).finally(() => {
      running.delete(lease);
      void fill();
    });
  }

  async function execute(run: Run): Promise<void> {
    const { job, lease, controller } = run;
    const log = logger.child({ job: job.uuid, jobType: job.type, attempt: job.attempts });
    const handler = handlers.get(job.type)!;
    let lastProgress = job.progress;
    const context: JobContext = {
      db,
      logger: log,
      signal: controller.signal,
      job,
      async progress(percent) {
        if (controller.signal.aborted) throw controller.signal.reason;
        const value = Math.min(100, Math.max(0, Math.round(Number(percent) || 0)));
        if (value === lastProgress) return;
        if (await reportProgress(db, job.uuid, lease, value)) {
          lastProgress = value;
          return;
        }
        const current = await findJob(db, job.userId, job.uuid);
        abortRun(run, current?.status === 9 ? 'cancelled' : 'lost');
        throw controller.signal.reason;
      },
      enqueue: (followUp) =>
        enqueue(db, {
          ...followUp,
          userId: job.userId,
          queryId: followUp.queryId === undefined ? job.queryId : followUp.queryId,
          relatedJobUuid: job.relatedJobUuid ?? job.uuid,
        }),
    };
    try {
      let result: unknown;
      try {
        result = await Promise.resolve().then(() => handler(context));
      } catch (error) {
        const reason = controller.signal.aborted ? (controller.signal.reason as JobAbortedError) : undefined;
        if (reason?.why === 'shutdown') {
          await releaseJob(db, job.uuid, lease);
          log.info('background job interrupted by shutdown; back in the queue');
        } else if (reason) {
          log.info({ why: reason.why }, 'background job stopped');
        } else if (error instanceof AppError) {
          log.info({ errcode: error.errcode }, 'background job failed');
          await finishJob(db, job.uuid, lease, { status: 8, errcode: error.errcode });
        } else {
          // Payload and result are never logged: they may hold a user's confidential text.
          log.error({ err: error }, 'background job failed unexpectedly');
          await finishJob(db, job.uuid, lease, { status: 8, errcode: 'E999' });
        }
        return;
      }
      if (!(await finishJob(db, job.uuid, lease, { status: 1, result }))) {
        log.info('background job result discarded: the job was cancelled or taken over');
      }
    } catch (error) {
      // Recording the outcome failed (database unreachable): the heartbeat stops with this run,
      // so the job is recovered as stale and retried or failed, never lost.
      log.error({ err: error }, 'could not record the background job outcome');
    }
  }

  let ticking: Promise<void> | undefined;
  let nextRecoveryAt = 0;
  /** Heartbeat of this worker's runs, cancel check, periodic recovery, and a claim for any job a lost wake-up left waiting. */
  function onTick() {
    if (ticking || state !== 'running') return;
    ticking = beat().finally(() => (ticking = undefined));
  }

  async function beat() {
    try {
      const runs = [...running.values()];
      if (runs.length) {
        const held = await heartbeat(db, runs.map((r) => r.lease));
        for (const run of runs) {
          const status = held.get(run.lease);
          if (status === undefined) abortRun(run, 'lost');
          else if (status === 9) abortRun(run, 'cancelled');
        }
      }
      if (Date.now() >= nextRecoveryAt) await recover();
      await fill();
    } catch (error) {
      logger.warn({ err: error }, 'background job heartbeat failed');
    }
  }

  async function recover() {
    nextRecoveryAt = Date.now() + options.staleMs / 2;
    const outcome = await recoverStaleJobs(db, options.staleMs);
    if (outcome.retried.length || outcome.failed.length) {
      logger.warn(outcome, 'background jobs of a dead worker recovered');
      if (outcome.retried.length) {
        // Other workers may have free slots.
        await runner.publish(WAKE_NOTICE, outcome.retried[0]!).catch(() => undefined);
      }
    }
    return outcome;
  }

  return {
    register(type, handler) {
      if (!JOB_TYPE_VALUES.has(type)) throw new TypeError(`unknown background job type ${String(type)}`);
      if (handlers.has(type)) throw new Error(`background job type ${type} already has a handler`);
      handlers.set(type, handler);
    },
    enqueue,
    get: (userId, uuid) => findJob(db, userId, uuid),
    list: (userId, listOptions) => listJobs(db, userId, listOptions),
    async cancel(userId, uuid) {
      const cancelled = await cancelJobs(db, userId, uuid);
      for (const { uuid: cancelledUuid, lease } of cancelled) {
        if (!lease) continue;
        const local = running.get(lease);
        if (local) abortRun(local, 'cancelled');
        else {
          await runner.publish(CANCEL_NOTICE, cancelledUuid).catch((error) => logger.warn({ err: error }, 'could not publish a job cancellation'));
        }
      }
      return cancelled.length;
    },
    recover,
    async startWorker() {
      if (state !== 'idle') return;
      state = 'running';
      unsubscribe = [
        // Every idle worker tries; SKIP LOCKED lets exactly one take each job.
        runner.subscribe(WAKE_NOTICE, () => void fill()),
        runner.subscribe(CANCEL_NOTICE, (uuid) => {
          for (const run of running.values()) if (run.job.uuid === uuid) abortRun(run, 'cancelled');
        }),
      ];
      await runner.start(); // Agenda processing (for any Agenda job) and the notification channel
      tick = setInterval(onTick, options.heartbeatMs);
      tick.unref();
      await recover().catch((error) => logger.warn({ err: error }, 'background job recovery failed'));
      logger.info({ types: [...handlers.keys()], concurrency: options.concurrency }, 'background job worker started');
      await fill();
    },
    async stop(graceMs) {
      if (state !== 'running') return;
      state = 'stopping';
      clearInterval(tick);
      for (const off of unsubscribe) off();
      await Promise.all([filling, ticking]);
      const runs = () => [...running.values()];
      const allDone = () => Promise.all(runs().map((r) => r.done));
      if (runs().length) {
        await waitAtMost(allDone(), graceMs);
        for (const run of runs()) abortRun(run, 'shutdown');
        await waitAtMost(allDone(), ABORT_SETTLE_MS);
        // Handlers that ignore their signal: put their jobs back for another worker; their late
        // results are discarded (the lease no longer matches).
        for (const run of runs()) await releaseJob(db, run.job.uuid, run.lease).catch(() => undefined);
      }
      state = 'idle';
    },
  };
}
