// Detailed search end to end through the API and pages: the form is checked, stored and run
// as a background job in the same process (ROLE all), and the result pages read the stored hits.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { emptyDetailSearchInput, type DetailSearchInput } from '../../src/detail-search/input.ts';
import type { FormulaTag } from '../../src/patents/query/formula.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { csrfFor } from '../helpers/auth.ts';

let testApp: TestApp;
let owner: { cookie: string; csrf: string };
let stranger: { cookie: string; csrf: string };
let withoutFeature: { cookie: string };
/** The account's own language wins over the browser's (§1): an English-speaking user. */
let english: { cookie: string; csrf: string };

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const usRecords = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 400, (record) => String(record.id ?? '').startsWith('US'));
  // Japanese gazettes on devices (装置): a result of more than one page for a Japanese formula.
  const jpRecords = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 70, (record) => record.region === 'jp' && /装置/.test(`${record.title} ${record.abstract}`));
  await ingestFiles(testApp.runtime.db, [usRecords, jpRecords], { index: indexPatent });
  const session = async (features: { detail: boolean }, languageCD: 'lang_ja' | 'lang_en' = 'lang_ja') => {
    const sessionCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { features: { simple: true, ...features }, languageCD })).id });
    const { token, cookie } = await csrfFor(testApp, sessionCookie);
    return { cookie, csrf: token };
  };
  owner = await session({ detail: true });
  stranger = await session({ detail: true });
  withoutFeature = await session({ detail: false });
  english = await session({ detail: true }, 'lang_en');
}, 120_000);
afterAll(() => testApp.close());

const formulas = (...rows: Array<[string, FormulaTag]>) => rows.map(([text, tag], index) => ({ id: index + 1, text, tag, valid: true }));

function form(rows: Array<[string, FormulaTag]>, combination = '', changes: Partial<DetailSearchInput> = {}): DetailSearchInput {
  const input = emptyDetailSearchInput('us');
  input.modes[0] = { formulas: formulas(...rows), combination };
  return { ...input, ...changes };
}

const post = (path: string, body: unknown, who = owner) => request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
const get = (path: string, who: { cookie: string } = owner) => request(testApp.app).get(path).set('Cookie', who.cookie);

async function finished(id: string, who = owner): Promise<{ status: number; totalHitCount: number | null; errcode: string | null }> {
  for (let i = 0; i < 200; i++) {
    const { body } = await get(`/api/detail-search/status?id=${id}`, who).expect(200);
    if (body.status !== 0) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`search ${id} did not finish`);
}

/** Runs a search through the API and returns its stored hits (every page of the list). */
async function hitsOf(input: DetailSearchInput): Promise<Set<string>> {
  const { body } = await post('/api/detail-search/search', input).expect(202);
  const status = await finished(body.id);
  expect(status.status).toBe(1);
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const html = (await get(`/detail-search/result?id=${body.id}&type=detail&page=${page}`).expect(200)).text;
    const onPage = [...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!);
    onPage.forEach((id) => ids.add(id));
    if (!html.includes(`page=${page + 1}`)) break;
  }
  expect(ids.size).toBe(status.totalHitCount);
  return ids;
}

test('the build page needs the detailed-search feature', async () => {
  const off = await get('/detail-search/build-query', withoutFeature).expect(403);
  expect(off.text).toContain('この機能はご利用のアカウントでは有効になっていません');
  await post('/api/detail-search/search', form([['wheel', 'title']]), withoutFeature as typeof owner).expect(403);
  const on = await get('/detail-search/build-query').expect(200);
  expect(on.text).toContain('data-island="FormulaBuilder"');
});

test('a combination of two rows finds exactly the set algebra of the rows', async () => {
  const wheel = await hitsOf(form([['wheel', 'abst_claim_desc_title']]));
  const vehicle = await hitsOf(form([['vehicle', 'abst_claim_desc_title']]));
  expect(wheel.size).toBeGreaterThan(0);
  expect(vehicle.size).toBeGreaterThan(0);
  const both = await hitsOf(form([['wheel', 'abst_claim_desc_title'], ['vehicle', 'abst_claim_desc_title']], '1*2'));
  expect([...both].sort()).toEqual([...wheel].filter((id) => vehicle.has(id)).sort());
  const either = await hitsOf(form([['wheel', 'abst_claim_desc_title'], ['vehicle', 'abst_claim_desc_title']], '1+2'));
  expect([...either].sort()).toEqual([...new Set([...wheel, ...vehicle])].sort());
  const without = await hitsOf(form([['wheel', 'abst_claim_desc_title'], ['vehicle', 'abst_claim_desc_title']], '1-2'));
  expect([...without].sort()).toEqual([...wheel].filter((id) => !vehicle.has(id)).sort());
});

