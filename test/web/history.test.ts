// History (/history and /api/history): filters, order, paging, favourites, memos, and that
// a user only ever sees and changes their own entries. Entries are stored as the features
// store them, through the history repository.
import request from 'supertest';
import { emptyDetailSearchInput, type DetailSearchInput } from '../../src/detail-search/input.ts';
import { insertQuery, type NewQueryRow } from '../../src/history/repository.ts';
import { formatExecDate, type HistoryEntry } from '../../src/history/shared.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { islandProps } from '../helpers/pages.ts';

let testApp: TestApp;

interface Who {
  id: string;
  cookie: string;
  token: string;
}

/** A signed-in user with the CSRF token and cookie of a page of theirs. */
async function signIn(languageCD: 'lang_ja' | 'lang_en' = 'lang_ja'): Promise<Who> {
  const { id } = await createAccount(testApp, { languageCD });
  const session = await sessionCookieFor(testApp, { userId: id });
  const response = await request(testApp.app).get('/history').set('Cookie', session).expect(200);
  const token = /name="csrf-token" content="([^"]+)"/.exec(response.text)![1]!;
  const set = ((response.headers['set-cookie'] as unknown as string[]) ?? []).map((c) => c.split(';')[0]);
  return { id, token, cookie: [session, ...set].join('; ') };
}

function detailInput(rows: string[], combination = '', memo = ''): DetailSearchInput {
  const input = emptyDetailSearchInput('jp');
  input.modes[0] = { formulas: rows.map((text, i) => ({ id: i + 1, text, tag: i === 0 ? 'abst_claim_desc_title' : 'ipc', valid: true })), combination };
  input.memo = memo;
  return input;
}

const store = (who: Who, row: Omit<NewQueryRow, 'userId'>) => insertQuery(testApp.runtime.db, { userId: who.id, ...row });

