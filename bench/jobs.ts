// bench/jobs: background job pick-up latency — the time from enqueue() to the handler's start
// (p50/p95/p99) — for a web process enqueuing and a worker in its own process (the production
// shape: the wake-up travels through agenda_jobs and LISTEN/NOTIFY), with the worker idle and
// under a burst, and for a single ROLE=all process (which also wakes its own worker directly).
// The handler does nothing but note when it started (epoch ms with fractions; both processes
// read the same clock), so the numbers are the queue's own overhead.
//
//   npm run bench:jobs                  (a fresh database on 127.0.0.1:5432, or an embedded one)
//   DATABASE_URL=postgres://… npm run bench:jobs     (an existing database; the bench removes its rows)
//   IDLE=100 BURST=200 JOB_CONCURRENCY=2 npm run bench:jobs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { JOB_TYPES, type RegisterJobHandlers } from '../src/jobs/index.ts';
import { loadConfig } from '../src/platform/config.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { createLogger } from '../src/platform/logger.ts';
import { startRuntime, type Runtime } from '../src/platform/runtime.ts';
import { insertCompany, insertUser } from '../src/users/repository.ts';
import { percentiles, prepareDatabase, root } from './lib/server.ts';

const IDLE = Number(process.env.IDLE ?? 100);
const BURST = Number(process.env.BURST ?? 200);
const CONCURRENCY = process.env.JOB_CONCURRENCY ?? '2';
const now = () => performance.timeOrigin + performance.now();

const noteStart: RegisterJobHandlers = (queue) => queue.register(JOB_TYPES.search, async () => ({ startedAt: now() }));

function runtime(databaseUrl: string, role: 'web' | 'worker' | 'all', register?: RegisterJobHandlers): Promise<Runtime> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    ROLE: role,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    JOB_CONCURRENCY: CONCURRENCY,
  });
  return startRuntime(config, createLogger(config.logLevel), { registerJobHandlers: register });
}

/** `bench/jobs.ts --worker`: the worker process. */
async function workerProcess() {
  const worker = await runtime(process.env.DATABASE_URL!, 'worker', noteStart);
  process.stdout.write('worker ready\n');
  process.once('SIGTERM', () => void worker.close().then(() => process.exit(0)));
}

async function measure(web: Runtime, userId: string, label: string, count: number, burst: boolean) {
  const enqueued = new Map<string, number>();
  const enqueue = async () => {
    const at = now();
    enqueued.set(await web.jobs.enqueue(web.db, { userId, type: JOB_TYPES.search, payload: {} }), at);
  };
  const waitDone = async (uuids: string[]) => {
    for (;;) {
      const pending = await web.db('background_jobs').whereIn('uuid', uuids).whereNot({ status: 1 }).count<{ count: string }[]>({ count: '*' });
      if (Number(pending[0]!.count) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, burst ? 20 : 1));
    }
  };
  const began = now();
  if (burst) {
    await Promise.all(Array.from({ length: count }, enqueue));
    await waitDone([...enqueued.keys()]);
  } else {
    for (let i = 0; i < count; i++) {
      await enqueue();
      await waitDone([...enqueued.keys()].slice(-1));
    }
  }
  const seconds = (now() - began) / 1000;
  const rows = await web.db('background_jobs').whereIn('uuid', [...enqueued.keys()]).select('uuid', 'result');
  const latencies = rows.map((row: { uuid: string; result: { startedAt: number } }) => row.result.startedAt - enqueued.get(row.uuid)!);
  const { p50, p95, p99 } = percentiles(latencies);
  await web.db('background_jobs').whereIn('uuid', [...enqueued.keys()]).del();
  return { scenario: label, jobs: count, 'p50 ms': p50.toFixed(1), 'p95 ms': p95.toFixed(1), 'p99 ms': p99.toFixed(1), 'jobs/s': (count / seconds).toFixed(0) };
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let label = 'DATABASE_URL';
  let cleanup = async () => {};
  if (!databaseUrl) {
    const database = await prepareDatabase();
    label = database.label;
    cleanup = () => database.cleanup();
    if (database.environment.EMBEDDED_PG_DIR) {
      const embedded = await startEmbeddedPostgres({
        dir: database.environment.EMBEDDED_PG_DIR,
        port: Number(database.environment.EMBEDDED_PG_PORT),
        database: 'hatsumei',
        logger: createLogger('warn'),
      });
      cleanup = async () => (await embedded.stop(), await database.cleanup());
    }
    databaseUrl = database.url();
  }
  const web = await runtime(databaseUrl, 'web');
  const companyId = await insertCompany(web.db, { code: `BENCH${randomBytes(4).toString('hex')}`, name: 'bench' });
  const userId = await insertUser(web.db, { companyId, email: `bench-${randomBytes(4).toString('hex')}@example.jp`, name: 'bench', passwordHash: 'x', role: 'auth_user' });
  const results = [];
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/jobs.ts', '--worker'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('worker ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    try {
      await measure(web, userId, 'warm-up', 20, false);
      results.push(await measure(web, userId, 'web → worker process, worker idle', IDLE, false));
      results.push(await measure(web, userId, `web → worker process, burst of ${BURST}`, BURST, true));
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const single = await runtime(databaseUrl, 'worker', noteStart); // enqueues and runs in one process, as ROLE=all does
    try {
      await measure(single, userId, 'warm-up', 20, false);
      results.push(await measure(single, userId, 'one process (enqueue + worker), idle', IDLE, false));
      results.push(await measure(single, userId, `one process (enqueue + worker), burst of ${BURST}`, BURST, true));
    } finally {
      await single.close();
    }
  } finally {
    await web.db('users').where({ id: userId }).del();
    await web.db('companies').where({ id: companyId }).del();
    await web.close();
    await cleanup();
  }
  console.log(`bench/jobs — pick-up latency (enqueue → handler start), ${os.cpus().length} cores, ${label}, JOB_CONCURRENCY=${CONCURRENCY}`);
  console.table(results);
}

if (process.argv.includes('--worker')) await workerProcess();
else await main();