test('invalid formulas answer their code, in the user language, and nothing is stored', async () => {
  const empty = await post('/api/detail-search/search', form([['', 'title']])).expect(400);
  expect(empty.body).toMatchObject({ errcode: 'E023', row: 1 });
  const parentheses = await post('/api/detail-search/search', form([['(wheel*(axle)', 'title']])).expect(400);
  expect(parentheses.body).toMatchObject({ errcode: 'E024', row: 1 });
  expect(parentheses.body.detail).toContain('括弧');
  const inEnglish = await post('/api/detail-search/search', form([['(wheel*(axle)', 'title']]), english).expect(400);
  expect(inEnglish.body.detail).toMatch(/bracket|parenthes/i);
  const combination = await post('/api/detail-search/search', form([['wheel', 'title'], ['axle', 'title']], '1*3')).expect(400);
  expect(combination.body).toMatchObject({ errcode: 'E026', field: 'combination' });
  const characters = await post('/api/detail-search/search', form([['wheel', 'title'], ['axle', 'title']], '１＊２')).expect(400);
  expect(characters.body).toMatchObject({ errcode: 'E027', field: 'combination' });
  const date = await post('/api/detail-search/search', form([['20191332', 'appdate']])).expect(400);
  expect(date.body).toMatchObject({ errcode: 'E416', row: 1 });
  const fileName = await post('/api/detail-search/search', form([['wheel', 'title']], '', { population: { fileName: `${'長'.repeat(97)}.csv`, documentIds: ['US7783348B2'] } })).expect(400);
  expect(fileName.body).toMatchObject({ errcode: 'E027', field: 'population' });
  expect(fileName.body.detail).toContain('100');
  const memo = await post('/api/detail-search/search', form([['wheel', 'title']], '', { memo: 'x'.repeat(5001) })).expect(400);
  expect(memo.body.errcode).toBe('E059');
  const history = await testApp.runtime.db('queries').count<{ count: string }[]>({ count: '*' });
  const before = Number(history[0]!.count);
  await post('/api/detail-search/search', form([['wheel*', 'title']])).expect(400);
  const after = await testApp.runtime.db('queries').count<{ count: string }[]>({ count: '*' });
  expect(Number(after[0]!.count)).toBe(before);
});

test('a population file restricts the search to its documents', async () => {
  const all = [...(await hitsOf(form([['wheel', 'abst_claim_desc_title']])))];
  expect(all.length).toBeGreaterThan(1);
  const population = { fileName: 'population.csv', documentIds: [all[0]!, 'US0000000', 'not a number'] };
  const restricted = await hitsOf(form([['wheel', 'abst_claim_desc_title']], '', { population }));
  expect([...restricted]).toEqual([all[0]]);
  const unknown = await post('/api/detail-search/search', form([['wheel', 'title']], '', { population: { fileName: 'p.txt', documentIds: ['US0000000'] } })).expect(400);
  expect(unknown.body).toMatchObject({ errcode: 'E029', field: 'population' });
});

test('a stored search is the owner\'s only; pages without a stored id go to history', async () => {
  const { body } = await post('/api/detail-search/search', form([['wheel', 'title']], '', { memo: '車輪の調査' })).expect(202);
  await finished(body.id);
  await get(`/api/detail-search/status?id=${body.id}`, stranger).expect(404);
  expect((await get(`/detail-search/result?id=${body.id}&type=detail`, stranger).expect(302)).headers.location).toBe('/history');
  expect((await get(`/detail-search/executing?id=${body.id}`, stranger).expect(302)).headers.location).toBe('/history');
  expect((await get('/detail-search/result').expect(302)).headers.location).toBe('/history');
  await post('/api/detail-search/cancel', { id: body.id }, stranger).expect(404);
  await get(`/api/detail-search/map?id=${body.id}`, stranger).expect(404);
  await get(`/detail-search/export.csv?id=${body.id}`, stranger).expect(404);
});

