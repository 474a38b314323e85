// bench/priorart-learning: chooses the learning texts' weight (engine.ts LEARNING_WEIGHT) on
// the Japanese records of the demo corpus. For a document X, its claim 1 is the invention (X
// itself left out, as the document-number tab does); Y is the document the engine ranks 20th
// without learning text — one the user knows is relevant — and Y's abstract is pasted as the
// learning text. Measured per weight: Y's mean rank (1-based; absent = list size + 1), its
// mean reciprocal rank, and overlap@10 — the share of the first ten found without learning
// text (Y left out) still in the first ten: the invention must keep leading the search.
// Chosen on the TUNING half (sha1 of X's id even) by the largest MRR(Y) + overlap@10; both
// halves reported.   npx tsx bench/priorart-learning.ts   (N=<documents per half>, WEIGHTS=0.25,0.5,…)
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { indexPatent } from '../src/patents/indexing.ts';
import { ingestFiles } from '../src/patents/ingest/ingest.ts';
import { createDatabase, migrateToLatest } from '../src/platform/database.ts';
import { simulate, type SimulationInput } from '../src/priorart/engine.ts';

const N = Number(process.env.N ?? 20);
const WEIGHTS = (process.env.WEIGHTS ?? '0.25,0.5,1,2').split(',').map(Number);
const LOWER_RANK = 20;
const tuning = (id: string) => createHash('sha1').update(id).digest()[0]! % 2 === 0;

interface Record_ {
  id: string;
  region: string;
  abstract?: string;
  claims?: string[];
  description?: string;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

// The demo corpus's Japanese records in a database of their own.
const records: Record_[] = [];
for await (const line of createInterface({ input: createReadStream('data/demo-corpus/demo.jsonl.gz').pipe(createGunzip()) })) {
  if (!line.trim()) continue;
  const record = JSON.parse(line) as Record_;
  if (record.region === 'jp') records.push(record);
}
const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'hatsumei-learning-')), 'jp.jsonl');
await writeFile(file, records.map((record) => JSON.stringify(record)).join('\n') + '\n');
const name = `hatsumei_bench_learning_${randomBytes(3).toString('hex')}`;
await admin(`CREATE DATABASE ${name}`);
const db = createDatabase(`postgres://postgres@127.0.0.1:5432/${name}`);
type Row = { half: 'tuning' | 'report'; weight: number; rank: number; overlap: number };
const rows: Row[] = [];
try {
  await migrateToLatest(db);
  await ingestFiles(db, [file], { index: indexPatent });
  const abstractOf = new Map(records.map((record) => [record.id, record.abstract ?? '']));
  const subjects = records
    .filter((record) => record.description && record.claims?.[0] && record.claims[0].length >= 80 && record.claims[0].length <= 5000)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const half of ['tuning', 'report'] as const) {
    const chosen = subjects.filter((record) => tuning(record.id) === (half === 'tuning')).slice(0, N);
    for (const subject of chosen) {
      const input: SimulationInput = { lang: 'jp', subjectMatter: subject.claims![0]!, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 0, fixedDocumentIds: [], populationIds: null, excludeDocumentId: subject.id };
      const baseline = (await simulate(db, input)).candidates.map((candidate) => candidate.documentId);
      const lower = baseline[LOWER_RANK - 1];
      if (!lower || !abstractOf.get(lower)) continue;
      const leading = baseline.slice(0, 10).filter((id) => id !== lower);
      for (const weight of [0, ...WEIGHTS]) {
        const found = weight === 0 ? baseline : (await simulate(db, { ...input, learningTexts: [abstractOf.get(lower)!], learningWeight: weight })).candidates.map((candidate) => candidate.documentId);
        const at = found.indexOf(lower);
        const top = new Set(found.slice(0, 10));
        rows.push({ half, weight, rank: at < 0 ? found.length + 1 : at + 1, overlap: leading.filter((id) => top.has(id)).length / leading.length });
      }
    }
  }
} finally {
  await db.destroy();
  await admin(`DROP DATABASE ${name}`);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const summary = (half: Row['half'], weight: number) => {
  const of = rows.filter((row) => row.half === half && row.weight === weight);
  return { half, weight, documents: of.length, meanRank: +mean(of.map((row) => row.rank)).toFixed(2), mrr: +mean(of.map((row) => 1 / row.rank)).toFixed(3), overlapAt10: +mean(of.map((row) => row.overlap)).toFixed(3) };
};
const table = (['tuning', 'report'] as const).flatMap((half) => [0, ...WEIGHTS].map((weight) => summary(half, weight)));
console.table(table);
const best = WEIGHTS.map((weight) => summary('tuning', weight)).sort((a, b) => b.mrr + b.overlapAt10 - (a.mrr + a.overlapAt10))[0]!;
console.log(`chosen on the tuning half: ${best.weight}`);
const report = summary('report', best.weight);
const base = summary('report', 0);
console.log(`report half at ${best.weight}: mean rank of Y ${base.meanRank} → ${report.meanRank} (change ${(report.meanRank - base.meanRank).toFixed(2)}), MRR ${base.mrr} → ${report.mrr}, overlap@10 ${report.overlapAt10}`);
