// bench/priorart-pages: what a user of the examination-simulation pages feels, at the full
// shared corpus, with the server as its own process (ROLE all: the simulation job runs in the
// process that answers the pages, as `npm start` does):
//   - the result page of a claim chart of 30 elements × 4 documents (goal: rendered in under
//     200 ms on the server), the next page of a 2,000-document list, a chart column added;
//   - the longest the server's event loop is held up while simulations run and pages are read
//     (goal ≤ 100 ms): a probe asks /healthz every 20 ms and the slowest answer, less its usual
//     time, is how long nothing else could be answered.
//   npm run bench:priorart-pages   (PRIORART_DB=<loaded bench db> to reuse one)
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { cutElements } from '../src/priorart/elements.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';
import { loadDemoCorpus, percentiles, send, signedInCookie, startServer } from './lib/server.ts';

const SECRET = randomBytes(32).toString('hex');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

const { db, close } = await priorartCorpus();
const url = `postgres://postgres@127.0.0.1:5432/${(await db.raw('SELECT current_database() AS name')).rows[0].name}`;
const environment = { DATABASE_URL: url, DEMO_ACCOUNTS: 'true', SESSION_SECRET: SECRET, ROLE: 'all', HATSUMEI_WARM_UP: '0' };
// A first start loads the demo corpus in the background, once: not while the pages are measured
// (an interrupted load resumed at every start of the measured server and held its loop ~300 ms).
await loadDemoCorpus(environment, url);
const server = await startServer(environment);
const port = server.port;
const cookie = await signedInCookie(url, SECRET);
const get = (path: string) => send(agent, port, { path, headers: { cookie } });

// The event-loop probe: /healthz every 20 ms for the whole run.
const probe = { worst: 0, samples: [] as number[], stopped: false };
const probing = (async () => {
  const quiet = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (!probe.stopped) {
    const started = performance.now();
    await send(quiet, port, { path: '/healthz' }).catch(() => undefined);
    const ms = performance.now() - started;
    probe.samples.push(ms);
    probe.worst = Math.max(probe.worst, ms);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  quiet.destroy();
})();

async function csrf(): Promise<{ token: string; cookie: string }> {
  const response = await get('/priorart/build-query');
  const token = /name="csrf-token" content="([^"]+)"/.exec(response.body.toString())![1]!;
  const set = ((response.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]);
  return { token, cookie: [cookie, ...set].join('; ') };
}

async function simulate(body: Record<string, unknown>): Promise<{ id: string; seconds: number }> {
  const { token, cookie: withCsrf } = await csrf();
  const started = performance.now();
  const response = await send(agent, port, { method: 'POST', path: '/api/priorart/simulate', body: JSON.stringify(body), headers: { cookie: withCsrf, 'content-type': 'application/json', 'x-csrf-token': token } });
  const { id } = JSON.parse(response.body.toString());
  for (;;) {
    const status = JSON.parse((await get(`/api/priorart/status?id=${id}`)).body.toString());
    if (status.status >= 5) {
      if (status.status !== 5) throw new Error(`simulation ended ${status.status} ${status.errcode}`);
      return { id, seconds: (performance.now() - started) / 1000 };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timed(path: string, times: number): Promise<{ p50: number; p95: number; bytes: number }> {
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await get(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    latencies.push(performance.now() - started);
    bytes = response.body.length;
  }
  const { p50, p95 } = percentiles(latencies);
  return { p50, p95, bytes };
}

try {
  // 30 elements, one per line: the elements of a Japanese gazette's claims, in order, until 30.
  const documents: Array<{ id: string; claims: string[] }> = await db('patents').select('id', 'claims').where({ region: 'jp' }).whereNotNull('description').whereRaw('jsonb_array_length(claims) >= 8').orderBy('id').limit(50);
  const source = documents.find((document) => document.claims.flatMap((claim) => cutElements(claim, true)).length >= 30)!;
  const elements = source.claims.flatMap((claim) => cutElements(claim, true)).slice(0, 30).map((element) => element.text.slice(0, 500));
  console.log(`invention: 30 elements from the claims of ${source.id}`);

  const chart = await simulate({ lang: 'jp', subjectMatter: elements.join('\n'), isAutoElementCutter: false, outputType: 0 });
  console.log(`simulation, claim chart, 30 elements: ${chart.seconds.toFixed(1)} s (first, includes building the region's term index)`);
  const result = await timed(`/priorart/result?id=${chart.id}&type=priorart`, 30);
  console.log(`result page, chart 30 elements × 4 documents: p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms (goal < 200 ms), ${(result.bytes / 1024).toFixed(0)} KB of HTML`);

  const list = await simulate({ lang: 'jp', subjectMatter: elements.slice(0, 10).join('\n'), isAutoElementCutter: false, outputType: 2 });
  console.log(`simulation, list of 2,000, 10 elements: ${list.seconds.toFixed(1)} s`);
  const listPage = await timed(`/priorart/result?id=${list.id}&type=priorart&page=7&sort=number`, 30);
  console.log(`result page 7 of the list, sorted by number: p50 ${listPage.p50.toFixed(0)} ms, p95 ${listPage.p95.toFixed(0)} ms (goal < 200 ms)`);
  const stored = JSON.parse((await get(`/api/priorart/result?id=${list.id}`)).body.toString());
  const charted = new Set(stored.result.priorart.charts.map((c: { documentId: string }) => c.documentId));
  const extra = stored.result.priorart.candidates.find((c: { documentId: string }) => !charted.has(c.documentId)).documentId;
  const column = await timed(`/api/priorart/column?id=${list.id}&documentId=${extra}`, 10);
  console.log(`a chart column added (${extra}, read passage by passage): p50 ${column.p50.toFixed(0)} ms, p95 ${column.p95.toFixed(0)} ms`);
} finally {
  probe.stopped = true;
  await probing;
  const usual = percentiles(probe.samples).p50;
  console.log(`event loop: /healthz answered in ${usual.toFixed(0)} ms usually; the slowest answer ${probe.worst.toFixed(0)} ms, so the loop was held up at most ~${Math.max(0, probe.worst - usual).toFixed(0)} ms (goal ≤ 100 ms) over ${probe.samples.length} probes`);
  agent.destroy();
  await server.stop();
  await close();
}
