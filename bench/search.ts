// bench/search: ingest rate and peak memory for the shared corpus, then simple-search
// latency (p50/p95) over a fixed query set, against a sequential ILIKE scan of the same
// text in the same run (as a ratio).
//
//   npx tsx bench/search.ts        (REPEAT=20 to change the repetitions per query)
import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest } from '../src/platform/database.ts';
import { indexPatent } from '../src/patents/indexing.ts';
import { ingestFiles } from '../src/patents/ingest/ingest.ts';
import { runSimpleSearch } from '../src/search/service.ts';
import { parseSimpleSearch } from '../src/search/validation.ts';
import { percentiles, prepareDatabase, root } from './lib/server.ts';

const REPEAT = Number(process.env.REPEAT ?? 20);
const corpus = path.resolve(root, '..', 'shared', 'corpus');
const QUERIES: Array<{ q: string; region: string; ilike: string[] }> = [
  { q: 'washing machine', region: 'us', ilike: ['washing', 'machine'] },
  { q: 'neural network', region: 'us', ilike: ['neural', 'network'] },
  { q: 'image recognition', region: 'us', ilike: ['image', 'recognition'] },
  { q: 'wastewater|sewage treatment', region: 'us', ilike: ['treatment'] },
  { q: 'wheel truck', region: 'us', ilike: ['wheel', 'truck'] },
  { q: 'baseball bat', region: 'us', ilike: ['baseball', 'bat'] },
  { q: 'api authentication', region: 'us', ilike: ['api', 'authentication'] },
  { q: '数据 服务器', region: 'cn', ilike: ['数据', '服务器'] },
  { q: 'neural', region: 'jp', ilike: ['neural'] },
];

async function main() {
  const database = await prepareDatabase();
  const db = createDatabase(database.url());
  try {
    await migrateToLatest(db);
    const regions = (process.env.BENCH_REGIONS ?? 'us,jp,cn').split(',');
    const files = regions.map((region) => path.join(corpus, `${region}.jsonl.gz`));
    const summary = await ingestFiles(db, files, { index: indexPatent });
    console.log(`bench/search — ${os.cpus().length} cores, ${database.label}`);
    console.log(
      `ingest: ${summary.records} records in ${summary.seconds.toFixed(1)} s = ${(summary.records / summary.seconds).toFixed(0)} docs/s, peak RSS ${(summary.peakRssBytes / 1048576).toFixed(0)} MB, ${summary.bad.length} bad\n`,
    );
    await db.raw('ANALYZE patents');
    const rows = [];
    const allIndexed: number[] = [];
    const allScan: number[] = [];
    for (const query of QUERIES) {
      const input = parseSimpleSearch({ q: query.q, region: query.region });
      const indexed: number[] = [];
      let hits = 0;
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        hits = (await runSimpleSearch(db, input)).totalHitCount;
        indexed.push(performance.now() - started);
      }
      // The naive alternative: every word must appear somewhere in the text, by sequential scan.
      const scan: number[] = [];
      for (let i = 0; i < Math.max(3, REPEAT / 5); i++) {
        const started = performance.now();
        const builder = db('patents').where('region', query.region);
        for (const word of query.ilike) {
          builder.andWhere((q) => q.whereILike('title', `%${word}%`).orWhereILike('abstract', `%${word}%`).orWhereILike('description', `%${word}%`).orWhereRaw('claims::text ILIKE ?', [`%${word}%`]));
        }
        await builder.count({ count: '*' });
        scan.push(performance.now() - started);
      }
      const p = percentiles(indexed);
      const s = percentiles(scan);
      allIndexed.push(...indexed);
      allScan.push(...scan);
      rows.push({ query: `${query.q} (${query.region})`, hits, 'p50 ms': p.p50.toFixed(1), 'p95 ms': p.p95.toFixed(1), 'scan p50 ms': s.p50.toFixed(0), 'scan/search': (s.p50 / p.p50).toFixed(0) });
    }
    console.table(rows);
    const all = percentiles(allIndexed);
    const scan = percentiles(allScan);
    console.log(`all queries: p50 ${all.p50.toFixed(1)} ms, p95 ${all.p95.toFixed(1)} ms (goal p95 ≤ 100 ms); scan p50 ${scan.p50.toFixed(0)} ms = ${(scan.p50 / all.p50).toFixed(0)}× (goal ≥ 20×)`);
    console.log('Search time includes the list page (50 hits with snippets) and the applicant ranking, as /search renders them.');
  } finally {
    await db.destroy();
    await database.cleanup();
  }
}

await main();
