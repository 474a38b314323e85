// The keyword jobs on the real job queue (src/jobs): registered with registerKeywordJobs in a
// worker runtime, enqueued as the build screen's API does, GPT answered by the fake server.
import { createGptClient } from '../../src/platform/gpt.ts';
import type { Runtime } from '../../src/platform/runtime.ts';
import { registerKeywordJobs } from '../../src/detail-search/keywords/jobs.ts';
import { JOB_TYPES } from '../../src/jobs/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { createUser, startJobsRuntime, waitUntil } from '../jobs/helpers.ts';

let database: TestDatabase;
let fake: FakeOpenAI;
let runtime: Runtime;

const answer = {
  keywords: [{ keyword: 'wear leveling', synonyms: ['wear-leveling'] }],
  formulas: [{ text: '(wear leveling+"wear-leveling")*flash', tag: 'abst_claim' }],
  combination: '1',
};

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAI(() => ({ content: answer, usage: { prompt_tokens: 500, completion_tokens: 100 } }));
  runtime = await startJobsRuntime(
    database.url,
    { ROLE: 'worker', OPENAI_API_KEY: 'sk-jobs-test-key', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-jobs' },
    { registerJobHandlers: (queue, deps) => registerKeywordJobs(queue, { config: deps.config, logger: deps.logger }) },
  );
});
afterAll(async () => {
  await runtime?.close();
  await fake.close();
  await database.drop();
});

test('an extract-keyword job with GPT runs to its result, and its cost is recorded', async () => {
  const userId = await createUser(runtime.db);
  const uuid = await runtime.jobs.enqueue(runtime.db, { userId, type: JOB_TYPES.extractKeyword, payload: { subjectMatter: 'Wear leveling of flash memory', lang: 'us', useGpt: true }, isPriorJob: true });
  const job = await waitUntil(async () => {
    const current = await runtime.jobs.get(userId, uuid);
    return current && current.status !== 0 ? current : undefined;
  }, 'the job to finish');
  expect(job).toMatchObject({ status: 1, progress: 100, errcode: null });
  expect(job.result).toMatchObject({
    usedGpt: true,
    keywords: [{ keyword: 'wear leveling', synonyms: ['wear-leveling'], hitCount: 0, origin: 'auto' }],
    formulas: [{ id: 1, text: '(wear leveling+"wear-leveling")*flash', tag: 'abst_claim', valid: true }],
    combination: '1',
  });
  const usage = await runtime.db('gpt_usage').where('user_id', userId);
  expect(usage).toHaveLength(1);
  expect(usage[0]).toMatchObject({ model: 'gpt-jobs', prompt_tokens: 500, completion_tokens: 100 });
});

test('cancelling the job while GPT is answering aborts the call: status 9, nothing recorded', async () => {
  const userId = await createUser(runtime.db);
  fake.requests.length = 0;
  fake.answerWith(() => ({ content: answer, delayMs: 30_000 }));
  const uuid = await runtime.jobs.enqueue(runtime.db, { userId, type: JOB_TYPES.extractKeyword, payload: { subjectMatter: 'flash', lang: 'us', useGpt: true } });
  await waitUntil(() => fake.requests.length > 0, 'the GPT call');
  await runtime.jobs.cancel(userId, uuid);
  const job = await waitUntil(async () => {
    const current = await runtime.jobs.get(userId, uuid);
    return current && current.status !== 0 && !current.isExcuting ? current : undefined;
  }, 'the job to stop');
  expect(job.status).toBe(9);
  expect(await runtime.db('gpt_usage').where('user_id', userId)).toHaveLength(0);
  fake.answerWith(() => ({ content: answer }));
});

test('a failing GPT call fails the job with E417', async () => {
  const userId = await createUser(runtime.db);
  fake.answerWith(() => ({ status: 500, error: { message: 'upstream broke' } }));
  const uuid = await runtime.jobs.enqueue(runtime.db, { userId, type: JOB_TYPES.extractKeyword, payload: { subjectMatter: 'flash', lang: 'us', useGpt: true } });
  const job = await waitUntil(async () => {
    const current = await runtime.jobs.get(userId, uuid);
    return current && current.status !== 0 ? current : undefined;
  }, 'the job to fail');
  expect(job).toMatchObject({ status: 8, errcode: 'E417' });
  fake.answerWith(() => ({ content: answer }));
});

test('no client without a key', () => {
  expect(createGptClient(runtime.config.gpt)).not.toBeNull();
  expect(createGptClient({ ...runtime.config.gpt, apiKey: undefined })).toBeNull();
});
