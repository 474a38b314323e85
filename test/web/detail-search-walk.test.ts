// What a Japanese searcher meets on the detailed-search pages, checked through the app: the
// result page's conditions read as the search was written.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { emptyDetailSearchInput, type DetailSearchInput } from '../../src/detail-search/input.ts';
import type { FormulaTag } from '../../src/patents/query/formula.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { csrfFor } from '../helpers/auth.ts';

let testApp: TestApp;
let japanese: { cookie: string; csrf: string };
let english: { cookie: string; csrf: string };

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const jpRecords = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 30, (record) => record.region === 'jp' && /電池/.test(`${record.title} ${record.abstract}`));
  await ingestFiles(testApp.runtime.db, [jpRecords], { index: indexPatent });
  const session = async (languageCD: 'lang_ja' | 'lang_en') => {
    const sessionCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { features: { simple: true, detail: true }, languageCD })).id });
    const { token, cookie } = await csrfFor(testApp, sessionCookie);
    return { cookie, csrf: token };
  };
  japanese = await session('lang_ja');
  english = await session('lang_en');
}, 120_000);
afterAll(() => testApp.close());

function form(rows: Array<[string, FormulaTag]>, combination = ''): DetailSearchInput {
  const input = emptyDetailSearchInput('jp');
  input.modes[0] = { formulas: rows.map(([text, tag], index) => ({ id: index + 1, text, tag, valid: true })), combination };
  return input;
}

const post = (path: string, body: unknown, who: { cookie: string; csrf: string }) => request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
const get = (path: string, who: { cookie: string }) => request(testApp.app).get(path).set('Cookie', who.cookie);

async function resultPage(input: DetailSearchInput, who: { cookie: string; csrf: string }): Promise<string> {
  const { body } = await post('/api/detail-search/search', input, who).expect(202);
  for (let i = 0; i < 200; i++) {
    const { body: status } = await get(`/api/detail-search/status?id=${body.id}`, who).expect(200);
    if (status.status !== 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await get(`/detail-search/result?id=${body.id}&type=detail`, who).expect(200)).text;
}

const combinationShown = (html: string) => /<code data-testid="combination">([^<]*)<\/code>/.exec(html)?.[1];

test('one formula and no combination: the result names formula 1, not "all formulas ANDed (1)"', async () => {
  const ja = combinationShown(await resultPage(form([['電池*電極', 'abst_claim_desc_title']]), japanese));
  expect(ja).toBe('式1');
  const en = combinationShown(await resultPage(form([['電池*電極', 'abst_claim_desc_title']]), english));
  expect(en).toBe('Formula 1');
});

test('several formulas and no combination: all of them ANDed, as before', async () => {
  const ja = combinationShown(await resultPage(form([['電池', 'abst_claim_desc_title'], ['電極', 'claim']]), japanese));
  expect(ja).toBe('すべての式の AND（1*2）');
});

const noneMessage = (html: string) => /<p class="panel search-results__none"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

test('no hits without a population file: the message does not tell the user to check one', async () => {
  const message = noneMessage(await resultPage(form([['存在しない語彙ですよ', 'title']]), japanese));
  expect(message).toBeDefined();
  expect(message).not.toContain('母集団');
});

test('no hits on a classification the region’s documents do not carry: the message says the data is missing', async () => {
  // The demo's Japanese gazettes carry IPC only: an F-term or FI formula can find nothing.
  const ja = noneMessage(await resultPage(form([['5H029', 'fterm']]), japanese));
  expect(ja).toContain('Fターム');
  expect(ja).toContain('日本');
  expect(ja).not.toContain('。 ');
  const en = noneMessage(await resultPage(form([['5H029AJ05/FT*電池', 'abst_claim_desc_title']]), english));
  expect(en).toContain('F-term');
  // IPC is there: not named.
  const ipc = noneMessage(await resultPage(form([['A99Z', 'ipc']]), japanese));
  expect(ipc).not.toContain('IPC');
});

test('the build page counts the subject matter and the memo alike (0/5,000, not 0/5000 beside 0/5,000)', async () => {
  const html = (await get('/detail-search/build-query', japanese).expect(200)).text;
  const counters = [...html.matchAll(/class="fb-counter[^"]*"[^>]*>([^<]*)</g)].map((match) => match[1]);
  expect(counters.filter((text) => /\/5,?000/.test(text!))).toEqual(['0/5,000 文字', '0/5,000 文字']);
});

test('the result names the region searched with the builder’s and history’s word (対象国)', async () => {
  const html = await resultPage(form([['電池', 'title']]), japanese);
  const facts = html.slice(html.indexOf('detail-conditions__facts'));
  expect(facts).toContain('<dt>対象国</dt>');
});
