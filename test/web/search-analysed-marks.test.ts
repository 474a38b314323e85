// A hit the search found by a keyword's words in a row (所定条件 as 「所定の条件」) shows them marked
// in its snippet, though the text never writes the keyword itself (search/analysed-marks.ts); a
// text that has the words only far apart is no hit (analysis/keyword-bigrams.ts keywordTsquery).
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let cookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  // JP2015039043A's abstract: 「…その位置情報が所定の条件を充足した場合…」, no 所定条件 anywhere.
  // JP2012148957A's abstract: 「…イオン交換法により形成された圧縮応力層…携帯型電子機器用画像表示装置…」, no 画像形成装置.
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 2, (record) => record.id === 'JP2015039043A' || record.id === 'JP2012148957A');
  await ingestFiles(testApp.runtime.db, [file], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
});
afterAll(() => testApp.close());

const search = async (q: string) => (await request(testApp.app).get(`/search?${new URLSearchParams({ q, region: 'jp' })}`).set('Cookie', cookie).expect(200)).text;

test("a hit writing a keyword's words in a row shows those words marked in its abstract", async () => {
  const html = await search('所定条件');
  const at = html.indexOf('data-id="JP2015039043A"');
  expect(at).toBeGreaterThanOrEqual(0);
  const snippet = /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(html.slice(at))![1]!;
  expect(snippet).toContain('位置情報が<mark>所定</mark>の<mark>条件</mark>を充足した');
  // From the abstract: no source label (a claim's or the description's).
  expect(snippet).not.toContain('search-list__snippet-source');
});

test('a text with the words only far apart is no hit: 画像形成装置 is not 「…により形成された…画像表示装置」', async () => {
  expect(await search('画像形成装置')).not.toContain('data-id="JP2012148957A"');
  expect(await search('画像表示装置')).toContain('data-id="JP2012148957A"');
});
