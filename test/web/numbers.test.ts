// Numbers as Japanese users write them (特許第6183980号, 特許6183980, 特開2002-366927, 特願2023-22940,
// 実登3214154, WO2018/134950 …) find their document everywhere a number is accepted: the simple
// search, document details, the detailed search's number tags and population files; the formula
// checker refuses a number that can never match. Real records: the demo corpus and a J-PlatPat page.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import { islandMessageKey, parseFormula, type FormulaTag } from '../../src/patents/query/formula.ts';
import { idsOfPublicationNumbers } from '../../src/patents/repository.ts';
import { rankedDocumentIds } from '../../src/patents/search-repository.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

const NAMED = ['JP6183980B1', 'JP2002366927A', 'JP3214154U', 'JPWO2018134950A1', 'JPH086916A', 'US8930553B2'];
let testApp: TestApp;
let cookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  const named = await cutCorpus('data/demo-corpus/demo.jsonl.gz', NAMED.length, (record) => NAMED.includes(record.id as string));
  // Neighbours sharing no number with them, and the J-PlatPat bibliography of 特開2024-108988 (特願2023-22940).
  const others = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 40, (record) => record.region === 'jp' && !NAMED.includes(record.id as string));
  const summary = await ingestFiles(testApp.runtime.db, [named, others, 'test/fixtures/patents/jp/jplatpat-text-data-2024-108988.txt', 'test/fixtures/patents/uspto/US08930553.xml'], { index: indexPatent });
  expect(summary.bad).toEqual([]);
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
}, 120_000);
afterAll(() => testApp.close());

const search = (q: string, region = 'jp') =>
  request(testApp.app).get(`/search?${new URLSearchParams({ q, region })}`).set('Cookie', cookie).set('Accept-Language', 'ja');
const ids = (html: string) => [...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]);

const FORMS: Array<[string, string]> = [
  ['特許第6183980号', 'JP6183980B1'],
  ['特許6183980', 'JP6183980B1'],
  ['特許第６１８３９８０号', 'JP6183980B1'],
  ['特開2002-366927', 'JP2002366927A'],
  ['特開２００２－３６６９２７', 'JP2002366927A'],
  ['JP2002-366927A', 'JP2002366927A'],
  ['特開平8-6916', 'JPH086916A'],
  ['実登3214154', 'JP3214154U'],
  ['実用新案登録第3214154号', 'JP3214154U'],
  ['WO2018/134950', 'JPWO2018134950A1'],
  ['再表2018/134950', 'JPWO2018134950A1'],
  ['特開2024-108988', 'JP2024108988A'],
];

test.each(FORMS)('the simple search finds %s', async (typed, id) => {
  expect(ids((await search(typed).expect(200)).text)).toEqual([id]);
});

test('an application number finds its publication; a number of another region shows that region', async () => {
  expect(ids((await search('特願2023-22940').expect(200)).text)).toEqual(['JP2024108988A']);
  const us = (await search('US 8,930,553 B2', 'jp').expect(200)).text;
  expect(ids(us)).toEqual(['US8930553B2']);
  expect(us).toMatch(/<option value="us" selected="">/);
  // A word among the numbers makes it a text search again.
  expect(ids((await search('特許6183980 電池').expect(200)).text)).not.toContain('JP6183980B1');
});

test.each([...FORMS, ['特願2023-22940', 'JP2024108988A'] as [string, string]])('document details open %s', async (typed, id) => {
  const html = (await request(testApp.app).get(`/document-details?number=${encodeURIComponent(typed)}`).expect(200)).text;
  expect(html).toContain(`data-doc-id="${id}"`);
});

test('a citation that does not read as a number is text, not a link to a page that cannot open', async () => {
  const html = (await request(testApp.app).get('/document-details?id=JPWO2018134950A1').expect(200)).text;
  // 日本特開２０１１−１１９３１１号公報 reads as 特開2011-119311: linked.
  expect(html).toContain(`href="/document-details?number=${encodeURIComponent('日本特開２０１１−１１９３１１号公報')}"`);
});

test.each(FORMS.filter(([typed]) => !typed.startsWith('特願')))('the number tag of the detailed search finds %s', async (typed, id) => {
  const condition = await compileDetailQuery({ formulas: [{ id: 1, text: typed, tag: 'pubidall' }], combination: '', ipcLimit: [] }, 'jp');
  expect(await rankedDocumentIds(testApp.runtime.db, { condition, region: 'jp', excludeExpired: false, applicants: [] }, 10)).toEqual([id]);
});

test('the application-number tag finds 特願2023-22940', async () => {
  const condition = await compileDetailQuery({ formulas: [{ id: 1, text: '特願2023-22940', tag: 'appid' }], combination: '', ipcLimit: [] }, 'jp');
  expect(await rankedDocumentIds(testApp.runtime.db, { condition, region: 'jp', excludeExpired: false, applicants: [] }, 10)).toEqual(['JP2024108988A']);
});

test('a population file of these forms names exactly these documents', async () => {
  const { ids: found, unknown } = await idsOfPublicationNumbers(
    testApp.runtime.db,
    FORMS.filter(([typed]) => !typed.startsWith('特願')).map(([typed]) => typed),
  );
  expect(new Set(found)).toEqual(new Set(FORMS.map(([, id]) => id)));
  expect(unknown).toEqual([]);
});

test.each<[string, FormulaTag, string]>([
  ['特許12345', 'pubidall', 'badNumber'],
  ['特開2020-1234567', 'pubidall', 'badNumber'],
  ['JP2002366927B2', 'pubidall', 'badNumber'],
  ['US 7,783,348 B2', 'pubidall', 'numberOtherRegion'],
  ['12', 'appid', 'badNumber'],
])('the formula checker refuses %s (%s), which could never match', (text, tag, rule) => {
  const parsed = parseFormula(text, tag, 'jp');
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(islandMessageKey(parsed.problem)).toBe(`formulaErrors.${rule}`);
});
