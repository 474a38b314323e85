// Document details opened from a simple search marks the words a keyword was searched by:
// 従来技術 is searched as 従来 & 技術, so a gazette that writes only 「従来の技術」 is found, and its
// page must show where (before, it marked nothing, as its snippet in the list once did).
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let cookie: string;
const writesOnlyApart = (record: Record<string, unknown>) => {
  const text = JSON.stringify(record);
  return record.region === 'jp' && Boolean(record.description) && text.includes('従来の技術') && !text.includes('従来技術');
};
beforeAll(async () => {
  testApp = await startTestApp();
  const gazettes = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 3, writesOnlyApart);
  const summary = await ingestFiles(testApp.runtime.db, [gazettes], { index: indexPatent });
  expect(summary.bad).toEqual([]);
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
}, 180_000);
afterAll(() => testApp.close());

const get = (path: string) => request(testApp.app).get(path).set('Cookie', cookie).set('Accept-Language', 'ja');
const hrefs = (html: string) => [...html.matchAll(/class="search-list__number" data-id="[^"]+" href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

test('a hit found by a keyword\'s analysed words has them marked on its page, and a keyword written whole is still marked whole', async () => {
  const hits = hrefs((await get(`/search?q=${encodeURIComponent('従来技術')}&region=jp`).expect(200)).text);
  // Three demo gazettes write 「従来の技術」 only; JP2011171723A's (「従来の技術思想」, at character 90,960 of its description) lies past the 16,383 positions a document keeps.
  expect(hits.length).toBeGreaterThanOrEqual(2);
  for (const href of hits) {
    const html = (await get(href).expect(200)).text;
    const sections = html.slice(html.indexOf('class="docdetail__sections"'));
    expect(sections).not.toContain('従来技術');
    expect(sections).toContain('<mark>従来</mark>の<mark>技術</mark>');
    expect(html).toContain('data-testid="highlight-bar"');
  }
  // The same documents from a search for the phrase as written (「従来の技術」 is analysed to the same words): marked too.
  const [first] = hrefs((await get(`/search?q=${encodeURIComponent('技術')}&region=jp`).expect(200)).text);
  expect((await get(first!).expect(200)).text).toContain('<mark>技術</mark>');
});
