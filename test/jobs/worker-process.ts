// A worker process for the restart and cross-process tests: the real runtime (ROLE from the
// environment) with a test handler for the search job type. The handler journals what happens
// to JOB_TEST_DIR/journal and holds the job until the file JOB_TEST_DIR/release-<uuid> exists
// or its signal aborts. With EXIT_AFTER_JOBS=n it also runs a short Agenda job (as features
// may define), closes the runtime after n background jobs finished, journals what still keeps
// the event loop alive, and lets the process end on its own (no process.exit).
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { JOB_TYPES, type JobContext } from '../../src/jobs/index.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { startRuntime } from '../../src/platform/runtime.ts';

const dir = process.env.JOB_TEST_DIR!;
const note = (line: string) => appendFileSync(path.join(dir, 'journal'), `${line}\n`);
const exitAfter = Number(process.env.EXIT_AFTER_JOBS ?? 0);
let finished = 0;
let runtime: Awaited<ReturnType<typeof startRuntime>> | undefined;

async function holdJob({ job, signal }: JobContext): Promise<unknown> {
  note(`started ${job.uuid} ${job.attempts} ${process.pid}`);
  try {
    while (!existsSync(path.join(dir, `release-${job.uuid}`))) {
      if (signal.aborted) {
        note(`aborted ${job.uuid} ${(signal.reason as { why?: string }).why}`);
        throw signal.reason;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    note(`finished ${job.uuid}`);
    return { pid: process.pid, attempt: job.attempts };
  } finally {
    if (exitAfter && ++finished >= exitAfter) {
      setImmediate(() => void runtime?.close().then(() => note(`closed ${process.pid} ${JSON.stringify(process.getActiveResourcesInfo())}`)));
    }
  }
}

const config = loadConfig();
runtime = await startRuntime(config, createLogger(config.logLevel), {
  registerJobHandlers: (queue) => queue.register(JOB_TYPES.search, holdJob),
});
if (exitAfter) {
  runtime.jobRunner.agenda.define('test:ping', async () => note('agenda job ran'), { lockLifetime: 2_000, removeOnComplete: true });
  await runtime.jobRunner.agenda.now('test:ping', {});
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void runtime?.close().then(() => process.exit(0)));
