// bench/detail-search: formula search latency (p50/p95) on the whole shared corpus — what
// the search job does: compile the rows and combination, count the hits, keep the best
// 10,000 ids — over a fixed set of formulas a patent searcher types (text with operators,
// J-PlatPat tags and proximity, classes, dates, applicants, combinations across rows);
// then whole detailed searches run as background jobs in a ROLE=all process: pick-up
// latency (enqueue → handler start) and time to a stored result.
//
//   npx tsx bench/detail-search.ts                     (a fresh database; ingests ../shared/corpus)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_dev npx tsx bench/detail-search.ts
//
// REPEAT=20 runs per formula (after one warm-up), SEARCHES=30 background searches.
import os from 'node:os';
import path from 'node:path';
import { emptyDetailSearchInput, type DetailSearchInput } from '../src/detail-search/input.ts';
import { startDetailSearch, STORED_HITS } from '../src/detail-search/service.ts';
import { indexPatent } from '../src/patents/indexing.ts';
import { ingestFiles } from '../src/patents/ingest/ingest.ts';
import { compileDetailQuery } from '../src/patents/query/compile.ts';
import type { FormulaTag } from '../src/patents/query/formula.ts';
import { countMatches, rankedDocumentIds, type PatentQuery } from '../src/patents/search-repository.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDatabase, migrateToLatest, type Database } from '../src/platform/database.ts';
import { createLogger } from '../src/platform/logger.ts';
import { startRuntime } from '../src/platform/runtime.ts';
import { kindsOfFilter } from '../src/search/service.ts';
import { insertCompany, insertUser } from '../src/users/repository.ts';
import { percentiles, prepareDatabase, root } from './lib/server.ts';

const REPEAT = Number(process.env.REPEAT ?? 20);
const SEARCHES = Number(process.env.SEARCHES ?? 30);
const corpus = path.resolve(root, '..', 'shared', 'corpus');

type Rows = Array<[string, FormulaTag]>;
const CASES: Array<{ name: string; region: 'jp' | 'us' | 'cn'; rows: Rows; combination?: string }> = [
  { name: 'text operators', region: 'us', rows: [['(washing+laundry)*machine-dryer', 'abst_claim_desc_title']] },
  { name: 'two rows, combination', region: 'us', rows: [['neural network', 'abst_claim'], ['image+picture', 'title']], combination: '1*2' },
  { name: 'J-PlatPat tags', region: 'us', rows: [['(image+picture)/TI*recognition/AB', 'abst_claim_desc_title']] },
  { name: 'proximity 5N', region: 'us', rows: [['(image+picture),5N,recognition', 'abst']] },
  { name: 'proximity 10C full text', region: 'us', rows: [['data,10C,processing', 'abst_claim_desc_title']] },
  { name: 'text × IPC × date', region: 'us', rows: [['vehicle+car', 'abst_claim'], ['B60+B62', 'ipc'], ['19900101:', 'appdate']], combination: '1*2*3' },
  { name: 'applicant × abstract', region: 'us', rows: [['samsung', 'appname'], ['display', 'abst']], combination: '1*2' },
  { name: 'date range only', region: 'us', rows: [['20150101:20151231', 'pubdate']] },
  { name: 'three frequent rows ORed', region: 'us', rows: [['network', 'abst_claim'], ['device', 'abst_claim'], ['system', 'abst_claim']], combination: '1+2+3' },
  { name: 'Chinese text', region: 'cn', rows: [['方法*系统', 'abst_claim_desc_title']] },
  { name: 'Japanese-region English title', region: 'jp', rows: [['neural network+robot', 'title']] },
];

function formOf(rows: Rows, region: 'jp' | 'us' | 'cn', combination = ''): DetailSearchInput {
  const input = emptyDetailSearchInput(region);
  input.modes[0] = { formulas: rows.map(([text, tag], index) => ({ id: index + 1, text, tag, valid: true })), combination };
  return input;
}

