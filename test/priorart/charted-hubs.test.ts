// The claim chart's documents are the ones closest to the invention, not the longest: on real
// gazettes (../shared/corpus jp-fulltext), claims of other fields against a store holding very
// long pachinko-machine gazettes (遊技機, up to 1,000,000 characters, every common word in
// them) chart first the documents that hold the claim's words beyond what their length gives,
// not the pachinko machines that whole-document coverage alone put in the first columns.
import path from 'node:path';
import { termIndexOf } from '../../src/patents/term-index.ts';
import { matchRateOf } from '../../src/priorart/chart.ts';
import { simulate, type SimulationResult } from '../../src/priorart/engine.ts';
import { documentCoverage, termsOfElements } from '../../src/priorart/evidence.ts';
import { corpusTests, cutCorpus, gazettesWithClaims } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const store = corpusDatabase(
  async () => {
    // The first 160 gazettes (semiconductors, lasers, chemistry … and 20 pachinko machines, three
    // of them over 350,000 characters) and the two longest pachinko gazettes of the corpus
    // (JP2019010220A, 1,048,394 characters; JP2018027464A, 590,676). The claims' own gazettes
    // come later in the file and are not among them.
    let read = 0;
    const longest = new Set(['JP2019010220A', 'JP2018027464A']);
    return [await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 162, (record) => read++ < 160 || longest.has(record.id as string))];
  },
  { available, timeout: 300_000 },
);

async function chartOf(id: string): Promise<SimulationResult> {
  const [gazette] = await gazettesWithClaims<{ id: string; claims: string[] }>(CORPUS, id);
  // The documents CHARTING chooses, without the list's head (list-figures.ts LIST_HEAD) charted after them.
  return simulate(store.db, { lang: 'jp', subjectMatter: gazette!.claims[0]!, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 0, fixedDocumentIds: [], populationIds: null, charting: { head: 0 } });
}
/** Each candidate's match rate by the share of each element's terms its whole text holds anywhere (no allowance for its length). */
async function plainCoverage(result: SimulationResult): Promise<Map<string, number>> {
  const index = await termIndexOf(store.db, 'jp', 'full');
  const elements = await termsOfElements(index, result.elements, 'jp');
  const position = new Map(index.ids.map((id, doc) => [id, doc]));
  return new Map(
    result.candidates.map(({ documentId }) => {
      const verdicts = documentCoverage(index, position.get(documentId)!, elements, 'normal', { beyondChance: false, scale: 1 });
      return [documentId, matchRateOf({ documentId, title: null, score: 0, subclasses: [], verdicts })];
    }),
  );
}
const isPachinko = (result: SimulationResult, id: string) => result.candidates.find((candidate) => candidate.documentId === id)!.subclasses.includes('A63F');

corpusTest('a road-surface recognition claim (JP2011128844A) charts other documents before any pachinko machine, though their whole texts cover more of it', async () => {
  const result = await chartOf('JP2011128844A');
  const charted = result.charts.map((chart) => chart.documentId);
  expect(charted).toHaveLength(10);
  // The trap is there: pachinko gazettes among the candidates whose whole text holds more of
  // the claim than any other charted document's (whole-document coverage alone charted six of
  // them, in the first six columns).
  const others = charted.filter((id) => !isPachinko(result, id));
  const coverage = await plainCoverage(result);
  const best = Math.max(...others.map((id) => coverage.get(id)!));
  expect(result.candidates.filter((candidate) => candidate.subclasses.includes('A63F') && coverage.get(candidate.documentId)! > best).length).toBeGreaterThan(0);
  // A pachinko gazette only fills the chart's end, after every other charted document …
  const lastOther = Math.max(...others.map((id) => charted.indexOf(id)));
  for (const [column, id] of charted.entries()) if (isPachinko(result, id)) expect(column).toBeGreaterThan(lastOther);
  expect(others.length).toBeGreaterThanOrEqual(5);
  // … and the 590,676-character one, which covers most of the claim, is not charted.
  expect(charted).not.toContain('JP2018027464A');
}, 300_000);

corpusTest('a power-meter claim (JP2010019680A) charts semiconductor and meter documents first, not the 1,000,000-character pachinko gazette', async () => {
  const result = await chartOf('JP2010019680A');
  const charted = result.charts.map((chart) => chart.documentId);
  expect(charted).toHaveLength(10);
  // Whole-document coverage alone put JP2019010220A and JP2015144651A (遊技機) in the first two columns.
  expect(charted.slice(0, 3).filter((id) => isPachinko(result, id))).toEqual([]);
  expect(charted.indexOf('JP2019010220A')).not.toBe(0);
  // The closest document by retrieval is charted.
  expect(charted).toContain(result.candidates[0]!.documentId);
}, 300_000);

corpusTest('documents of the invention\'s inferred field are charted before others it covers as well (an examiner looks in the field first)', async () => {
  // Claims of gazettes not in the store, each of a field the store holds: lithium-ion positive
  // electrodes, resist compositions, semiconductor wafers, information processing, curable silicones.
  const ids = ['JP2016126896A', 'JP2018055019A', 'JP2017191825A', 'JP2017167716A', 'JP2017505352A', 'JP2019067534A', 'JP2018028685A'];
  const gazettes = await gazettesWithClaims<{ id: string; claims: string[] }>(CORPUS, ...ids);
  let inField = 0;
  let inFieldWithoutIpc = 0;
  for (const gazette of gazettes) {
    const input = { lang: 'jp' as const, subjectMatter: gazette.claims[0]!, isAutoElementCutter: true, compared: 'full' as const, strategy: 'normal' as const, outputType: 0 as const, fixedDocumentIds: [], populationIds: null, charting: { head: 0 } };
    const fieldOf = (result: SimulationResult) => {
      const field = result.ipc.subclasses[0]?.code;
      return result.charts.filter((chart) => result.candidates.find((candidate) => candidate.documentId === chart.documentId)!.subclasses.includes(field!)).length;
    };
    const shipped = await simulate(store.db, input);
    const withoutIpc = await simulate(store.db, { ...input, charting: { ipc: 0, head: 0 } });
    // The same documents are read for the chart (the closest by retrieval); only their order and cut differ.
    expect(shipped.candidates.map((candidate) => candidate.documentId)).toEqual(withoutIpc.candidates.map((candidate) => candidate.documentId));
    inField += fieldOf(shipped);
    inFieldWithoutIpc += fieldOf(withoutIpc);
  }
  expect(inField).toBeGreaterThan(inFieldWithoutIpc);
}, 300_000);
