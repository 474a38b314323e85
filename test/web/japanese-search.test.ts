// Japanese and Chinese full text of the demo corpus (JPO gazettes, CNIPA text) through the
// search features: simple search on the default region, J-PlatPat formulas on Japanese text,
// the form's examples, document details with claims and numbered paragraphs, the map and graphs.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import { rankedDocumentIds } from '../../src/patents/search-repository.ts';
import type { PatentMap } from '../../src/search/result-types.ts';
import { SEARCH_EXAMPLES } from '../../src/search/validation.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { ingestInChild } from '../helpers/ingest-process.ts';

const DEMO = 'data/demo-corpus/demo.jsonl.gz';
/** Named documents the searches below must find (checked against their text in the tests). */
const NAMED = {
  battery: 'JP2013197100A', // リチウム２次電池用セパレータ、２次電池、および２次電池の製造方法
  lithiumIonWinding: 'JP2016126896A', // 巻回型リチウムイオン二次電池用正極 …
  semiconductor: 'JP2011054946A', // 半導体装置及び半導体装置の作製方法
  laser: 'JPWO2018134950A1', // 半導体レーザ素子、半導体レーザ素子の製造方法
  fuelCell: 'CN112539558A', // 一种燃料电池热水系统和热水器
  wafer: 'JP2021125502A', // 成膜装置: writes ウエハ, never ウェハ
};

let testApp: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  testApp = await startTestApp();
  const named = Object.values(NAMED) as string[];
  const chosen = await cutCorpus(DEMO, named.length, (r) => named.includes(r.id as string));
  // Neighbours: a third of the Japanese gazettes (by filing year), Chinese text, US abstracts on the US example's topic.
  const japanese = await cutCorpus(DEMO, 90, (r) => r.region === 'jp' && !named.includes(r.id as string) && Boolean(r.description) && Number(String(r.id).slice(2, 6)) % 3 === 0);
  const chinese = await cutCorpus(DEMO, 400, (r) => r.region === 'cn' && !named.includes(r.id as string) && Boolean(r.abstract));
  const american = await cutCorpus(DEMO, 150, (r) => r.region === 'us' && /image|recogni|neural/i.test(`${r.title} ${r.abstract}`));
  const summary = await ingestInChild(testApp.database.url, [chosen, japanese, chinese, american]);
  expect(summary.bad).toEqual([]);
  for (const id of named) expect(await testApp.runtime.db('patents').where({ id }).first()).toBeDefined();
  cookies.ja = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_ja' })).id });
  cookies.en = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
}, 180_000);
afterAll(() => testApp.close());

const get = (path: string, lang = 'ja') => request(testApp.app).get(path).set('Cookie', cookies[lang]!);
const search = (query: Record<string, string>, lang = 'ja') => get(`/search?${new URLSearchParams(query)}`, lang);
const ids = (html: string) => [...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!);
/** Title, abstract, claims and description of a stored publication, for checking what a search found. */
const textOf = async (id: string) => {
  const row = await testApp.runtime.db('patents').where({ id }).first('title', 'abstract', 'claims', 'description');
  return [row.title, row.abstract, ...(row.claims ?? []), row.description].join('\n').normalize('NFKC');
};

test.each([
  ['電池', NAMED.battery],
  ['半導体', NAMED.semiconductor],
])('「%s」 on the default region (日本) finds %s, and every hit holds the word', async (word, id) => {
  for (const lang of ['ja', 'en']) {
    const found = ids((await search({ q: word }, lang).expect(200)).text);
    expect(found).toContain(id);
    for (const hit of found) expect(hit.startsWith('JP')).toBe(true);
    for (const hit of found.slice(0, 10)) expect(await textOf(hit)).toContain(word);
  }
});

test('a Chinese search finds the named document, Chinese only', async () => {
  const found = ids((await search({ q: '电池', region: 'cn' }).expect(200)).text);
  expect(found).toContain(NAMED.fuelCell);
  for (const hit of found.slice(0, 10)) expect(await textOf(hit)).toContain('电池');
  expect(ids((await search({ q: '电池', region: 'jp' })).text)).not.toContain(NAMED.fuelCell);
});

