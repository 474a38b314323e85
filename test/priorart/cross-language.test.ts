// Cross-language search (src/patents/dictionaries): hand-checked dictionary translations of
// technical words in both directions, and on real records (../shared/corpus) a Japanese claim
// simulated against US documents finds documents of its own IPC subclass more often than a
// random draw of the same documents would.
import path from 'node:path';
import { translateText } from '../../src/patents/dictionaries/cross-language.ts';
import { subclassOf } from '../../src/patents/ipc-inference.ts';
import { termIndexOf } from '../../src/patents/term-index.ts';
import { simulate } from '../../src/priorart/engine.ts';
import { corpusTests, cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz', 'us.jsonl.gz', 'cn-text.jsonl.gz');
const store = corpusDatabase(
  async () => {
    const classified = (r: Record<string, unknown>) => Array.isArray(r.ipc) && r.ipc.length > 0;
    return [
      await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 120, (r) => classified(r) && Array.isArray(r.claims)),
      await cutCorpus(path.join(CORPUS, 'us.jsonl.gz'), 900, classified),
      await cutCorpus(path.join(CORPUS, 'cn-text.jsonl.gz'), 300),
    ];
  },
  { available, timeout: 300_000 },
);

test('Japanese and Chinese technical words become the English stems US documents are indexed with', async () => {
  const english = async (text: string, from: 'ja' | 'zh') => [...(await translateText(text, { from, to: 'en' })).weights.keys()];
  expect(await english('電池', 'ja')).toContain('batteri');
  expect(await english('半導体', 'ja')).toContain('semiconductor');
  expect(await english('電極', 'ja')).toContain('electrod');
  expect(await english('电池', 'zh')).toContain('batteri');
  expect(await english('半导体', 'zh')).toContain('semiconductor');
  // A compound the dictionary holds whole is translated whole: 二次電池 is a rechargeable battery.
  expect(await english('二次電池を備える', 'ja')).toEqual(expect.arrayContaining(['recharg', 'batteri']));
  // Only the surest senses: 装置 gives two of its four glosses, not all.
  const device = await translateText('装置', { from: 'ja', to: 'en' });
  expect(device.weights.size).toBeLessThanOrEqual(2);
  expect([...device.weights.values()].sort()).toEqual([0.5, 1]);
});

corpusTest('English words become the Japanese and Chinese words the target documents use', async () => {
  const jp = await termIndexOf(store.db, 'jp', 'full');
  const cn = await termIndexOf(store.db, 'cn', 'full');
  expect((await translateText('battery', { from: 'en', to: 'ja' }, jp)).words).toContain('電池');
  expect((await translateText('semiconductor substrate', { from: 'en', to: 'ja' }, jp)).words).toEqual(expect.arrayContaining(['半導体', '基板']));
  expect((await translateText('battery', { from: 'en', to: 'zh' }, cn)).words).toContain('电池');
  // Every term kept is one the target index holds.
  for (const term of (await translateText('a semiconductor device with an electrode layer', { from: 'en', to: 'ja' }, jp)).weights.keys()) expect(jp.terms.has(term)).toBe(true);
});

corpusTest('Japanese claims against US documents: the top 10 share the claim’s IPC subclass more often than a random draw', async () => {
  const us = await termIndexOf(store.db, 'us', 'full');
  const subclassesOf = (doc: number) => new Set(us.classes[doc]!.map(subclassOf));
  const usSubclasses = new Set(us.ids.flatMap((_, doc) => [...subclassesOf(doc)]));
  // Claims whose field the US documents have at all (a game machine claim cannot agree with water treatment).
  const claims: Array<{ claim: string; subclasses: Set<string> }> = (await store.db('patents').where({ region: 'jp' }).select('claims', 'ipc').orderBy('id'))
    .map((row: { claims: string[]; ipc: string[] }) => ({ claim: row.claims[0] ?? '', subclasses: new Set(row.ipc.map(subclassOf)) }))
    .filter((row) => row.claim.length > 50 && [...row.subclasses].some((code) => usSubclasses.has(code)))
    .slice(0, 12);
  expect(claims.length).toBeGreaterThanOrEqual(6);
  let found = 0;
  let random = 0;
  for (const { claim, subclasses } of claims) {
    const result = await simulate(store.db, { lang: 'us', subjectMatter: claim, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 0, fixedDocumentIds: [], populationIds: null });
    const top = result.candidates.slice(0, 10);
    expect(top.length).toBe(10);
    found += top.filter((candidate) => candidate.subclasses.some((code) => subclasses.has(code))).length / top.length;
    random += us.ids.filter((_, doc) => [...subclassesOf(doc)].some((code) => subclasses.has(code))).length / us.ids.length;
  }
  // Twice the random share at least (on the whole corpus the benchmark measures more: bench/priorart-cross-language).
  expect(found / claims.length).toBeGreaterThan((2 * random) / claims.length);
}, 180_000);
