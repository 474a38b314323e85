// The simulation engine stage by stage on real records of the demo corpus (Japanese gazette
// full text and US documents): retrieval finds a known item with its claims hidden, the
// evidence passage of an element really holds its words, the IPC vote names the field of
// held-out documents, a population and fixed documents are honoured, and an abort at any
// stage stops the simulation before the next one.
import { readFile } from 'node:fs/promises';
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { inferIpcOfText, simulate, type SimulationInput } from '../../src/priorart/engine.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

interface Record { id: string; claims: string[]; ipc: string[] | null; description: string | null }
let jp: Record[];
let us: Record[];
const store = corpusDatabase(
  async () => {
    const jpFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 80, (r) => r.region === 'jp' && Array.isArray(r.claims) && Boolean(r.description));
    const usFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 250, (r) => r.region === 'us' && Array.isArray(r.claims) && Boolean(r.description));
    const read = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record);
    jp = await read(jpFile);
    us = await read(usFile);
    return [jpFile, usFile];
  },
  { timeout: 180_000 },
);

const base = (lang: 'jp' | 'us', subjectMatter: string): SimulationInput => ({
  lang, subjectMatter, isAutoElementCutter: true, compared: 'abstract_description', strategy: 'normal', outputType: 0, fixedDocumentIds: [], populationIds: null,
});
const longClaims = (records: Record[]) => records.filter((r) => r.claims[0] && r.claims[0].length > 150 && r.claims[0].length < 3000);

test('known item: claim 1 finds its own document by abstract and description alone (claims hidden), as main cited, rank A or B', async () => {
  for (const [lang, records] of [['us', us], ['jp', jp]] as const) {
    for (const target of longClaims(records).slice(0, 4)) {
      const result = await simulate(store.db, base(lang, target.claims[0]!));
      expect(result.candidates[0]!.documentId).toBe(target.id);
      expect(result.conclusion.mainDocumentId).toBe(target.id);
      expect(['A', 'B']).toContain(result.conclusion.rank);
      // Claims were hidden: no evidence may come from a claim.
      const main = result.charts.find((chart) => chart.documentId === target.id)!;
      expect(main.evidence.every((e) => e.passage?.kind !== 'claim')).toBe(true);
    }
  }
}, 120_000);

test('every disclosed element points at a passage that really holds the words said to match, and its paragraph number is the gazette’s', async () => {
  const target = longClaims(jp)[0]!;
  const result = await simulate(store.db, { ...base('jp', target.claims[0]!), compared: 'full' });
  const main = result.charts.find((chart) => chart.documentId === result.conclusion.mainDocumentId)!;
  const disclosed = main.evidence.filter((e) => e.verdict === 'disclosed');
  expect(disclosed.length).toBeGreaterThan(0);
  const description = jp.find((r) => r.id === main.documentId)!.description!;
  for (const evidence of disclosed) {
    expect(evidence.words.length).toBeGreaterThan(0);
    // Words, or the bigram a one-kanji word is shown as (正極 for 極 of 正極活物質): written in the passage.
    const held = new Set(await analyzeField(evidence.passage!.text, 'jp'));
    for (const word of evidence.words) expect(held.has(word)).toBe(true);
    if (evidence.passage!.kind === 'paragraph') {
      const fullWidth = evidence.passage!.number!.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
      expect(description.includes(`【${evidence.passage!.number}】`) || description.includes(`【${fullWidth}】`)).toBe(true);
    }
  }
}, 60_000);

test('IPC inference names the subclass of most held-out documents among its first three, with scores that fall', async () => {
  const classified = us.filter((r) => r.ipc?.length && r.claims[0]).slice(0, 30);
  let hits = 0;
  for (const record of classified) {
    const { subclasses } = await inferIpcOfText(store.db, record.claims.slice(0, 3).join('\n'), 'us');
    for (let i = 1; i < subclasses.length; i++) expect(subclasses[i]!.score).toBeLessThanOrEqual(subclasses[i - 1]!.score);
    const truth = new Set(record.ipc!.map((code) => code.replace(/\s+/g, '').slice(0, 4)));
    if (subclasses.slice(0, 3).some((entry) => truth.has(entry.code))) hits++;
  }
  // The document itself is in the index, so it votes; still, a wrong vote would miss.
  expect(hits / classified.length).toBeGreaterThanOrEqual(0.7);
}, 60_000);

test('a population limits the candidates to its documents; a fixed document is charted first', async () => {
  const [target, ...rest] = longClaims(us);
  const population = rest.slice(0, 5).map((r) => r.id);
  const result = await simulate(store.db, { ...base('us', target!.claims[0]!), compared: 'full', populationIds: population, fixedDocumentIds: [rest[10]!.id] });
  expect(result.candidates[0]!.documentId).toBe(rest[10]!.id);
  for (const candidate of result.candidates.slice(1)) expect(population).toContain(candidate.documentId);
  expect(result.charts[0]!.documentId).toBe(rest[10]!.id);
}, 60_000);

test.each([1, 2, 3, 4] as const)('an abort after stage %i stops the simulation before the next stage', async (stop) => {
  const target = longClaims(us)[1]!;
  const controller = new AbortController();
  const reached: number[] = [];
  await expect(
    simulate(store.db, base('us', target.claims[0]!), {
      signal: controller.signal,
      stage: async (status) => {
        reached.push(status);
        if (status === stop) controller.abort();
      },
    }),
  ).rejects.toThrow();
  expect(reached).toEqual([1, 2, 3, 4].slice(0, stop));
}, 60_000);

test('each charted document is reported as its evaluation completes, with what it discloses, before stage 4', async () => {
  const target = longClaims(us)[2]!;
  const seen: Array<{ documentId: string; disclosed: number; partly: number; elements: number; done: number; total: number; stage4: boolean }> = [];
  let stage4 = false;
  const result = await simulate(store.db, { ...base('us', target.claims[0]!), outputType: 3 }, {
    stage: async (status) => {
      if (status === 4) stage4 = true;
    },
    charted: async (chart, done, total) => {
      seen.push({ ...chart, done, total, stage4 });
    },
  });
  expect(seen.map((entry) => entry.documentId)).toEqual(result.charts.map((chart) => chart.documentId));
  expect(seen.map((entry) => entry.done)).toEqual(seen.map((_, i) => i + 1));
  expect(seen.every((entry) => !entry.stage4 && entry.elements === result.elements.length)).toBe(true);
  for (const entry of seen) {
    const chart = result.charts.find((c) => c.documentId === entry.documentId)!;
    expect(entry.disclosed).toBe(chart.evidence.filter((e) => e.verdict === 'disclosed').length);
  }
}, 60_000);

test('only stop words and symbols: esn-1001', async () => {
  await expect(simulate(store.db, base('us', 'the and of a ; : , .'))).rejects.toMatchObject({ errcode: 'esn-1001' });
  await expect(simulate(store.db, base('jp', 'するものであって、、。'))).rejects.toMatchObject({ errcode: 'esn-1001' });
});