test.each(Object.entries(SEARCH_EXAMPLES))('the form example of region %s (%s) finds documents', async (region, example) => {
  const html = (await search({ region }).expect(200)).text;
  expect(html).toContain(`placeholder="例）${example}"`);
  expect(ids((await search({ q: example, region })).text).length).toBeGreaterThan(0);
  expect((await search({ region }, 'en')).text).toContain(`placeholder="e.g. ${example}"`);
});

describe('J-PlatPat formulas on Japanese text', () => {
  const run = async (text: string) => {
    const condition = await compileDetailQuery({ formulas: [{ id: 1, text, tag: 'abst_claim_desc_title' }], combination: '', ipcLimit: [] }, 'jp');
    return rankedDocumentIds(testApp.runtime.db, { condition, region: 'jp', excludeExpired: false, applicants: [] }, 1000);
  };

  test('proximity in order within the full text (/TX, ,nC) finds リチウムイオン just before 電池', async () => {
    const near = await run('(リチウムイオン,3C,電池)/TX');
    expect(near).toContain(NAMED.lithiumIonWinding);
    for (const id of near) expect(await textOf(id)).toMatch(/リチウムイオン(二次|2次|２次)?電池/);
    // Both words anywhere is a superset; the proximity leaves out documents where they are apart.
    const both = await run('リチウムイオン*電池');
    expect(both).toEqual(expect.arrayContaining(near));
    // Reversed order (,nC keeps it) finds nothing that only has リチウムイオン…電池.
    expect(await run('(電池,1C,リチウムイオン)/TX')).not.toContain(NAMED.lithiumIonWinding);
  });

  test('a claims-only tag inside a full-text formula: (半導体/CL)*(基板+ウエハ)/TX', async () => {
    const found = await run('(半導体/CL)*(基板+ウエハ)/TX');
    expect(found).toContain(NAMED.laser);
    for (const id of found) {
      const claims = ((await testApp.runtime.db('patents').where({ id }).first('claims')).claims as string[]).join('\n');
      expect(claims).toContain('半導体');
      expect(await textOf(id)).toMatch(/基板|ウエハ/);
    }
  });
});

test('a Japanese document shows its claims and its description with the gazette paragraph numbers, in ja and en', async () => {
  for (const lang of ['ja', 'en']) {
    const html = (await get(`/document-details?id=${NAMED.battery}`, lang).expect(200)).text;
    expect(html).toContain('リチウム２次電池用セパレータ');
    expect(html).toMatch(/data-claim="1"[^>]*data-dependent="false"/);
    expect(html).toMatch(/data-claim="2"[^>]*data-dependent="true"/);
    expect(html).toContain('id="p0001"');
    expect(html).toContain('【0001】');
    expect(html).toMatch(/<h3 class="docdescription__heading">技術分野<\/h3>/);
  }
});

test('a Chinese document shows its claims', async () => {
  const html = (await get(`/document-details?id=${NAMED.fuelCell}`).expect(200)).text;
  expect(html).toContain('燃料电池热水系统');
  expect(html).toMatch(/data-claim="1"/);
  expect(html).toMatch(/data-claim="2"[^>]*data-dependent="true"/);
});

test('the map and the graphs of a Japanese search: Japanese titles and cluster words, IPC of the hits', async () => {
  const map = (await get('/api/search/map?q=%E9%9B%BB%E6%B1%A0%7C%E5%8D%8A%E5%B0%8E%E4%BD%93&region=jp').set('Accept', 'application/json').expect(200)).body as PatentMap;
  expect(map.points.length).toBeGreaterThan(10);
  expect(map.points.find((point) => point.rawId === NAMED.battery)?.title).toContain('セパレータ');
  expect(map.clusters.length).toBeGreaterThan(1);
  for (const cluster of map.clusters) expect(cluster.label).toMatch(/[\p{Script=Han}\p{Script=Katakana}]/u);
  const graphs = (await search({ q: '電池', view: 'graphs' }).expect(200)).text;
  expect(graphs).toContain('H01M');
});

