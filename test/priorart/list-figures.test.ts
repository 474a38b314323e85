// The candidate list's figures agree with the claim chart: a Japanese claim against US
// documents as a claim chart list (output type 3), whose stored result gives some documents a
// whole-document estimate of 100 % (○ for every element) while their charts, made passage by
// passage as the simulation and the chart-list job make them, find less. The list, the chart's
// menu and the list export show the chart's match rate and marks for those, order and rank by
// what they show, and keep the estimate for documents without a chart. Real demo records.
import { parse } from 'csv-parse/sync';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { chartMakerOf } from '../../src/priorart/chart-list.ts';
import { insertStoredCharts } from '../../src/priorart/chart-list-repository.ts';
import { cutElements } from '../../src/priorart/elements.ts';
import type { CandidateDocument, ChartedDocument } from '../../src/priorart/chart.ts';
import { completeSimulation, findSimulationById, insertSimulation } from '../../src/priorart/repository.ts';
import type { StoredResult } from '../../src/priorart/result-view.ts';
import { parseSimulationRequest } from '../../src/priorart/validation.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { binary } from '../helpers/binary.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { islandProps } from '../helpers/pages.ts';
import { getAs, priorartUser, type Who } from '../helpers/priorart.ts';

const MARKS = { disclosed: '○', partly: '△', not_found: '×' } as const;
const percent = (rate: number) => `${Math.round(rate * 100)}%`;

let testApp: TestApp;
let owner: Who;
let id: string;
let result: StoredResult;
/** Documents whose estimate is 100 % but whose chart finds less: one of the result's charts, one the chart-list job stored. */
let inResult: ChartedDocument;
let inStore: ChartedDocument;
/** Their charts by document. */
let charts: Map<string, ChartedDocument>;

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const db = testApp.runtime.db;
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 20, (record) => record.region === 'jp' && Array.isArray(record.claims));
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 70, (record) => record.region === 'us' && Array.isArray(record.claims));
  await ingestFiles(db, [jp, us], { index: indexPatent });
  const { readFile } = await import('node:fs/promises');
  const records = async (file: string): Promise<Array<{ id: string; title: string; claims: string[] }>> => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  const claim = (await records(jp)).map((record) => record.claims[0]!).find((text) => text.length > 120)!;
  const usDocuments = await records(us);
  owner = await priorartUser(testApp, true);
  const input = parseSimulationRequest({ lang: 'us', subjectMatter: claim, outputType: 3 });
  const companyId = (await db('users').select('company_id').where({ id: owner.id }).first()).company_id;
  id = await insertSimulation(db, { userId: owner.id, companyId, input });
  const elements = cutElements(claim, true);
  expect(elements.length).toBeGreaterThan(1);
  // Every listed document: an estimate falling from 100 % with the retrieval order (the engine's coverage pre-filter).
  const candidates: CandidateDocument[] = usDocuments.slice(0, 60).map((record, i) => {
    const disclosed = i < 6 ? elements.length : Math.max(0, elements.length - 1 - Math.floor(i / 12));
    const verdicts = elements.map((element, e) => ({ elementId: element.id, verdict: e < disclosed ? ('disclosed' as const) : ('not_found' as const), score: e < disclosed ? 1 : 0 }));
    return { documentId: record.id, region: 'us', title: record.title, score: 100 - i, matchRate: Math.round((disclosed / elements.length) * 1000) / 1000, subclasses: [], verdicts };
  });
  // The charts, made as the evaluation and the chart-list job make them, of the documents estimated at 100 %.
  const made = await chartMakerOf(db, { lang: 'us', input }, { elements, candidates })(candidates.slice(0, 6).map((candidate) => candidate.documentId));
  const below = made.filter((chart) => chart.matchRate < 1);
  expect(below.length).toBeGreaterThan(2);
  inResult = below[0]!;
  inStore = below[1]!;
  const resultCharts = below.filter((chart) => chart !== inStore);
  charts = new Map(below.map((chart) => [chart.documentId, chart]));
  result = {
    elements,
    ipc: { subclasses: [], mainGroups: [] },
    candidates,
    charts: resultCharts,
    mainDocumentId: inResult.documentId,
    secondaryDocumentIds: [],
    rank: 'D',
    rank_description: { ja: '主引用文献は一部の構成要件のみを開示しています。', en: 'The main cited document discloses only some elements.' },
  };
  await completeSimulation(db, id, result as unknown as Record<string, unknown>, 'D');
  await insertStoredCharts(db, id, [{ position: 6, chart: inStore }]);
  expect((await findSimulationById(db, id))?.status).toBe(5);
}, 300_000);
afterAll(() => testApp.close());

