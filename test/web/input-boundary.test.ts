// The input boundary (src/platform/input.ts): NUL and unpaired surrogates are refused with the
// area's invalid-input code wherever they come in, so what is answered is what is stored; and a
// fuzz over every route the router holds (enumerated, not listed) with NUL, unpaired surrogates,
// wrong types, huge and deeply nested input answers no 5xx.
import { emptyDetailSearchInput } from '../../src/detail-search/input.ts';
import { insertQuery } from '../../src/history/repository.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { listen } from '../helpers/browser.ts';
import { plainClient } from '../helpers/http-client.ts';
import { appRoutes, type AppRoute } from '../helpers/routes.ts';

let testApp: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
/** Sends as fetch does, at a fraction of its CPU (the fuzz sends ~4,600 requests). */
let client: ReturnType<typeof plainClient>;
let user: { id: string; cookie: string; token: string };
let manager: { id: string; cookie: string; token: string };
let managerId: string;

/** Fresh sessions of the user and the manager (a fuzzed logout must not leave the rest anonymous). */
async function signInBoth(): Promise<void> {
  // Any page carries the token; the plain layout's is the cheapest to render (no header island).
  user = { id: user.id, ...(await csrfFor(testApp, await sessionCookieFor(testApp, { userId: user.id }), '/sample/plain')) };
  manager = { id: managerId, ...(await csrfFor(testApp, await sessionCookieFor(testApp, { managerId }), '/manage/sample')) };
}

beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '10000' });
  http = await listen(testApp.app);
  client = plainClient(http.baseUrl);
  const features = { simple: true, detail: true, priorart: true, patent_creation_support: true };
  user = { id: (await createAccount(testApp, { features })).id, cookie: '', token: '' };
  managerId = (await createAccount(testApp, { role: 'auth_adopter' })).id;
  await signInBoth();
});
afterAll(async () => {
  client.close();
  await http.close();
  await testApp.close();
});

interface Sent {
  method: string;
  path: string;
  body?: string | FormData;
  contentType?: string;
  who?: typeof user;
}

async function send({ method, path, body, contentType, who }: Sent): Promise<{ status: number; json: Record<string, unknown> | undefined; text: string }> {
  const headers: Record<string, string> = { accept: path.startsWith('/api/') ? 'application/json' : 'text/html' };
  if (who) Object.assign(headers, { cookie: who.cookie, 'x-csrf-token': who.token });
  if (contentType) headers['content-type'] = contentType;
  const { status, text } = await client.request(path, { method, headers, body });
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, json, text };
}

const memoOf = async (id: string) => (await testApp.runtime.db('queries').where({ id }).first('memo')).memo as string;

