// Output type 3, claim chart list: the simulation's result comes with its 30 charts, then the
// chart-list job (type 7) charts the rest of the list in the background and stores them; the
// claim chart column, the candidate list's badge and the list export read the stored charts,
// and the status API names those charted after the result page's cursor (for the chart's menu);
// cancelling the job keeps the result; another user reaches none of it. Real Japanese and US
// records of the demo corpus, the simulation and job run in the same process (ROLE all).
import { parse } from 'csv-parse/sync';
import { JOB_TYPES } from '../../src/jobs/types.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { binary } from '../helpers/binary.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';

interface Chart { documentId: string; matchRate: number; evidence: Array<{ elementId: number; verdict: string; passage: { kind: string; number: string | null } | null }> }

let testApp: TestApp;
let owner: Who;
let stranger: Who;
let claims: string[];

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 120, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
  await ingestFiles(testApp.runtime.db, [jp], { index: indexPatent });
  const { readFile } = await import('node:fs/promises');
  claims = (await readFile(jp, 'utf8')).trim().split('\n').map((line) => (JSON.parse(line) as { claims: string[] }).claims[0]!).filter((claim) => claim.length > 150);
  owner = await priorartUser(testApp, true);
  stranger = await priorartUser(testApp, true);
}, 180_000);
afterAll(() => testApp.close());

const db = () => testApp.runtime.db;
const chartListJob = async (queryId: string) => (await testApp.runtime.jobs.list(owner.id, { queryId })).find((job) => job.type === JOB_TYPES.priorartChartList);
async function jobEnd(queryId: string) {
  for (let i = 0; i < 1200; i++) {
    const job = await chartListJob(queryId);
    if (job && job.status !== 0) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the chart-list job did not end');
}
async function chartList(subjectMatter: string, isAutoElementCutter = true) {
  const { body } = await postAs(testApp, '/api/priorart/simulate', { lang: 'jp', subjectMatter, isAutoElementCutter, region: 'full', similarity: 'positive', outputType: 3 }, owner).expect(202);
  expect(await simulationEnd(testApp, body.id, owner)).toMatchObject({ status: 5, errcode: null });
  const { body: result } = await getAs(testApp, `/api/priorart/result?id=${body.id}`, owner).expect(200);
  return { id: body.id as string, priorart: result.result.priorart as { candidates: Array<{ documentId: string; matchRate: number; score: number }>; charts: Chart[]; elements: Array<{ id: number }> } };
}
const stored = async (queryId: string): Promise<Array<{ document_id: string; position: number; chart: Chart }>> =>
  db()('priorart_charts').select('document_id', 'position', 'chart').where({ query_id: queryId }).orderBy('position');

let finished: Awaited<ReturnType<typeof chartList>>;

test('a claim chart list shows its 30 charts at once, then job 7 charts the rest of the list in list order and stores each chart', async () => {
  // An element from each of twelve documents' claims, one per line: documents far down a
  // 120-document corpus's list then disclose some of them too, as a real list's would.
  finished = await chartList(claims.slice(0, 12).map((claim) => [...claim.replace(/\s+/g, '')].slice(0, 100).join('')).join('\n'), false);
  const { id, priorart } = finished;
  // The 30 the output type charts, and the list's head (list-figures.ts LIST_HEAD) where an estimate stood in it.
  expect(priorart.charts.length).toBeGreaterThanOrEqual(30);
  expect(priorart.candidates.length).toBeGreaterThan(60);
  const job = await jobEnd(id);
  expect(job).toMatchObject({ status: 1, progress: 100 });
  const rows = await stored(id);
  const resultCharts = new Set(priorart.charts.map((chart) => chart.documentId));
  // Every listed document has a chart: the result's and the stored rest, none twice.
  expect(rows.length + priorart.charts.length).toBe(Math.min(500, priorart.candidates.length));
  expect(rows.some((row) => resultCharts.has(row.document_id))).toBe(false);
  // Positions follow the list (match rate, then retrieval score).
  const byRate = [...priorart.candidates].sort((a, b) => b.matchRate - a.matchRate || b.score - a.score).map((candidate) => candidate.documentId);
  for (const row of rows) expect(byRate.indexOf(row.document_id) + 1).toBe(row.position);
  // A chart per element, each verdict pointing at a passage when something was found.
  for (const { chart } of rows) {
    expect(chart.evidence.map((entry) => entry.elementId)).toEqual(priorart.elements.map((element) => element.id));
    for (const entry of chart.evidence) if (entry.verdict !== 'not_found') expect(entry.passage).not.toBeNull();
  }
  // The simulation stays as it was; its status counts the list's charts, the job done (the result page's note polls it).
  const { body: status } = await getAs(testApp, `/api/priorart/status?id=${id}`, owner).expect(200);
  expect(status.status).toBe(5);
  const listed = Math.min(500, priorart.candidates.length);
  expect(status.chartList).toEqual({ charted: listed, listed, running: false, cursor: rows.at(-1)!.position, chartedIds: rows.map((row) => row.document_id) });
}, 300_000);

/** The props the result page gives its progress note (an island's props, in its data-props attribute). */
async function progressProps(queryId: string): Promise<{ charted: number; listed: number; running: boolean; cursor: number }> {
  const { text } = await getAs(testApp, `/priorart/result?id=${queryId}&type=priorart`, owner).expect(200);
  const attribute = /data-island="ChartListProgress" data-props="([^"]*)"/.exec(text)![1]!;
  return JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
}

