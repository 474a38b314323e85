// Creation support with GPT configured, through the API and the job (ROLE all), against the fake
// OpenAI-compatible server: the sections GPT writes land in the stored draft, a drawing goes to
// GPT vision as the real image, usage is recorded, a GPT failure falls back to the draft made
// without GPT with a notice (the job is never lost), and a company over its quota is told before
// the job starts.
import request from 'supertest';
import { setCompanyQuota } from '../../src/gpt-usage/service.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../helpers/fake-openai.ts';
import { png } from '../helpers/pages.ts';

let testApp: TestApp;
let fake: FakeOpenAI;
let claims: string[];

interface Who {
  id: string;
  cookie: string;
  csrf: string;
  companyId: string;
}

async function gptUser(): Promise<Who> {
  const account = await createAccount(testApp, { languageCD: 'lang_ja', features: { simple: true, patent_creation_support: true } });
  const cookie = await sessionCookieFor(testApp, { userId: account.id });
  const { token, cookie: withCsrf } = await csrfFor(testApp, cookie);
  const { company_id: companyId } = await testApp.runtime.db('users').where({ id: account.id }).first('company_id');
  return { id: account.id, cookie: withCsrf, csrf: token, companyId };
}

const FRONT = {
  title: 'バリカン式刈刃装置',
  domain: '本発明は、バリカン式刈刃装置に関し、特に刈刃体と駆動体との係合構造に関する。',
  background: '従来、往復駆動される刈刃体を備えるバリカンが知られている。刈刃体は駆動体と係合して往復運動する。',
  issue: '本発明は、刈刃体の着脱を容易にしつつ、係合部のがたつきを抑えることを目的とする。',
  method: '本発明に係るバリカン式刈刃装置は、第１および第２の駆動体と、第１および第２の刈刃体と、ガイド板とを備える。',
  effect: '本発明によれば、係合部の摩耗が抑えられ、刈刃体の交換が容易になる。',
};
const BODY = {
  embodiment: '図１に示すように、バリカン式刈刃装置１は、駆動体１０と、刈刃体２０と、ガイド板３０とを備える。',
  symbol_descriptions: [{ sign: '１', name: 'バリカン式刈刃装置' }, { sign: '１０', name: '駆動体' }, { sign: '２０', name: '刈刃体' }, { sign: '３０', name: 'ガイド板' }],
  industrial_aplicability: '本発明は、理容用のバリカンに利用可能である。',
  abstract: '刈刃体の着脱が容易で、係合部のがたつきが少ないバリカン式刈刃装置を提供する。',
};
const DRAWING = { description: '本実施形態に係るバリカン式刈刃装置の分解斜視図である。', signs: [{ sign: '１０', name: '駆動体' }] };

const schemaOf = (req: RecordedRequest) => req.body.response_format?.json_schema?.name;
const usage = { prompt_tokens: 1200, completion_tokens: 400 };

beforeAll(async () => {
  fake = await startFakeOpenAI();
  testApp = await startTestApp({ ROLE: 'all', OPENAI_API_KEY: 'sk-creation-test-key', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-creation-test' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 5, (record) => record.region === 'jp' && Array.isArray(record.claims) && record.claims.length >= 3);
  await ingestFiles(testApp.runtime.db, [jp], { index: indexPatent });
  const { readFile } = await import('node:fs/promises');
  claims = (JSON.parse((await readFile(jp, 'utf8')).split('\n')[0]!) as { claims: string[] }).claims.slice(0, 3);
}, 120_000);
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const post = (who: Who) => request(testApp.app).post('/api/patent-creation-support/create').set('Cookie', who.cookie).set('x-csrf-token', who.csrf);
const get = (path: string, who: Who) => request(testApp.app).get(path).set('Cookie', who.cookie);

async function finished(id: string, who: Who) {
  for (let i = 0; i < 600; i++) {
    const { body } = await get(`/api/patent-creation-support/status?id=${id}`, who).expect(200);
    if (body.status !== 0) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('creation did not finish');
}

test('GPT writes the sections and describes the drawing it is shown; usage is recorded', async () => {
  const who = await gptUser();
  fake.answerWith((req) => {
    const name = schemaOf(req);
    if (name === 'patent_front_sections') return { content: FRONT, usage };
    if (name === 'patent_body_sections') return { content: BODY, usage };
    if (name === 'patent_drawing') return { content: DRAWING, usage };
    return { status: 400, error: { message: `unexpected schema ${name}` } };
  });
  const seen = fake.requests.length;
  const image = png(64, 48);
  const { body } = await post(who)
    .field('request', JSON.stringify({ lang: 'jp', claims, shouldUseGPT: true, shouldUseGPTVision: true }))
    .attach('drawings', image, 'fig1.png')
    .expect(202);
  expect(await finished(body.id, who)).toMatchObject({ status: 1, errcode: null });
  const { body: result } = await get(`/api/patent-creation-support/result?id=${body.id}`, who).expect(200);
  expect(result.result).toMatchObject({ title: FRONT.title, domain: FRONT.domain, embodiment: BODY.embodiment, abstract: BODY.abstract });
  expect(result.result.images[0].description).toBe(DRAWING.description);
  const calls = fake.requests.slice(seen);
  const vision = calls.find((req) => schemaOf(req) === 'patent_drawing')!;
  const parts = vision.body.messages!.flatMap((message) => (Array.isArray(message.content) ? message.content : []));
  expect(parts).toContainEqual(expect.objectContaining({ type: 'image_url', image_url: expect.objectContaining({ url: `data:image/png;base64,${image.toString('base64')}` }) }));
  const rows = await testApp.runtime.db('gpt_usage').where({ user_id: who.id }).select('purpose');
  expect(rows.map((row) => row.purpose).sort()).toEqual(['creation.sections', 'creation.sections', 'creation.vision']);
  expect(result.notices).toEqual([]);
});

test('a GPT failure keeps the job: the draft made without GPT, with a notice on its page', async () => {
  const who = await gptUser();
  fake.answerWith(() => ({ status: 500, error: { message: 'upstream down', type: 'server_error' } }));
  const { body } = await post(who).send({ lang: 'jp', claims, shouldUseGPT: true }).expect(202);
  expect(await finished(body.id, who)).toMatchObject({ status: 1 });
  const { body: result } = await get(`/api/patent-creation-support/result?id=${body.id}`, who).expect(200);
  expect(result.result.title.length).toBeGreaterThan(0);
  expect(result.result.embodiment).toContain('本実施形態');
  expect(result.notices.map((notice: { key: string }) => notice.key)).toContain('notice.gptFallback');
  const page = await get(`/patent-creation-support/detail?id=${body.id}&type=patent_creation_support`, who).expect(200);
  expect(page.text).toContain('GPT による文章化に失敗した項目が');
});

test('over the quota the request is refused with E098 before anything is stored', async () => {
  const who = await gptUser();
  await setCompanyQuota(testApp.runtime.db, who.companyId, { monthlyQuotaUsd: 0, additionalQuotaUsd: 0, carryOverUsd: 0 });
  const before = fake.requests.length;
  const refused = await post(who).send({ lang: 'jp', claims, shouldUseGPT: true }).expect(402);
  expect(refused.body).toMatchObject({ errcode: 'E098' });
  expect(fake.requests.length).toBe(before);
  const { body: history } = await get('/api/history?kind=patent_creation_support', who).expect(200);
  expect(history.totalCount).toBe(0);
  // Without GPT the same company drafts as before.
  const { body } = await post(who).send({ lang: 'jp', claims, shouldUseGPT: false }).expect(202);
  expect((await finished(body.id, who)).status).toBe(1);
});
