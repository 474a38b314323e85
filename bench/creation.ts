// bench/creation: how long a patent attorney waits for a draft without GPT, at the full shared
// corpus, with the server as its own process (ROLE all: the creation job runs in the process
// that answers the pages, as `npm start` does). A 10-claim input taken from a real gazette
// (Japanese, then US), citing a reference patent and five similar patents of the store:
//   - time from the request to the finished draft (goal ≤ 5 s), first and warm runs;
//   - the share of that time per step of the job (reading the cited records, drafting, GPT,
//     storing) as the job records it, and what is left for the queue and the request.
//   npm run bench:creation   (PRIORART_DB=<loaded bench db> to reuse one)
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { displayNumberOfId } from '../src/patents/numbers.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';
import { percentiles, send, signedInCookie, startServer } from './lib/server.ts';

const SECRET = randomBytes(32).toString('hex');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const RUNS = 5;
const GOAL_SECONDS = 5;

const { db, close } = await priorartCorpus();
const url = `postgres://postgres@127.0.0.1:5432/${(await db.raw('SELECT current_database() AS name')).rows[0].name}`;
const server = await startServer({ DATABASE_URL: url, DEMO_ACCOUNTS: 'true', SESSION_SECRET: SECRET, ROLE: 'all', HATSUMEI_WARM_UP: '0' });
const cookie = await signedInCookie(url, SECRET);
const get = (path: string) => send(agent, server.port, { path, headers: { cookie } });

async function csrf(): Promise<{ token: string; cookie: string }> {
  const response = await get('/patent-creation-support/create');
  const token = /name="csrf-token" content="([^"]+)"/.exec(response.body.toString())![1]!;
  const set = ((response.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]);
  return { token, cookie: [cookie, ...set].join('; ') };
}

async function draft(body: Record<string, unknown>): Promise<{ seconds: number; timings: Array<[string, number]> }> {
  const { token, cookie: withCsrf } = await csrf();
  const started = performance.now();
  const response = await send(agent, server.port, {
    method: 'POST', path: '/api/patent-creation-support/create', body: JSON.stringify(body), headers: { cookie: withCsrf, 'content-type': 'application/json', 'x-csrf-token': token },
  });
  if (response.status !== 202) throw new Error(`create: ${response.status} ${response.body.toString()}`);
  const { id } = JSON.parse(response.body.toString());
  for (;;) {
    const status = JSON.parse((await get(`/api/patent-creation-support/status?id=${id}`)).body.toString());
    if (status.status !== 0) {
      if (status.status !== 1) throw new Error(`draft ended ${status.status} ${status.errcode}`);
      const seconds = (performance.now() - started) / 1000;
      const row = await db('queries').select('result').where({ id }).first();
      return { seconds, timings: (row.result as { timings: Array<[string, number]> }).timings };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A gazette with at least 10 claims, and six other records of its region sharing its IPC subclass (reference + 5 similar). */
async function inputOf(region: 'jp' | 'us', lang: 'jp' | 'us') {
  const sources: Array<{ id: string; claims: string[]; ipc: string[] | null }> = await db('patents')
    .select('id', 'claims', 'ipc')
    .where({ region })
    .whereRaw('jsonb_array_length(claims) >= 10')
    .whereNotNull('abstract')
    .orderBy('id')
    .limit(40);
  // The first gazette whose IPC subclass six other records share (the cited documents of a real filing are of its field).
  for (const source of sources) {
    const subclass = source.ipc?.[0]?.slice(0, 4);
    if (!subclass) continue;
    const cited: Array<{ id: string }> = await db('patents')
      .select('id')
      .where({ region })
      .whereNot({ id: source.id })
      .whereNotNull('abstract')
      .whereRaw(`EXISTS (SELECT 1 FROM unnest(ipc) AS code WHERE code LIKE ? || '%')`, [subclass])
      .orderBy('id')
      .limit(6);
    if (cited.length === 6) return { source: source.id, body: bodyOf(source, cited, lang) };
  }
  throw new Error(`no ${region} gazette with 10 claims and six records of its subclass`);
}

function bodyOf(source: { claims: string[] }, cited: Array<{ id: string }>, lang: 'jp' | 'us') {
  return {
    lang,
    claims: source.claims.slice(0, 10),
    referenceNumber: displayNumberOfId(cited[0]!.id, 'en'),
    referenceParts: { claims: true, abstract: true, fullText: true },
    similarPatents: cited.slice(1).map((record) => record.id),
  };
}

try {
  for (const [region, label] of [['jp', 'Japanese (JPO format)'], ['us', 'US (English)']] as const) {
    const { source, body } = await inputOf(region, region);
    const runs: Array<{ seconds: number; timings: Array<[string, number]> }> = [];
    for (let i = 0; i < RUNS; i++) runs.push(await draft(body));
    const warm = runs.slice(1).map((run) => run.seconds * 1000);
    const { p50 } = percentiles(warm);
    const worst = Math.max(...runs.map((run) => run.seconds));
    console.log(`${label}: 10 claims of ${source}, reference ${body.referenceNumber} + ${body.similarPatents.length} similar`);
    console.log(`  first draft ${runs[0]!.seconds.toFixed(2)} s (includes loading the analyser), warm p50 ${(p50 / 1000).toFixed(2)} s, worst ${worst.toFixed(2)} s (goal ≤ ${GOAL_SECONDS} s: ${worst <= GOAL_SECONDS ? 'met' : 'NOT met'})`);
    const last = runs[runs.length - 1]!;
    const total = last.seconds * 1000;
    const steps = last.timings;
    const inJob = steps.reduce((sum, [, ms]) => sum + ms, 0);
    const shares = steps.map(([step, ms]) => `${step} ${ms} ms (${((ms / total) * 100).toFixed(0)} %)`);
    console.log(`  last run ${total.toFixed(0)} ms: ${shares.join(', ')}, queue and request ${(total - inJob).toFixed(0)} ms (${(((total - inJob) / total) * 100).toFixed(0)} %)`);
  }
} finally {
  agent.destroy();
  await server.stop();
  await close();
}
