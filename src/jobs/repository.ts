// SQL on background_jobs: the queue's order, claims, heartbeats and recovery.
// Times compare against the database's clock only (now()), so workers on hosts whose
// clocks disagree still agree on which heartbeat is stale.
import type { Database } from '../platform/database.ts';
import { MAX_JOB_ATTEMPTS, type BackgroundJob, type EnqueueJob, type JobStatus, type JobType, type ListJobsOptions } from './types.ts';

const TABLE = 'background_jobs';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** §4: running first, then prior jobs, then type number, then oldest (finished jobs after the queue). */
const QUEUE_ORDER = '(status = 0 AND is_executing) DESC, (status = 0) DESC, is_prior_job DESC, type ASC, enqueued_at ASC, uuid ASC';
/** The same order over waiting jobs: what a worker takes next (matches background_jobs_waiting_idx). */
const DISPATCH_ORDER = 'is_prior_job DESC, type ASC, enqueued_at ASC';

/**
 * A CTE (`ended_queries`) over the job rows a statement just ended (CTE `ended`: query_id,
 * ends_query, status, errcode): the running query of each failed or cancelled query-ending job
 * ends with it, in the same statement. A query counts as running until something sets its
 * finished_at (every feature does when it ends one); one already ended keeps its outcome.
 */
const END_QUERIES = `ended_queries AS (
    UPDATE queries AS q
       SET status = e.status, errcode = CASE WHEN e.status = 8 THEN e.errcode ELSE q.errcode END,
           finished_at = now(), updated_at = now()
      FROM ended AS e
     WHERE e.ends_query AND e.status IN (8, 9) AND q.id = e.query_id
       AND q.finished_at IS NULL AND q.status NOT IN (8, 9)
     RETURNING q.id)`;

interface JobRow {
  uuid: string;
  user_id: string;
  query_id: string | null;
  type: number;
  payload: unknown;
  is_executing: boolean;
  is_prior_job: boolean;
  related_job_uuid: string | null;
  enqueued_at: Date;
  status: number;
  progress: number;
  errcode: string | null;
  result: unknown;
  attempts: number;
  ends_query: boolean;
  started_at: Date | null;
  finished_at: Date | null;
}

