// The candidate list's estimate (the figures of every listed document without a chart; for a
// list of 500 or 2,000 all the user gets) does not credit a long document with an element only
// because its words occur somewhere in it. On real gazettes (../shared/corpus jp-fulltext):
// the compression-ratio claim of JP2017048751A (「内燃機関の圧縮比調整装置」) against every
// other gazette of the corpus, JP2014143408A among them, a 109,256-character semiconductor
// gazette whose list of applications names 内燃機関 and 圧縮 once and 調整 far apart but never
// 圧縮比: read as a whole it held the claimed device (○). Its order in the list is checked against
// every listed document's passages, read as a chart reads them (its own 【0577】, an electric car
// with 内燃機関 whose energy is 調整-ed, reaches ○ there too: only the estimate is asserted).
import path from 'node:path';
import { findPatentTexts } from '../../src/patents/repository.ts';
import { termIndexOf } from '../../src/patents/term-index.ts';
import { matchRateOf } from '../../src/priorart/chart.ts';
import { simulate, type SimulationInput, type SimulationResult } from '../../src/priorart/engine.ts';
import { evidenceOf, termsOfElements } from '../../src/priorart/evidence.ts';
import { LIST_HEAD, listedCandidates } from '../../src/priorart/list-figures.ts';
import { corpusTests, cutCorpus, gazettesWithClaims } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const SEMICONDUCTOR = 'JP2014143408A';
// Every gazette but the claim's own (semiconductors, lasers, chemistry, machines, pachinko …).
const store = corpusDatabase(async () => [await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 1000, (record) => record.id !== 'JP2017048751A')], { available, timeout: 300_000 });
let result: SimulationResult;
/** Every listed document's match rate as its passages give it (the chart's own reading). */
let byPassages: Map<string, number>;

beforeAll(async () => {
  if (!available) return;
  const [gazette] = await gazettesWithClaims<{ id: string; claims: string[] }>(CORPUS, 'JP2017048751A');
  // A list of 500 (output type 1): beyond the ten charted documents, the list's figures are the estimate (its head not charted: below).
  result = await simulate(store.db, { lang: 'jp', subjectMatter: gazette!.claims[0]!, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 1, fixedDocumentIds: [], populationIds: null, charting: { head: 0 } });
  const index = await termIndexOf(store.db, 'jp', 'full');
  const elements = await termsOfElements(index, result.elements, 'jp');
  byPassages = new Map();
  for (const text of await findPatentTexts(store.db, result.candidates.map((candidate) => candidate.documentId))) {
    const evidence = await evidenceOf(text, elements, 'jp', 'normal');
    byPassages.set(text.id, matchRateOf({ documentId: text.id, title: null, score: 0, subclasses: [], verdicts: evidence }));
  }
}, 300_000);

corpusTest('the semiconductor gazette is not estimated to disclose the compression-ratio adjusting device, nor listed above a document whose passages disclose more of the claim', () => {
  const semiconductor = result.candidates.find((candidate) => candidate.documentId === SEMICONDUCTOR);
  // It is listed (its words are there), not charted: its figures are the estimate.
  expect(semiconductor).toBeDefined();
  expect(result.charts.map((chart) => chart.documentId)).not.toContain(SEMICONDUCTOR);
  const device = result.elements.find((element) => element.text === '内燃機関の圧縮比調整装置')!;
  expect(semiconductor!.verdicts.find((verdict) => verdict.elementId === device.id)!.verdict).not.toBe('disclosed');
  const listed = listedCandidates(result).map((candidate) => candidate.documentId);
  const closerBelow = listed.slice(listed.indexOf(SEMICONDUCTOR) + 1).filter((id) => byPassages.get(id)! > byPassages.get(SEMICONDUCTOR)!);
  expect(closerBelow).toEqual([]);
});

// The list's head charted (list-figures.ts LIST_HEAD): the documents the list would show in its first places on the estimate
// are read passage by passage too. JP2011213351A's claim 1 (a device replacing the air of a filled container with inert gas),
// at the spec's default strictness, against the other gazettes: on the estimate, documents the passages find nothing in stood
// in the list's first places, above charts that had been read.
corpusTest('the list\'s first places are all charts, and what the estimate put there over charts the passages do not bear out', async () => {
  const [claimed] = await findPatentTexts(store.db, ['JP2011213351A']);
  const input: SimulationInput = { lang: 'jp', subjectMatter: claimed!.claims![0]!, isAutoElementCutter: true, compared: 'full', strategy: 'passive', outputType: 1, fixedDocumentIds: [], populationIds: null, excludeDocumentId: claimed!.id };
  const withoutHead = await simulate(store.db, { ...input, charting: { head: 0 } });
  const estimated = listedCandidates(withoutHead).slice(0, LIST_HEAD.places);
  // Estimated documents listed above a chart, with a higher rate than it.
  const aboveCharts = estimated.filter((candidate, at) => !candidate.charted && estimated.slice(at + 1).some((below) => below.charted && below.matchRate < candidate.matchRate));
  expect(aboveCharts.length).toBeGreaterThan(0);

  const result = await simulate(store.db, input);
  const listed = listedCandidates(result);
  const head = listed.slice(0, LIST_HEAD.places);
  expect(head.filter((candidate) => !candidate.charted)).toEqual([]);
  for (const candidate of head) expect(candidate.matchRate).toBe(result.conclusion.matchRates[candidate.documentId]);
  for (const candidate of aboveCharts) {
    const chart = result.charts.find((chart) => chart.documentId === candidate.documentId);
    expect(chart).toBeDefined();
    expect(chart!.matchRate).toBeLessThan(candidate.matchRate);
  }
  // Every chart has its match rate; the cited documents are the simulation's own choice among the closest (the same as
  // without the head): no head chart here discloses every element, which alone would be cited from the head (chart.test).
  expect(Object.keys(result.conclusion.matchRates).sort()).toEqual(result.charts.map((chart) => chart.documentId).sort());
  const closest = new Set(withoutHead.charts.map((chart) => chart.documentId));
  expect(result.charts.filter((chart) => !closest.has(chart.documentId) && chart.evidence.every((e) => e.verdict === 'disclosed'))).toEqual([]);
  expect({ ...result.conclusion, matchRates: {} }).toEqual({ ...withoutHead.conclusion, matchRates: {} });
}, 300_000);
