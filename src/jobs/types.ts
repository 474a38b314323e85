// Background jobs (§3 "background job", §4 job queue order and statuses): the shapes features
// and routes use. The queue lives in the background_jobs table; see queue.ts for how workers
// take jobs from it.
import type { Database } from '../platform/database.ts';
import type { Logger } from '../platform/logger.ts';

export const JOB_TYPES = {
  synonymHighFrequency: 1,
  deniedKeywordHighFrequency: 2,
  extractKeyword: 3,
  search: 4,
  fetchDocuments: 5,
  /** The examination simulation (src/priorart). */
  priorart: 6,
  /** A claim chart list's (output type 3) charts beyond the simulation's own, in the background (src/priorart/chart-list.ts). */
  priorartChartList: 7,
  /** A draft specification for creation support (src/creation). */
  draftSpecification: 8,
  /** A GPT-instructed edit of a patent document (src/edit): proposals the user confirms item by item. */
  gptEdit: 9,
} as const;
export type JobType = (typeof JOB_TYPES)[keyof typeof JOB_TYPES];

/** §4 simpler status: 0 processing (queued or running), 1 success, 8 failure, 9 cancelled. */
export const JOB_STATUS = { processing: 0, success: 1, failure: 8, cancelled: 9 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

/** A job whose worker died is started again while it has run fewer times than this. */
export const MAX_JOB_ATTEMPTS = 3;

export interface BackgroundJob {
  uuid: string;
  userId: string;
  queryId: string | null;
  type: JobType;
  payload: unknown;
  /** The spec's spelling: a worker is running the job now. */
  isExcuting: boolean;
  isPriorJob: boolean;
  relatedJobUuid: string | null;
  /** When it was enqueued. */
  timestamp: Date;
  status: JobStatus;
  /** 0–100 */
  progress: number;
  errcode: string | null;
  /** What the handler returned (null until it succeeded). */
  result: unknown;
  attempts: number;
  /** Its failure or cancel ends its query (the user-visible record) in the same statement. */
  endsQuery: boolean;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface EnqueueJob {
  userId: string;
  queryId?: string | null;
  type: JobType;
  payload: unknown;
  /** Runs before every job that is not prior (after the ones already running). */
  isPriorJob?: boolean;
  /** Cancelled together with that job (and with other jobs naming the same uuid). */
  relatedJobUuid?: string | null;
  /**
   * The job whose end ends its query: when it fails or is cancelled by any path (its handler
   * throws, its worker died too often, the user cancels), the query fails (its errcode) or is
   * cancelled with it, in the same statement. On success the handler writes the query's result.
   */
  endsQuery?: boolean;
}

/** A follow-up job from a handler: same user and query, related to the running job. */
export type FollowUpJob = Omit<EnqueueJob, 'userId' | 'relatedJobUuid'>;

export interface JobContext {
  db: Database;
  logger: Logger;
  /** Aborted when the job is cancelled (by its owner, from any process) or the worker shuts down. */
  signal: AbortSignal;
  /**
   * Stores the progress (0–100, rounded and clamped). Rejects with the abort reason once the
   * job is cancelled or no longer this worker's, so a handler stops at its next report.
   */
  progress(percent: number): Promise<void>;
  job: BackgroundJob;
  /** Enqueues a related follow-up job (cancelled together with this one); resolves to its uuid. */
  enqueue(job: FollowUpJob): Promise<string>;
}

/**
 * Runs one job. What it resolves to is stored as the job's result (JSON). Throwing an AppError
 * fails the job with its errcode; any other error fails it with E999 (and is logged).
 */
export type JobHandler = (context: JobContext) => Promise<unknown>;

export interface ListJobsOptions {
  queryId?: string;
  /** Only jobs still queued or running. */
  activeOnly?: boolean;
  /** At most this many (default 200). */
  limit?: number;
}

export interface JobQueue {
  /** Registers the handler of a job type; processes with ROLE worker or all run it. */
  register(type: JobType, handler: JobHandler): void;
  /**
   * Adds a job to the queue and wakes a worker. `db` may be a transaction: the job becomes
   * visible (and workers are woken) when it commits.
   */
  enqueue(db: Database, job: EnqueueJob): Promise<string>;
  /** The owner's job; undefined for another user's or an unknown uuid. */
  get(userId: string, uuid: string): Promise<BackgroundJob | undefined>;
  /** The owner's jobs in queue order (§4): running first, then prior jobs, then type number, then oldest; finished jobs last. */
  list(userId: string, options?: ListJobsOptions): Promise<BackgroundJob[]>;
  /** Cancels the owner's job and the jobs related to it (status 9); resolves to how many were still queued or running. */
  cancel(userId: string, uuid: string): Promise<number>;
}

/** Thrown into a handler (as its signal's reason and from progress()) when its job stops being its to run. */
export class JobAbortedError extends Error {
  constructor(readonly why: 'cancelled' | 'shutdown' | 'lost') {
    super(`background job ${why}`);
    this.name = 'JobAbortedError';
  }
}
