// A hit the search found by a keyword's analysed words (画像形成装置 is 画像 & 形成 & 装置) shows them
// marked in its snippet, though the text never writes the keyword itself (search/analysed-marks.ts).
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let cookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  // JP2012148957A's abstract: 「…イオン交換法により形成された圧縮応力層…携帯型電子機器用画像表示装置…」, no 画像形成装置.
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === 'JP2012148957A');
  await ingestFiles(testApp.runtime.db, [file], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
});
afterAll(() => testApp.close());

test("a hit writing a keyword's words apart shows those words marked in its abstract", async () => {
  const html = (await request(testApp.app).get(`/search?${new URLSearchParams({ q: '画像形成装置', region: 'jp' })}`).set('Cookie', cookie).expect(200)).text;
  const at = html.indexOf('data-id="JP2012148957A"');
  expect(at).toBeGreaterThanOrEqual(0);
  const snippet = /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(html.slice(at))![1]!;
  expect(snippet).toContain('イオン交換法により<mark>形成</mark>された');
  expect(snippet).toContain('携帯型電子機器用<mark>画像</mark>表示<mark>装置</mark>');
  // From the abstract: no source label (a claim's or the description's).
  expect(snippet).not.toContain('search-list__snippet-source');
});
