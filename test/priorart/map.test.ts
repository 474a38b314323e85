// The patent map of an examination simulation on real Japanese demo records: the candidates
// with the invention as one more point, flagged `input`, placed by its words (nearer to the
// main cited document than most candidates are), named in the reader's language; an English
// invention in the Japanese words of its translation; only the owner reads it, only once
// finished, only with the priorart feature.
import { inventionTerms } from '../../src/priorart/map.ts';
import { insertSimulation } from '../../src/priorart/repository.ts';
import { parseSimulationRequest } from '../../src/priorart/validation.ts';
import type { MapPlotPoint, PatentMap } from '../../src/search/result-types.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';

let testApp: TestApp;
let owner: Who;
let english: Who;
let stranger: Who;
let withoutFeature: Who;
let japanese: Array<{ id: string; claims: string[]; title: string }>;

beforeAll(async () => {
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 150, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
  // Ingested once per run with priorart-map.browser's same cut (startTestApp's corpus).
  testApp = await startTestApp({ ROLE: 'all' }, { corpus: [jp] });
  const { readFile } = await import('node:fs/promises');
  japanese = (await readFile(jp, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  const session = (priorart: boolean, languageCD?: 'lang_ja' | 'lang_en') => priorartUser(testApp, priorart, languageCD);
  owner = await session(true);
  english = await session(true, 'lang_en');
  stranger = await session(true);
  withoutFeature = await session(false);
}, 180_000);
afterAll(() => testApp.close());

const post = (path: string, body: unknown, who = owner) => postAs(testApp, path, body, who);
const get = (path: string, who: { cookie: string } = owner) => getAs(testApp, path, who);

async function finished(id: string, who = owner): Promise<void> {
  expect(await simulationEnd(testApp, id, who)).toMatchObject({ status: 5, errcode: null });
}

const distance = (a: MapPlotPoint, b: MapPlotPoint) => Math.hypot(a.x - b.x, a.y - b.y);

describe('a Japanese claim as text', () => {
  let id: string;
  let map: PatentMap;
  let stored: { mainDocumentId: string; candidates: Array<{ documentId: string }> };

  beforeAll(async () => {
    // Another document's claim than the one the pages test uses, reworded a little, so the invention is no copy of a stored text.
    const target = japanese.filter((record) => record.claims[0]!.length > 150)[1]!;
    const { body } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: target.claims[0]!.replace(/前記/g, 'その'), outputType: 1 }).expect(202);
    id = body.id;
    await finished(id);
    stored = (await testApp.runtime.db('queries').select('result').where({ id }).first()).result;
    map = (await get(`/api/priorart/map?id=${id}`).expect(200)).body;
  }, 180_000);

  test('one point is the invention, flagged input and named in Japanese; one point per mapped candidate, the main cited document among them', () => {
    const inputs = map.points.filter((point) => point.input);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({ title: '入力した発明', referenceLink: '', documentId: '' });
    const documents = map.points.filter((point) => !point.input);
    expect(documents.map((point) => point.documentId).sort()).toEqual(stored.candidates.map((candidate) => candidate.documentId).sort());
    expect(map.mappedCount).toBe(documents.length);
    expect(documents.some((point) => point.documentId === stored.mainDocumentId)).toBe(true);
    // The clusters count documents only.
    expect(map.clusters.reduce((sum, cluster) => sum + cluster.size, 0)).toBe(documents.length);
  });

  test('the invention lies nearer to the main cited document than the median candidate does', () => {
    const input = map.points.find((point) => point.input)!;
    const main = map.points.find((point) => point.documentId === stored.mainDocumentId)!;
    const others = map.points.filter((point) => !point.input).map((point) => distance(input, point)).sort((a, b) => a - b);
    const median = others[Math.floor(others.length / 2)]!;
    expect(others.length).toBeGreaterThan(10);
    expect(distance(input, main)).toBeLessThan(median);
  });

  test('the map is stored with the simulation and served again the same; an English reader reads its name in English', async () => {
    const row = await testApp.runtime.db('queries').select('map').where({ id }).first();
    expect(row.map.points).toHaveLength(map.points.length);
    const { body } = await get(`/api/priorart/map?id=${id}`, owner).expect(200);
    expect(body.points).toEqual(map.points);
    // Only the owner reads a map: the English reader runs one of their own.
    const started = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: japanese[0]!.claims[0], outputType: 0 }, english).expect(202);
    await finished(started.body.id, english);
    const { body: theirs } = await get(`/api/priorart/map?id=${started.body.id}`, english).expect(200);
    expect(theirs.points.find((point: MapPlotPoint) => point.input).title).toBe('The invention');
  }, 120_000);

  test("another user's simulation is not found (E072)", async () => {
    const { body } = await get(`/api/priorart/map?id=${id}`, stranger).expect(404);
    expect(body.errcode).toBe('E072');
    await get('/api/priorart/map?id=not-an-id').expect(404);
  });
});

test('an English invention meets Japanese documents on the map in the words of its dictionary translation', async () => {
  const terms = await inventionTerms(testApp.runtime.db, 'A secondary battery comprising a positive electrode, a negative electrode and a separator.', 'jp', 'claims');
  const lexemes = terms.terms.map(([lexeme]) => lexeme);
  expect(lexemes).toEqual(expect.arrayContaining(['電池', '電極']));
  // Japanese words only (the index keeps the senses its documents use): an English stem would meet no document.
  expect(lexemes.filter((lexeme) => /[a-z]/i.test(lexeme))).toEqual([]);
});

test('a simulation still running has no map yet (409 E072)', async () => {
  const input = parseSimulationRequest({ lang: 'jp', subjectMatter: japanese[0]!.claims[0] });
  const companyId = (await testApp.runtime.db('users').select('company_id').where({ id: owner.id }).first()).company_id;
  const id = await insertSimulation(testApp.runtime.db, { userId: owner.id, companyId, input });
  const { body } = await get(`/api/priorart/map?id=${id}`).expect(409);
  expect(body.errcode).toBe('E072');
});

test('a user without the examination simulation feature is refused (403)', async () => {
  await get('/api/priorart/map?id=x', withoutFeature).expect(403);
});
