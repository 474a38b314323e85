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

describe('a position past the end of the result', () => {
  const search = `/search?q=${encodeURIComponent('電池')}&region=jp`;
  const at = (position: number, from = search) => `/document-details?from=${encodeURIComponent(from)}&position=${position}`;
  const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  // The account's language decides the page's: an English-speaking user.
  let english: string;
  beforeAll(async () => {
    english = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
  });
  const getEn = (path: string) => request(testApp.app).get(path).set('Cookie', english).set('Accept-Language', 'en');

  test('says there is no such document in ja and en, with the first and last, in the page frame, and shows no other document', async () => {
    const hits = listIds((await get(search).expect(200)).text);
    expect(hits.length).toBeGreaterThan(1);
    // The whole result's size, as the last hit's pager tells it.
    const total = Number(/(\d+) \/ (\d+)/.exec((await get(hits[0]!.href).expect(200)).text)![2]);
    expect(total).toBe(hits.length); // one page of 電池 in this corpus

    for (const position of [total + 1, total + 40]) {
      const ja = await get(at(position)).expect(200);
      expect(ja.text).toContain(`${position} 件目の文献はありません。この検索結果の文献は全 ${total} 件です。`);
      expect(ja.text).toContain('<title>指定の位置に文献はありません');
      expect(ja.text).toContain('id="main"');
      expect(ja.text).toContain('data-island="Header"');
      // No document stands in for the one asked for (not even the last, which is "previous" of total + 1).
      expect(docId(ja.text)).toBeUndefined();
      expect(ja.text).not.toContain('rel="prev"');
      const links = hrefs(ja.text);
      expect(links).toContain(at(1));
      expect(links).toContain(at(total));
      expect(ja.text).toContain(`最後の文献（${total} 件目）へ`);
      expect(ja.text).toContain('最初の文献（1 件目）へ');
    }

    const en = await getEn(at(total + 3)).expect(200);
    expect(en.text).toContain(`There is no document ${total + 3}: this result has ${total} documents.`);
    expect(en.text).toContain(`Last document (no. ${total})`);
    expect(docId(en.text)).toBeUndefined();

    // The links lead to the result's first and last documents; back goes to the list, not past its end.
    const last = (await get(at(total)).expect(200)).text;
    expect(docId(last)).toBe(hits[total - 1]!.id);
    expect(last).toContain(`${total} / ${total}`);
    expect(docId((await get(at(1)).expect(200)).text)).toBe(hits[0]!.id);
    const back = /href="([^"]+)" data-testid="back-to-list"/.exec((await get(at(total + 40)).expect(200)).text)![1]!.replace(/&amp;/g, '&');
    expect(back).toBe(`${search}#hit-${total}`);
  });

  test('a result that has become empty says so, with the way back to the list', async () => {
    const empty = `/search?q=${encodeURIComponent('電池 量子重力波望遠鏡')}&region=jp`;
    expect(listIds((await get(empty).expect(200)).text)).toEqual([]);
    const ja = await get(at(3, empty)).expect(200);
    expect(ja.text).toContain('3 件目の文献はありません。この検索結果に該当する文献は、現在ありません。');
    expect(ja.text).toContain('data-testid="back-to-list"');
    expect(docId(ja.text)).toBeUndefined();
    const en = await getEn(at(3, empty)).expect(200);
    expect(en.text).toContain('There is no document 3: this result has no documents now.');
  });
});
