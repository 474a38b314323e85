// bench/pages: throughput and latency of server-rendered pages under concurrent load,
// and the gzip bytes of JavaScript and CSS each page ships.
//
//   npm run bench:pages            (DURATION_S=10 CONCURRENCY=32 to change the load)
//
// Its 'JS gzip KB' covers the pages it loads; bench/page-scripts (npm run bench:page-scripts) gives
// that figure and the 80 KB verdict for every page that hydrates islands, without a server.
//
// The server runs as its own process (as in production: node --import tsx src/server.ts,
// ROLE=web, request logging on) against PostgreSQL on 127.0.0.1:5432 when it answers,
// else against an embedded PostgreSQL in a temporary directory.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { createDatabase } from '../src/platform/database.ts';
import { countPostgresCpu, processTicks } from './lib/postgres-cpu.ts';
import { fillHistoryPage } from './lib/history-seed.ts';
import { loadDemoCorpus, percentiles, prepareDatabase, send, signedInCookie, startServer } from './lib/server.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const SECRET = randomBytes(32).toString('hex');

const request = (agent: http.Agent, port: number, pathname: string, cookie?: string, headers: Record<string, string> = {}) =>
  send(agent, port, { path: pathname, headers: cookie ? { ...headers, cookie } : headers });

/** What every browser says it accepts: the measured pages are compressed as users get them (compression's CPU counted, fewer bytes written). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate' };

/** CPU seconds of the server process and of PostgreSQL's backends from start() to stop(), or null where unreadable. */
type CpuMeter = () => Promise<{ stop(): Promise<{ server: number | null; postgres: number | null }> }>;

async function load(port: number, pathname: string | (() => string), cookie?: string, meter?: CpuMeter) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            const { status } = await request(agent, port, typeof pathname === 'string' ? pathname : pathname(), cookie, BROWSER_HEADERS);
            if (status !== 200) errors++;
          } catch {
            errors++;
          }
          if (record) latencies.push(performance.now() - started);
        }
      }),
    );
  };
  await run(performance.now() + 2000, false); // warm-up
  errors = 0;
  const counting = await meter?.();
  const started = performance.now();
  await run(started + DURATION_S * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = await counting?.stop();
  agent.destroy();
  // CPU per request is steadier than a rate on a shared machine: it hardly moves with the load of other processes.
  const perRequest = (seconds: number | null | undefined) => (seconds == null ? Number.NaN : (seconds * 1000) / latencies.length);
  return { requests: latencies.length, perSecond: latencies.length / elapsed, ...percentiles(latencies), errors, serverCpuMs: perRequest(cpu?.server), postgresCpuMs: perRequest(cpu?.postgres) };
}

async function shippedBytes(port: number, pathname: string, cookie?: string) {
  const agent = new http.Agent({ keepAlive: true });
  const html = (await request(agent, port, pathname, cookie)).body.toString('utf8');
  const urls = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const scripts = new Set([...urls(/<script type="module" src="([^"]+)"/g), ...urls(/<link rel="modulepreload" href="([^"]+)"/g)]);
  const styles = new Set(urls(/<link rel="stylesheet" href="([^"]+)"/g));
  let developmentRuntime = false;
  const gzipBytes = async (set: Set<string>) => {
    let total = 0;
    for (const url of set) {
      const body = (await request(agent, port, url)).body;
      // React's development JSX runtime: a bundle built in development mode.
      if (body.includes('jsxDEV')) developmentRuntime = true;
      total += gzipSync(body).length;
    }
    return total;
  };
  const result = {
    js: await gzipBytes(scripts),
    css: await gzipBytes(styles),
    html: gzipSync(Buffer.from(html)).length,
    files: scripts.size + styles.size,
    bundle: developmentRuntime ? 'DEVELOPMENT' : 'production',
  };
  agent.destroy();
  return result;
}

/** A request as a signed-in browser sends it, with the page's CSRF token for writes. */
async function post(agent: http.Agent, port: number, pathname: string, cookie: string, token: string, body: object) {
  const response = await send(agent, port, { method: 'POST', path: pathname, body: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': token } });
  return { status: response.status, json: JSON.parse(response.body.toString() || '{}') };
}

async function csrfOf(agent: http.Agent, port: number, pathname: string, cookie: string) {
  const response = await request(agent, port, pathname, cookie);
  const token = /name="csrf-token" content="([^"]+)"/.exec(response.body.toString())![1]!;
  const set = ((response.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]);
  return { token, cookie: [cookie, ...set].join('; ') };
}

