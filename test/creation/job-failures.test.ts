// How a draft fails, with the web role alone (the job waits until the test starts a worker): a
// reference patent that left the store while the job waited ends the entry with descgen-1002,
// and its input stays for "revise the input and draft again"; a drawing whose picture is gone
// when the job runs keeps its figure number and description.
import request from 'supertest';
import { registerCreationJobs } from '../../src/creation/service.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { png } from '../helpers/pages.ts';

let testApp: TestApp;
let records: Array<{ id: string; claims: string[] }>;

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'web' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 2, (record) => record.region === 'jp' && Array.isArray(record.claims));
  await ingestFiles(testApp.runtime.db, [jp], { index: indexPatent });
  const { readFile } = await import('node:fs/promises');
  records = (await readFile(jp, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
}, 120_000);
let registered = false;
/** The worker, started once a test has set the scene (its jobs wait until then) and stopped after it. */
async function startWorker(): Promise<void> {
  if (!registered) registerCreationJobs(testApp.runtime.jobs, { config: testApp.runtime.config, gpt: null });
  registered = true;
  await testApp.runtime.jobs.startWorker();
}
afterEach(() => testApp.runtime.jobs.stop(1000));

afterAll(async () => {
  await testApp.runtime.jobs.stop(1000);
  await testApp.close();
});

test('a reference that left the store while the job waited fails the draft with descgen-1002, keeping its input', async () => {
  const account = await createAccount(testApp, { languageCD: 'lang_ja', features: { simple: true, patent_creation_support: true } });
  const { token, cookie } = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: account.id }));
  const [target, reference] = records;
  const { body } = await request(testApp.app).post('/api/patent-creation-support/create').set('Cookie', cookie).set('x-csrf-token', token).send({ claims: target!.claims, referenceNumber: reference!.id, memo: '残す' }).expect(202);
  await testApp.runtime.db('patents').where({ id: reference!.id }).delete();
  await startWorker();
  let status: { status: number; errcode: string | null } = { status: 0, errcode: null };
  for (let i = 0; i < 300 && status.status === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await request(testApp.app).get(`/api/patent-creation-support/status?id=${body.id}`).set('Cookie', cookie).expect(200)).body;
  }
  expect(status).toMatchObject({ status: 8, errcode: 'descgen-1002' });
  // The waiting page says what happened and leads back to the input, which is all there.
  const page = await request(testApp.app).get(`/patent-creation-support/generating?id=${body.id}`).set('Cookie', cookie).expect(200);
  expect(page.text).toContain('参考特許・類似特許に該当する文献が見つかりませんでした。');
  const form = await request(testApp.app).get(`/patent-creation-support/create?id=${body.id}`).set('Cookie', cookie).expect(200);
  expect(form.text).toContain(target!.claims[0]!.slice(0, 20));
  expect(form.text).toContain('残す');
});

test('a drawing whose picture is gone when the job runs keeps its figure and description, and the later figures keep theirs', async () => {
  const account = await createAccount(testApp, { languageCD: 'lang_ja', features: { simple: true, patent_creation_support: true } });
  const { token, cookie } = await csrfFor(testApp, await sessionCookieFor(testApp, { userId: account.id }));
  const captions = ['装置の斜視図', '装置の断面図', '制御部のブロック図'];
  const { body } = await request(testApp.app)
    .post('/api/patent-creation-support/create')
    .set('Cookie', cookie)
    .set('x-csrf-token', token)
    .field('request', JSON.stringify({ claims: records[0]!.claims, drawingCaptions: captions }))
    .attach('drawings', png(10, 10), 'fig1.png')
    .attach('drawings', png(20, 10), 'fig2.png')
    .attach('drawings', png(30, 10), 'fig3.png')
    .expect(202);
  // The second picture is lost before the draft is made.
  await testApp.runtime.db('patent_drawings').where({ query_id: body.id, file_name: 'fig2.png' }).delete();
  await startWorker();
  let status = 0;
  for (let i = 0; i < 300 && status === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await request(testApp.app).get(`/api/patent-creation-support/status?id=${body.id}`).set('Cookie', cookie).expect(200)).body.status;
  }
  expect(status).toBe(1);
  const { body: result } = await request(testApp.app).get(`/api/patent-creation-support/result?id=${body.id}`).set('Cookie', cookie).expect(200);
  expect(result.result.images.map((image: { fileName: string; width: number; withoutPicture?: true; description: string }) => [image.fileName, image.withoutPicture ?? false, image.description])).toEqual([
    ['fig1.png', false, '装置の斜視図である。'],
    ['fig2.png', true, '装置の断面図である。'],
    ['fig3.png', false, '制御部のブロック図である。'],
  ]);
});
