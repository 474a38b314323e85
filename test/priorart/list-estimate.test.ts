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
import { simulate, type SimulationResult } from '../../src/priorart/engine.ts';
import { evidenceOf, termsOfElements } from '../../src/priorart/evidence.ts';
import { listedCandidates } from '../../src/priorart/list-figures.ts';
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
  // A list of 500 (output type 1): beyond the ten charted documents, the list's figures are the estimate.
  result = await simulate(store.db, { lang: 'jp', subjectMatter: gazette!.claims[0]!, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 1, fixedDocumentIds: [], populationIds: null });
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