describe('NUL and unpaired surrogates are refused where they come in, and nothing is half-saved', () => {
  let entryId: string;
  beforeAll(async () => {
    entryId = await insertQuery(testApp.runtime.db, { userId: user.id, kind: 'detail', status: 1, lang: 'jp', input: emptyDetailSearchInput('jp'), memo: '元のメモ' });
  });

  test.each([
    ['an unpaired high surrogate', 'メモ\ud800'],
    ['an unpaired low surrogate', '\udc00メモ'],
    ['a NUL character', 'メモ\u0000です'],
  ])('a memo with %s: 400 E102 naming the field, the stored memo unchanged', async (_what, memo) => {
    const answer = await send({ method: 'post', path: '/api/history/memo', body: JSON.stringify({ id: entryId, memo }), contentType: 'application/json', who: user });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errcode: 'E102', field: 'memo', detail: expect.stringContaining('使用できない文字') });
    expect(await memoOf(entryId)).toBe('元のメモ');
  });

  test('a memo with a surrogate pair (an emoji) is stored and answered exactly as sent', async () => {
    const memo = '特許😀メモ𠮷';
    const answer = await send({ method: 'post', path: '/api/history/memo', body: JSON.stringify({ id: entryId, memo }), contentType: 'application/json', who: user });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: entryId, memo });
    expect(await memoOf(entryId)).toBe(memo);
  });

  test('NUL in a query string: the page is a 400 error page, the API a 400 JSON error, in English for English readers', async () => {
    const page = await send({ method: 'get', path: '/history?memo=%00', who: user });
    expect(page.status).toBe(400);
    expect(page.text).toContain('使用できない文字');
    const search = await send({ method: 'get', path: '/search?q=battery&applicant=%00', who: user });
    expect(search.status).toBe(400);
    const englishId = (await createAccount(testApp, { languageCD: 'lang_en' })).id;
    const api = await fetch(`${http.baseUrl}/api/history?memo=%00`, { headers: { cookie: await sessionCookieFor(testApp, { userId: englishId }) } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ errcode: 'E102', field: 'memo', detail: expect.stringContaining('cannot be stored') });
  });

  test('nested fields, keys, path parameters, form bodies and the manager area are covered too', async () => {
    const nested = await send({ method: 'post', path: '/api/detail-search/search', body: JSON.stringify({ modes: [{ formulas: [{ id: 1, text: '電池\u0000' }] }] }), contentType: 'application/json', who: user });
    expect(nested).toMatchObject({ status: 400, json: { errcode: 'E102', field: 'modes' } });
    const key = await send({ method: 'post', path: '/api/history/memo', body: '{"\\ud800":1}', contentType: 'application/json', who: user });
    expect(key.status).toBe(400);
    const param = await send({ method: 'get', path: '/api/history/%00', who: user });
    expect(param).toMatchObject({ status: 400, json: { errcode: 'E102' } });
    const form = await send({ method: 'post', path: '/api/history/memo', body: 'id=1&memo=%00', contentType: 'application/x-www-form-urlencoded', who: user });
    expect(form).toMatchObject({ status: 400, json: { field: 'memo' } });
    const managerArea = await send({ method: 'post', path: '/api/manage/account/update', body: JSON.stringify({ userName: '\ud800' }), contentType: 'application/json', who: manager });
    expect(managerArea).toMatchObject({ status: 400, json: { errcode: 'ME999', field: 'userName' } });
  });

  test('multipart fields and file names (the inquiry form) are checked after parsing', async () => {
    const form = new FormData();
    form.append('name', '山田\u0000太郎');
    form.append('email', 'yamada@example.jp');
    form.append('body', 'お問い合わせ');
    const answer = await send({ method: 'post', path: '/api/contact', body: form, who: user });
    expect(answer).toMatchObject({ status: 400, json: { errcode: 'E102', field: 'name' } });
    const named = new FormData();
    for (const [k, v] of [['name', '山田'], ['email', 'yamada@example.jp'], ['body', '本文']]) named.append(k!, v!);
    named.append('files', new Blob(['text']), 'a\u0000.txt');
    // (busboy itself may refuse such a header before multer names the file: E102 either way.)
    expect(await send({ method: 'post', path: '/api/contact', body: named, who: user })).toMatchObject({ status: 400, json: { errcode: 'E102' } });
    expect(await testApp.runtime.db('inquiries').count({ n: '*' }).then((rows) => Number(rows[0]!.n))).toBe(0);
  });

  test('nesting deeper than any form is refused, not walked', async () => {
    const deep = `{"memo":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const answer = await send({ method: 'post', path: '/api/history/memo', body: deep, contentType: 'application/json', who: user });
    expect(answer).toMatchObject({ status: 400, json: { errcode: 'E102' } });
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzz over every route.

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** Field names the forms and APIs read (a superset: unknown ones must be harmless too). */
const FIELDS = [
  'memo', 'id', 'ids', 'favorite', 'email', 'password', 'passwordConfirm', 'token', 'authcode', 'mode', 'name', 'body', 'userName',
  'languageCD', 'profileImg', 'uid', 'lang', 'formulas', 'combination', 'subjectMatter', 'keywords', 'population', 'fileName', 'data',
  'inputMode', 'modes', 'filter', 'ipcLimit', 'keyword', 'synonyms', 'deniedKeywords', 'text', 'tag', 'q', 'page', 'applicant',
  'applicants', 'docIds', 'initialIndex', 'view', 'order', 'kind', 'status', 'execDateFrom', 'execDateTo', 'next', 'lng', 'type',
  'expired', 'favoritesMemoOnly', 'priorartRank', 'uuid', 'documentIds', 'exclude', 'region', 'sort',
];
const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '電池\ud83d', '%00', '../../', '\u202e'];
const LARGE = 'あ'.repeat(200_000);
const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { memo: value };
  return value;
};

function hostileValue(rng: ReturnType<typeof random>): unknown {
  switch (Math.floor(rng.next() * 9)) {
    case 0: return rng.pick(HOSTILE_TEXT);
    case 1: return [rng.pick(HOSTILE_TEXT), 'ok'];
    case 2: return { [rng.pick(FIELDS)]: rng.pick(HOSTILE_TEXT) };
    case 3: return LARGE;
    case 4: return nested(Math.floor(rng.next() * 60));
    case 5: return rng.pick([null, true, 0, -1, 1e308, [], {}, '', ' ']);
    case 6: return Array.from({ length: 2_000 }, (_, i) => i);
    case 7: return [{ id: 1, text: rng.pick(HOSTILE_TEXT), tag: rng.pick(['title', 'ipc', '\u0000']) }];
    default: return `電池${rng.pick(HOSTILE_TEXT)}`;
  }
}

/** JSON.stringify writes NUL and unpaired surrogates (only those) as \\u escapes; pairs stay literal. `json`: the body as sent. */
const holdsUnstorable = (json: string): boolean => /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(json);
/** As a browser would send it; an unpaired surrogate as the broken UTF-8 bytes a hostile client sends. */
const queryValue = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');

/**
 * Well-formed bodies of the APIs that store or search what they are given, so that mutating one
 * of their fields reaches the validation and SQL behind the boundary (a random body stops at
 * the first shape check). Routes come from the router; these only deepen some of them.
 */
function samples(entryId: string): Record<string, () => Record<string, unknown>> {
  const formulaSet = () => ({ formulas: [{ id: 1, text: '電池*電極', tag: 'abst_claim_desc_title', valid: true }, { id: 2, text: 'H01M', tag: 'ipc', valid: true }], combination: '1*2' });
  const keyword = () => ({ keywordId: 'k1', keyword: '電池', synonyms: ['バッテリー'], isDisabled: false, isRemoved: false, origin: 'user', hitCount: null });
  return {
    '/api/history/memo': () => ({ id: entryId, memo: '先行技術の確認' }),
    '/api/history/favorite': () => ({ id: entryId, favorite: true }),
    '/api/detail-search/search': () => ({
      lang: 'jp', inputMode: 0, modes: { 0: formulaSet(), 1: formulaSet() }, keywords: [keyword()], deniedKeywords: [], ipcLimit: ['H01M'],
      memo: 'メモ', subjectMatter: 'リチウムイオン電池の電極', population: { fileName: '母集団.csv', documentIds: ['JP2020123456A', 'US7783348B2'] },
      filter: { patent: true, public: true, utility: true, expired: false },
    }),
    '/api/detail-search/keywords': () => ({ subjectMatter: 'リチウムイオン電池の正極材料', lang: 'jp', useGpt: false }),
    '/api/detail-search/keywords/hit-counts': () => ({ keywords: [keyword()], deniedKeywords: [keyword()], lang: 'jp' }),
    '/api/account/update': () => ({ uid: user.id, userName: '山田 太郎', languageCD: 'lang_ja', profileImg: null }),
    '/api/manage/account/update': () => ({ uid: managerId, userName: '管理者', languageCD: 'lang_ja', profileImg: null }),
    '/api/login': () => ({ email: 'yamada@example.jp', password: 'Passw0rd!x' }),
    '/api/manage/login': () => ({ email: 'kanri@example.jp', password: 'Passw0rd!x' }),
    '/api/forgetpassword': () => ({ email: 'yamada@example.jp' }),
    '/api/password': () => ({ token: 'abc', password: 'Brandnew1#', passwordConfirm: 'Brandnew1#' }),
    '/api/2fa/validate': () => ({ authcode: '123456' }),
  };
}

/** The sample with one field (or an element, or a new key) replaced by a hostile value. */
function mutate(sample: Record<string, unknown>, rng: ReturnType<typeof random>): Record<string, unknown> {
  const containers: Array<Record<string, unknown> | unknown[]> = [];
  const collect = (value: unknown) => {
    if (value && typeof value === 'object') {
      containers.push(value as Record<string, unknown>);
      for (const child of Object.values(value)) collect(child);
    }
  };
  collect(sample);
  const target = rng.pick(containers);
  const keys = Object.keys(target);
  const key = rng.next() < 0.85 && keys.length ? rng.pick(keys) : rng.pick(FIELDS);
  (target as Record<string, unknown>)[key] = rng.next() < 0.2 ? '特許'.repeat(Math.floor(rng.next() * 6000)) : hostileValue(rng);
  return sample;
}

let sampleBodies: ReturnType<typeof samples>;

function requestsFor(route: AppRoute, rng: ReturnType<typeof random>): Array<Sent & { unstorable: boolean }> {
  const out: Array<Sent & { unstorable: boolean }> = [];
  const who = route.path.startsWith('/api/manage') || route.path.startsWith('/manage') ? manager : user;
  const paths = route.path.includes(':')
    ? ['%00', encodeURIComponent('\ufffd'), '..%2F..%2F', '00000000-0000-0000-0000-000000000000', 'x'.repeat(300)].map((value) => ({ path: route.path.replace(/:\w+/g, value), unstorable: value === '%00' }))
    : [{ path: route.path, unstorable: false }];
  for (const { path, unstorable } of paths) {
    out.push({ method: route.method, path, who, unstorable });
    out.push({ method: route.method, path, unstorable }); // anonymous
  }
  for (let i = 0; i < 12; i++) {
    const key = rng.pick(FIELDS);
    const text = rng.pick(HOSTILE_TEXT);
    // Broken UTF-8 in a query decodes to U+FFFD (storable); only NUL must be refused there.
    out.push({ method: route.method, path: `${paths[0]!.path}?${key}=${queryValue(text)}`, who, unstorable: paths[0]!.unstorable || text.includes('\u0000') });
  }
  if (route.method !== 'get') {
    for (let i = 0; i < 25; i++) {
      const body: Record<string, unknown> = {};
      for (let f = 0; f < 1 + Math.floor(rng.next() * 4); f++) body[rng.pick(FIELDS)] = hostileValue(rng);
      const json = JSON.stringify(body);
      out.push({ method: route.method, path: paths[0]!.path, body: json, contentType: 'application/json', who, unstorable: paths[0]!.unstorable || holdsUnstorable(json) });
    }
    const sample = sampleBodies[route.path];
    for (let i = 0; sample && i < 60; i++) {
      const json = JSON.stringify(mutate(sample(), rng));
      out.push({ method: route.method, path: paths[0]!.path, body: json, contentType: 'application/json', who, unstorable: holdsUnstorable(json) });
    }
    out.push({ method: route.method, path: paths[0]!.path, body: '[', contentType: 'application/json', who, unstorable: paths[0]!.unstorable });
    out.push({ method: route.method, path: paths[0]!.path, body: `{"memo":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json', who, unstorable: paths[0]!.unstorable });
    out.push({ method: route.method, path: paths[0]!.path, body: `${rng.pick(FIELDS)}=%00&memo=a`, contentType: 'application/x-www-form-urlencoded', who, unstorable: true });
    const form = new FormData();
    form.append(rng.pick(FIELDS), rng.pick(HOSTILE_TEXT));
    form.append('files', new Blob(['%PDF-1.4 not really']), `名前${rng.pick(HOSTILE_TEXT)}.pdf`);
    out.push({ method: route.method, path: paths[0]!.path, body: form, who, unstorable: false });
  }
  return out;
}

test('every route answers hostile input without a 5xx; NUL and unpaired surrogates always 400 with the area\'s code', async () => {
  const routes = appRoutes(testApp.app);
  expect(routes.length).toBeGreaterThan(50); // the router really was read
  const rng = random(20261123);
  sampleBodies = samples(await insertQuery(testApp.runtime.db, { userId: user.id, kind: 'detail', status: 1, lang: 'jp', input: emptyDetailSearchInput('jp'), memo: '' }));
  expect(Object.keys(sampleBodies).every((path) => routes.some((route) => route.path === path))).toBe(true);
  const failures: string[] = [];
  let sent = 0;
  let signedIn = 0;
  for (const route of routes) {
    await signInBoth();
    // The identities really are signed in (a CSRF or session failure would hide every deeper path).
    if ((await send({ method: 'get', path: '/api/history', who: user })).status === 200) signedIn++;
    for (const sample of requestsFor(route, rng)) {
      const answer = await send(sample);
      sent++;
      const label = `${sample.method.toUpperCase()} ${sample.path.slice(0, 120)} ${typeof sample.body === 'string' ? sample.body.slice(0, 120) : sample.body ? '[multipart]' : ''}`;
      if (answer.status >= 500) failures.push(`${answer.status} ${label} → ${answer.text.slice(0, 200)}`);
      // 413: a body too large is refused before it is read at all.
      else if (sample.unstorable && route.path !== '/healthz' && answer.status !== 400 && answer.status !== 413) failures.push(`expected 400, got ${answer.status}: ${label}`);
      else if (sample.unstorable && answer.status === 400 && route.path !== '/healthz' && sample.path.startsWith('/api/') && !['E102', 'ME999'].includes(String(answer.json?.errcode))) {
        failures.push(`expected E102/ME999, got ${String(answer.json?.errcode)}: ${label}`);
      }
    }
  }
  process.stdout.write(`input fuzz: ${sent} requests over ${routes.length} routes, ${failures.length} failures\n`);
  expect(failures).toEqual([]);
  expect(signedIn).toBe(routes.length);
}, 300_000);