export const toJob = (row: JobRow): BackgroundJob => ({
  uuid: row.uuid,
  userId: row.user_id,
  queryId: row.query_id,
  type: row.type as JobType,
  payload: row.payload,
  isExcuting: row.is_executing,
  isPriorJob: row.is_prior_job,
  relatedJobUuid: row.related_job_uuid,
  timestamp: row.enqueued_at,
  status: row.status as JobStatus,
  progress: row.progress,
  errcode: row.errcode,
  result: row.result,
  attempts: row.attempts,
  endsQuery: row.ends_query,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

/** jsonb from any JSON value (knex would turn a top-level array into a PostgreSQL array). */
const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export async function insertJob(db: Database, job: EnqueueJob): Promise<string> {
  const [row] = await db(TABLE)
    .insert({
      user_id: job.userId,
      query_id: job.queryId ?? null,
      type: job.type,
      payload: db.raw('?::jsonb', [json(job.payload) ?? 'null']),
      is_prior_job: job.isPriorJob ?? false,
      related_job_uuid: job.relatedJobUuid ?? null,
      ends_query: Boolean(job.endsQuery && job.queryId),
    })
    .returning('uuid');
  return row.uuid;
}

export async function findJob(db: Database, userId: string, uuid: string): Promise<BackgroundJob | undefined> {
  if (!isUuid(uuid) || !isUuid(userId)) return undefined;
  const row = await db<JobRow>(TABLE).where({ uuid, user_id: userId }).first();
  return row ? toJob(row) : undefined;
}

export async function listJobs(db: Database, userId: string, options: ListJobsOptions = {}): Promise<BackgroundJob[]> {
  if (!isUuid(userId)) return [];
  const query = db<JobRow>(TABLE).where({ user_id: userId }).orderByRaw(QUEUE_ORDER).limit(Math.min(Math.max(options.limit ?? 200, 1), 1000));
  if (options.queryId !== undefined) {
    if (!isUuid(options.queryId)) return [];
    query.where({ query_id: options.queryId });
  }
  if (options.activeOnly) query.where({ status: 0 });
  return (await query).map(toJob);
}

/**
 * Cancels the owner's job and its related jobs (§4: the job itself, the jobs naming it as
 * related, and the jobs sharing its related uuid — with that job too). Returns the jobs that
 * were still queued or running; `lease` is set for the ones a worker was running.
 */
export async function cancelJobs(db: Database, userId: string, uuid: string): Promise<Array<{ uuid: string; lease: string | null }>> {
  if (!isUuid(uuid) || !isUuid(userId)) return [];
  const { rows } = await db.raw<{ rows: Array<{ uuid: string; lease: string | null }> }>(
    `WITH target AS (SELECT uuid, related_job_uuid FROM ${TABLE} WHERE uuid = ? AND user_id = ?),
     ended AS (
       UPDATE ${TABLE} AS b
          SET status = 9, is_executing = false, finished_at = now()
         FROM target AS t
        WHERE b.user_id = ? AND b.status = 0
          AND (b.uuid = t.uuid OR b.related_job_uuid = t.uuid
               OR (t.related_job_uuid IS NOT NULL AND (b.related_job_uuid = t.related_job_uuid OR b.uuid = t.related_job_uuid)))
        RETURNING b.uuid, b.lease, b.query_id, b.ends_query, b.status, b.errcode),
     ${END_QUERIES}
     SELECT uuid, lease FROM ended`,
    [uuid, userId, userId],
  );
  return rows;
}

export interface ClaimedJob {
  job: BackgroundJob;
  lease: string;
}

/** Takes the next waiting job of the given types in queue order; concurrent workers skip each other's rows. */
export async function claimNextJob(db: Database, types: readonly number[], worker: string): Promise<ClaimedJob | undefined> {
  if (!types.length) return undefined;
  const { rows } = await db.raw<{ rows: Array<JobRow & { lease: string }> }>(
    `UPDATE ${TABLE}
        SET is_executing = true, attempts = attempts + 1, lease = gen_random_uuid(), worker = ?,
            started_at = now(), heartbeat_at = now()
      WHERE uuid = (SELECT uuid FROM ${TABLE}
                     WHERE status = 0 AND NOT is_executing AND type = ANY(?::smallint[])
                     ORDER BY ${DISPATCH_ORDER}
                     LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [worker, [...types]],
  );
  return rows[0] ? { job: toJob(rows[0]), lease: rows[0].lease } : undefined;
}

/** Writes the heartbeat of the runs holding these leases; returns each still-held lease's status. */
export async function heartbeat(db: Database, leases: string[]): Promise<Map<string, JobStatus>> {
  if (!leases.length) return new Map();
  const { rows } = await db.raw<{ rows: Array<{ lease: string; status: JobStatus }> }>(
    `UPDATE ${TABLE} SET heartbeat_at = now() WHERE lease = ANY(?::uuid[]) RETURNING lease, status`,
    [leases],
  );
  return new Map(rows.map((r) => [r.lease, r.status]));
}

/** Stores progress (and counts as a heartbeat); false when the run no longer holds a live job. */
export async function reportProgress(db: Database, uuid: string, lease: string, progress: number): Promise<boolean> {
  const updated = await db(TABLE).where({ uuid, lease, status: 0 }).update({ progress, heartbeat_at: db.fn.now() });
  return updated === 1;
}

/**
 * Records the outcome of a run; false when the run had lost the job (cancelled or taken over).
 * A failure of a query-ending job fails its query in the same statement.
 */
export async function finishJob(
  db: Database,
  uuid: string,
  lease: string,
  outcome: { status: 1; result: unknown } | { status: 8; errcode: string },
): Promise<boolean> {
  const success = outcome.status === 1;
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `WITH ended AS (
       UPDATE ${TABLE}
          SET status = ?, is_executing = false, lease = null, finished_at = now(),
              progress = CASE WHEN ? THEN 100 ELSE progress END,
              result = CASE WHEN ? THEN ?::jsonb ELSE result END,
              errcode = ?
        WHERE uuid = ? AND lease = ? AND status = 0
        RETURNING query_id, ends_query, status, errcode),
     ${END_QUERIES}
     SELECT 1 FROM ended`,
    [outcome.status, success, success, success ? json(outcome.result) : null, success ? null : outcome.errcode, uuid, lease],
  );
  return rows.length === 1;
}

/** Puts a run interrupted by a shutdown back in the queue; the interrupted run does not count as an attempt. */
export async function releaseJob(db: Database, uuid: string, lease: string): Promise<boolean> {
  const updated = await db(TABLE)
    .where({ uuid, lease, status: 0 })
    .update({ is_executing: false, lease: null, worker: null, progress: 0, attempts: db.raw('greatest(attempts - 1, 0)') });
  return updated === 1;
}

/**
 * Running jobs whose heartbeat is older than `staleMs` lost their worker (killed, crashed,
 * frozen): each goes back to the queue while it has run fewer than 3 times, else fails with E999
 * (and so does its query, when the job is the one that ends it).
 */
export async function recoverStaleJobs(db: Database, staleMs: number): Promise<{ retried: string[]; failed: string[] }> {
  const { rows } = await db.raw<{ rows: Array<{ uuid: string; status: number }> }>(
    `WITH ended AS (
       UPDATE ${TABLE}
          SET is_executing = false, lease = null, worker = null, progress = 0,
              status = CASE WHEN attempts < ? THEN 0 ELSE 8 END,
              errcode = CASE WHEN attempts < ? THEN errcode ELSE 'E999' END,
              finished_at = CASE WHEN attempts < ? THEN NULL ELSE now() END
        WHERE uuid IN (SELECT uuid FROM ${TABLE}
                        WHERE status = 0 AND is_executing AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ?))
                        FOR UPDATE SKIP LOCKED)
        RETURNING uuid, query_id, ends_query, status, errcode),
     ${END_QUERIES}
     SELECT uuid, status FROM ended`,
    [MAX_JOB_ATTEMPTS, MAX_JOB_ATTEMPTS, MAX_JOB_ATTEMPTS, staleMs / 1000],
  );
  return { retried: rows.filter((r) => r.status === 0).map((r) => r.uuid), failed: rows.filter((r) => r.status === 8).map((r) => r.uuid) };
}
