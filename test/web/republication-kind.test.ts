// A Japanese re-publication of a PCT application (JPWO2018134950A1) is shown as what it is, 再公表
// (Re-publication), not as a 公開 of a Japanese application, in the result list, the document page
// and the export; a Japanese 公開 (JP2017048751A) keeps its label.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let japanese: string;
let english: string;

beforeAll(async () => {
  testApp = await startTestApp();
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 2, (record) => record.id === 'JPWO2018134950A1' || record.id === 'JP2017048751A');
  expect((await ingestFiles(testApp.runtime.db, [file], { index: indexPatent })).bad).toEqual([]);
  japanese = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  english = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
});
afterAll(() => testApp.close());

const get = (path: string, cookie: string) => request(testApp.app).get(path).set('Cookie', cookie).expect(200);
const kindAfter = (html: string, id: string) => new RegExp(`data-id="${id}"[\\s\\S]*?<span class="search-list__kind">([^<]*)</span>`).exec(html)?.[1];

test('the result list names a re-publication 再公表 / Re-publication and a publication 公開 / Publication', async () => {
  const ja = (await get(`/search?q=${encodeURIComponent('半導体レーザ素子')}&region=jp`, japanese)).text;
  expect(kindAfter(ja, 'JPWO2018134950A1')).toBe('再公表');
  expect(kindAfter((await get(`/search?q=${encodeURIComponent('半導体レーザ素子')}&region=jp`, english)).text, 'JPWO2018134950A1')).toBe('Re-publication');
  expect(kindAfter((await get(`/search?q=${encodeURIComponent('圧縮比')}&region=jp`, japanese)).text, 'JP2017048751A')).toBe('公開');
});

test('the document page and the export say so too', async () => {
  expect((await get('/document-details?docIds=JPWO2018134950A1', japanese)).text).toContain('<span class="docdetail__kind">再公表特許</span>');
  expect((await get('/document-details?docIds=JPWO2018134950A1', english)).text).toContain('<span class="docdetail__kind">Re-publication (PCT)</span>');
  expect((await get('/document-details?docIds=JP2017048751A', japanese)).text).toContain('<span class="docdetail__kind">公開</span>');
  const csv = (await get(`/search/export.csv?q=${encodeURIComponent('半導体レーザ素子')}&region=jp`, japanese)).text;
  expect(csv.split('\n').find((line) => line.includes('再表2018/134950'))).toContain(',再公表,');
});