test('the status API gives the documents charted after the page’s cursor, so the chart’s menu can mark them while the job goes on', async () => {
  const { id } = finished;
  const rows = await stored(id);
  const ids = (from: number) => rows.slice(from).map((row) => row.document_id);
  const chartList = async (query: string) => (await getAs(testApp, `/api/priorart/status?id=${id}${query}`, owner).expect(200)).body.chartList;
  // After a position: only the documents stored after it, in the job's order, and the cursor to ask with next.
  expect(await chartList(`&chartedAfter=${rows[9]!.position}`)).toMatchObject({ chartedIds: ids(10), cursor: rows.at(-1)!.position });
  expect(await chartList(`&chartedAfter=${rows.at(-1)!.position}`)).toMatchObject({ chartedIds: [], cursor: rows.at(-1)!.position });
  // A cursor that is not a position is read as none: everything so far.
  expect((await chartList('&chartedAfter=abc')).chartedIds).toEqual(ids(0));

  // The job not yet past the last batch (its ten charts taken out of the store): the page is rendered with the cursor before them…
  const lastBatch = rows.slice(-10);
  await db()('priorart_charts').where({ query_id: id }).whereIn('document_id', lastBatch.map((row) => row.document_id)).delete();
  try {
    const props = await progressProps(id);
    expect(props).toMatchObject({ cursor: rows.at(-11)!.position, charted: props.listed - 10 });
    expect(await chartList(`&chartedAfter=${props.cursor}`)).toMatchObject({ chartedIds: [], cursor: props.cursor });
    // …then the job stores the batch: the next poll with that cursor names exactly those ten, and the one after none.
    await db()('priorart_charts').insert(lastBatch.map((row) => ({ query_id: id, document_id: row.document_id, position: row.position, chart: JSON.stringify(row.chart) })));
    const next = await chartList(`&chartedAfter=${props.cursor}`);
    expect(next).toMatchObject({ charted: props.listed, chartedIds: lastBatch.map((row) => row.document_id), cursor: rows.at(-1)!.position });
    expect((await chartList(`&chartedAfter=${next.cursor}`)).chartedIds).toEqual([]);
  } finally {
    await db()('priorart_charts').insert(lastBatch.map((row) => ({ query_id: id, document_id: row.document_id, position: row.position, chart: JSON.stringify(row.chart) }))).onConflict(['query_id', 'document_id']).ignore();
  }
  // Another user learns nothing of them.
  expect((await getAs(testApp, `/api/priorart/status?id=${id}&chartedAfter=0`, stranger).expect(404)).body.errcode).toBe('E072');
});

test('the column API answers a stored document from its stored chart, without reading it again', async () => {
  const { id } = finished;
  const [row] = (await stored(id)).slice(-1);
  // A mark only the stored row carries: a recomputed column would not have it.
  const marked = { ...row!.chart, matchRate: 0.123 };
  await db()('priorart_charts').where({ query_id: id, document_id: row!.document_id }).update({ chart: JSON.stringify(marked) });
  const { body: column } = await getAs(testApp, `/api/priorart/column?id=${id}&documentId=${encodeURIComponent(row!.document_id)}`, owner).expect(200);
  expect(column.matchRate).toBe(0.123);
  expect(column.cells.map((cell: { verdict: string }) => cell.verdict)).toEqual(row!.chart.evidence.map((entry) => entry.verdict));
  await db()('priorart_charts').where({ query_id: id, document_id: row!.document_id }).update({ chart: JSON.stringify(row!.chart) });
});

