// The examination simulation through its API, run as a background job in the same process
// (ROLE all) on real records of the demo corpus, Japanese and US: the §4 stages, the result
// (elements, IPC, candidates, claim chart, rank with its description), the limits of §9 with
// their codes, cancel, and who may see what.
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { ingestInChild } from '../helpers/ingest-process.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';

let testApp: TestApp;
let owner: Who;
let stranger: Who;
let withoutFeature: Who;
let japanese: Array<{ id: string; claims: string[]; ipc: string[] | null }>;

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 120, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  await ingestInChild(testApp.database.url, [jp, us]);
  const { readFile } = await import('node:fs/promises');
  japanese = (await readFile(jp, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  const session = (priorart: boolean) => priorartUser(testApp, priorart);
  owner = await session(true);
  stranger = await session(true);
  withoutFeature = await session(false);
}, 180_000);
afterAll(() => testApp.close());

const post = (path: string, body: unknown, who = owner) => postAs(testApp, path, body, who);
const get = (path: string, who: { cookie: string } = owner) => getAs(testApp, path, who);
const finished = (id: string) => simulationEnd(testApp, id, owner);

test('a Japanese document’s own claim finds it as the main cited document, rank A, with its evidence', async () => {
  const target = japanese.find((record) => record.claims[0]!.length > 120)!;
  const { body } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: target.claims[0], region: 'full', similarity: 'passive', outputType: 0 }).expect(202);
  const status = await finished(body.id);
  expect(status).toMatchObject({ status: 5, errcode: null });
  const { body: result } = await get(`/api/priorart/result?id=${body.id}`).expect(200);
  const priorart = result.result.priorart;
  expect(priorart.elements.length).toBeGreaterThan(1);
  expect(priorart.mainDocumentId).toBe(target.id);
  expect(priorart.rank).toBe('A');
  expect(priorart.rank_description.ja).toContain(displayNumberOfId(target.id, 'ja'));
  expect(priorart.rank_description.en).toContain('novelty');
  // The IPC the store holds for it is among the inferred subclasses.
  const subclasses = priorart.ipc.subclasses.map((entry: { code: string }) => entry.code);
  expect(subclasses).toContain(target.ipc![0]!.replace(/\s+/g, '').slice(0, 4));
  // Every verdict points at a passage that holds the words it names (as the analyser reads them: 重ね合わせ as 重ね合う).
  const chart = priorart.charts.find((entry: { documentId: string }) => entry.documentId === target.id);
  for (const evidence of chart.evidence) {
    expect(evidence.verdict).toBe('disclosed');
    expect(evidence.words.length).toBeGreaterThan(0);
    const held = new Set(await analyzeField(evidence.passage.text, 'jp'));
    for (const word of evidence.words) expect(held).toContain(word);
  }
  // History shows it done, with its rank.
  const { body: history } = await get('/api/history?kind=priorart').expect(200);
  expect(history.historyList.find((entry: { id: string }) => entry.id === body.id)).toMatchObject({ priorartRank: 'A' });
});

test('by document number the claim is taken from the store and the document itself is left out', async () => {
  const target = japanese.find((record) => record.claims.length >= 2 && record.claims[0]!.length > 120)!;
  const { body: preview } = await post('/api/priorart/elements', { documentId: target.id, claimNumber: 1 }).expect(200);
  expect(preview.claim).toBe(target.claims[0]);
  expect(preview.elements.length).toBeGreaterThan(1);
  const { body } = await post('/api/priorart/simulate', { lang: 'jp', isSelectDocumentId: true, documentId: target.id, claimNumber: 1, outputType: 1 }).expect(202);
  expect((await finished(body.id)).status).toBe(5);
  const { body: result } = await get(`/api/priorart/result?id=${body.id}`).expect(200);
  const ids = result.result.priorart.candidates.map((candidate: { documentId: string }) => candidate.documentId);
  expect(ids).not.toContain(target.id);
  expect(ids.length).toBeGreaterThan(10);
  expect(['A', 'B', 'C', 'D']).toContain(result.result.priorart.rank);
});

test('bad input is refused with its code and nothing is stored', async () => {
  const before = (await get('/api/history?kind=priorart').expect(200)).body.totalCount;
  const cases: Array<[unknown, string, string]> = [
    [{ subjectMatter: '' }, 'E030', 'subjectMatter'],
    [{ subjectMatter: 'あ'.repeat(5001) }, 'E031', 'subjectMatter'],
    [{ subjectMatter: Array.from({ length: 31 }, (_, i) => `要素${i}`).join('\n'), isAutoElementCutter: false }, 'E032', 'subjectMatter'],
    [{ isSelectDocumentId: true, documentId: 'JP'.padEnd(31, '1') }, 'E033', 'documentId'],
    [{ subjectMatter: 'a battery', outputType: 7 }, 'E034', 'outputType'],
    [{ subjectMatter: 'a battery', similarity: 0.3 }, 'E034', 'similarity'],
    [{ subjectMatter: 'a battery', fixedPatents: ['JP1', 'JP2', 'JP3', 'JP4'] }, 'E100', 'fixedPatents'],
    [{ isSelectDocumentId: true, documentId: 'JP2099999999A' }, 'convert-0000', 'documentId'],
  ];
  for (const [body, code, field] of cases) {
    const response = await post('/api/priorart/simulate', body).expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    expect(response.body).toMatchObject({ errcode: code, field });
    expect(response.body.detail).toEqual(expect.any(String));
  }
  expect((await get('/api/history?kind=priorart').expect(200)).body.totalCount).toBe(before);
});

test('an invention with nothing to evaluate fails the job with esn-1001, keeping its input', async () => {
  const { body } = await post('/api/priorart/simulate', { lang: 'us', subjectMatter: 'the and of a', memo: 'kept' }).expect(202);
  expect(await finished(body.id)).toMatchObject({ status: 8, errcode: 'esn-1001' });
  const { body: history } = await get('/api/history?kind=priorart').expect(200);
  expect(history.historyList.find((entry: { id: string }) => entry.id === body.id)).toMatchObject({ memo: 'kept' });
});

test('a running simulation can be cancelled; another user and a user without the feature reach nothing', async () => {
  const { body } = await post('/api/priorart/simulate', { lang: 'us', subjectMatter: 'A wheeled hand truck comprising a footplate, a retainer flange, and a handle that telescopes.', outputType: 2 }).expect(202);
  await post('/api/priorart/cancel', { id: body.id }, stranger).expect(404);
  const cancelled = await post('/api/priorart/cancel', { id: body.id }).expect(200);
  expect([5, 9]).toContain(cancelled.body.status);
  const status = await finished(body.id);
  expect([5, 9]).toContain(status.status);
  // Only a claim chart list (output type 3) counts charts made in the background.
  expect((await get(`/api/priorart/status?id=${body.id}`).expect(200)).body.chartList).toBeNull();
  await get(`/api/priorart/status?id=${body.id}`, stranger).expect(404);
  await get(`/api/priorart/result?id=${body.id}`, stranger).expect(404);
  await post('/api/priorart/simulate', { subjectMatter: 'a battery' }, withoutFeature).expect(403);
});

test('the IPC of a text alone', async () => {
  const target = japanese[0]!;
  const { body } = await get(`/api/priorart/ipc?lang=jp&text=${encodeURIComponent(target.claims[0]!)}`).expect(200);
  expect(body.subclasses.length).toBeGreaterThan(0);
  expect(body.subclasses[0]).toMatchObject({ code: expect.stringMatching(/^[A-H]\d{2}[A-Z]$/), score: expect.any(Number) });
});
