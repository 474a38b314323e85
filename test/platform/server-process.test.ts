// The newcomer's path: no DATABASE_URL, no REDIS_URL. The server starts its own
// PostgreSQL, serves /login in Japanese, shuts down cleanly on SIGTERM, keeps the
// data across a restart, and recovers from a crash that left the database running.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, EmbeddedDatabaseError } from '../../src/platform/embedded-postgres.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { freePort } from '../helpers/browser.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { LISTENING, startServerProcess } from '../helpers/server-process.ts';


let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-server-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

test('embedded start, Japanese /login, SIGTERM, restart with the data kept, recovery after a crash', async () => {
  const pgPort = await freePort();
  const environment = { EMBEDDED_PG_DIR: path.join(workDir, 'postgres'), EMBEDDED_PG_PORT: String(pgPort), VAR_DIR: workDir };

  const first = startServerProcess(environment);
  const port = Number((await first.waitFor(LISTENING))[1]);
  expect(first.output()).toContain('Demo accounts (local use only)');
  const login = await fetch(`http://127.0.0.1:${port}/login`);
  expect(login.status).toBe(200);
  const html = await login.text();
  expect(html).toContain('<html lang="ja">');
  expect(html).toContain('ログイン');
  const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
  expect(health).toMatchObject({ status: 'ok', role: 'all', database: { ok: true }, redis: 'not configured' });
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(first.output()).toMatch(/job runner stopped[\s\S]*"stopped"/);
  expect(existsSync(path.join(workDir, 'postgres', 'postmaster.pid'))).toBe(false);

  const second = startServerProcess(environment);
  await second.waitFor(LISTENING);
  expect(second.output()).not.toContain('Demo accounts (local use only)');
  const client = new pg.Client({ connectionString: `postgres://postgres:hatsumei-local@127.0.0.1:${pgPort}/hatsumei` });
  await client.connect();
  const { rows } = await client.query('SELECT email FROM users ORDER BY email');
  await client.end();
  expect(rows.map((r) => r.email)).toEqual(['demo@hatsumei.example', 'manager@hatsumei.example']);
  second.child.kill('SIGKILL'); // a crash: the embedded PostgreSQL is left running
  await second.exited;

  const third = startServerProcess(environment);
  await third.waitFor(LISTENING);
  expect(third.output()).toContain('stopping the embedded PostgreSQL left running by an earlier run');
  third.child.kill('SIGINT');
  expect(await third.exited).toBe(0);
  expect(existsSync(path.join(workDir, 'postgres', 'postmaster.pid'))).toBe(false);
}, 120_000);

test('a port held by another program gives a clear message naming the data directory', async () => {
  const blocker = net.createServer();
  const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)));
  const dir = path.join(workDir, 'blocked');
  try {
    const attempt = startEmbeddedPostgres({ dir, port, database: 'hatsumei', logger: createLogger('silent') });
    await expect(attempt).rejects.toThrow(EmbeddedDatabaseError);
    await expect(startEmbeddedPostgres({ dir, port, database: 'hatsumei', logger: createLogger('silent') })).rejects.toThrow(
      new RegExp(`data directory: ${dir}.*port ${port}.*EMBEDDED_PG_PORT`),
    );
  } finally {
    blocker.close();
  }
});

test('the server refuses to start and says why when the embedded database cannot start', async () => {
  const blocker = net.createServer();
  const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)));
  try {
    const server = startServerProcess({ EMBEDDED_PG_DIR: path.join(workDir, 'refused'), EMBEDDED_PG_PORT: String(port), VAR_DIR: workDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`Hatsumei could not start: The embedded PostgreSQL could not start (data directory: ${path.join(workDir, 'refused')})`);
  } finally {
    blocker.close();
  }
});

test('ROLE=worker runs the job runner and no web server; ROLE=web the reverse', async () => {
  const database = await createTestDatabase();
  try {
    const worker = startServerProcess({ DATABASE_URL: database.url, ROLE: 'worker', VAR_DIR: workDir });
    await worker.waitFor(/job runner started/);
    expect(worker.output()).not.toMatch(LISTENING);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('job runner stopped');

    const web = startServerProcess({ DATABASE_URL: database.url, ROLE: 'web', VAR_DIR: workDir });
    const port = Number((await web.waitFor(LISTENING))[1]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(web.output()).not.toContain('job runner started');
    expect(web.output()).not.toContain('Demo accounts'); // DATABASE_URL set: no demo accounts
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
  } finally {
    await database.drop();
  }
}, 90_000);