test('a page past the end of a Japanese search says there is no such page, keeps the count and the applicants, and links back', async () => {
  const first = (await search({ q: '電池' }).expect(200)).text;
  const hits = Number(/data-testid="hit-count">([\d,]+)/.exec(first)![1]!.replace(/,/g, ''));
  expect(hits).toBeGreaterThan(0);
  const pages = Math.ceil(hits / 50);
  const past = pages + 1;
  const html = (await search({ q: '電池', page: String(past) }).expect(200)).text;
  // No other page's documents under this address: the list's place says why it is empty.
  expect(ids(html)).toEqual([]);
  expect(html).toContain('data-testid="past-end"');
  expect(html).toContain(`${past} ページ目はありません。この検索結果は${hits.toLocaleString('en-US')}件、全 ${pages} ページです。`);
  // The way back: the last page (here also the first), the same search.
  const notice = html.slice(html.indexOf('data-testid="past-end"')).split('</div>')[0]!;
  const last = [...notice.matchAll(/<a href="([^"]+)" rel="last">([^<]+)</g)].map((m) => ({ href: new URL(m[1]!.replace(/&amp;/g, '&'), 'http://x'), text: m[2] }))[0]!;
  expect(last.text).toBe(pages === 1 ? '1 ページ目へ' : `最後のページ（${pages} ページ目）へ`);
  expect(last.href.pathname).toBe('/search');
  expect(last.href.searchParams.get('q')).toBe('電池');
  expect(last.href.searchParams.get('page')).toBe(pages === 1 ? null : String(pages));
  expect(ids((await get(`${last.href.pathname}${last.href.search}`).expect(200)).text).length).toBe(hits - (pages - 1) * 50);
  // The count and the applicant panel are the result's, as on its first page.
  expect(html).toContain(`data-testid="hit-count">${hits.toLocaleString('en-US')}件`);
  const applicants = (page: string) => [...page.matchAll(/class="search-applicants__name">([^<]+)</g)].map((m) => m[1]);
  expect(applicants(html)).toEqual(applicants(first));
  expect(applicants(html).length).toBeGreaterThan(0);
  const english = (await search({ q: '電池', page: String(past) }, 'en').expect(200)).text;
  expect(english).toContain(`There is no page ${past}: this result has ${hits} hit${hits === 1 ? '' : 's'}${pages === 1 ? ', all on one page.' : ` on ${pages} pages.`}`);
});

test('a katakana keyword: the spellings gazettes also use (ウエハ, ウエーハ beside ウェハ) are offered as synonyms, with what each adds, and searched when asked', async () => {
  const hitCount = (html: string) => Number(/data-testid="hit-count">([\d,]+)/.exec(html)?.[1]?.replace(/,/g, '') ?? '0');
  const typed = (await search({ q: 'ウェハ' }).expect(200)).text;
  const offered = /data-testid="spelling-variants">([\s\S]*?)<\/div>/.exec(typed)?.[1] ?? '';
  expect(offered).toContain('表記ゆれ：「ウェハ」では見つからない文献に、');
  const counts = [...offered.matchAll(/(ウエハ|ウエーハ|ウェーハ)（([\d,+]+) 件）/g)].map((m) => ({ term: m[1]!, documents: Number(m[2]!.replace(/[,+]/g, '')) }));
  expect(counts.map((c) => c.term)).toEqual(expect.arrayContaining(['ウエハ']));
  // The search itself was run as typed: the variants are only offered.
  for (const hit of ids(typed)) expect(await textOf(hit)).toContain('ウェハ');
  // Asked for: the keyword with its variants as synonyms finds what each adds, no more.
  const href = /<a href="(\/search\?[^"]+)">同義語に加えて検索<\/a>/.exec(offered)![1]!.replace(/&amp;/g, '&');
  expect(new URL(href, 'http://x').searchParams.get('q')).toBe(`ウェハ|${counts.map((c) => c.term).join('|')}`);
  const widened = (await get(href).expect(200)).text;
  expect(hitCount(widened)).toBeGreaterThan(hitCount(typed));
  expect(hitCount(widened)).toBeLessThanOrEqual(hitCount(typed) + counts.reduce((sum, c) => sum + c.documents, 0));
  expect(widened).not.toContain('data-testid="spelling-variants"');
  // In English too, in words.
  const english = (await search({ q: 'ウェハ' }, 'en').expect(200)).text;
  expect(english).toMatch(/Other spellings: documents that “ウェハ” does not find write it as ウエハ \(\d+ documents?\)/);
  expect(english).toContain('Add them as synonyms and search');
});

