// bench/description-segments: what the description segments (src/patents/description-segments.ts)
// cost and find, on a copy of the demo store, never on hatsumei_pages itself:
//
//   createdb -h 127.0.0.1 -U postgres -T hatsumei_pages hatsumei_seg
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_seg npx tsx bench/description-segments.ts --backfill --migrate
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_seg npx tsx bench/description-segments.ts
//
// --backfill migrates the copy and ingests again the demo records the migration marked (those whose
// tsv_all reaches position 16,383), which writes their segments: records, seconds, segments and
// table size. Without it (read only): hits and median time of simple-search keywords and detailed-search
// formulas as the search runs them (search-repository.ts countMatches), 5 runs each after a warm-up.
//
// 2026-11-28, copy of the demo store (447 JP, 7,207 US, 6,005 CN records), 2 shared cores:
// - backfill: 156 records reach position 16,383 in tsv_all; 779 segments, 28 MB with their GIN index
//   (8.7 MB) beside 295 MB of patents. Writing those 156 records again: 26.9 / 15.2 s before,
//   29.9 / 13.5 s with segments (alternating runs; the machine's load decides more than segments do).
// - medians of 3 alternating runs, before → after (hits before → after):
//     simple 従来技術 5.5 → 5.9 ms (39 → 41), 実施形態 7.4 → 14.0 ms (250 → 251), 画像形成装置 3.6 → 5.6,
//     半導体装置 1.7 → 2.6, 制御装置 4.8 → 11.5 ms (45 → 48); 二次電池 0.4 → 0.4, 制御部 0.4 → 0.4 (no phrase branch);
//     detail "thin film transistor"/desc 0.9 → 1.2 ms (16 → 17), semiconductor,5N,substrate 1.1 → 1.8,
//     wafer,10C,polishing/TX 0.6 → 0.7, 半導体,3C,基板 1.6 → 4.7 ms (8 → 9), 従来技術/desc 5.5 → 8.2 ms (38 → 40);
//     semiconductor*substrate 0.4 → 0.4, 半導体*基板 0.5 → 0.5 (no positions: no segment lookup).
//   The added time is the phrase's recheck in the segments that hold both words (common words: most of them).
import { gunzipSync } from 'node:zlib';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateToLatest } from '../src/platform/database.ts';
import { DEMO_CORPUS_DIR } from '../src/patents/demo/load-demo-corpus.ts';
import { createParallelIndexer } from '../src/patents/ingest/index-pool.ts';
import { ingestFiles } from '../src/patents/ingest/ingest.ts';
import { compileDetailQuery } from '../src/patents/query/compile.ts';
import { countMatches, type PatentQuery } from '../src/patents/search-repository.ts';
import type { Region } from '../src/patents/record.ts';
import { patentQueryOf } from '../src/search/service.ts';
import { readOnlyDatabase } from './lib/server.ts';

const url = process.env.DATABASE_URL ?? '';
if (!url || /\/hatsumei_pages(\?|$)/.test(url)) throw new Error('Set DATABASE_URL to a copy of the demo store (not hatsumei_pages)');

if (process.argv.includes('--backfill')) {
  const db = createDatabase(url, 4);
  // --migrate the first time; --mark marks the long records again, as the migration did (to time the ingest again, or with another build).
  if (process.argv.includes('--migrate')) await migrateToLatest(db);
  if (process.argv.includes('--mark')) await db.raw(`UPDATE patents SET content_hash = '' WHERE EXISTS (SELECT 1 FROM unnest(tsv_all) lexeme WHERE 16383 = ANY (lexeme.positions))`);
  const marked = new Set<string>((await db('patents').where('content_hash', '').pluck('id')) as string[]);
  const lines = gunzipSync(await readFile(path.join(DEMO_CORPUS_DIR, 'demo.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((line) => marked.has(/"id"\s*:\s*"([^"]+)"/.exec(line)?.[1] ?? ''));
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'segments-bench-')), 'marked.jsonl');
  await writeFile(file, `${lines.join('\n')}\n`);
  const indexer = createParallelIndexer();
  const summary = await ingestFiles(db, [file], { index: indexer.index, concurrency: indexer.concurrency });
  await indexer.close();
  const hasSegments = await db.schema.hasTable('patent_description_segments');
  const size = !hasSegments ? {} : (await db.raw(`SELECT count(*)::int AS segments, count(DISTINCT patent_id)::int AS records,
      pg_size_pretty(pg_total_relation_size('patent_description_segments')) AS total,
      pg_size_pretty(pg_relation_size('patent_description_segments_tsv_gin')) AS gin,
      pg_size_pretty(pg_total_relation_size('patents')) AS patents FROM patent_description_segments`)).rows[0];
  console.log({ marked: marked.size, written: summary.inserted + summary.updated, seconds: summary.seconds.toFixed(1), threads: indexer.threads, ...size });
  await db.destroy();
  process.exit(0);
}

const db = readOnlyDatabase();
const KEYWORDS: Array<[string, Region]> = [
  ['従来技術', 'jp'], ['実施形態', 'jp'], ['画像形成装置', 'jp'], ['半導体装置', 'jp'], ['制御装置', 'jp'], ['二次電池', 'jp'], ['制御部', 'jp'],
];
const FORMULAS: Array<[string, string]> = [
  ['"thin film transistor"', 'desc'],
  ['"tetramethylammonium hydroxide"', 'desc'],
  ['semiconductor,5N,substrate', 'desc'],
  ['wafer,10C,polishing', 'abst_claim_desc_title'],
  ['semiconductor*substrate', 'desc'],
];
const FORMULAS_JP: Array<[string, string]> = [
  ['半導体,3C,基板', 'desc'],
  ['従来技術', 'desc'],
  ['半導体*基板', 'desc'],
];

async function timed(query: PatentQuery): Promise<{ hits: number; ms: number }> {
  let hits = await countMatches(db, query);
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    hits = await countMatches(db, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { hits, ms: times[2]! };
}

const base = { excludeExpired: false, applicants: [] as string[] };
for (const [keyword, region] of KEYWORDS) {
  const { query } = await patentQueryOf({ groups: [{ keyword, synonyms: [] }], excluded: [], region, filter: { patent: true, public: true, utility: true, expired: true }, applicants: [], page: 1, order: 'relevance' } as never);
  const result = await timed({ ...query!, ...base });
  console.log(`simple  ${keyword.padEnd(10)} ${region}  hits ${String(result.hits).padStart(5)}  ${result.ms.toFixed(1).padStart(7)} ms`);
}
for (const [region, formulas] of [['us', FORMULAS], ['jp', FORMULAS_JP]] as const) {
  for (const [text, tag] of formulas) {
    const condition = await compileDetailQuery({ formulas: [{ id: 1, text, tag: tag as never }], combination: '', ipcLimit: [] }, region);
    const result = await timed({ condition, region, ...base });
    console.log(`detail  ${`${text}/${tag}`.padEnd(40)} ${region}  hits ${String(result.hits).padStart(5)}  ${result.ms.toFixed(1).padStart(7)} ms`);
  }
}
await db.destroy();
