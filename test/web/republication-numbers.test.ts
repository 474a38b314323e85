// Japan's re-publication of a PCT application (再公表特許, stored as JPWO2018134950A1) is shown as a
// Japanese attorney cites it, 再表2018/134950, on Japanese pages and exports, and as its
// international publication, WO 2018/134950 A1, on English ones — never 「JP WO2018/134950 A1」.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { displayNumberOfId, parsePublicationNumber } from '../../src/patents/numbers.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let japanese: string;
let english: string;

beforeAll(async () => {
  testApp = await startTestApp();
  // JPWO2018134950A1: 半導体レーザ素子、半導体レーザ素子の製造方法.
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === 'JPWO2018134950A1');
  await ingestFiles(testApp.runtime.db, [file], { index: indexPatent });
  japanese = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  english = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
});
afterAll(() => testApp.close());

const get = (path: string, cookie: string) => request(testApp.app).get(path).set('Cookie', cookie).expect(200);

test('the number reads 再表2018/134950 in Japanese and WO 2018/134950 A1 in English, and either finds the document again', () => {
  expect(displayNumberOfId('JPWO2018134950A1', 'ja')).toBe('再表2018/134950');
  expect(displayNumberOfId('JPWO2018134950A1', 'en')).toBe('WO 2018/134950 A1');
  for (const shown of ['再表2018/134950', 'WO 2018/134950 A1']) expect(parsePublicationNumber(shown)?.core).toBe('WO2018134950');
});

test('the result list, the document page and the export show it so, in each language', async () => {
  const query = `q=${encodeURIComponent('半導体レーザ素子')}&region=jp`;
  const list = (await get(`/search?${query}`, japanese)).text;
  expect(list).toMatch(/data-id="JPWO2018134950A1"[^>]*>\s*再表2018\/134950\s*</);
  expect((await get(`/search?${query}`, english)).text).toMatch(/data-id="JPWO2018134950A1"[^>]*>\s*WO 2018\/134950 A1\s*</);

  const details = (await get('/document-details?docIds=JPWO2018134950A1', japanese)).text;
  expect(details).toContain('<span class="docdetail__id">再表2018/134950</span>');
  expect(details).not.toContain('JP WO2018');
  expect((await get('/document-details?docIds=JPWO2018134950A1', english)).text).toContain('<span class="docdetail__id">WO 2018/134950 A1</span>');

  const csv = (await get(`/search/export.csv?${query}`, japanese)).text;
  expect(csv).toContain(',再表2018/134950,');
  expect((await get(`/search/export.csv?${query}`, english)).text).toContain(',WO 2018/134950 A1,');

  // The map's tooltip: a map is laid out once for every reader, its numbers named when served.
  const shownOnMap = async (cookie: string) =>
    ((await get(`/api/search/map?${query}`, cookie)).body.points as Array<{ documentId: string; documentIdForDisplay: string }>).find((point) => point.documentId === 'JPWO2018134950A1')?.documentIdForDisplay;
  expect(await shownOnMap(japanese)).toBe('再表2018/134950');
  expect(await shownOnMap(english)).toBe('WO 2018/134950 A1');
});
