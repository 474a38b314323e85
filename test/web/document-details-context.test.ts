// Document details opened from a result list (real Japanese gazettes of the demo corpus):
// previous and next through the whole result, not only the page shown; the way back to the
// list's page; the search's words marked in claims and description; the source as a link;
// Japanese inventor names as the gazette prints them; the legal status in words.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { highlighter } from '../../src/search/highlight.ts';
import { inventorsAsPublished } from '../../views/document-details/DocumentDetailsPage.tsx';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';

let testApp: TestApp;
let cookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  // Gazettes (full text) and the Google Patents export's bibliographic records, enough for two pages of 装置.
  const gazettes = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 110, (r) => r.region === 'jp' && Boolean(r.description));
  const exported = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 30, (r) => r.region === 'jp' && String(r.source).includes('WillKoehrsen'));
  const summary = await ingestFiles(testApp.runtime.db, [gazettes, exported], { index: indexPatent });
  expect(summary.bad).toEqual([]);
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
}, 180_000);
afterAll(() => testApp.close());

const get = (path: string) => request(testApp.app).get(path).set('Cookie', cookie).set('Accept-Language', 'ja');
const listIds = (html: string) => [...html.matchAll(/class="search-list__number" data-id="([^"]+)" href="([^"]+)"/g)].map((m) => ({ id: m[1]!, href: m[2]!.replace(/&amp;/g, '&') }));
const docId = (html: string) => /data-doc-id="([^"]+)"/.exec(html)?.[1];
const link = (html: string, rel: 'prev' | 'next') => new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

test('previous and next go through the whole result, across the list pages, and back returns to the page holding the document', async () => {
  const search = `/search?q=${encodeURIComponent('装置|方法|システム')}&region=jp`;
  const first = listIds((await get(search).expect(200)).text);
  const second = listIds((await get(`${search}&page=2`).expect(200)).text);
  expect(first).toHaveLength(50);
  expect(second.length).toBeGreaterThan(0);

  // The last document of page 1: next is the first of page 2.
  const last = (await get(first[49]!.href).expect(200)).text;
  expect(docId(last)).toBe(first[49]!.id);
  expect(last).toMatch(/50 \/ \d+/);
  const nextPage = (await get(link(last, 'next')!).expect(200)).text;
  expect(docId(nextPage)).toBe(second[0]!.id);
  expect(docId((await get(link(nextPage, 'prev')!).expect(200)).text)).toBe(first[49]!.id);
  // Back: the list's second page, scrolled to the document.
  const back = /href="([^"]+)" data-testid="back-to-list"/.exec(nextPage)![1]!.replace(/&amp;/g, '&');
  expect(back).toMatch(/^\/search\?.*page=2.*#hit-51$/);
  expect((await get(back.replace(/#.*/, '')).expect(200)).text).toContain('id="hit-51"');
});

test('the search words are marked in title, abstract, claims and description, and can be switched off', async () => {
  const [hit] = listIds((await get('/search?q=%E9%9B%BB%E6%B1%A0&region=jp').expect(200)).text);
  const html = (await get(hit!.href).expect(200)).text;
  expect(html).toContain('<mark>電池</mark>');
  const claims = html.slice(html.indexOf('id="claims"'), html.indexOf('id="description"'));
  expect(claims).toContain('<mark>電池</mark>');
  expect(html).toContain('data-testid="highlight-bar"');
  const off = (await get(`${hit!.href}&hl=0`).expect(200)).text;
  expect(off).not.toContain('<mark>');
  expect(docId(off)).toBe(hit!.id);
});

test('marking compares as a reader does: width and case folded, English by stem, the page\'s own text kept', () => {
  const marker = highlighter(['2次電池', 'battery', 'led']);
  const marked = (text: string) => marker.parts(text).filter((part) => part.mark).map((part) => part.text);
  expect(marked('リチウム２次電池用セパレータ')).toEqual(['２次電池']);
  expect(marked('Batteries and a battery pack')).toEqual(['Batteries', 'battery']);
  expect(marked('ＬＥＤ照明、LED ledger')).toEqual(['ＬＥＤ', 'LED']);
  expect(marker.parts('無関係').map((part) => part.text).join('')).toBe('無関係');
});

test('a document opened from a list that is not the user\'s is shown without it', async () => {
  const [hit] = listIds((await get('/search?q=%E9%9B%BB%E6%B1%A0&region=jp').expect(200)).text);
  // The address of someone's detailed search: not this user's, so no context, and no document by position.
  const foreign = `/document-details?from=${encodeURIComponent('/detail-search/result?id=00000000-0000-0000-0000-000000000000&type=detail')}&position=1`;
  expect((await get(foreign)).status).toBe(404);
  expect((await get(`/document-details?from=${encodeURIComponent('https://example.com/search?q=x')}&position=1`)).status).toBe(404);
  expect(hit).toBeDefined();
});

test('the source is a link, and Japanese inventors of the Google export are turned to the gazette order', async () => {
  const [hit] = listIds((await get('/search?q=%E9%9B%BB%E6%B1%A0&region=jp').expect(200)).text);
  const html = (await get(hit!.href).expect(200)).text;
  const source = html.slice(html.indexOf('data-field="source"'), html.indexOf('</dd>', html.indexOf('data-field="source"')));
  expect(source).toMatch(/<a href="https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/blob\/[0-9a-f]+\/[^"]+"[^>]*>出典<\/a>/);
  expect(source).not.toContain('github:');

  const record = await testApp.runtime.db('patents').whereRaw("source LIKE '%WillKoehrsen%'").whereRaw("array_to_string(inventors, ' ') ~ '[一-龥]'").first('id', 'inventors', 'source', 'region');
  const shown = inventorsAsPublished(record);
  // 'Takeshi Saito' … '健 斉藤': the Japanese names first, family name first; the romanised after them.
  const firstLatin = shown.findIndex((name) => name.romanised);
  expect(shown.slice(0, firstLatin).every((name) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(name.name))).toBe(true);
  const page = (await get(`/document-details?id=${record.id}`).expect(200)).text;
  expect(page).toContain(`<li>${shown[0]!.name}</li>`);
  expect(inventorsAsPublished({ region: 'jp', source: 'github:WillKoehrsen/recurrent-neural-networks@8da0e37a:data/x.csv', inventors: ['Takeshi Saito', '健 斉藤'] })).toEqual([
    { name: '斉藤 健', romanised: false },
    { name: 'Takeshi Saito', romanised: true },
  ]);
  // Gazette records keep their order and form.
  expect(inventorsAsPublished({ region: 'jp', source: 'github:OnozukaRikkyo/patent_rag@4659394d:data/x', inventors: ['松尾 勝弥', '松尾 嘉延'] }).map((n) => n.name)).toEqual(['松尾 勝弥', '松尾 嘉延']);
});
