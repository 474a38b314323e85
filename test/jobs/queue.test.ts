// The background job queue against a real database, with separate runtimes for the web side
// (enqueue, list, cancel) and the worker side (test handlers), each with its own connections
// and notification channel, as separate processes have.
import { randomUUID } from 'node:crypto';
import { JOB_TYPES, JobAbortedError, type JobContext, type JobHandler, type JobType, type RegisterJobHandlers } from '../../src/jobs/index.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { Runtime } from '../../src/platform/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { capturingLogger, createUser, startJobsRuntime, waitUntil } from './helpers.ts';

let database: TestDatabase;
let web: Runtime;
let userId: string;
let otherUserId: string;
const workers: Runtime[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  web = await startJobsRuntime(database.url);
  userId = await createUser(web.db);
  otherUserId = await createUser(web.db);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.close();
  await web.db('background_jobs').del();
});

afterAll(async () => {
  await web.close();
  await database.drop();
});

async function startWorker(register: RegisterJobHandlers, environment: Record<string, string> = {}, logger?: ReturnType<typeof capturingLogger>['logger']) {
  const worker = await startJobsRuntime(database.url, { ROLE: 'worker', ...environment }, { registerJobHandlers: register, logger });
  workers.push(worker);
  return worker;
}

const forTypes = (types: JobType[], handler: JobHandler): RegisterJobHandlers => (queue) => {
  for (const type of types) queue.register(type, handler);
};

