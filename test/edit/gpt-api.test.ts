// GPT-instructed edits through the editor's API and job type 9 (ROLE all) with the fake
// OpenAI-compatible server: proposals with their differences marked, confirmed item by item into
// a new version; a cancelled or failed edit and one over the quota leave the document exactly as
// it was; a stale proposal (the document changed meanwhile) is refused.
import request from 'supertest';
import { setCompanyQuota } from '../../src/gpt-usage/service.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../helpers/fake-openai.ts';

let testApp: TestApp;
let fake: FakeOpenAI;

interface Who {
  id: string;
  cookie: string;
  csrf: string;
  companyId: string;
}

async function editor(): Promise<Who> {
  const account = await createAccount(testApp, { languageCD: 'lang_ja', features: { simple: true, patent_creation_support: true } });
  const cookie = await sessionCookieFor(testApp, { userId: account.id });
  const { token, cookie: withCsrf } = await csrfFor(testApp, cookie);
  const { company_id: companyId } = await testApp.runtime.db('users').where({ id: account.id }).first('company_id');
  return { id: account.id, cookie: withCsrf, csrf: token, companyId };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  testApp = await startTestApp({ ROLE: 'all', OPENAI_API_KEY: 'sk-edit-test-key', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-edit-test' });
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const post = (path: string, body: unknown, who: Who) => request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
const get = (path: string, who: Who) => request(testApp.app).get(path).set('Cookie', who.cookie);

const CLAIMS = ['基板と、前記基板の上に設けられた電極と、を備える装置。', '前記電極は銅からなる、請求項１に記載の装置。'];
const DOMAIN = '本発明は、装置に関する。';

async function documentWithText(who: Who): Promise<string> {
  const { body } = await post('/api/patent-document-edit/open', { lang: 'ja' }, who).expect(201);
  await post('/api/patent-document-edit/save', { id: body.id, version: 1, claims: CLAIMS, domain: DOMAIN }, who).expect(200);
  return body.id;
}

async function gptEnd(id: string, job: string, who: Who) {
  for (let i = 0; i < 300; i++) {
    const { body } = await get(`/api/patent-document-edit/gpt?id=${id}&job=${job}`, who).expect(200);
    if (body.status !== 0) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('GPT edit did not finish');
}

/** Answers the text edit with each requested item changed by `edit`. */
const answering = (edit: (item: string, text: string) => string) => (req: RecordedRequest) => {
  const user = req.body.messages!.find((message) => message.role === 'user')!;
  const content = typeof user.content === 'string' ? user.content : '';
  const marker = 'Edit request (JSON):\n';
  const payload = JSON.parse(content.slice(content.indexOf(marker) + marker.length)) as { items: Array<{ item: string; text: string }> };
  return { content: { edits: payload.items.map((item) => ({ item: item.item, text: edit(item.item, item.text) })) }, usage: { prompt_tokens: 900, completion_tokens: 200 } };
};

test('proposals show the differences; only the confirmed item changes, as a new version', async () => {
  const who = await editor();
  const id = await documentWithText(who);
  fake.answerWith(answering((item, text) => (item === 'domain' ? '本発明は、半導体装置に関する。' : text.replace('銅からなる', 'アルミニウムからなる'))));
  const { body: started } = await post('/api/patent-document-edit/gpt', { id, version: 2, items: ['domain', 'claims.1'], instruction: '材料を変えてください。' }, who).expect(202);
  const done = await gptEnd(id, started.job, who);
  expect(done).toMatchObject({ status: 1, version: 2 });
  const domain = done.proposals.find((p: { item: string }) => p.item === 'domain');
  expect(domain).toMatchObject({ before: DOMAIN, after: '本発明は、半導体装置に関する。' });
  expect(domain.diff).toContainEqual({ kind: 'added', text: expect.stringContaining('半導体') });
  // The document has not changed yet.
  expect((await get(`/api/patent-document-edit/document?id=${id}`, who).expect(200)).body.version).toBe(2);
  const applied = await post('/api/patent-document-edit/gpt/apply', { id, job: started.job, accept: ['claims.1'] }, who).expect(200);
  expect(applied.body.version).toBe(3);
  const { body: after } = await get(`/api/patent-document-edit/document?id=${id}`, who).expect(200);
  expect(after.sections.domain).toBe(DOMAIN);
  expect(after.sections.claims[1]).toContain('アルミニウム');
  expect(after.versions[0]).toMatchObject({ version: 3, cause: 'gpt' });
  // The same proposals cannot be applied again over the new version.
  expect((await post('/api/patent-document-edit/gpt/apply', { id, job: started.job, accept: ['domain'] }, who).expect(409)).body.errcode).toBe('E056');
  const purposes = await testApp.runtime.db('gpt_usage').where({ user_id: who.id }).pluck('purpose');
  expect(purposes).toEqual(['edit.text']);
});

test('a failed GPT edit and one over the quota leave the document as it was', async () => {
  const who = await editor();
  const id = await documentWithText(who);
  fake.answerWith(() => ({ status: 500, error: { message: 'down', type: 'server_error' } }));
  const { body: failing } = await post('/api/patent-document-edit/gpt', { id, version: 2, items: ['domain'], instruction: '短くしてください。' }, who).expect(202);
  expect(await gptEnd(id, failing.job, who)).toMatchObject({ status: 8, errcode: 'E417' });
  await setCompanyQuota(testApp.runtime.db, who.companyId, { monthlyQuotaUsd: 0, additionalQuotaUsd: 0, carryOverUsd: 0 });
  const calls = fake.requests.length;
  const { body: overQuota } = await post('/api/patent-document-edit/gpt', { id, version: 2, items: ['domain'], instruction: '短くしてください。' }, who).expect(202);
  expect(await gptEnd(id, overQuota.job, who)).toMatchObject({ status: 8, errcode: 'E098' });
  expect(fake.requests.length).toBe(calls);
  const { body: document } = await get(`/api/patent-document-edit/document?id=${id}`, who).expect(200);
  expect(document).toMatchObject({ version: 2, sections: { domain: DOMAIN, claims: CLAIMS } });
});

test('a GPT edit can be cancelled; bad requests are refused with their codes; nobody else reaches it', async () => {
  const who = await editor();
  const stranger = await editor();
  const id = await documentWithText(who);
  fake.answerWith(() => ({ delayMs: 3000, content: { edits: [{ item: 'domain', text: '遅い答え' }] } }));
  const { body: started } = await post('/api/patent-document-edit/gpt', { id, version: 2, items: ['domain'], instruction: '書き直してください。' }, who).expect(202);
  await post('/api/patent-document-edit/gpt/cancel', { id, job: started.job }, stranger).expect(404);
  await post('/api/patent-document-edit/gpt/cancel', { id, job: started.job }, who).expect(200);
  expect((await gptEnd(id, started.job, who)).status).toBe(9);
  expect((await get(`/api/patent-document-edit/document?id=${id}`, who).expect(200)).body.sections.domain).toBe(DOMAIN);
  const tooLong = await post('/api/patent-document-edit/gpt', { id, version: 2, items: ['domain'], instruction: 'あ'.repeat(5001) }, who).expect(400);
  expect(tooLong.body).toMatchObject({ errcode: 'E102', field: 'instruction' });
  const none = await post('/api/patent-document-edit/gpt', { id, version: 2, items: [], instruction: '書き直してください。' }, who).expect(400);
  expect(none.body).toMatchObject({ errcode: 'E101', field: 'items' });
  await get(`/api/patent-document-edit/gpt?id=${id}&job=${started.job}`, stranger).expect(404);
});
