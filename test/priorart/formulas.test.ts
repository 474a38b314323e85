// Prior-art formulas (§3, §5) through the simulation API on real records of the demo corpus:
// the detailed search's formulas narrow the candidates (its codes, with the row, for a bad
// one; rows without text are not sent), learning texts steer the ranking, and subLang adds a
// second region whose documents say where they come from.
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { getAs, postAs, priorartUser, simulationEnd, type Who } from '../helpers/priorart.ts';

interface Stored {
  id: string;
  title: string;
  abstract: string;
  claims: string[];
}
interface Candidate {
  documentId: string;
  region: string;
  title: string | null;
}

let testApp: TestApp;
let owner: Who;
let japanese: Stored[];

beforeAll(async () => {
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 120, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
  // Ingested as ingestFiles with indexPatent in a plain Node child process (startTestApp's corpus), not in this jest
  // worker, whose vm context makes the analysers' hot loops twice as slow (ingest-process.ts): the same rows.
  testApp = await startTestApp({ ROLE: 'all' }, { corpus: [jp, us] });
  const { readFile } = await import('node:fs/promises');
  japanese = (await readFile(jp, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  owner = await priorartUser(testApp, true);
}, 180_000);
afterAll(() => testApp.close());

const post = (path: string, body: unknown) => postAs(testApp, path, body, owner);
const get = (path: string) => getAs(testApp, path, owner);

/** Runs a simulation to its end; the stored input and result (or the failure's code). */
async function simulation(body: Record<string, unknown>) {
  const { body: started } = await post('/api/priorart/simulate', { lang: 'jp', region: 'full', outputType: 1, ...body }).expect(202);
  const status = await simulationEnd(testApp, started.id, owner);
  if (status.status !== 5) return { status, input: undefined, candidates: [] as Candidate[] };
  const { body: result } = await get(`/api/priorart/result?id=${started.id}`).expect(200);
  return { status, input: result.input, candidates: result.result.priorart.candidates as Candidate[], charts: result.result.priorart.charts as Candidate[] };
}

// A Japanese document with a long claim 1 and a title of Japanese words only (no formula operators in it).
const target = () => japanese.find((record) => record.claims[0]!.length > 120 && /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u.test(record.title))!;

test('a formula that hits a Japanese document keeps it among the candidates, all of which it hits; one that excludes it removes it', async () => {
  const document = target();
  const hit = await simulation({ subjectMatter: document.claims[0], formulas: [{ id: 1, text: document.title, tag: 'title', learningTexts: '' }] });
  expect(hit.status).toMatchObject({ status: 5 });
  const ids = hit.candidates.map((candidate) => candidate.documentId);
  expect(ids).toContain(document.id);
  // Every candidate's title holds the formula's words (the store's phrase search, read back by the analyser).
  const words = await analyzeField(document.title, 'jp');
  for (const candidate of hit.candidates) {
    const held = new Set(await analyzeField(candidate.title ?? '', 'jp'));
    for (const word of words) expect(held).toContain(word);
  }
  const unnarrowed = await simulation({ subjectMatter: document.claims[0] });
  expect(unnarrowed.candidates.length).toBeGreaterThan(hit.candidates.length);

  // Row 1 a word most documents hold, row 2 the document's title; 1 and not 2.
  const excluded = await simulation({
    subjectMatter: document.claims[0],
    formulas: [
      { id: 1, text: '装置+方法', tag: 'abst_claim_desc_title' },
      { id: 2, text: document.title, tag: 'title' },
    ],
    combination: '1-2',
  });
  expect(excluded.status).toMatchObject({ status: 5 });
  expect(excluded.candidates.map((candidate) => candidate.documentId)).not.toContain(document.id);
  expect(excluded.candidates.length).toBeGreaterThan(0);
  expect(excluded.input.formulas).toHaveLength(2);
  expect(excluded.input.combination).toBe('1-2');
});

test('a bad formula is refused with the detailed search’s code and its row; a row without text is not sent', async () => {
  const document = target();
  const bad: Array<[Record<string, unknown>, string, Record<string, unknown>]> = [
    [{ formulas: [{ id: 1, text: '電池', tag: 'abst_claim' }, { id: 2, text: '((電池*正極', tag: 'abst_claim' }] }, 'E024', { row: 2 }],
    [{ formulas: [{ id: 1, text: '電池', tag: 'abst_claim' }], combination: '1*3' }, 'E026', { field: 'combination' }],
    [{ formulas: [{ id: 1, text: '電池', tag: 'abst_claim', learningTexts: 'あ'.repeat(5001) }] }, 'E027', { row: 1 }],
  ];
  for (const [body, code, where] of bad) {
    const { body: answer } = await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: document.claims[0], ...body }).expect(400);
    expect(answer).toMatchObject({ errcode: code, ...where });
    expect(answer.detail).toEqual(expect.any(String));
  }
  // Row 1 empty: dropped (§5), so it neither fails as empty nor narrows anything.
  const kept = await simulation({ subjectMatter: document.claims[0], formulas: [{ id: 1, text: '  ', tag: 'title' }, { id: 2, text: document.title, tag: 'title' }] });
  expect(kept.status).toMatchObject({ status: 5 });
  expect(kept.input.formulas).toEqual([{ id: 2, text: document.title, tag: 'title', learningTexts: '' }]);
  expect(kept.candidates.map((candidate) => candidate.documentId)).toContain(document.id);
});