/** What the search job does with a form, timed. */
async function searchOnce(db: Database, input: DetailSearchInput): Promise<{ ms: number; hits: number }> {
  const started = performance.now();
  const chosen = input.modes[0];
  const condition = await compileDetailQuery({ formulas: chosen.formulas, combination: chosen.combination, ipcLimit: [] }, input.lang);
  const query: PatentQuery = { condition, region: input.lang, kinds: kindsOfFilter(input.filter), excludeExpired: true, applicants: [] };
  const hits = await countMatches(db, query);
  if (hits > 0) await rankedDocumentIds(db, query, STORED_HITS);
  return { ms: performance.now() - started, hits };
}

async function main() {
  const external = process.env.DATABASE_URL;
  const database = external ? null : await prepareDatabase();
  const url = external ?? database!.url();
  const db = createDatabase(url);
  try {
    await migrateToLatest(db);
    if (database) {
      const files = ['us', 'jp', 'cn'].map((region) => path.join(corpus, `${region}.jsonl.gz`));
      const summary = await ingestFiles(db, files, { index: indexPatent });
      console.log(`ingested ${summary.records} records in ${summary.seconds.toFixed(0)} s`);
      await db.raw('ANALYZE patents');
    }
    const records = Number((await db('patents').count<{ count: string }[]>({ count: '*' }))[0]!.count);
    console.log(`bench/detail-search — ${os.cpus().length} cores, Node ${process.version}, ${external ? 'DATABASE_URL' : database!.label}, ${records} patents, ${REPEAT} runs per formula after a warm-up\n`);

    const all: number[] = [];
    const table = [];
    for (const { name, region, rows, combination } of CASES) {
      const input = formOf(rows, region, combination);
      const { hits } = await searchOnce(db, input);
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) times.push((await searchOnce(db, input)).ms);
      all.push(...times);
      const { p50, p95 } = percentiles(times);
      table.push({ formula: name, region, hits, 'p50 ms': p50.toFixed(1), 'p95 ms': p95.toFixed(1) });
    }
    console.table(table);
    const overall = percentiles(all);
    console.log(`all formulas: p50 ${overall.p50.toFixed(1)} ms, p95 ${overall.p95.toFixed(1)} ms (compile + count + best ${STORED_HITS} ids)\n`);

    // Whole detailed searches through the queue, in a process that serves and works (ROLE=all).
    const config = loadConfig({ ...process.env, NODE_ENV: 'production', ROLE: 'all', LOG_LEVEL: 'warn', DATABASE_URL: url, PUBLIC_URL: 'http://localhost:3000', SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789' });
    const runtime = await startRuntime(config, createLogger(config.logLevel));
    try {
      const companyId = await insertCompany(db, { code: `BENCH${Date.now()}`, name: 'bench' });
      const userId = await insertUser(db, { companyId, email: `bench-${Date.now()}@example.jp`, name: 'bench', passwordHash: 'x', role: 'auth_user' });
      const pickUp: number[] = [];
      const done: number[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        const { rows, region, combination } = CASES[i % CASES.length]!;
        const started = Date.now();
        const id = await startDetailSearch({ db, jobs: runtime.jobs }, { id: userId, companyId }, formOf(rows, region, combination));
        for (;;) {
          const row = await db('queries').select('status').where({ id }).first();
          if (row.status !== 0) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        done.push(Date.now() - started);
        const job = await db('background_jobs').select(db.raw('extract(epoch from (started_at - enqueued_at)) * 1000 AS ms')).where({ query_id: id, type: 4 }).first();
        pickUp.push(Number(job.ms));
        // Let the search's map job finish before the next search, so each measures an idle worker.
        for (;;) {
          const waiting = await db('background_jobs').where({ query_id: id, status: 0 }).count<{ count: string }[]>({ count: '*' });
          if (Number(waiting[0]!.count) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const p = percentiles(pickUp);
      const d = percentiles(done);
      console.log(`background searches (${SEARCHES}, idle worker, concurrency ${config.jobs.concurrency}):`);
      console.log(`  pick-up latency (enqueue → handler start): p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms`);
      console.log(`  enqueue → stored result (as the executing page sees it): p50 ${d.p50.toFixed(0)} ms, p95 ${d.p95.toFixed(0)} ms`);
      await db('users').where({ id: userId }).delete();
      await db('companies').where({ id: companyId }).delete();
    } finally {
      await runtime.close();
    }
  } finally {
    await db.destroy();
    await database?.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