test('the offered spellings are counted again after an ingest: a gazette writing ウエーハ adds to its count', async () => {
  const countOf = (html: string, term: string) => Number(new RegExp(`${term}（([\\d,]+)\\+? 件）`).exec(html)?.[1]?.replace(/,/g, '') ?? '0');
  const before = countOf((await search({ q: 'ウェハ' }).expect(200)).text, 'ウエーハ');
  // JP2017191825A (ウエーハの加工方法) is not among the gazettes loaded above.
  expect(await testApp.runtime.db('patents').where({ id: 'JP2017191825A' }).first()).toBeUndefined();
  await ingestFiles(testApp.runtime.db, [await cutCorpus(DEMO, 1, (r) => r.id === 'JP2017191825A')], { index: indexPatent });
  const after = countOf((await search({ q: 'ウェハ' }).expect(200)).text, 'ウエーハ');
  expect(after).toBe(before + 1);
});

test('keywords in another script than the region\'s documents: a search that finds nothing says why and offers the region they are written in', async () => {
  const hitCount = (html: string) => Number(/data-testid="hit-count">([\d,]+)/.exec(html)?.[1]?.replace(/,/g, '') ?? '0');
  const hint = (html: string) => /data-testid="script-hint">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  // English words over the Japanese gazettes (the default region) find nothing: the search matches words as written.
  const typed = (await search({ q: 'neural network' }).expect(200)).text;
  expect(typed).toContain('data-errcode="E401"');
  expect(hint(typed)).toContain('日本の特許文献は日本語で書かれているため、英字のキーワードでは見つかりにくくなります。');
  const href = /<a href="(\/search\?[^"]+)">米国（US）で同じキーワードを検索<\/a>/.exec(hint(typed))![1]!.replace(/&amp;/g, '&');
  expect(new URL(href, 'http://x').searchParams.get('region')).toBe('us');
  expect(new URL(href, 'http://x').searchParams.get('q')).toBe('neural network');
  const followed = (await get(href).expect(200)).text;
  expect(hitCount(followed)).toBeGreaterThan(0);
  expect(followed).not.toContain('data-testid="script-hint"');
  // Japanese words over US patents, in English.
  const english = (await search({ q: 'ニューラルネットワーク', region: 'us' }, 'en').expect(200)).text;
  expect(hint(english)).toContain('US patent documents are written in English, so Japanese or Chinese keywords do not find them.');
  expect(hint(english)).toContain('Search Japan (JP) for the same keywords');
  // Kanji alone may be Japanese or Chinese: both are offered.
  const kanji = (await search({ q: '神経網', region: 'us' }).expect(200)).text;
  expect(hint(kanji)).toContain('日本（JP）で同じキーワードを検索');
  expect(hint(kanji)).toContain('中国（CN）で同じキーワードを検索');
  // Words in the region's own script that find nothing get no such hint.
  const none = (await search({ q: '存在しない語句ほげ' }).expect(200)).text;
  expect(none).toContain('data-errcode="E401"');
  expect(none).not.toContain('data-testid="script-hint"');
});