/** A gate a handler waits at until the test opens it (or the job is aborted). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    wait: (signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        void opened.then(resolve);
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  };
}

const ALL_TYPES = Object.values(JOB_TYPES) as JobType[];

test('list and dispatch follow the queue order: running first, then prior jobs, then type number, then oldest', async () => {
  const enqueue = (type: JobType, isPriorJob = false) => web.jobs.enqueue(web.db, { userId, type, payload: { type }, isPriorJob });
  const a = await enqueue(5);
  const b = await enqueue(4);
  const c = await enqueue(1);
  const d = await enqueue(5, true);
  const e = await enqueue(4);
  const f = await enqueue(3, true);
  // No worker yet: all wait, in the order a worker will take them.
  expect((await web.jobs.list(userId)).map((j) => j.uuid)).toEqual([f, d, c, b, e, a]);

  const started: string[] = [];
  const first = gate();
  await startWorker(
    forTypes(ALL_TYPES, async ({ job, signal }) => {
      started.push(job.uuid);
      if (job.uuid === f) await first.wait(signal);
    }),
    { JOB_CONCURRENCY: '1' },
  );
  await waitUntil(async () => (await web.jobs.get(userId, f))?.isExcuting, 'the first job to run');
  // A prior job of a lower type arrives while f runs: it goes before every waiting job, but
  // not before the running one.
  const g = await enqueue(1, true);
  const listed = await web.jobs.list(userId);
  expect(listed.map((j) => j.uuid)).toEqual([f, g, d, c, b, e, a]);
  expect(listed.map((j) => j.isExcuting)).toEqual([true, false, false, false, false, false, false]);

  first.open();
  await waitUntil(async () => (await web.jobs.list(userId)).every((j) => j.status === 1), 'every job to finish');
  expect(started).toEqual([f, g, d, c, b, e, a]);
  // Finished jobs stay listed, after any waiting one.
  await workers.pop()!.close();
  const later = await enqueue(2);
  expect((await web.jobs.list(userId))[0]!.uuid).toBe(later);
  expect(await web.jobs.list(userId, { activeOnly: true })).toHaveLength(1);
});

test('progress is stored while the job runs; the result and 100 % when it succeeds', async () => {
  const release = gate();
  await startWorker(
    forTypes([JOB_TYPES.search], async ({ progress, signal }) => {
      await progress(12.4);
      await progress(40);
      await release.wait(signal);
      return { totalHitCount: 3, documentIds: ['JP2020000001A', 'JP2020000002A', 'JP2020000003A'] };
    }),
  );
  const uuid = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.search, payload: { formulas: [] } });
  const running = await waitUntil(async () => {
    const job = await web.jobs.get(userId, uuid);
    return job?.progress === 40 && job;
  }, 'progress 40');
  expect(running).toMatchObject({ status: 0, isExcuting: true, result: null, attempts: 1 });

  release.open();
  const done = await waitUntil(async () => {
    const job = await web.jobs.get(userId, uuid);
    return job?.status === 1 && job;
  }, 'the job to succeed');
  expect(done).toMatchObject({
    status: 1,
    progress: 100,
    isExcuting: false,
    errcode: null,
    result: { totalHitCount: 3, documentIds: ['JP2020000001A', 'JP2020000002A', 'JP2020000003A'] },
  });
  expect(done.finishedAt).toBeInstanceOf(Date);
});

test('a handler error fails the job: an AppError with its code, anything else with E999, logged without the payload', async () => {
  const log = capturingLogger();
  await startWorker(
    (queue) => {
      queue.register(JOB_TYPES.extractKeyword, async () => {
        throw new AppError(429, 'E098');
      });
      queue.register(JOB_TYPES.fetchDocuments, async ({ job }) => {
        throw new TypeError(`cannot read documents of ${(job.payload as { ids: string[] }).ids.length} ids`);
      });
    },
    {},
    log.logger,
  );
  const quota = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.extractKeyword, payload: { subjectMatter: '秘密の発明 CONFIDENTIAL-SUBJECT' } });
  const crash = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.fetchDocuments, payload: { ids: ['CONFIDENTIAL-ID'] } });
  await waitUntil(async () => (await web.jobs.list(userId)).every((j) => j.status === 8), 'both jobs to fail');
  expect(await web.jobs.get(userId, quota)).toMatchObject({ status: 8, errcode: 'E098', isExcuting: false, result: null });
  expect(await web.jobs.get(userId, crash)).toMatchObject({ status: 8, errcode: 'E999', isExcuting: false });
  expect(log.lines()).toContain('cannot read documents of 1 ids');
  expect(log.lines()).toContain(crash);
  expect(log.lines()).not.toContain('CONFIDENTIAL');
});

test("only the owner sees and cancels a job", async () => {
  const uuid = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.search, payload: {} });
  expect(await web.jobs.get(otherUserId, uuid)).toBeUndefined();
  expect(await web.jobs.list(otherUserId)).toEqual([]);
  expect(await web.jobs.cancel(otherUserId, uuid)).toBe(0);
  expect(await web.jobs.get(userId, uuid)).toMatchObject({ status: 0, userId });
  // Malformed ids are simply unknown.
  expect(await web.jobs.get(userId, 'not-a-uuid')).toBeUndefined();
  expect(await web.jobs.cancel(userId, "x' OR 1=1 --")).toBe(0);
  expect(await web.jobs.get(userId, randomUUID())).toBeUndefined();
});

test('cancel stops a job and its related jobs, aborting their running handlers in another process', async () => {
  const aborted = new Map<string, unknown>();
  const holdUntilAborted = async ({ job, signal }: JobContext) => {
    await gate().wait(signal).catch((reason) => {
      aborted.set(job.uuid, reason);
      throw reason;
    });
  };
  let followUp: string | undefined;
  // A long heartbeat: only the cancel notification can reach the handlers in time.
  await startWorker(
    (queue) => {
      queue.register(JOB_TYPES.extractKeyword, async (context) => {
        followUp = await context.enqueue({ type: JOB_TYPES.synonymHighFrequency, payload: {} });
        await holdUntilAborted(context);
      });
      queue.register(JOB_TYPES.synonymHighFrequency, holdUntilAborted);
    },
    { JOB_CONCURRENCY: '2', JOB_HEARTBEAT_MS: '60000', JOB_STALE_MS: '180000' },
  );
  const queryId = await insertQuery(userId);
  const root = await web.jobs.enqueue(web.db, { userId, queryId, type: JOB_TYPES.extractKeyword, payload: {} });
  const sibling = await web.jobs.enqueue(web.db, { userId, queryId, type: JOB_TYPES.deniedKeywordHighFrequency, payload: {}, relatedJobUuid: root });
  const unrelated = await web.jobs.enqueue(web.db, { userId, queryId, type: JOB_TYPES.fetchDocuments, payload: {} });
  await waitUntil(async () => followUp && (await web.jobs.get(userId, followUp))?.isExcuting, 'the follow-up job to run');
  expect(await web.jobs.get(userId, followUp!)).toMatchObject({ relatedJobUuid: root, queryId, userId });
  expect((await web.jobs.get(userId, root))!.isExcuting).toBe(true);

  // Cancelling the sibling reaches the root it names and the follow-up that shares it.
  expect(await web.jobs.cancel(userId, sibling)).toBe(3);
  await waitUntil(() => aborted.size === 2, 'both running handlers to be aborted');
  expect([...aborted.values()].map((reason) => (reason as JobAbortedError).why)).toEqual(['cancelled', 'cancelled']);
  expect(aborted.get(root)).toBeInstanceOf(JobAbortedError);
  for (const uuid of [root, sibling, followUp!]) {
    expect(await web.jobs.get(userId, uuid)).toMatchObject({ status: 9, isExcuting: false });
  }
  expect(await web.jobs.get(userId, unrelated)).toMatchObject({ status: 0 });
  expect((await web.jobs.list(userId, { activeOnly: true })).map((j) => j.uuid)).toEqual([unrelated]);
  // Already cancelled: nothing left to cancel.
  expect(await web.jobs.cancel(userId, root)).toBe(0);
});

test('a cancel whose notification was lost still stops the handler at its next heartbeat or progress report', async () => {
  const reasons: string[] = [];
  await startWorker(
    forTypes([JOB_TYPES.search, JOB_TYPES.fetchDocuments], async ({ job, signal, progress }) => {
      if (job.type === JOB_TYPES.fetchDocuments) {
        // Reports progress until told to stop.
        for (;;) {
          try {
            await progress(signal.aborted ? 0 : Math.floor(Math.random() * 100));
          } catch (reason) {
            reasons.push(`progress ${(reason as JobAbortedError).why}`);
            throw reason;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await gate()
        .wait(signal)
        .catch((reason) => {
          reasons.push(`signal ${(reason as JobAbortedError).why}`);
          throw reason;
        });
    }),
    { JOB_HEARTBEAT_MS: '200', JOB_STALE_MS: '5000' },
  );
  const waiting = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.search, payload: {} });
  const reporting = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.fetchDocuments, payload: {} });
  await waitUntil(async () => (await web.jobs.list(userId)).every((j) => j.isExcuting), 'both jobs to run');
  // As if the notification never arrived: only the row says so.
  await web.db('background_jobs').whereIn('uuid', [waiting, reporting]).update({ status: 9, is_executing: false });
  await waitUntil(() => reasons.length === 2, 'both handlers to stop');
  expect(reasons.sort()).toEqual(['progress cancelled', 'signal cancelled']);
  expect((await web.jobs.list(userId)).map((j) => j.status)).toEqual([9, 9]);
});

test('a job enqueued in a transaction runs once the transaction commits, and never when it rolls back', async () => {
  const ran: string[] = [];
  await startWorker(forTypes([JOB_TYPES.search], async ({ job }) => void ran.push(job.uuid)));
  let rolledBack: string | undefined;
  await expect(
    web.db.transaction(async (trx) => {
      rolledBack = await web.jobs.enqueue(trx, { userId, type: JOB_TYPES.search, payload: {} });
      throw new Error('the query row could not be written');
    }),
  ).rejects.toThrow('could not be written');
  let committed: string | undefined;
  await web.db.transaction(async (trx) => {
    committed = await web.jobs.enqueue(trx, { userId, type: JOB_TYPES.search, payload: {} });
    // Not visible to anyone before the commit.
    expect(await web.jobs.get(userId, committed)).toBeUndefined();
  });
  await waitUntil(async () => (await web.jobs.get(userId, committed!))?.status === 1, 'the committed job to run');
  expect(ran).toEqual([committed]);
  expect(await web.jobs.get(userId, rolledBack!)).toBeUndefined();
});

test('a running job whose heartbeat went stale is retried while it has run fewer than 3 times, else fails with E999', async () => {
  const stale = { is_executing: true, lease: randomUUID(), worker: 'dead-host:1', heartbeat_at: web.db.raw("now() - interval '1 hour'"), started_at: web.db.raw("now() - interval '1 hour'") };
  const [retry] = await web.db('background_jobs').insert({ user_id: userId, type: 4, payload: {}, attempts: 1, progress: 60, ...stale }).returning('uuid');
  const [exhausted] = await web.db('background_jobs').insert({ user_id: userId, type: 4, payload: {}, attempts: 3, ...stale }).returning('uuid');
  // Alive elsewhere: a fresh heartbeat.
  const [alive] = await web.db('background_jobs')
    .insert({ user_id: userId, type: 4, payload: {}, attempts: 1, is_executing: true, lease: randomUUID(), worker: 'other-host:2', heartbeat_at: web.db.fn.now() })
    .returning('uuid');

  const attempts: number[] = [];
  await startWorker(forTypes([JOB_TYPES.search], async ({ job }) => (attempts.push(job.attempts), { attempt: job.attempts })));
  await waitUntil(async () => (await web.jobs.get(userId, retry.uuid))?.status === 1, 'the stale job to be retried');
  expect(await web.jobs.get(userId, retry.uuid)).toMatchObject({ status: 1, attempts: 2, result: { attempt: 2 } });
  expect(await web.jobs.get(userId, exhausted.uuid)).toMatchObject({ status: 8, errcode: 'E999', attempts: 3, isExcuting: false });
  expect(await web.jobs.get(userId, alive.uuid)).toMatchObject({ status: 0, isExcuting: true, attempts: 1 });
  expect(attempts).toEqual([2]);
});

test('a worker that shuts down puts its running job back in the queue, and the next worker runs it', async () => {
  const first = await startWorker(forTypes([JOB_TYPES.search], ({ signal }) => gate().wait(signal)), { SHUTDOWN_GRACE_MS: '100' });
  const uuid = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.search, payload: {} });
  await waitUntil(async () => (await web.jobs.get(userId, uuid))?.isExcuting, 'the job to run');
  await first.close();
  workers.splice(workers.indexOf(first), 1);
  expect(await web.jobs.get(userId, uuid)).toMatchObject({ status: 0, isExcuting: false, attempts: 0 });

  await startWorker(forTypes([JOB_TYPES.search], async ({ job }) => ({ attempt: job.attempts })));
  await waitUntil(async () => (await web.jobs.get(userId, uuid))?.status === 1, 'the next worker to run it');
  expect(await web.jobs.get(userId, uuid)).toMatchObject({ result: { attempt: 1 } });
});

test('a worker claims only the job types it has handlers for', async () => {
  const ran: number[] = [];
  await startWorker(forTypes([JOB_TYPES.fetchDocuments], async ({ job }) => void ran.push(job.type)));
  const search = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.search, payload: {}, isPriorJob: true });
  const fetch = await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.fetchDocuments, payload: {} });
  await waitUntil(async () => (await web.jobs.get(userId, fetch))?.status === 1, 'the fetch job to run');
  expect(ran).toEqual([JOB_TYPES.fetchDocuments]);
  expect(await web.jobs.get(userId, search)).toMatchObject({ status: 0, isExcuting: false });
  await expect(web.jobs.enqueue(web.db, { userId, type: 42 as JobType, payload: {} })).rejects.toThrow(/unknown background job type/);
});

async function insertQuery(owner: string): Promise<string> {
  const user = await web.db('users').where({ id: owner }).first();
  const [row] = await web.db('queries').insert({ user_id: owner, company_id: user.company_id, kind: 'detail', input: {} }).returning('id');
  return row.id;
}

describe('a query-ending job ends its query by every path, in the same statement', () => {
  const newQuery = async () => {
    const { company_id } = await web.db('users').where({ id: userId }).first('company_id');
    const [row] = await web.db('queries').insert({ user_id: userId, company_id, kind: 'detail', status: 0, progress: 5, lang: 'jp', input: {} }).returning('id');
    return row.id as string;
  };
  const queryOf = (id: string) => web.db('queries').where({ id }).first('status', 'errcode', 'progress', 'finished_at');

  test('handler errors: an AppError fails the query with its code, anything else with E999', async () => {
    const [coded, unexpected] = [await newQuery(), await newQuery()];
    await startWorker(forTypes([JOB_TYPES.search], async ({ job }) => {
      if ((job.payload as { coded: boolean }).coded) throw new AppError(400, 'E027');
      throw new Error('boom');
    }));
    const a = await web.jobs.enqueue(web.db, { userId, queryId: coded, type: JOB_TYPES.search, payload: { coded: true }, endsQuery: true });
    const b = await web.jobs.enqueue(web.db, { userId, queryId: unexpected, type: JOB_TYPES.search, payload: { coded: false }, endsQuery: true });
    await waitUntil(async () => (await web.jobs.get(userId, a))?.status === 8 && (await web.jobs.get(userId, b))?.status === 8, 'both jobs to fail');
    expect(await queryOf(coded)).toMatchObject({ status: 8, errcode: 'E027', progress: 5, finished_at: expect.any(Date) });
    expect(await queryOf(unexpected)).toMatchObject({ status: 8, errcode: 'E999' });
  });

  test('recovery giving up on a dead worker fails the query with E999; a retried job leaves it running', async () => {
    const [exhaustedQuery, retriedQuery] = [await newQuery(), await newQuery()];
    const stale = { is_executing: true, lease: randomUUID(), worker: 'dead-host:1', heartbeat_at: web.db.raw("now() - interval '1 hour'"), ends_query: true };
    await web.db('background_jobs').insert({ user_id: userId, query_id: exhaustedQuery, type: 4, payload: {}, attempts: 3, ...stale });
    await web.db('background_jobs').insert({ user_id: userId, query_id: retriedQuery, type: 4, payload: {}, attempts: 1, ...stale, lease: randomUUID() });
    const worker = await startWorker(forTypes([JOB_TYPES.search], ({ signal }) => gate().wait(signal)));
    await worker.jobs.recover();
    expect(await queryOf(exhaustedQuery)).toMatchObject({ status: 8, errcode: 'E999', finished_at: expect.any(Date) });
    expect(await queryOf(retriedQuery)).toMatchObject({ status: 0, finished_at: null });
  });

  test('cancel cancels the query; a query already ended keeps its outcome; a job that does not end its query leaves it alone', async () => {
    const [cancelled, finished, untouched] = [await newQuery(), await newQuery(), await newQuery()];
    await web.db('queries').where({ id: finished }).update({ status: 1, progress: 100, finished_at: web.db.fn.now() });
    const a = await web.jobs.enqueue(web.db, { userId, queryId: cancelled, type: JOB_TYPES.search, payload: {}, endsQuery: true });
    const b = await web.jobs.enqueue(web.db, { userId, queryId: finished, type: JOB_TYPES.fetchDocuments, payload: {}, endsQuery: true });
    const c = await web.jobs.enqueue(web.db, { userId, queryId: untouched, type: JOB_TYPES.fetchDocuments, payload: {} });
    for (const uuid of [a, b, c]) await web.jobs.cancel(userId, uuid);
    expect(await queryOf(cancelled)).toMatchObject({ status: 9, finished_at: expect.any(Date) });
    expect(await queryOf(finished)).toMatchObject({ status: 1, progress: 100 });
    expect(await queryOf(untouched)).toMatchObject({ status: 0, finished_at: null });
  });
});