/** Waits until no background job is waiting or running (at most 2 minutes). */
async function jobsDone(url: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    for (let i = 0; i < 1200; i++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM background_jobs WHERE status = 0');
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** Of these US queries, the one whose hit count is nearest 3,000 (the demo corpus decides). */
async function searchNear3000(agent: http.Agent, port: number, cookie: string) {
  let best = { path: '', hits: 0 };
  for (const word of ['method', 'device', 'system', 'data', 'signal', 'layer', 'circuit', 'network', 'control']) {
    const path = `/search?q=${word}&region=us`;
    const html = (await request(agent, port, path, cookie)).body.toString();
    const hits = Number(/data-testid="hit-count">([\d,]+)/.exec(html)?.[1]?.replace(/,/g, '') ?? 0);
    if (Math.abs(hits - 3000) < Math.abs(best.hits - 3000)) best = { path, hits };
  }
  return best;
}

/** A detailed search run through the API and its job, to load its result page. */
async function storedDetailSearch(agent: http.Agent, port: number, cookie: string, reuse = true) {
  // A database measured before keeps its detailed search: running another at every run pushed the history's simulations off its first page.
  const stored = JSON.parse((await request(agent, port, '/api/history?kind=detail&status=done', cookie)).body.toString()).historyList?.[0];
  if (reuse && stored) return { path: `/detail-search/result?id=${stored.id}&type=detail`, hits: stored.totalHitCount as number };
  const { token, cookie: withCsrf } = await csrfOf(agent, port, '/detail-search/build-query', cookie);
  const formulas = (text: string) => ({ formulas: [{ id: 1, text, tag: 'abst_claim_desc_title', valid: true }], combination: '' });
  const started = await post(agent, port, '/api/detail-search/search', withCsrf, token, {
    lang: 'us', inputMode: 0, modes: { 0: formulas('battery+electrode'), 1: formulas('battery') }, keywords: [], deniedKeywords: [], ipcLimit: [], memo: '', subjectMatter: '', population: null,
    filter: { patent: true, public: true, utility: true, expired: false },
  });
  if (started.status !== 202) throw new Error(`detailed search: ${started.status} ${JSON.stringify(started.json)}`);
  const id = started.json.id as string;
  for (;;) {
    const status = JSON.parse((await request(agent, port, `/api/detail-search/status?id=${id}`, cookie)).body.toString());
    if (status.status === 1) return { path: `/detail-search/result?id=${id}&type=detail`, hits: status.totalHitCount as number };
    if (status.status >= 8) throw new Error(`detailed search ended with ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * 200 clients at once, each doing what people do: searching (with page changes), opening
 * documents, reading history, writing memos, opening a detailed-search result.
 */
async function mixedLoad(port: number, cookie: string, paths: { search: string; detail: string; entryId: string; token: string; csrfCookie: string }) {
  const CLIENTS = 200;
  const latencies: number[] = [];
  let errors = 0;
  const words = ['battery', 'semiconductor', 'neural network', 'lithium ion', 'antenna', 'display', 'vehicle', 'sensor'];
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; performance.now() < until; n++) {
        const started = performance.now();
        try {
          let status: number;
          switch ((client + n) % 6) {
            case 0: status = (await request(agent, port, `/search?q=${encodeURIComponent(words[(client + n) % words.length]!)}&region=us&page=${1 + (n % 3)}`, cookie)).status; break;
            case 1: status = (await request(agent, port, paths.search, cookie)).status; break;
            case 2: status = (await request(agent, port, paths.detail, cookie)).status; break;
            case 3: status = (await request(agent, port, '/api/history', cookie)).status; break;
            case 4: status = (await post(agent, port, '/api/history/memo', paths.csrfCookie, paths.token, { id: paths.entryId, memo: `memo ${client} ${n}` })).status; break;
            default: status = (await request(agent, port, '/history', cookie)).status;
          }
          if (status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
      agent.destroy();
    }),
  );
  return { clients: CLIENTS, requests: latencies.length, ...percentiles(latencies), errors };
}

async function main() {
  const database = await prepareDatabase();
  // ROLE all: the detailed search of the result page runs as a background job in the measured process.
  const environment = { ...database.environment, SESSION_SECRET: SECRET, ROLE: 'all' };
  await loadDemoCorpus(environment, database.url());
  const server = await startServer(environment);
  const port = server.port;
  await server.warmedUp;
  const meterDb = createDatabase(database.url(), 2);
  const meter: CpuMeter = async () => {
    const serverFrom = processTicks(server.process.pid!);
    const postgres = await countPostgresCpu(meterDb, new URL(database.url()).pathname.slice(1));
    return {
      async stop() {
        const serverTo = processTicks(server.process.pid!);
        return { server: serverFrom === null || serverTo === null ? null : (serverTo - serverFrom) / 100, postgres: await postgres.stop() };
      },
    };
  };
  try {
    const cookie = await signedInCookie(database.url(), SECRET);
    const agent = new http.Agent({ keepAlive: true });
    const search = await searchNear3000(agent, port, cookie);
    const detail = await storedDetailSearch(agent, port, cookie);
    const historyEntries = await fillHistoryPage({ agent, port, cookie, csrf: () => csrfOf(agent, port, '/detail-search/build-query', cookie) }, () => storedDetailSearch(agent, port, cookie, false));
    const { token, cookie: csrfCookie } = await csrfOf(agent, port, '/history', cookie);
    const entryId = /data-id="([0-9a-f-]{36})"/.exec((await request(agent, port, '/history', cookie)).body.toString())![1]!;
    agent.destroy();
    // The detailed search queues its map (job 5) in the measured process: measured pages must not share it (it was 3–5 % of /history's profile).
    await jobsDone(database.url());
    console.log(`bench/pages — ${os.cpus().length} cores, ${database.label} with the demo corpus, concurrency ${CONCURRENCY}, ${DURATION_S} s per page\n`);
    const pages = [
      { label: '/login (anonymous)', path: '/login', signedIn: false, goal: { perSecond: 1000, p95: 50 } },
      { label: '/sample (signed in)', path: '/sample', signedIn: true, goal: { perSecond: 500, p95: 100 } },
      { label: `/history (signed in, 20 shown of ${historyEntries} entries, simulations among them)`, path: '/history', signedIn: true, goal: { perSecond: 500, p95: 100 } },
      { label: `/search list, ${search.hits.toLocaleString('en-US')} hits`, path: search.path, signedIn: true, goal: { perSecond: 100, p95: 300 } },
      // The same hits, but a search never seen before each time (an excluded nonsense word, exclude=, changes the query, not its hits): no kept hit set helps.
      { label: `/search list, ${search.hits.toLocaleString('en-US')} hits, each a new search`, path: search.path, fresh: true, signedIn: true, goal: { perSecond: 100, p95: 300 } },
      { label: `detailed-search result, ${detail.hits.toLocaleString('en-US')} hits`, path: detail.path, signedIn: true, goal: { perSecond: 100, p95: 300 } },
    ];
    const rows: Array<Record<string, string | number>> = [];
    // PAGES=search (a word of the labels) measures only those pages and skips the mixed clients: for profiling one page.
    const only = process.env.PAGES;
    for (const page of only ? pages.filter((candidate) => candidate.label.includes(only)) : pages) {
      let serial = 0;
      const target = 'fresh' in page ? () => `${page.path}&exclude=zq${(serial++).toString(36)}x` : page.path;
      const result = await load(port, target, page.signedIn ? cookie : undefined, meter);
      const bytes = await shippedBytes(port, page.path, page.signedIn ? cookie : undefined);
      const met = result.perSecond >= page.goal.perSecond && result.p95 <= page.goal.p95 && result.errors === 0;
      rows.push({
        page: page.label,
        'req/s': Math.round(result.perSecond),
        'p50 ms': result.p50.toFixed(1),
        'p95 ms': result.p95.toFixed(1),
        errors: result.errors,
        'server CPU ms/req': result.serverCpuMs.toFixed(2),
        'PG CPU ms/req': result.postgresCpuMs.toFixed(2),
        goal: `≥ ${page.goal.perSecond} req/s, p95 ≤ ${page.goal.p95} ms: ${met ? 'met' : 'NOT met'}`,
        'JS gzip KB': (bytes.js / 1024).toFixed(1),
        'HTML gzip KB': (bytes.html / 1024).toFixed(1),
        bundle: bytes.bundle,
      });
    }
    console.table(rows);
    if (only) return;
    const mixed = await mixedLoad(port, cookie, { search: search.path, detail: detail.path, entryId, token, csrfCookie });
    console.log(`\n${mixed.clients} mixed clients (searches, a 3,000-hit search, a detailed-search result, history, memo writes) for ${DURATION_S} s: ${mixed.requests} requests, p50 ${mixed.p50.toFixed(0)} ms, p95 ${mixed.p95.toFixed(0)} ms, ${mixed.errors} errors — goal p95 ≤ 1,000 ms and 0 errors: ${mixed.p95 <= 1000 && mixed.errors === 0 ? 'met' : 'NOT met'}`);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`goal ≤ 80 KB gzip JS per page: ${verdict(rows.every((r) => Number(r['JS gzip KB']) <= 80))}`);
    console.log(`bundle measured: ${rows.every((r) => r.bundle === 'production') ? 'production (no React development runtime)' : 'DEVELOPMENT build — figures are not those users get'}`);
  } finally {
    await meterDb.destroy();
    await server.stop();
    await database.cleanup();
  }
}

await main();
