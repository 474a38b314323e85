// npm run corpus:demo — rebuilds data/demo-corpus/ from ../shared/corpus: all Japanese and
// Chinese text (jp-fulltext: the JPO's gazette publications; cn-text: MIT), the JP and CN
// bibliographic records, and the US records whose every source is public domain or
// permissively licensed, with a deterministic sample of the large api-evangelist set cut to
// keep the file under 25 MB (US records are the ones dropped, never JP or CN ones).
// Japanese and Chinese come first in the file, so a first start finds them soonest.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { createGzip, createGunzip } from 'node:zlib';
import { projectRoot } from '../../platform/config.ts';
import type { PatentRecord } from '../record.ts';

/** Repositories whose licence allows redistribution: public domain, MIT, Apache-2.0, BSD (texts in data/demo-corpus/licenses). */
export const PERMISSIVE = [
  'USPTO/PatentPublicData', // US Government work
  'max-planck-innovation-competition/go-uspto', // Apache-2.0
  'funginstitute/patentprocessor', // BSD-style
  'WillKoehrsen/recurrent-neural-networks', // MIT
  'api-evangelist/patents-', // Apache-2.0
  'liaoleyuan/chinese-patent-cpc-multilabel-classification', // MIT
  'tanggongbo/KPPatent-ZH', // MIT
];
/**
 * Japanese gazette text: the JPO's official publications of each application (公開特許公報,
 * 特許公報, 実用新案登録公報) as the office distributes them, committed by teams of a prior-art
 * retrieval competition without a licence of their own; only the office's text is taken.
 */
export const JPO_GAZETTE = ['OnozukaRikkyo/patent_rag', 'Dai2137/patent_rag', 'Dai2137/GENIAC_RAG'];

const MAX_BYTES = 25_000_000;
const API_EVANGELIST_SAMPLE = Number(process.env.API_EVANGELIST_SAMPLE ?? 900);

export const sourceRepositories = (record: { source: string | null }): string[] =>
  (record.source ?? '').split(' | ').map((s) => s.replace(/^github:/, '').split('@')[0]!);
const allFrom = (record: { source: string | null }, allowed: readonly string[]) => {
  const list = sourceRepositories(record);
  return list.length > 0 && list.every((repo) => allowed.some((prefix) => repo.startsWith(prefix)));
};
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const empty = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '';

async function* records(file: string): AsyncGenerator<PatentRecord> {
  for await (const line of readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })) {
    if (line.trim()) yield JSON.parse(line) as PatentRecord;
  }
}

/** The richer record (read first) with the empty fields filled from the other, both sources named: one publication, several sources. */
function merge(first: PatentRecord, second: PatentRecord): PatentRecord {
  const merged = { ...first } as Record<string, unknown>;
  for (const [key, value] of Object.entries(second)) if (empty(merged[key]) && !empty(value)) merged[key] = value;
  merged.source = [...new Set([...(first.source ?? '').split(' | '), ...(second.source ?? '').split(' | ')].filter(Boolean))].join(' | ');
  return merged as unknown as PatentRecord;
}

async function main() {
  const corpus = path.resolve(projectRoot, '..', 'shared', 'corpus');
  const output = path.join(projectRoot, 'data', 'demo-corpus', 'demo.jsonl.gz');

  // Text-rich files first, so a publication found in two files keeps its Japanese or Chinese text.
  const byId = new Map<string, PatentRecord>();
  const counts: Record<string, number> = {};
  for (const file of ['jp-fulltext', 'cn-text', 'jp', 'cn']) {
    for await (const record of records(path.join(corpus, `${file}.jsonl.gz`))) {
      if (!allFrom(record, [...PERMISSIVE, ...JPO_GAZETTE])) continue;
      const known = byId.get(record.id);
      byId.set(record.id, known ? merge(known, record) : record);
    }
  }
  // US: the api-evangelist sample (lowest SHA-1 of the id, as upstream sampled) and every other permissive record.
  const us: PatentRecord[] = [];
  const api: PatentRecord[] = [];
  for await (const record of records(path.join(corpus, 'us.jsonl.gz'))) {
    if (!allFrom(record, PERMISSIVE)) continue;
    (allFrom(record, ['api-evangelist/']) ? api : us).push(record);
  }
  api.sort((a, b) => sha1(a.id).localeCompare(sha1(b.id)));

  const gzip = createGzip({ level: 9 });
  const done = new Promise<void>((resolve) => gzip.pipe(createWriteStream(output)).on('finish', () => resolve()));
  for (const record of [...byId.values(), ...us, ...api.slice(0, API_EVANGELIST_SAMPLE)]) {
    counts[record.region] = (counts[record.region] ?? 0) + 1;
    if (!gzip.write(`${JSON.stringify(record)}\n`)) await new Promise<void>((resolve) => gzip.once('drain', () => resolve()));
  }
  gzip.end();
  await done;
  const size = (await stat(output)).size;
  process.stdout.write(`${output}: ${JSON.stringify(counts)}, ${(size / 1e6).toFixed(1)} MB\n`);
  if (size > MAX_BYTES) {
    process.stderr.write(`over ${MAX_BYTES / 1e6} MB: lower API_EVANGELIST_SAMPLE (US records go, never JP or CN ones)\n`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
