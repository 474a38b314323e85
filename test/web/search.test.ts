// Simple search (/search) over real records cut from ../shared/corpus.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
let cookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  await ingestFiles(testApp.runtime.db, ['test/fixtures/patents/corpus-sample.jsonl', 'test/fixtures/patents/uspto/ipg120327-designs.xml'], { index: indexPatent });
  cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
});
afterAll(() => testApp.close());

const search = (query: Record<string, string | string[]>, lang = 'ja') => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of ([] as string[]).concat(value)) params.append(key, v);
  return request(testApp.app).get(`/search?${params}`).set('Cookie', `${cookie}`).set('Accept-Language', lang);
};
const ids = (html: string) => [...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]);
const hitCount = (html: string) => Number(/data-testid="hit-count">([\d,]+)/.exec(html)?.[1]?.replace(/,/g, '') ?? 'NaN');

test('the landing page shows the search form and no results', async () => {
  const html = (await search({}).expect(200)).text;
  expect(html).toContain('<title>簡易検索 | Hatsumei</title>');
  expect(html).toContain('name="q"');
  expect(html).not.toContain('search-list__item');
});

test('English keywords find US documents by stem, with the match marked in the snippet', async () => {
  const html = (await search({ q: 'wheels', region: 'us' }).expect(200)).text;
  expect(ids(html).length).toBeGreaterThan(0);
  expect(html).toMatch(/<mark>[Ww]heel/);
  expect(hitCount(html)).toBe(ids(html).length);
});

test('a long abstract is shown where the searched words are, not from its opening', async () => {
  // US3932950's abstract (717 characters) names football at character 321, past the 280 shown.
  const html = (await search({ q: 'football', region: 'us' }).expect(200)).text;
  expect(ids(html)).toContain('US3932950');
  const item = html.slice(html.indexOf('data-id="US3932950"'));
  const snippet = /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(item)![1]!;
  expect(snippet).toMatch(/<mark>football<\/mark>/);
  expect(snippet.startsWith('…')).toBe(true);
  expect(snippet).not.toContain('Shoes are provided with outsoles');
  // A short abstract, or one whose opening holds the words, starts at its opening as before.
  const shoes = (await search({ q: 'shoes', region: 'us' }).expect(200)).text;
  const opening = /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(shoes.slice(shoes.indexOf('data-id="US3932950"')))![1]!;
  expect(opening.startsWith('<mark>Shoes</mark> are provided')).toBe(true);
});

test('a hit whose abstract names none of the searched words shows the claim that does, labelled', async () => {
  // US7783348B2's abstract never says exothermic; its claims do.
  const html = (await search({ q: 'exothermic', region: 'us' }).expect(200)).text;
  expect(ids(html)).toContain('US7783348B2');
  const item = html.slice(html.indexOf('data-id="US7783348B2"'), html.indexOf('</li>', html.indexOf('data-id="US7783348B2"')));
  const snippet = /<p class="search-list__snippet">([\s\S]*?)<\/p>/.exec(item)![1]!;
  expect(snippet).toMatch(/^<span class="search-list__snippet-source">請求項(\d+)<\/span>/);
  expect(snippet).toMatch(/<mark>exothermic<\/mark>/i);
  // An abstract that holds the words is shown itself, unlabelled.
  const wheels = (await search({ q: 'wheels', region: 'us' }).expect(200)).text;
  expect(wheels).toMatch(/<p class="search-list__snippet">(?!<span)/);
});

test('all keywords must match; synonyms widen a keyword; excluded words narrow', async () => {
  const washing = ids((await search({ q: 'washing', region: 'us' })).text);
  const laundry = ids((await search({ q: 'laundry', region: 'us' })).text);
  const both = ids((await search({ q: 'washing laundry', region: 'us' })).text);
  const either = ids((await search({ q: 'washing|laundry', region: 'us' })).text);
  expect(both.every((id) => washing.includes(id) && laundry.includes(id))).toBe(true);
  expect(new Set(either)).toEqual(new Set([...washing, ...laundry]));
  if (washing.length > 1) {
    const excluded = ids((await search({ q: 'washing', exclude: 'laundry', region: 'us' })).text);
    expect(excluded.every((id) => !laundry.includes(id))).toBe(true);
    expect(excluded.length).toBe(washing.filter((id) => !laundry.includes(id)).length);
  }
});

test('Chinese keywords find Chinese abstracts; regions are kept apart', async () => {
  const html = (await search({ q: '数据', region: 'cn' }).expect(200)).text;
  const found = ids(html);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((id) => id!.startsWith('CN'))).toBe(true);
  expect(ids((await search({ q: '数据', region: 'us' })).text)).toEqual([]);
  // These records carry no dates: a hit says only what its record gives, not "— 出願日 — 発行日 —".
  expect(html).not.toMatch(/出願日\s*—|発行日\s*—/);
  const unnamed = html.slice(html.indexOf('data-id="CN115577160A"'), html.indexOf('</li>', html.indexOf('data-id="CN115577160A"')));
  expect(unnamed).not.toContain('search-list__meta');
  expect(html.slice(html.indexOf('data-id="CN106022747A"'))).toMatch(/class="search-list__meta"><span>苏州朗动网络科技有限公司<\/span>/);
  expect(html).not.toContain('これらの文献には出願人が収録されていません。');
  // No applicant among the hits: the ranking says so instead of standing empty.
  const unnamedOnly = (await search({ q: '缺失数据', region: 'cn' }).expect(200)).text;
  expect(ids(unnamedOnly)).toEqual(['CN115618706A']);
  expect(unnamedOnly).toContain('これらの文献には出願人が収録されていません。');
});