test('reopening a stored search restores lang, combination, formulas and memo', async () => {
  const input = form([['wheel', 'title'], ['axle', 'claim']], '1+2', { memo: '再検索用のメモ', subjectMatter: 'not restored' });
  const { body } = await post('/api/detail-search/search', input).expect(202);
  await finished(body.id);
  const html = (await get(`/detail-search/build-query?id=${body.id}`).expect(200)).text;
  const props = JSON.parse(/data-island="FormulaBuilder" data-props="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;/g, "'"));
  expect(props.initial.lang).toBe('us');
  expect(props.initial.modes[0].combination).toBe('1+2');
  expect(props.initial.modes[0].formulas.map((row: { text: string; tag: string; valid: boolean }) => [row.text, row.tag, row.valid])).toEqual([['wheel', 'title', true], ['axle', 'claim', true]]);
  expect(props.initial.memo).toBe('再検索用のメモ');
  expect(props.initial.subjectMatter).toBe('');
  expect(props.restoredFrom).toBe(body.id);
  // What was not restored is named, so the banner can say it.
  expect(props.notRestored).toEqual([{ part: 'subjectMatter' }]);
  expect(html).toMatch(/data-part="subjectMatter"/);
});

test('the result has the views of simple search, a map and an export', async () => {
  const { body } = await post('/api/detail-search/search', form([['wheel', 'abst_claim_desc_title']]), english).expect(202);
  const status = await finished(body.id, english);
  const html = (await get(`/detail-search/result?id=${body.id}&type=detail`, english).expect(200)).text;
  expect(html).toContain('Detailed search — results');
  expect(html).toContain('<code class="detail-conditions__formula">wheel</code>');
  for (const view of ['list', 'map', 'applicants', 'graphs']) expect(html).toContain(`data-view="${view}"`);
  const applicants = (await get(`/detail-search/result?id=${body.id}&type=detail&view=applicants`, english).expect(200)).text;
  expect(applicants).toContain('applicant-ranking__table');
  const map = (await get(`/api/detail-search/map?id=${body.id}`, english).expect(200)).body;
  expect(map.mappedCount).toBe(Math.min(status.totalHitCount!, 3000));
  expect(map.points[0]).toEqual(expect.objectContaining({ documentId: expect.any(String), x: expect.any(Number), y: expect.any(Number) }));
  const csv = await get(`/detail-search/export.csv?id=${body.id}`, english).expect(200);
  expect(csv.headers['content-disposition']).toMatch(/hatsumei-detail-search-us-\d{8}\.csv/);
  const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
  expect(lines).toHaveLength(status.totalHitCount! + 1);
  expect(lines[0]).toMatch(/^Rank,/);
});

test('a result page past the last one says there is none, keeps the count and applicants, and links to the last page', async () => {
  const input = emptyDetailSearchInput('jp');
  input.modes[0] = { formulas: formulas(['装置', 'abst_claim_desc_title']), combination: '' };
  const { body } = await post('/api/detail-search/search', input).expect(202);
  const status = await finished(body.id);
  expect(status.status).toBe(1);
  const hits = status.totalHitCount!;
  const pages = Math.ceil(hits / 50);
  expect(pages).toBeGreaterThan(1);
  const page = (n: number) => get(`/detail-search/result?id=${body.id}&type=detail&page=${n}`).expect(200);
  const lastPage = (await page(pages)).text;
  const html = (await page(pages + 1)).text;
  // No other page's documents under the address; the notice says why, in the user's language.
  expect(html).not.toContain('class="search-list__number"');
  expect(html).toContain(`${pages + 1} ページ目はありません。この検索結果は${hits}件、全 ${pages} ページです。`);
  expect(html).not.toContain(`${pages + 1} / ${pages} ページ`);
  const notice = html.slice(html.indexOf('data-testid="past-end"')).split('</div>')[0]!;
  const links = [...notice.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1]!.replace(/&amp;/g, '&'), m[2]]);
  expect(links).toEqual([
    [`/detail-search/result?id=${body.id}&type=detail`, '最初のページへ'],
    [`/detail-search/result?id=${body.id}&type=detail&page=${pages}`, `最後のページ（${pages} ページ目）へ`],
  ]);
  // The count, the conditions and the applicant panel are the result's, as on its last page.
  expect(html).toContain(`data-testid="hit-count">${hits}件`);
  expect(html).toContain('<code class="detail-conditions__formula">装置</code>');
  const applicants = (text: string) => [...text.matchAll(/class="search-applicants__name">([^<]+)</g)].map((m) => m[1]);
  expect(applicants(html).length).toBeGreaterThan(0);
  expect(applicants(html)).toEqual(applicants(lastPage));
  expect(lastPage).toContain('class="search-list__number"');
});

test('cancelling a search stops it and its jobs', async () => {
  const { body } = await post('/api/detail-search/search', form([['wheel', 'title']])).expect(202);
  const cancelled = await post('/api/detail-search/cancel', { id: body.id }).expect(200);
  // The job may have finished in between; otherwise the search is cancelled and stays so.
  const status = await finished(body.id);
  expect([1, 9]).toContain(status.status);
  if (cancelled.body.status === 9) expect(status.status).toBe(9);
});