const qs = (query: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of ([] as string[]).concat(value)) params.append(key, v);
  return params.toString();
};
const page = (who: Who, query: Record<string, string | string[]> = {}, lang?: 'ja' | 'en') => {
  const call = request(testApp.app).get(`/history?${qs(query)}`).set('Cookie', who.cookie);
  return lang ? call.set('Accept-Language', lang) : call;
};
/** The main part of the page, as text. */
const pageMain = async (who: Who, query: Record<string, string | string[]> = {}, status = 200) => main((await page(who, query).expect(status)).text);
const api = (who: Who, query: Record<string, string | string[]> = {}) => request(testApp.app).get(`/api/history?${qs(query)}`).set('Cookie', who.cookie).set('Accept', 'application/json');
const post = (who: Who, path: string, body: object, lang?: 'ja' | 'en') => {
  const call = request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.token).set('Accept', 'application/json');
  return (lang ? call.set('Accept-Language', lang) : call).send(body);
};
const idsOf = (list: HistoryEntry[]) => list.map((entry) => entry.id);
/** The page's main part (failures then print the part that matters, not the whole document). */
const main = (html: string) => /<main[^]*<\/main>/.exec(html)?.[0] ?? html;
const idsOnPage = (html: string) => [...html.matchAll(/<li class="history-entry[^"]*" data-id="([^"]+)"/g)].map((m) => m[1]);

/** Entries of the main user, one per situation the page must show. */
let owner: Who;
let other: Who;
const ids: Record<string, string> = {};

beforeAll(async () => {
  testApp = await startTestApp();
  owner = await signIn('lang_ja');
  other = await signIn('lang_ja');
  // Times in UTC; history days are days in Japan (UTC+9).
  ids.done = await store(owner, {
    status: 1, progress: 100, lang: 'jp', execDate: new Date('2026-03-02T01:00:00Z'),
    input: detailInput(['半導体 + 基板', 'H01L21'], '1*2'), result: { totalHitCount: 1234, documentIds: ['JP2020123456A'] },
  });
  ids.running = await store(owner, { status: 0, progress: 40, lang: 'us', execDate: new Date('2026-03-31T15:30:00Z'), input: detailInput(['wheel', 'B60B', 'tire']) });
  ids.failed = await store(owner, { status: 8, errcode: 'E027', lang: 'cn', execDate: new Date('2026-04-02T03:00:00Z'), input: detailInput(['数据 (']), memo: '式を直す' });
  ids.cancelled = await store(owner, { status: 9, lang: 'jp', execDate: new Date('2026-04-03T03:00:00Z'), input: detailInput(['電池']), favorite: true });
  ids.priorartA = await store(owner, { kind: 'priorart', status: 5, priorartRank: 'A', lang: 'jp', execDate: new Date('2026-04-04T03:00:00Z'), input: { subjectMatter: '車輪の回転を検出するセンサ' } });
  ids.priorartRunning = await store(owner, { kind: 'priorart', status: 3, lang: 'jp', execDate: new Date('2026-04-05T03:00:00Z'), input: { subjectMatter: '画像処理装置' } });
  ids.creation = await store(owner, { kind: 'patent_creation_support', status: 1, lang: 'jp', execDate: new Date('2026-04-06T03:00:00Z'), input: {}, memo: '100% 完成' });
  ids.edit = await store(owner, { kind: 'patent_edit', status: 8, lang: 'us', execDate: new Date('2026-04-07T03:00:00Z'), input: {} });
  ids.others = await store(other, { status: 1, lang: 'jp', execDate: new Date('2026-04-03T05:00:00Z'), input: detailInput(['他人の検索式']), memo: 'secret' });
});
afterAll(() => testApp.close());

describe('the list', () => {
  test('newest first by default, oldest first on request, with the contract’s shape', async () => {
    const { body } = await api(owner).expect(200);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['historyList', 'totalCount', 'maxPageNum']));
    expect(body.totalCount).toBe(8);
    expect(body.maxPageNum).toBe(1);
    const newestFirst = [ids.edit, ids.creation, ids.priorartRunning, ids.priorartA, ids.cancelled, ids.failed, ids.running, ids.done];
    expect(idsOf(body.historyList)).toEqual(newestFirst);
    expect(idsOf((await api(owner, { order: 'asc' })).body.historyList)).toEqual([...newestFirst].reverse());
    const page1 = main((await page(owner).expect(200)).text);
    expect(idsOnPage(page1)).toEqual(newestFirst);
    expect(idsOnPage((await page(owner, { order: 'asc' })).text)).toEqual([...newestFirst].reverse());
  });

  test('an entry carries its status label, summary, hit count and the link its status calls for', async () => {
    const list: HistoryEntry[] = (await api(owner)).body.historyList;
    const byId = Object.fromEntries(list.map((entry) => [entry.id, entry]));
    expect(byId[ids.done!]).toMatchObject({
      kind: 'detail', status: 1, statusLabel: 'done', lang: 'jp', totalHitCount: 1234, favorite: false, memo: '',
      execDate: '2026-03-02T01:00:00.000Z',
      summary: { formulas: [{ id: 1, text: '半導体 + 基板', tag: 'abst_claim_desc_title' }, { id: 2, text: 'H01L21', tag: 'ipc' }], combination: '1*2' },
      link: { href: `/detail-search/result?id=${ids.done}&type=detail`, target: 'result' },
    });
    expect(byId[ids.running!]).toMatchObject({ statusLabel: 'running', progress: 40, totalHitCount: null, link: { href: `/detail-search/executing?id=${ids.running}` } });
    // No combination typed: the rows are ANDed.
    expect(byId[ids.running!]!.summary).toMatchObject({ combination: '', effectiveCombination: '1*2*3' });
    expect(byId[ids.failed!]).toMatchObject({ statusLabel: 'error', errcode: 'E027', link: { href: `/detail-search/build-query?id=${ids.failed}`, target: 'input' } });
    expect(byId[ids.cancelled!]).toMatchObject({ statusLabel: 'cancel', favorite: true, link: { href: `/detail-search/build-query?id=${ids.cancelled}` } });
    // Prior art: 5 is success, 1–4 are its running stages.
    expect(byId[ids.priorartA!]).toMatchObject({ statusLabel: 'done', priorartRank: 'A', link: { target: 'result' } });
    expect(byId[ids.priorartRunning!]).toMatchObject({ statusLabel: 'running', link: { target: 'progress' } });
    expect(byId[ids.priorartA!]!.summary.text).toBe('車輪の回転を検出するセンサ');
    expect(byId[ids.creation!]).toMatchObject({ statusLabel: 'done' });
    expect(byId[ids.edit!]).toMatchObject({ statusLabel: 'error' });
  });

  test('the page shows each entry in Japanese: kind, status, date in Japan time, region, formulas, hits, link, star, memo', async () => {
    const document = (await page(owner).expect(200)).text;
    expect(document).toContain('<title>履歴 | Hatsumei</title>');
    const html = main(document);
    for (const label of ['完了', '実行中', 'キャンセル', 'エラー']) expect(html).toContain(`data-testid="history-status">${label}`);
    // 01:00 UTC is 10:00 in Japan; 15:30 UTC on 31 March is 00:30 on 1 April there.
    expect(html).toContain('>2026.03.02 10:00</time>');
    expect(html).toContain('>2026.04.01 00:30</time>');
    expect(html).toContain('半導体 + 基板');
    expect(html).toContain('<code>1*2</code>');
    expect(html).toContain('1,234 件');
    expect(html).toContain(`href="/detail-search/result?id=${ids.done}&amp;type=detail"`);
    expect(html).toContain('結果を開く');
    expect(html).toContain('米国（US）');
    expect(html).toContain('先行技術調査');
    // The error entry says what went wrong, in the user's language.
    expect(html).toMatch(new RegExp(`data-errcode="E027">[^<]+`));
    expect(islandProps(html, 'HistoryEntryFavorite')).toEqual({ id: ids.edit, favorite: false });
    const memos = [...html.matchAll(/data-island="HistoryEntryMemo" data-props="([^"]*)"/g)].map((m) => JSON.parse(m[1]!.replace(/&quot;/g, '"')));
    expect(memos).toContainEqual({ id: ids.failed, memo: '式を直す' });
    expect(html).not.toContain('他人の検索式');
  });

  test('the page in English', async () => {
    const en = await signIn('lang_en');
    await store(en, { status: 1, lang: 'us', input: detailInput(['wheel']), result: { totalHitCount: 1, documentIds: ['US1'] } });
    await store(en, { status: 9, lang: 'us', input: detailInput(['tire']) });
    const document = (await page(en).expect(200)).text;
    expect(document).toContain('<title>History | Hatsumei</title>');
    const html = main(document);
    expect(html).toContain('data-testid="history-status">Done');
    expect(html).toContain('data-testid="history-status">Cancel');
    expect(html).toContain('1 hit<');
    expect(html).toContain('Open the result');
    expect(html).toContain('Revise the search');
  });

  test('with nothing run yet, the page says what history will hold', async () => {
    const newcomer = await signIn('lang_ja');
    const html = main((await page(newcomer).expect(200)).text);
    expect(html).toContain('data-testid="history-empty"');
    expect(html).toContain('履歴はまだありません');
    expect(html).toContain('詳細検索・先行技術調査・特許作成支援・特許文書編集を実行すると');
    const en = main((await page(newcomer, {}, 'en')).text);
    // The account's language (Japanese) wins over the browser's.
    expect(en).toContain('履歴はまだありません');
    const { body } = await api(newcomer).expect(200);
    expect(body).toEqual({ historyList: [], totalCount: 0, maxPageNum: 1, page: 1 });
    // Filters that match nothing say so and offer to clear them.
    const filtered = main((await page(owner, { memo: 'no such memo' })).text);
    expect(filtered).toContain('この条件に合う履歴はありません。');
  });
});