/** The figures a document should be shown with: its chart's, or its estimate. */
function shownFigures(documentId: string): { rate: number; marks: string } {
  const chart = charts.get(documentId);
  if (chart) return { rate: chart.matchRate, marks: chart.evidence.map((entry) => MARKS[entry.verdict]).join('') };
  const candidate = result.candidates.find((entry) => entry.documentId === documentId)!;
  return { rate: candidate.matchRate, marks: candidate.verdicts.map((entry) => MARKS[entry.verdict]).join('') };
}

interface Row { rank: number; rate: string; number: string; charted: boolean; marks: string }
function listRows(html: string): Row[] {
  const list = html.slice(html.indexOf('data-testid="candidate-list"'));
  return list
    .slice(list.indexOf('<tbody'), list.indexOf('</tbody>'))
    .split('<tr')
    .slice(1)
    .map((row) => {
      const text = row.replace(/<!-- -->/g, '');
      return {
        rank: Number(/<td class="pa-list__rank">(\d+)</.exec(text)![1]),
        rate: /<td class="pa-list__rate">.*?<\/span><\/span>([^<]+)</.exec(text)![1]!,
        number: /<td class="pa-list__number"><a href="[^"]*">([^<]+)</.exec(text)![1]!,
        charted: text.includes('対比済み'),
        marks: /<td class="pa-list__marks">([^<]*)</.exec(text)![1]!,
      };
    });
}

test('a charted document is listed with its chart’s match rate and marks, placed and ranked by them; the others keep their estimate', async () => {
  const rows: Row[] = [];
  for (const page of [1, 2]) rows.push(...listRows((await getAs(testApp, `/priorart/result?id=${id}&type=priorart&page=${page}`, owner).expect(200)).text));
  expect(rows).toHaveLength(result.candidates.length);
  const byNumber = new Map(result.candidates.map((candidate) => [displayNumberOfId(candidate.documentId, 'ja'), candidate.documentId]));
  for (const row of rows) {
    const documentId = byNumber.get(row.number)!;
    const shown = shownFigures(documentId);
    expect({ number: row.number, rate: row.rate, marks: row.marks, charted: row.charted }).toEqual({ number: row.number, rate: percent(shown.rate), marks: shown.marks, charted: charts.has(documentId) });
  }
  // The chart's figures, not the 100 % and ○ for every element the estimate gave.
  for (const chart of [inResult, inStore]) {
    const row = rows.find((entry) => entry.number === displayNumberOfId(chart.documentId, 'ja'))!;
    expect(row.rate).not.toBe('100%');
    expect(row.marks).not.toBe(MARKS.disclosed.repeat(result.elements.length));
  }
  // 一致率の高い順: every page in the order of the figures shown, ranked 1, 2, 3 … across pages.
  const rates = rows.map((row) => shownFigures(byNumber.get(row.number)!).rate);
  expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  expect(rows.map((row) => row.rank)).toEqual(rows.map((_, i) => i + 1));
  // An uncharted document estimated above a chart's rate comes before it.
  const overtaken = rows.findIndex((row) => !row.charted && shownFigures(byNumber.get(row.number)!).rate > inStore.matchRate);
  expect(overtaken).toBeGreaterThanOrEqual(0);
  expect(overtaken).toBeLessThan(rows.findIndex((row) => row.number === displayNumberOfId(inStore.documentId, 'ja')));
  // Sorted by number, a row keeps its rank by the figures shown.
  const byNumberPage = listRows((await getAs(testApp, `/priorart/result?id=${id}&type=priorart&sort=number`, owner).expect(200)).text);
  const rankOf = new Map(rows.map((row) => [row.number, row.rank]));
  for (const row of byNumberPage) expect(row.rank).toBe(rankOf.get(row.number));
});

