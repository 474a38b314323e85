// bench/start: what a newcomer and an operator wait for. A copy of this working tree without
// a built bundle or a database (node_modules linked), started with `npm start` on the embedded
// PostgreSQL as the README says: the first start to /login (bundle build, database creation,
// migrations), the demo corpus loaded in the background, then restarts to /login, each followed
// by a user's first Japanese search and first patent map, once with the search warm-up
// (src/search/warm-up.ts) and once without (HATSUMEI_WARM_UP=0).
//
//   npx tsx bench/start.ts
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, reachable, root, signedInCookie } from './lib/server.ts';

const SECRET = randomBytes(24).toString('hex');
const GOALS = { firstStart: 15, restart: 5 };

/** The working tree's files (tracked and new, not ignored) copied to a fresh directory. */
function freshCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hatsumei-start-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root }).toString().split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      cpSync(path.join(root, file), path.join(dir, file));
    } catch {
      // a file deleted in the working tree but still tracked
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const get = (port: number, pathname: string, cookie?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers: cookie ? { cookie } : {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });

async function untilLogin(port: number, started: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const answer = await get(port, '/login').catch(() => null);
    if (answer?.status === 200) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Started {
  child: ChildProcess;
  seconds: number;
  stop(): Promise<void>;
}

async function npmStart(dir: string, environment: Record<string, string>, port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...environment };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'ROLE']) delete env[name];
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const seconds = await untilLogin(port, started, child);
  return {
    child,
    seconds,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      // npm exits before the server and its embedded PostgreSQL have stopped: wait for both ports to close.
      for (const closing of [port, Number(environment.EMBEDDED_PG_PORT)]) while (await reachable(closing)) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

async function demoCorpusLoaded(url: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query("SELECT 1 FROM settings WHERE key = 'demoCorpusLoaded'").catch(() => ({ rows: [] }));
      if (rows.length) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

async function timed(port: number, pathname: string, cookie: string): Promise<number> {
  const started = performance.now();
  const answer = await get(port, pathname, cookie);
  if (answer.status !== 200) throw new Error(`${pathname}: ${answer.status}`);
  return performance.now() - started;
}

async function main() {
  const dir = freshCopy();
  const port = await freePort();
  const databasePort = await freePort();
  const url = `postgres://postgres:hatsumei-local@127.0.0.1:${databasePort}/hatsumei`;
  const environment = { PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(databasePort), SESSION_SECRET: SECRET, LOG_LEVEL: 'warn' };
  const search = `/search?q=${encodeURIComponent('電池')}&region=jp`;
  // Maps are cached per search, so a map is never asked twice in a process: each restart asks
  // two searches' maps, and the second pair of restarts asks them the other way round. The same
  // search's map first after a start and second (in a warm process) is what the goal compares.
  const maps = { 装置: `/api/search/map?q=${encodeURIComponent('装置')}&region=jp`, 方法: `/api/search/map?q=${encodeURIComponent('方法')}&region=jp` };
  const mapTimes: Record<string, { first: number[]; second: number[] }> = { 装置: { first: [], second: [] }, 方法: { first: [], second: [] } };
  const rows: Array<Record<string, string>> = [];
  try {
    const first = await npmStart(dir, environment, port);
    const corpusStarted = performance.now();
    await demoCorpusLoaded(url);
    const corpusSeconds = (performance.now() - corpusStarted) / 1000 + first.seconds;
    await first.stop();
    rows.push({ run: 'first start (bundle build, new database)', 'to /login s': first.seconds.toFixed(1), goal: `≤ ${GOALS.firstStart} s: ${first.seconds <= GOALS.firstStart ? 'met' : 'NOT met'}`, 'first 電池 search ms': '', 'first map ms': '' });
    const cookie = await (async () => {
      const again = await npmStart(dir, environment, port);
      const value = await signedInCookie(url, SECRET);
      await again.stop();
      return value;
    })();
    for (const [round, warmUp] of ['1', '0', '1', '0'].entries()) {
      const order = (round < 2 ? ['装置', '方法'] : ['方法', '装置']) as Array<keyof typeof maps>;
      const restart = await npmStart(dir, { ...environment, HATSUMEI_WARM_UP: warmUp }, port);
      // A user signs in and types: the first search comes a couple of seconds after the page answers.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const firstSearch = await timed(port, search, cookie);
      const secondSearch = await timed(port, search, cookie);
      const firstMap = await timed(port, maps[order[0]!], cookie);
      const secondMap = await timed(port, maps[order[1]!], cookie);
      if (warmUp === '1') {
        mapTimes[order[0]!]!.first.push(firstMap);
        mapTimes[order[1]!]!.second.push(secondMap);
      }
      await restart.stop();
      rows.push({
        run: `restart, warm-up ${warmUp === '1' ? 'on' : 'off'}`,
        'to /login s': restart.seconds.toFixed(1),
        goal: `≤ ${GOALS.restart} s: ${restart.seconds <= GOALS.restart ? 'met' : 'NOT met'}`,
        'first 電池 search ms': `${firstSearch.toFixed(0)} (then ${secondSearch.toFixed(0)})`,
        'first map ms': `${order[0]} ${firstMap.toFixed(0)} (then ${order[1]} ${secondMap.toFixed(0)})`,
      });
    }
    console.log(`bench/start — ${os.cpus().length} cores, npm start on the embedded PostgreSQL in a fresh copy of the working tree; demo corpus loaded ${corpusSeconds.toFixed(0)} s after npm start\n`);
    console.table(rows);
    console.log('Maps of the 装置 and 方法 searches on 日本, each computed (maps are cached per search); the second pair of restarts asks them the other way round.');
    for (const [query, times] of Object.entries(mapTimes)) {
      console.log(`${query} map with the warm-up: first after a start ${times.first.map((ms) => ms.toFixed(0)).join(', ')} ms, after another map ${times.second.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