describe('filters', () => {
  const listed = async (query: Record<string, string | string[]>) => idsOf((await api(owner, query).expect(200)).body.historyList).sort();
  const sorted = (...names: string[]) => names.map((name) => ids[name]!).sort();

  test('run date: whole days in Japan, from and to inclusive', async () => {
    expect(await listed({ execDateFrom: '2026-04-01' })).toEqual(sorted('running', 'failed', 'cancelled', 'priorartA', 'priorartRunning', 'creation', 'edit'));
    expect(await listed({ execDateTo: '2026-03-31' })).toEqual(sorted('done'));
    expect(await listed({ execDateFrom: '2026-04-02', execDateTo: '2026-04-03' })).toEqual(sorted('failed', 'cancelled'));
    expect(await listed({ execDateFrom: '2026-04-03', execDateTo: '2026-04-03' })).toEqual(sorted('cancelled'));
    // At the edge: midnight in Japan belongs to the day it starts.
    const edge = await signIn('lang_ja');
    const midnight = await store(edge, { input: {}, execDate: new Date('2026-03-31T15:00:00.000Z') });
    const justBefore = await store(edge, { input: {}, execDate: new Date('2026-03-31T14:59:59.999Z') });
    expect(idsOf((await api(edge, { execDateFrom: '2026-04-01' })).body.historyList)).toEqual([midnight]);
    expect(idsOf((await api(edge, { execDateTo: '2026-03-31' })).body.historyList)).toEqual([justBefore]);
  });

  test('kind, region and rank', async () => {
    expect(await listed({ kind: 'priorart' })).toEqual(sorted('priorartA', 'priorartRunning'));
    expect(await listed({ kind: ['patent_creation_support', 'patent_edit'] })).toEqual(sorted('creation', 'edit'));
    expect(await listed({ kind: 'patent_creation_support,patent_edit' })).toEqual(sorted('creation', 'edit'));
    expect(await listed({ lang: 'us' })).toEqual(sorted('running', 'edit'));
    expect(await listed({ lang: ['cn', 'us'] })).toEqual(sorted('running', 'failed', 'edit'));
    // A rank narrows prior-art entries; the other kinds have no rank and stay.
    expect(await listed({ kind: 'priorart', priorartRank: 'A' })).toEqual(sorted('priorartA'));
    expect(await listed({ kind: 'priorart', priorartRank: ['B', 'C'] })).toEqual([]);
  });

  test('status labels per kind, and the API’s per-kind codes', async () => {
    expect(await listed({ status: 'done' })).toEqual(sorted('done', 'priorartA', 'creation'));
    expect(await listed({ status: 'running' })).toEqual(sorted('running', 'priorartRunning'));
    expect(await listed({ status: ['error', 'cancel'] })).toEqual(sorted('failed', 'cancelled', 'edit'));
    expect(await listed({ status_priorart: '3,4' })).toEqual(sorted('done', 'running', 'failed', 'cancelled', 'priorartRunning', 'creation', 'edit'));
    expect(await listed({ kind: 'detail', status_detail: ['0', '9'] })).toEqual(sorted('running', 'cancelled'));
  });

  test('favourites and memos only; text in the memo (%, _ are plain characters)', async () => {
    expect(await listed({ favoritesMemoOnly: '1' })).toEqual(sorted('failed', 'cancelled', 'creation'));
    // A form sends a hidden 0 before a ticked box.
    expect(await listed({ favoritesMemoOnly: ['0', '1'] })).toEqual(sorted('failed', 'cancelled', 'creation'));
    expect(await listed({ favoritesMemoOnly: '0' })).toHaveLength(8);
    expect(await listed({ memo: '直す' })).toEqual(sorted('failed'));
    expect(await listed({ memo: '100%' })).toEqual(sorted('creation'));
    expect(await listed({ memo: '%' })).toEqual(sorted('creation'));
    expect(await listed({ memo: '_' })).toEqual([]);
  });

  test('the page keeps the filter in its form and its links', async () => {
    const html = main((await page(owner, { kind: 'detail', lang: 'jp', status: 'done', execDateFrom: '2026-03-01', favoritesMemoOnly: '0', order: 'asc' })).text);
    expect(idsOnPage(html)).toEqual([ids.done]);
    const ticked = (name: string, value: string) => new RegExp(`<input type="checkbox" name="${name}"( checked="")? value="${value}"/>`).exec(html)?.[1] === ' checked=""';
    expect(ticked('kind', 'detail')).toBe(true);
    expect(ticked('kind', 'priorart')).toBe(false);
    expect(ticked('lang', 'jp')).toBe(true);
    expect(ticked('status', 'done')).toBe(true);
    expect(ticked('status', 'error')).toBe(false);
    expect(ticked('favoritesMemoOnly', '1')).toBe(false);
    expect(html).toContain('name="execDateFrom" value="2026-03-01"');
    expect(html).toContain('<input type="hidden" name="order" value="asc"/>');
    expect(html).toContain('href="/history?execDateFrom=2026-03-01&amp;kind=detail&amp;lang=jp&amp;status=done" data-order="desc"');
  });

  test.each([
    ['a date not in yyyy-mm-dd', { execDateFrom: '2026/04/01' }, 'execDateFrom'],
    ['a day that does not exist', { execDateTo: '2026-02-30' }, 'execDateTo'],
    ['a date over 24 characters', { execDateFrom: '2026-04-01T00:00:00.000+09:00' }, 'execDateFrom'],
    ['from after to', { execDateFrom: '2026-04-05', execDateTo: '2026-04-01' }, 'execDateTo'],
    ['an unknown kind', { kind: 'simple' }, null],
    ['an unknown status', { status: 'paused' }, null],
    ['a status code the kind does not have', { status_patent_edit: '9' }, null],
    ['an unknown rank', { priorartRank: 'E' }, null],
    ['an unknown order', { order: 'random' }, null],
    ['a page that is not a number', { page: 'two' }, null],
  ])('E071 for %s, on the page and from the API', async (_, query: Record<string, string>, faultyDate) => {
    expect((await api(owner, query).expect(400)).body.errcode).toBe('E071');
    const ja = main((await page(owner, query).expect(400)).text);
    expect(ja).toContain('data-errcode="E071"');
    expect(ja).toContain('履歴の絞り込み条件が正しくありません');
    // The date field at fault is marked.
    const marked = [...ja.matchAll(/<input [^>]*aria-invalid="true"[^>]*>/g)].map((m) => /name="(\w+)"/.exec(m[0])![1]);
    expect(marked).toEqual(faultyDate ? [faultyDate] : []);
    expect(idsOnPage(ja)).toEqual([]);
    const en = await signIn('lang_en');
    expect(main((await page(en, query).expect(400)).text)).toContain('The history filter is not valid');
  });

  test('a date field holds at most 24 characters; a valid date with spaces around it passes within them', async () => {
    const padded = (length: number) => `${' '.repeat(7)}2026-04-01`.padEnd(length, ' ');
    expect((await api(owner, { execDateFrom: padded(24) }).expect(200)).body.totalCount).toBe(7);
    expect((await api(owner, { execDateFrom: padded(25) }).expect(400)).body.errcode).toBe('E071');
  });
});

