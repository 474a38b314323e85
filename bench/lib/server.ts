// Shared by the benchmarks: a database to run against and the real server as its own
// process (node --import tsx src/server.ts), as in production.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sign } from 'cookie-signature';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/platform/database.ts';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface BenchDatabase {
  label: string;
  environment: Record<string, string>;
  /** Connection string for the bench itself (to seed data). */
  url(): string;
  cleanup(): Promise<void>;
}

/** PostgreSQL on 127.0.0.1:5432 when it answers (a fresh database), else an embedded one in a temporary directory. */
export async function prepareDatabase(): Promise<BenchDatabase> {
  // BENCH_DB=<name>: a database of an earlier run, kept (for comparing runs without loading the demo corpus each time).
  if (process.env.BENCH_DB) {
    const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_DB}`;
    return { label: `PostgreSQL 127.0.0.1:5432 (${process.env.BENCH_DB})`, environment: { DATABASE_URL: url, DEMO_ACCOUNTS: 'true' }, url: () => url, cleanup: async () => {} };
  }
  if (await reachable(5432)) {
    const name = `hatsumei_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    return {
      label: 'PostgreSQL 127.0.0.1:5432',
      environment: { DATABASE_URL: url, DEMO_ACCOUNTS: 'true' },
      url: () => url,
      cleanup: async () => {
        const client = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-bench-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  return {
    label: 'embedded PostgreSQL',
    environment: { EMBEDDED_PG_DIR: path.join(dir, 'postgres'), EMBEDDED_PG_PORT: String(port), VAR_DIR: dir },
    url: () => `postgres://postgres:hatsumei-local@127.0.0.1:${port}/hatsumei`,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface BenchServer {
  port: number;
  process: ChildProcess;
  /** Settles when the server has logged the end of its warm-up (analysers, rank indexes, IPC inference) or after 3 minutes. */
  warmedUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server as its own process. BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
 * goes to the measured process only, not to one that merely prepares the data.
 */
export async function startServer(environment: Record<string, string>, options: { measured?: boolean } = {}): Promise<BenchServer> {
  const port = await freePort();
  const nodeArguments = options.measured === false ? [] : (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArguments, '--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', ROLE: 'web', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'inherit'], // request logs are written, as in production, and discarded
  });
  // Measuring while the rank indexes are still built in the background measured their building
  // (17 % of a search bench's profile): callers wait for the warm-up's last log line (the
  // prior-art's, which follows the search's).
  const warmedUp = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 180_000);
    let tail = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-4096);
      if (/prior-art warm(ed up|-up failed)/.test(tail)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  // Listened for from the start: a server that has already exited emits no 'exit' again, and a
  // stop() that waited for one hung the bench with no server left (seen twice on 2026-11-27).
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 600 && !(await reachable(port)); i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it listened (${child.exitCode ?? child.signalCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    process: child,
    warmedUp,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A first start on the bench database creates the demo accounts and loads the demo corpus in the
 * background; measured pages must not share the process with that ingest (they did: the signed-in
 * figures of earlier runs included it). This start loads it and stops; the measured server starts
 * on a database where it is done.
 */
export async function loadDemoCorpus(environment: Record<string, string>, databaseUrl: string): Promise<void> {
  const loader = await startServer(environment, { measured: false });
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query("SELECT 1 FROM settings WHERE key = 'demoCorpusLoaded'").catch(() => ({ rows: [] }));
      if (rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
    await loader.stop();
  }
}

export interface BenchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function send(
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<BenchResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, agent, headers: { 'accept-encoding': 'identity', ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** A signed-in session of the first ordinary user, written straight into the session table (the server runs with SESSION_SECRET `secret`). */
export async function signedInCookie(url: string, secret: string): Promise<string> {
  const client = new pg.Client(url);
  await client.connect();
  const { rows } = await client.query("SELECT id FROM users WHERE role = 'auth_user' ORDER BY created_at LIMIT 1");
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + 3600_000);
  const session = { cookie: { originalMaxAge: 3600_000, expires, httpOnly: true, path: '/', sameSite: 'lax' }, userId: rows[0].id, userSecondFactorPassed: true };
  await client.query('INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)', [sid, session, expires]);
  await client.end();
  return `hatsumei.sid=${encodeURIComponent(`s:${sign(sid, secret)}`)}`;
}

/**
 * The loaded demo database (DATABASE_URL, else hatsumei_pages), for benches that only read it:
 * every transaction of these connections is read-only, so a bench cannot change what it measures.
 */
export function readOnlyDatabase(connections = 2): Database {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hatsumei_pages');
  url.searchParams.set('options', '-c default_transaction_read_only=on');
  return createDatabase(url.toString(), connections);
}
