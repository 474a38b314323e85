// bench/index-text-hash: the index text (indexPatent: title, abstract, claims, description
// tsvector text) of every gazette of ../shared/corpus/jp-fulltext.jsonl.gz, hashed (SHA-256 over
// all of it in file order), and the analysis CPU per document in this one thread. An analyser
// change that must keep the tokens prints the same hash before and after; run it on both trees.
//
//   npx tsx bench/index-text-hash.ts        (EXPECT=<sha256> exits 1 when the hash differs; PASSES=3 to analyse the file
//                                            that many times: the first pass includes the dictionary load and cold memos)
//
// At 425d30a (and after the analyser work of issue 11, item 2): c0946e36f3fede042a800f007decfb2831619bfaa217cbd09b2dd650c4291f77.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { indexPatent } from '../src/patents/indexing.ts';
import { validateRecord } from '../src/patents/ingest/validate.ts';

const CORPUS = process.env.HATSUMEI_CORPUS_DIR ?? path.resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
const PASSES = Number(process.env.PASSES ?? 1);
const records = gunzipSync(readFileSync(path.join(CORPUS, 'jp-fulltext.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => validateRecord(JSON.parse(line)));

for (let pass = 1; pass <= PASSES; pass++) {
  const hash = createHash('sha256');
  const cpu = process.cpuUsage();
  for (const record of records) {
    const indexed = await indexPatent(record);
    hash.update(`${record.id}\0${indexed.title}\0${indexed.abstract}\0${indexed.claims}\0${indexed.description}\n`);
  }
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / records.length;
  const digest = hash.digest('hex');
  console.log(`pass ${pass}: ${records.length} gazettes, index text sha256 ${digest}, analysis CPU ${ms.toFixed(1)} ms/doc`);
  if (process.env.EXPECT && digest !== process.env.EXPECT) {
    console.error(`index text differs from ${process.env.EXPECT}`);
    process.exitCode = 1;
  }
}