describe('paging', () => {
  let many: Who;
  const created: string[] = [];
  beforeAll(async () => {
    many = await signIn('lang_ja');
    for (let i = 0; i < 45; i++) {
      created.push(await store(many, { status: 1, input: detailInput([`式${i}`]), execDate: new Date(Date.UTC(2026, 0, 1, 0, i)), result: { totalHitCount: i, documentIds: [] } }));
    }
  });

  test('20 per page; the pages cover every entry once', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => api(many, { page: String(n) }).expect(200)));
    for (const { body } of pages) expect(body).toMatchObject({ totalCount: 45, maxPageNum: 3 });
    expect(pages.map(({ body }) => body.historyList.length)).toEqual([20, 20, 5]);
    const seen = pages.flatMap(({ body }) => idsOf(body.historyList));
    expect(seen).toEqual([...created].reverse());
    // A filter that matches nothing is one empty page.
    expect((await api(many, { kind: 'priorart' })).body).toMatchObject({ totalCount: 0, maxPageNum: 1, historyList: [] });
  });

  test('the page has numbered page links that keep the filter and order', async () => {
    const html = main((await page(many, { page: '2', order: 'asc', kind: 'detail' }).expect(200)).text);
    expect(idsOnPage(html)).toEqual(created.slice(20, 40));
    expect(html).toContain('2 / 3 ページ');
    expect(html).toContain('<span class="history-pager__page is-current" aria-current="page">2</span>');
    expect(html).toContain('href="/history?kind=detail&amp;order=asc&amp;page=3"');
    expect(html).toContain('href="/history?kind=detail&amp;order=asc" rel="prev"');
    expect(html).toContain('data-testid="history-count">45 件');
  });

  test('a page past the last one says there is none, with the count, the filter kept and links to the first and last pages', async () => {
    const html = main((await page(many, { page: '9', order: 'asc', kind: 'detail' }).expect(200)).text);
    // No other page's entries under this address, and no pager pointing at page 8.
    expect(idsOnPage(html)).toEqual([]);
    expect(html).not.toContain('history-pager');
    expect(html).not.toContain('9 / 3 ページ');
    expect(html).toContain('data-testid="history-count">45 件');
    expect(html).toContain('9 ページ目はありません。該当する履歴は45 件、全 3 ページです。');
    const notice = html.slice(html.indexOf('data-testid="past-end"')).split('</div>')[0]!;
    expect([...notice.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['/history?kind=detail&amp;order=asc', '最初のページへ'],
      ['/history?kind=detail&amp;order=asc&amp;page=3', '最後のページ（3 ページ目）へ'],
    ]);
    // In English, for a history of one entry: the one page is the way back.
    const reader = await signIn('lang_en');
    await store(reader, { status: 1, input: detailInput(['電池']), execDate: new Date(Date.UTC(2026, 0, 2)), result: { totalHitCount: 3, documentIds: [] } });
    const english = main((await page(reader, { page: '2' }).expect(200)).text);
    expect(idsOnPage(english)).toEqual([]);
    expect(english).toContain('There is no page 2: the history has 1 entry, all on one page.');
    expect(english).toContain('<a href="/history" rel="last">Go to page 1</a>');
  });

  test('the API past the last page answers the page asked for with no entries, and where the last page is', async () => {
    expect((await api(many, { page: '4' }).expect(200)).body).toEqual({ historyList: [], totalCount: 45, maxPageNum: 3, page: 4 });
    expect((await api(many, { page: '99', kind: 'detail', order: 'asc' }).expect(200)).body).toEqual({ historyList: [], totalCount: 45, maxPageNum: 3, page: 99 });
    // With nothing that matches, page 1 is the one empty page and page 2 is past it.
    expect((await api(many, { kind: 'priorart', page: '2' }).expect(200)).body).toEqual({ historyList: [], totalCount: 0, maxPageNum: 1, page: 2 });
  });
});

