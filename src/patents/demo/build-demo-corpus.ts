// npm run corpus:demo — rebuilds data/demo-corpus/ from ../shared/corpus: only records
// whose every source is public domain or permissively licensed (see the README there),
// and a deterministic sample of the large api-evangelist set to stay within 25 MB.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { createGzip, createGunzip } from 'node:zlib';
import { projectRoot } from '../../platform/config.ts';

/** Repositories whose licence allows redistribution: public domain, MIT, Apache-2.0, BSD. */
const PERMISSIVE = [
  'USPTO/PatentPublicData', // US Government work
  'max-planck-innovation-competition/go-uspto', // Apache-2.0
  'funginstitute/patentprocessor', // BSD-style
  'WillKoehrsen/recurrent-neural-networks', // MIT
  'api-evangelist/patents-', // Apache-2.0
  'liaoleyuan/chinese-patent-cpc-multilabel-classification', // MIT
];
const API_EVANGELIST_SAMPLE = Number(process.env.API_EVANGELIST_SAMPLE ?? 1100);

const sources = (record: { source: string | null }) => (record.source ?? '').split(' | ').map((s) => s.replace(/^github:/, '').split('@')[0]!);
const permissive = (record: { source: string | null }) => {
  const list = sources(record);
  return list.length > 0 && list.every((repo) => PERMISSIVE.some((allowed) => repo.startsWith(allowed)));
};
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

async function* lines(file: string) {
  yield* readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
}

const corpus = path.resolve(projectRoot, '..', 'shared', 'corpus');
const output = path.join(projectRoot, 'data', 'demo-corpus', 'demo.jsonl.gz');

// The api-evangelist sample: lowest SHA-1 of the id, as upstream sampled.
const apiIds: Array<{ id: string; hash: string }> = [];
for await (const line of lines(path.join(corpus, 'us.jsonl.gz'))) {
  const record = JSON.parse(line);
  if (sources(record).every((repo) => repo.startsWith('api-evangelist/')) && permissive(record)) apiIds.push({ id: record.id, hash: sha1(record.id) });
}
const sampled = new Set(apiIds.sort((a, b) => a.hash.localeCompare(b.hash)).slice(0, API_EVANGELIST_SAMPLE).map((r) => r.id));

const gzip = createGzip({ level: 9 });
const done = new Promise<void>((resolve) => gzip.pipe(createWriteStream(output)).on('finish', () => resolve()));
const counts: Record<string, number> = {};
for (const region of ['us', 'jp', 'cn']) {
  for await (const line of lines(path.join(corpus, `${region}.jsonl.gz`))) {
    const record = JSON.parse(line);
    if (!permissive(record)) continue;
    if (sources(record).every((repo) => repo.startsWith('api-evangelist/')) && !sampled.has(record.id)) continue;
    counts[region] = (counts[region] ?? 0) + 1;
    if (!gzip.write(`${line}\n`)) await new Promise<void>((resolve) => gzip.once('drain', () => resolve()));
  }
}
gzip.end();
await done;
process.stdout.write(`${output}: ${JSON.stringify(counts)}, ${((await stat(output)).size / 1048576).toFixed(1)} MB\n`);