test('the page says which figures a row shows, in Japanese and in English', async () => {
  const { text } = await getAs(testApp, `/priorart/result?id=${id}&type=priorart`, owner).expect(200);
  expect(text).toContain('「対比済み」の文献はクレームチャートの一致率と対比結果を、それ以外の文献は文献全体の記載から見積もった値を示しています。');
  // The same result as an English reader's own simulation.
  const english = await priorartUser(testApp, true, 'lang_en');
  const db = testApp.runtime.db;
  const companyId = (await db('users').select('company_id').where({ id: english.id }).first()).company_id;
  const theirs = await insertSimulation(db, { userId: english.id, companyId, input: (await findSimulationById(db, id))!.input });
  await completeSimulation(db, theirs, result as unknown as Record<string, unknown>, 'D');
  const { text: page } = await getAs(testApp, `/priorart/result?id=${theirs}&type=priorart`, english).expect(200);
  expect(page).toContain('A document marked “Charted” is shown with its claim chart’s match rate and marks; the others with an estimate from the document as a whole.');
});

test('the chart’s menu offers the documents in the list’s order with the rate the list shows', async () => {
  const { text } = await getAs(testApp, `/priorart/result?id=${id}&type=priorart`, owner).expect(200);
  const { candidates } = islandProps(text, 'ClaimChart') as { candidates: Array<{ documentId: string; matchRate: number; charted: boolean }> };
  expect(candidates.length).toBe(result.candidates.length);
  for (const candidate of candidates) {
    expect(candidate.matchRate).toBe(shownFigures(candidate.documentId).rate);
    expect(candidate.charted).toBe(charts.has(candidate.documentId));
  }
  const rates = candidates.map((candidate) => candidate.matchRate);
  expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  const select = text.slice(text.indexOf('data-testid="chart-candidate"')).split('</select>')[0]!.replace(/<!-- -->/g, '');
  expect(select).toContain(`${displayNumberOfId(inStore.documentId, 'ja')} — 一致率 ${Math.round(inStore.matchRate * 100)}% — 対比済み`);
});

test('the list export gives the chart’s match rate and verdicts, in the list’s order and ranks', async () => {
  const res = await getAs(testApp, `/priorart/export.csv?id=${id}&what=list`, owner).buffer(true).parse(binary).expect(200);
  const rows: string[][] = parse((res.body as Buffer).toString('utf8'), { bom: true, relax_column_count: true });
  const table = rows.slice(rows.findIndex((row) => row.length === 1 && row[0] === '') + 2);
  expect(table).toHaveLength(result.candidates.length);
  const byNumber = new Map(result.candidates.map((candidate) => [displayNumberOfId(candidate.documentId, 'ja'), candidate.documentId]));
  table.forEach((row, i) => {
    const documentId = byNumber.get(row[2]!)!;
    const shown = shownFigures(documentId);
    expect(row[0]).toBe(String(i + 1));
    expect(row[1]).toBe(String(Math.round(shown.rate * 1000) / 10));
    // A charted document's cells begin with its chart's mark (and say where), the others are the estimate's marks.
    expect(row.slice(6).map((cell) => cell[0]).join('')).toBe(shown.marks);
  });
  const rates = table.map((row) => Number(row[1]));
  expect([...rates].sort((a, b) => b - a)).toEqual(rates);
});