describe('favourites', () => {
  test('a favourite is set and cleared, and the page and list show it', async () => {
    const id = ids.done!;
    expect((await post(owner, '/api/history/favorite', { id, favorite: true }).expect(200)).body).toEqual({ id, favorite: true });
    expect(islandProps(main((await page(owner, { id })).text), 'HistoryEntryFavorite')).toEqual({ id, favorite: true });
    expect(idsOf((await api(owner, { favoritesMemoOnly: '1', kind: 'detail' })).body.historyList)).toContain(id);
    await post(owner, '/api/history/favorite', { id, favorite: false }).expect(200);
    expect((await request(testApp.app).get(`/api/history/${id}`).set('Cookie', owner.cookie).expect(200)).body.favorite).toBe(false);
  });

  test('needs the CSRF token, a signed-in user and a boolean', async () => {
    await request(testApp.app).post('/api/history/favorite').set('Cookie', owner.cookie).send({ id: ids.done, favorite: true }).expect(403);
    const anonymous = await request(testApp.app).post('/api/history/favorite').set('x-csrf-token', owner.token).send({ id: ids.done, favorite: true });
    expect(anonymous.status).toBeGreaterThanOrEqual(401);
    expect((await post(owner, '/api/history/favorite', { id: ids.done, favorite: 'yes' }).expect(400)).body.errcode).toBe('E102');
    expect((await request(testApp.app).get(`/api/history/${ids.done}`).set('Cookie', owner.cookie)).body.favorite).toBe(false);
  });
});

