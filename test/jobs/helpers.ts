// Shared by the background job tests: runtimes on one test database (each with its own
// connections, as separate processes would have), accounts, and worker child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig, projectRoot } from '../../src/platform/config.ts';
import { createLogger, type Logger } from '../../src/platform/logger.ts';
import { startRuntime, type Runtime } from '../../src/platform/runtime.ts';
import type { RegisterJobHandlers } from '../../src/jobs/index.ts';
import { insertCompany, insertUser } from '../../src/users/repository.ts';
import type { Database } from '../../src/platform/database.ts';

export async function startJobsRuntime(
  databaseUrl: string,
  environment: Record<string, string> = {},
  options: { registerJobHandlers?: RegisterJobHandlers; logger?: Logger } = {},
): Promise<Runtime> {
  const config = loadConfig({
    NODE_ENV: 'test',
    ROLE: 'web',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    DATABASE_URL: databaseUrl,
    ...environment,
  });
  return startRuntime(config, options.logger ?? createLogger(config.logLevel), { registerJobHandlers: options.registerJobHandlers });
}

/** A logger whose JSON lines are kept, to check what a failure logs. */
export function capturingLogger(): { logger: Logger; lines: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines: () => text };
}

export async function createUser(db: Database): Promise<string> {
  const companyId = await insertCompany(db, { code: `J${randomBytes(5).toString('hex')}`, name: 'テスト特許事務所' });
  return insertUser(db, {
    companyId,
    email: `jobs-${randomBytes(4).toString('hex')}@example.jp`,
    name: '山田 太郎',
    passwordHash: 'not-used',
    role: 'auth_user',
  });
}

export async function waitUntil<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** test/jobs/worker-process.ts as its own OS process (ROLE=worker unless told otherwise). */
export function startWorkerProcess(environment: Record<string, string>): WorkerProcess {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(DATABASE_URL|ROLE|NODE_ENV|JEST_.*|JOB_.*)$/.test(key)) env[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/jobs/worker-process.ts'], {
    cwd: projectRoot,
    env: { ...env, NODE_ENV: 'test', ROLE: 'worker', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** The lines the test handler of worker-process.ts appended to its journal. */
export async function journal(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  return (await readFile(path, 'utf8')).split('\n').filter(Boolean);
}