test('filters: turning off patents leaves out granted documents', async () => {
  const all = ids((await search({ q: 'wheels', region: 'us' })).text);
  const publicationsOnly = ids((await search({ q: 'wheels', region: 'us', patent: '0', public: '1', utility: '1' })).text);
  expect(publicationsOnly.length).toBeLessThanOrEqual(all.length);
  expect(publicationsOnly.every((id) => /A\d?$/.test(id!))).toBe(true);
});

test('the form’s filters as a browser sends them: a hidden 0 before each ticked box', async () => {
  const plain = hitCount((await search({ q: 'wheels', region: 'us' })).text);
  const submitted = (await search({ q: 'wheels', region: 'us', patent: ['0', '1'], public: ['0', '1'], utility: ['0', '1'], expired: '0' })).text;
  expect(hitCount(submitted)).toBe(plain);
  expect(submitted).not.toContain('data-errcode="E401"');
  const unticked = (await search({ q: 'wheels', region: 'us', patent: '0', public: '0', utility: '0', expired: '0' })).text;
  expect(unticked).toContain('data-errcode="E401"');
});

test('the applicant ranking narrows the list', async () => {
  const html = (await search({ q: 'washing|laundry|wheel|image', region: 'us' })).text;
  const applicant = /class="search-applicants__name">([^<]+)</.exec(html)?.[1];
  expect(applicant).toBeDefined();
  const narrowed = (await search({ q: 'washing|laundry|wheel|image', region: 'us', applicant: applicant!.replace(/&amp;/g, '&') })).text;
  expect(hitCount(narrowed)).toBeLessThanOrEqual(hitCount(html));
  expect(narrowed).toContain('search-applicants__item is-selected');
});

test('result views are tabs of the same search; the applicants view ranks applicants by hits and its form narrows the list', async () => {
  const query = { q: 'washing|laundry|wheel|image', region: 'us' };
  const list = (await search(query)).text;
  const tabs = [...list.matchAll(/<a class="tabs__tab[^"]*" href="([^"]+)"[^>]*data-view="(\w+)"/g)].map((m) => [m[2], m[1]!.replace(/&amp;/g, '&')]);
  expect(tabs.map(([view]) => view)).toEqual(['list', 'map', 'applicants', 'graphs']);
  for (const [view, href] of tabs) {
    const params = new URLSearchParams(href!.split('?')[1]);
    expect(params.get('q')).toBe(query.q);
    expect(params.get('view')).toBe(view === 'list' ? null : view);
  }
  const ranking = (await search({ ...query, view: 'applicants' }).expect(200)).text;
  expect(hitCount(ranking)).toBe(hitCount(list));
  expect(ranking).not.toContain('search-list__item');
  const rows = [...ranking.matchAll(/name="applicant" value="([^"]+)"[^]*?class="applicant-ranking__count">(\d+)</g)].map((m) => ({ applicant: m[1]!.replace(/&amp;/g, '&'), count: Number(m[2]) }));
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.map((row) => row.count)).toEqual([...rows.map((row) => row.count)].sort((a, b) => b - a));
  // What the ranking's form submits: the same search, narrowed to the ticked applicants.
  const narrowed = (await search({ ...query, applicant: rows[0]!.applicant })).text;
  expect(hitCount(narrowed)).toBe(rows[0]!.count);
  const map = (await search({ ...query, view: 'map' }).expect(200)).text;
  expect(map).toContain('data-island="PatentMap"');
  expect(map).toContain('/api/search/map?q=');
});

test('no hit is E401, shown on the page in the person’s language', async () => {
  const ja = (await search({ q: 'zzzznotaword', region: 'us' }).expect(200)).text;
  expect(ja).toContain('data-errcode="E401"');
  expect(ja).toContain('該当する文献はありませんでした');
  const en = (await search({ q: 'zzzznotaword', region: 'us' }, 'en')).text;
  expect(en).toContain('data-errcode="E401"');
});

test.each([
  ['E016', { q: '' }],
  ['E017', { q: Array.from({ length: 16 }, (_, i) => `word${i}`).join(' ') }],
  ['E018', { q: 'a'.repeat(51) }],
  ['E019', { q: `wheel|${Array.from({ length: 11 }, (_, i) => `syn${i}`).join('|')}` }],
  ['E020', { q: `wheel|${'s'.repeat(51)}` }],
  ['E021', { q: 'wheel', exclude: Array.from({ length: 11 }, (_, i) => `ex${i}`).join(' ') }],
  ['E021', { q: 'wheel', exclude: 'e'.repeat(51) }],
])('%s is refused with its own message', async (code, query) => {
  const response = await search(query).expect(400);
  expect(response.text).toContain(`data-errcode="${code}"`);
  expect(response.text).not.toContain('search-list__item');
});

test('limits are at the boundary: 15 keywords of 50 characters, 10 synonyms, 10 excluded words pass', async () => {
  await search({ q: Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ') }).expect(200);
  await search({ q: 'a'.repeat(50) }).expect(200);
  await search({ q: `wheel|${Array.from({ length: 10 }, (_, i) => `syn${i}`).join('|')}` }).expect(200);
  await search({ q: 'wheel', exclude: Array.from({ length: 10 }, (_, i) => `ex${i}`).join(' ') }).expect(200);
});

test('hostile input is only ever data', async () => {
  for (const q of ["it's", "a'b & c | !d", '(foo) <-> bar:*', "'; DROP TABLE patents; --", '\\']) {
    await search({ q, region: 'us' }).expect(200);
  }
  expect((await testApp.runtime.db('patents').count<{ count: string }[]>({ count: '*' }))[0]!.count).not.toBe('0');
});

test('anonymous visitors are sent to sign in', async () => {
  expect((await request(testApp.app).get('/search?q=wheel')).headers.location).toBe('/login');
});