describe('memos', () => {
  test('a memo is saved, shown on the page, and kept in the input the build page restores', async () => {
    const id = ids.running!;
    const memo = '審査請求前に確認\n2行目 <b>太字</b>';
    expect((await post(owner, '/api/history/memo', { id, memo }).expect(200)).body).toEqual({ id, memo });
    const html = main((await page(owner, { id })).text);
    expect(islandProps(html, 'HistoryEntryMemo')).toEqual({ id, memo });
    expect(html).not.toContain('<b>太字</b>');
    const row = await testApp.runtime.db('queries').where({ id }).first();
    expect(row.memo).toBe(memo);
    expect(row.input.memo).toBe(memo);
    expect(row.input.modes['0'].formulas[0].text).toBe('wheel');
  });

  test('5000 characters pass (counted as characters, not bytes or UTF-16 units)', async () => {
    await post(owner, '/api/history/memo', { id: ids.running, memo: 'あ'.repeat(5000) }).expect(200);
    await post(owner, '/api/history/memo', { id: ids.running, memo: '😀'.repeat(5000) }).expect(200);
  });

  test('E059 over 5000, in the user’s language, and the saved memo is not lost', async () => {
    const id = ids.failed!;
    const ja = await post(owner, '/api/history/memo', { id, memo: 'a'.repeat(5001) }).expect(400);
    expect(ja.body).toEqual({ errcode: 'E059', detail: 'メモは5000文字以内で入力してください。' });
    const en = await signIn('lang_en');
    const enEntry = await store(en, { status: 1, input: detailInput(['x']), memo: 'keep me' });
    const refused = await post(en, '/api/history/memo', { id: enEntry, memo: 'b'.repeat(5001) }).expect(400);
    expect(refused.body).toEqual({ errcode: 'E059', detail: 'Enter a memo of at most 5000 characters.' });
    expect((await request(testApp.app).get(`/api/history/${id}`).set('Cookie', owner.cookie)).body.memo).toBe('式を直す');
    expect((await request(testApp.app).get(`/api/history/${enEntry}`).set('Cookie', en.cookie)).body.memo).toBe('keep me');
  });

  test('an empty memo clears it; a memo that is not text is refused', async () => {
    const id = ids.edit!;
    await post(owner, '/api/history/memo', { id, memo: 'temporary' }).expect(200);
    await post(owner, '/api/history/memo', { id, memo: '' }).expect(200);
    expect((await request(testApp.app).get(`/api/history/${id}`).set('Cookie', owner.cookie)).body.memo).toBe('');
    expect((await post(owner, '/api/history/memo', { id, memo: 42 }).expect(400)).body.errcode).toBe('E102');
  });
});

