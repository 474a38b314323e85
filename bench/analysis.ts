// bench/analysis: text-analysis throughput per language over real corpus text, and what the
// kuromoji and jieba dictionaries cost to load (time and resident memory).
//
//   npx tsx bench/analysis.ts        (SECONDS=2 per measurement, US_LIMIT=0 for all abstracts)
//
// Text: US abstracts (us.jsonl.gz), the Chinese abstracts of cn.jsonl.gz, and the Japanese
// applicant names of jp.jsonl.gz (the corpus has no Japanese full text; kuromoji is also run
// over the Chinese abstracts, real Han text, to measure it on long input).
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { PatentRecord } from '../src/patents/record.ts';
import { analyzeField, chineseTokens, englishTokens, japaneseTokens, kuromojiTokenizer, toTsvectorText } from '../src/patents/analysis/index.ts';

const CORPUS = process.env.HATSUMEI_CORPUS_DIR ?? path.resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
const SECONDS = Number(process.env.SECONDS ?? 2);
const US_LIMIT = Number(process.env.US_LIMIT ?? 5000);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function readSmall(file: string): PatentRecord[] {
  return gunzipSync(readFileSync(path.join(CORPUS, file)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as PatentRecord);
}

async function usAbstracts(limit: number): Promise<string[]> {
  const stream = createReadStream(path.join(CORPUS, 'us.jsonl.gz')).pipe(createGunzip());
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  const out: string[] = [];
  for await (const line of lines) {
    const record = JSON.parse(line) as PatentRecord;
    if (record.abstract) out.push(record.abstract);
    if (limit > 0 && out.length >= limit) break;
  }
  lines.close();
  stream.destroy();
  return out;
}

/** Runs `run` over all texts repeatedly for about SECONDS; tokens/s, texts/s, chars/s. */
async function measure(label: string, texts: string[], run: (text: string) => string[] | Promise<string[]>) {
  for (const text of texts.slice(0, 50)) await run(text); // warm-up (JIT, stem cache)
  let tokens = 0;
  let chars = 0;
  let docs = 0;
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    for (const text of texts) {
      tokens += (await run(text)).length;
      chars += text.length;
      docs++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = (n: number) => Math.round(n / seconds).toLocaleString('en-US');
  console.log(
    `${label.padEnd(44)} ${rate(tokens).padStart(10)} tokens/s ${rate(docs).padStart(8)} texts/s ${rate(chars).padStart(11)} chars/s  (${texts.length} texts, ${Math.round(tokens / docs)} tokens each)`,
  );
}

async function main() {
  const cn = readSmall('cn.jsonl.gz');
  const jp = readSmall('jp.jsonl.gz');
  const cnAbstracts = cn.map((r) => r.abstract).filter((a): a is string => !!a && /\p{Script=Han}/u.test(a));
  const cnTitles = cn.map((r) => r.title).filter((t): t is string => !!t);
  const jpNames = [...new Set(jp.flatMap((r) => r.applicants ?? []))].filter((n) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(n));
  const us = await usAbstracts(US_LIMIT);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let started = performance.now();
  await kuromojiTokenizer();
  const kuromojiMs = performance.now() - started;
  const rssKuromoji = process.memoryUsage().rss;
  const heapKuromoji = process.memoryUsage().heapUsed;
  console.log(`kuromoji build: ${kuromojiMs.toFixed(0)} ms, rss ${mb(rssBefore)} → ${mb(rssKuromoji)} (+${mb(rssKuromoji - rssBefore)}), heap +${mb(heapKuromoji - heapBefore)}`);

  started = performance.now();
  chineseTokens('预热');
  const jiebaMs = performance.now() - started;
  const rssJieba = process.memoryUsage().rss;
  console.log(`jieba build:    ${jiebaMs.toFixed(0)} ms, rss ${mb(rssKuromoji)} → ${mb(rssJieba)} (+${mb(rssJieba - rssKuromoji)})`);
  console.log(`node ${process.version}, ${SECONDS} s per line\n`);

  await measure('en  englishTokens, US abstracts', us, englishTokens);
  await measure('zh  chineseTokens, CN abstracts', cnAbstracts, (t) => chineseTokens(t));
  await measure('zh  chineseTokens (no bigrams), CN abstracts', cnAbstracts, (t) => chineseTokens(t, { bigrams: false }));
  await measure('ja  japaneseTokens, JP applicant names', jpNames, (t) => japaneseTokens(t));
  await measure('ja  japaneseTokens, CN abstracts (Han text)', cnAbstracts, (t) => japaneseTokens(t));
  await measure('mix analyzeField, CN titles (en + zh)', cnTitles, (t) => analyzeField(t, 'cn'));
  await measure('en  analyzeField + toTsvectorText, US', us, async (t) => {
    const tokens = await analyzeField(t, 'us');
    toTsvectorText(tokens);
    return tokens;
  });
  console.log(`\nrss at the end: ${mb(process.memoryUsage().rss)}`);
}

await main();
