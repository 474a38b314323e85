// bench/pages: throughput and latency of server-rendered pages under concurrent load,
// and the gzip bytes of JavaScript and CSS each page ships.
//
//   npm run bench:pages            (DURATION_S=10 CONCURRENCY=32 to change the load)
//
// The server runs as its own process (as in production: node --import tsx src/server.ts,
// ROLE=web, request logging on) against PostgreSQL on 127.0.0.1:5432 when it answers,
// else against an embedded PostgreSQL in a temporary directory.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { sign } from 'cookie-signature';
import pg from 'pg';
import { loadDemoCorpus, percentiles, prepareDatabase, send, startServer } from './lib/server.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const SECRET = randomBytes(32).toString('hex');

const request = (agent: http.Agent, port: number, pathname: string, cookie?: string) =>
  send(agent, port, { path: pathname, headers: cookie ? { cookie } : {} });

async function load(port: number, pathname: string, cookie?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            const { status } = await request(agent, port, pathname, cookie);
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
  const started = performance.now();
  await run(started + DURATION_S * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length, perSecond: latencies.length / elapsed, ...percentiles(latencies), errors };
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

async function signedInCookie(url: string): Promise<string> {
  const client = new pg.Client(url);
  await client.connect();
  const { rows } = await client.query("SELECT id FROM users WHERE role = 'auth_user' ORDER BY created_at LIMIT 1");
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + 3600_000);
  const session = { cookie: { originalMaxAge: 3600_000, expires, httpOnly: true, path: '/', sameSite: 'lax' }, userId: rows[0].id, userSecondFactorPassed: true };
  await client.query('INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)', [sid, session, expires]);
  await client.end();
  return `hatsumei.sid=${encodeURIComponent(`s:${sign(sid, SECRET)}`)}`;
}

async function main() {
  const database = await prepareDatabase();
  const environment = { ...database.environment, SESSION_SECRET: SECRET };
  await loadDemoCorpus(environment, database.url());
  const server = await startServer(environment);
  const port = server.port;
  try {
    const cookie = await signedInCookie(database.url());
    console.log(`bench/pages — ${os.cpus().length} cores, ${database.label}, concurrency ${CONCURRENCY}, ${DURATION_S} s per page\n`);
    const rows: Array<Record<string, string | number>> = [];
    for (const [label, pathname, withCookie] of [
      ['/login (anonymous)', '/login', false],
      ['/sample (signed in)', '/sample', true],
    ] as const) {
      const result = await load(port, pathname, withCookie ? cookie : undefined);
      const bytes = await shippedBytes(port, pathname, withCookie ? cookie : undefined);
      rows.push({
        page: label,
        'req/s': Math.round(result.perSecond),
        'p50 ms': result.p50.toFixed(1),
        'p95 ms': result.p95.toFixed(1),
        'p99 ms': result.p99.toFixed(1),
        errors: result.errors,
        'JS gzip KB': (bytes.js / 1024).toFixed(1),
        'CSS gzip KB': (bytes.css / 1024).toFixed(1),
        'HTML gzip KB': (bytes.html / 1024).toFixed(1),
        bundle: bytes.bundle,
      });
    }
    console.table(rows);
    const login = rows[0]!;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`goal /login ≥ 500 req/s at p95 ≤ 50 ms: ${verdict(Number(login['req/s']) >= 500 && Number(login['p95 ms']) <= 50)}`);
    console.log(`goal ≤ 80 KB gzip JS per page: ${verdict(rows.every((r) => Number(r['JS gzip KB']) <= 80))}`);
    console.log(`bundle measured: ${rows.every((r) => r.bundle === 'production') ? 'production (no React development runtime)' : 'DEVELOPMENT build — figures are not those users get'}`);
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

await main();