describe('jobs', () => {
  test('an entry lists the latest background job of each type with its status', async () => {
    const db = testApp.runtime.db;
    const id = await store(owner, { status: 0, input: detailInput(['ジョブ']), execDate: new Date('2025-01-01T00:00:00Z') });
    await db('background_jobs').insert([
      { user_id: owner.id, query_id: id, type: 4, status: 8, errcode: 'E999', enqueued_at: new Date('2025-01-01T00:00:01Z') },
      // The search was run again: the latest job of a type is the one that counts.
      { user_id: owner.id, query_id: id, type: 4, status: 1, progress: 100, enqueued_at: new Date('2025-01-01T00:05:00Z') },
      { user_id: owner.id, query_id: id, type: 5, status: 0, progress: 30, enqueued_at: new Date('2025-01-01T00:06:00Z') },
    ]);
    const entry = (await request(testApp.app).get(`/api/history/${id}`).set('Cookie', owner.cookie).expect(200)).body as HistoryEntry;
    expect(entry.jobs).toEqual([{ type: 4, status: 1, progress: 100 }, { type: 5, status: 0, progress: 30 }]);
    // The list reads an entry's jobs in its own statement: the same jobs.
    expect((await api(owner, { id })).body.historyList[0].jobs).toEqual(entry.jobs);
    const html = await pageMain(owner, { id });
    expect(html).toMatch(/data-job-type="4">検索: <span class="history-status history-status--done[^"]*">完了</);
    expect(html).toMatch(/data-job-type="5">文献取得: <span class="history-status history-status--running[^"]*">実行中 30%</);
    await db('queries').where({ id }).delete();
  });
});