test('the result page says how many are charted and marks stored documents as charted in the list', async () => {
  const { id, priorart } = finished;
  const last = Math.ceil(priorart.candidates.length / 50);
  const { text } = await getAs(testApp, `/priorart/result?id=${id}&type=priorart&page=${last}`, owner).expect(200);
  const listed = Math.min(500, priorart.candidates.length);
  // The note (an island that polls while charts are being made; the page also carries its strings).
  const note = text.slice(text.indexOf('data-testid="chart-list-progress"')).split('</p>')[0]!;
  expect(note).toContain(`一覧の${listed}件のうち${listed}件について、文献ごとのクレームチャートを作成済みです`);
  expect(note).not.toContain('バックグラウンドで作成中');
  // The last page's documents are all beyond the first 30 and all charted.
  const list = text.slice(text.indexOf('data-testid="candidate-list"'));
  const rows = list.slice(list.indexOf('<tbody'), list.indexOf('</tbody>')).split('<tr').slice(1);
  expect(rows.length).toBe(priorart.candidates.length - (last - 1) * 50);
  for (const row of rows) expect(row).toContain('対比済み');
});

test('the chart\'s menu marks the candidates whose chart is made, and adding one shows its stored chart', async () => {
  const { id, priorart } = finished;
  const rows = await stored(id);
  const menuIds = [...priorart.candidates].sort((a, b) => b.matchRate - a.matchRate || b.score - a.score).slice(0, 100).map((candidate) => candidate.documentId);
  // One stored document taken out of the store (as if the job had not reached it yet), one given a mark only its stored chart carries.
  const [unmade, marked] = rows.filter((row) => menuIds.includes(row.document_id)).slice(-2);
  await db()('priorart_charts').where({ query_id: id, document_id: unmade!.document_id }).delete();
  await db()('priorart_charts').where({ query_id: id, document_id: marked!.document_id }).update({ chart: JSON.stringify({ ...marked!.chart, matchRate: 0.123 }) });
  try {
    const { text } = await getAs(testApp, `/priorart/result?id=${id}&type=priorart`, owner).expect(200);
    const select = text.slice(text.indexOf('data-testid="chart-candidate"')).split('</select>')[0]!.replace(/<!-- -->/g, '');
    const options = new Map([...select.matchAll(/<option value="([^"]+)"([^>]*)>([^<]*)<\/option>/g)].map((m) => [m[1]!, { charted: m[2]!.includes('data-charted'), text: m[3]! }]));
    expect(options.size).toBeGreaterThan(30);
    const charts = new Set(priorart.charts.map((chart) => chart.documentId));
    const storedIds = new Set(rows.map((row) => row.document_id));
    for (const [documentId, option] of options) {
      // Charted: one of the simulation's 30, or stored by job 7 (and not the one taken out).
      const made = charts.has(documentId) || (storedIds.has(documentId) && documentId !== unmade!.document_id);
      expect(option.charted).toBe(made);
      expect(option.text.includes(' — 対比済み')).toBe(made);
    }
    expect(options.get(unmade!.document_id)?.charted).toBe(false);
    expect(options.get(marked!.document_id)?.text).toContain(`${displayNumberOfId(marked!.document_id, 'ja')} — 一致率`);
    // The island gets the flag (it renders the menu again in the browser).
    const props = JSON.parse(/<script type="application\/json" data-island-props="ClaimChart">([^<]*)<\/script>/.exec(text)![1]!) as { candidates: Array<{ documentId: string; charted: boolean }> };
    expect(props.candidates.length).toBe(Math.min(100, priorart.candidates.length));
    for (const candidate of props.candidates) expect(candidate.charted).toBe(charts.has(candidate.documentId) || (storedIds.has(candidate.documentId) && candidate.documentId !== unmade!.document_id));
    // Adding a marked candidate shows its stored chart; the unmade one is evaluated now.
    const { body: column } = await getAs(testApp, `/api/priorart/column?id=${id}&documentId=${encodeURIComponent(marked!.document_id)}`, owner).expect(200);
    expect(column.matchRate).toBe(0.123);
    const { body: evaluated } = await getAs(testApp, `/api/priorart/column?id=${id}&documentId=${encodeURIComponent(unmade!.document_id)}`, owner).expect(200);
    expect(evaluated.cells).toHaveLength(priorart.elements.length);
  } finally {
    await db()('priorart_charts').where({ query_id: id, document_id: marked!.document_id }).update({ chart: JSON.stringify(marked!.chart) });
    await db()('priorart_charts').insert({ query_id: id, document_id: unmade!.document_id, position: unmade!.position, chart: JSON.stringify(unmade!.chart) });
  }
});

test('the list export of a claim chart list gives the verdict and evidence paragraph per element for documents beyond the first 30', async () => {
  const { id, priorart } = finished;
  const res = await getAs(testApp, `/priorart/export.csv?id=${id}&what=list`, owner).buffer(true).parse(binary).expect(200);
  const rows: string[][] = parse((res.body as Buffer).toString('utf8'), { bom: true, relax_column_count: true });
  const table = rows.slice(rows.findIndex((row) => row.length === 1 && row[0] === '') + 1);
  const beyond = (await stored(id)).filter((row) => row.chart.evidence.some((entry) => entry.verdict !== 'not_found' && entry.passage));
  expect(beyond.length).toBeGreaterThan(0);
  for (const { document_id: documentId, chart } of beyond.slice(-5)) {
    const row = table.find((cells) => cells[2] === displayNumberOfId(documentId, 'ja'))!;
    expect(row).toBeDefined();
    for (const entry of chart.evidence) {
      const cell = row[5 + entry.elementId]!;
      expect(cell.startsWith({ disclosed: '○ 開示あり', partly: '△ 一部開示', not_found: '× 記載なし' }[entry.verdict]!)).toBe(true);
      if (entry.verdict !== 'not_found' && entry.passage) expect(cell.split('\n')[0]).toContain({ paragraph: `【${entry.passage.number}】`, claim: `請求項${entry.passage.number}`, abstract: '要約' }[entry.passage.kind]!);
    }
  }
  expect(table.length).toBe(priorart.candidates.length + 1);
});

test('cancelling the chart-list job keeps the result and the charts made so far', async () => {
  const { body } = await postAs(testApp, '/api/priorart/simulate', { lang: 'jp', subjectMatter: claims[1], region: 'full', similarity: 'normal', outputType: 3 }, owner).expect(202);
  expect(await simulationEnd(testApp, body.id, owner)).toMatchObject({ status: 5 });
  // Job 6 enqueues job 7 right after storing its result.
  let job = await chartListJob(body.id);
  for (let i = 0; !job && i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await chartListJob(body.id);
  }
  expect(job?.status).toBe(0);
  const { body: before } = await getAs(testApp, `/api/priorart/status?id=${body.id}`, owner).expect(200);
  expect(before.chartList).toMatchObject({ running: true, charted: expect.any(Number), listed: expect.any(Number) });
  expect(before.chartList.charted).toBeLessThan(before.chartList.listed);
  await postAs(testApp, '/api/priorart/cancel', { id: body.id }, owner).expect(200);
  job = await jobEnd(body.id);
  expect(job.status).toBe(9);
  // The simulation is still a success with its result; its page, column API and export work with the charts so far.
  const { body: status } = await getAs(testApp, `/api/priorart/status?id=${body.id}`, owner).expect(200);
  expect(status).toMatchObject({ status: 5, rank: expect.any(String) });
  const { body: result } = await getAs(testApp, `/api/priorart/result?id=${body.id}`, owner).expect(200);
  const made = result.result.priorart.charts.length;
  expect(made).toBeGreaterThanOrEqual(30);
  const rows = await stored(body.id);
  expect(rows.length).toBeLessThan(Math.min(500, result.result.priorart.candidates.length) - made);
  expect((await getAs(testApp, `/api/priorart/status?id=${body.id}`, owner).expect(200)).body.chartList).toEqual({
    charted: made + rows.length,
    listed: Math.min(500, result.result.priorart.candidates.length),
    running: false,
    cursor: rows.at(-1)?.position ?? 0,
    chartedIds: rows.map((row) => row.document_id),
  });
  const { text } = await getAs(testApp, `/priorart/result?id=${body.id}&type=priorart`, owner).expect(200);
  expect(text).toContain(`件のうち${made + rows.length}件について、文献ごとのクレームチャートを作成済みです`);
  const uncharted = result.result.priorart.candidates.find((candidate: { documentId: string }) => !rows.some((row) => row.document_id === candidate.documentId) && !result.result.priorart.charts.some((chart: Chart) => chart.documentId === candidate.documentId));
  // A document left uncharted is still charted on demand.
  const { body: column } = await getAs(testApp, `/api/priorart/column?id=${body.id}&documentId=${encodeURIComponent(uncharted.documentId)}`, owner).expect(200);
  expect(column.cells).toHaveLength(result.result.priorart.elements.length);
}, 300_000);

test('another user reaches neither the stored charts nor the export of a claim chart list (E072)', async () => {
  const { id } = finished;
  const [row] = await stored(id);
  const { body } = await getAs(testApp, `/api/priorart/column?id=${id}&documentId=${encodeURIComponent(row!.document_id)}`, stranger).expect(404);
  expect(body.errcode).toBe('E072');
  expect((await getAs(testApp, `/priorart/export.csv?id=${id}&what=list`, stranger).set('Accept', 'application/json').expect(404)).body.errcode).toBe('E072');
  // Nor can they cancel the owner's chart-list job.
  await postAs(testApp, '/api/priorart/cancel', { id }, stranger).expect(404);
});