test('formulas that hit nothing fail the job with E029 (no patent documents found: check the formulas)', async () => {
  const document = target();
  const none = await simulation({ subjectMatter: document.claims[0], formulas: [{ id: 1, text: 'zqxwvy', tag: 'abst_claim_desc_title' }], memo: 'kept' });
  expect(none.status).toMatchObject({ status: 8, errcode: 'E029' });
});

test('subLang us brings US documents into the candidates of a Japanese claim, each naming its region', async () => {
  const document = target();
  const both = await simulation({ subjectMatter: document.claims[0], subLang: 'us' });
  expect(both.status).toMatchObject({ status: 5 });
  expect(both.input.subLang).toBe('us');
  const regions = new Set(both.candidates.map((candidate) => candidate.region));
  expect(regions).toEqual(new Set(['jp', 'us']));
  // The document itself is still found first among its own region's.
  expect(both.candidates.find((candidate) => candidate.region === 'jp')!.documentId).toBe(document.id);
  expect(both.charts!.every((chart) => chart.region === 'jp' || chart.region === 'us')).toBe(true);
  // Without subLang only Japanese documents; subLang equal to lang is none.
  const one = await simulation({ subjectMatter: document.claims[0], subLang: 'jp' });
  expect(one.input.subLang).toBeNull();
  expect(new Set(one.candidates.map((candidate) => candidate.region))).toEqual(new Set(['jp']));
  await post('/api/priorart/simulate', { lang: 'jp', subjectMatter: document.claims[0], subLang: 'de' }).expect(400);
});

test('a learning text that is a lower-ranked document’s abstract raises that document', async () => {
  const document = target();
  // The same formula with and without the learning text, so only the text differs.
  const row = { id: 1, text: '装置+方法+システム', tag: 'abst_claim_desc_title' };
  const before = await simulation({ subjectMatter: document.claims[0], formulas: [row] });
  const lower = before.candidates[14]!;
  const abstract = japanese.find((record) => record.id === lower.documentId)!.abstract;
  const after = await simulation({ subjectMatter: document.claims[0], formulas: [{ ...row, learningTexts: abstract }] });
  const rank = (candidates: Candidate[]) => candidates.findIndex((candidate) => candidate.documentId === lower.documentId);
  expect(rank(after.candidates)).toBeGreaterThanOrEqual(0);
  expect(rank(after.candidates)).toBeLessThan(14);
});