describe('only the owner', () => {
  test('another user’s entries are never listed, found or shown', async () => {
    expect(idsOf((await api(owner)).body.historyList)).not.toContain(ids.others);
    expect(idsOf((await api(other)).body.historyList)).toEqual([ids.others]);
    expect((await api(owner, { id: ids.others! }).expect(404)).body.errcode).toBe('E072');
    const pageOfOther = main((await page(owner, { id: ids.others! }).expect(404)).text);
    expect(pageOfOther).toContain('data-errcode="E072"');
    expect(pageOfOther).toContain('この履歴は見つかりませんでした');
    expect(pageOfOther).not.toContain('他人の検索式');
    expect((await request(testApp.app).get(`/api/history/${ids.others}`).set('Cookie', owner.cookie).expect(404)).body.errcode).toBe('E072');
    // Their own entry by address works.
    expect(idsOnPage((await page(owner, { id: ids.done! }).expect(200)).text)).toEqual([ids.done]);
  });

  test('another user’s entry cannot be changed: E072, and it stays as it was', async () => {
    expect((await post(owner, '/api/history/favorite', { id: ids.others, favorite: true }).expect(404)).body.errcode).toBe('E072');
    expect((await post(owner, '/api/history/memo', { id: ids.others, memo: 'overwritten' }).expect(404)).body.detail).toBe('この履歴は見つかりませんでした。削除されたか、ほかのユーザーの履歴です。');
    const en = await signIn('lang_en');
    const memo = await post(en, '/api/history/memo', { id: ids.others, memo: 'overwritten' }).expect(404);
    expect(memo.body).toEqual({ errcode: 'E072', detail: 'This history entry was not found. It was deleted or belongs to another user.' });
    const row = await testApp.runtime.db('queries').where({ id: ids.others }).first();
    expect(row).toMatchObject({ favorite: false, memo: 'secret' });
  });

  test('unknown and malformed ids are E072 too', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(owner, '/api/history/favorite', { id: unknown, favorite: true }).expect(404)).body.errcode).toBe('E072');
    expect((await post(owner, '/api/history/memo', { id: "1' OR '1'='1", memo: 'x' }).expect(404)).body.errcode).toBe('E072');
    expect((await request(testApp.app).get('/api/history/not-an-id').set('Cookie', owner.cookie).expect(404)).body.errcode).toBe('E072');
    expect(main((await page(owner, { id: 'not-an-id' }).expect(404)).text)).toContain('data-errcode="E072"');
  });

  test('signed-out visitors go to sign in; the API answers E073', async () => {
    expect((await request(testApp.app).get('/history')).headers.location).toBe('/login');
    expect((await request(testApp.app).get('/api/history').expect(401)).body.errcode).toBe('E073');
    expect((await request(testApp.app).get(`/api/history/${ids.done}`).expect(401)).body.errcode).toBe('E073');
  });
});

test('dates are shown in Japan’s time, whatever the server’s zone: 15:00 UTC is the next day there', () => {
  expect(formatExecDate('2026-12-31T15:00:00Z')).toBe('2027.01.01 00:00');
  expect(formatExecDate(new Date('2026-03-08T01:05:00-08:00'))).toBe('2026.03.08 18:05'); // a US daylight-saving change changes nothing
  expect(formatExecDate('2024-02-28T20:59:59Z')).toBe('2024.02.29 05:59');
});
