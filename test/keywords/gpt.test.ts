// GPT for the detailed search against a real OpenAI-compatible HTTP server (test/helpers/
// fake-openai.ts): the structured answer, usage and dollars per user and company, the
// company budget (E098 before any call), GPT's invalid formulas kept out, failures as E417 /
// E999 with the key kept out of the logs, and the corpus path when no key is configured.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../src/platform/config.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { createGptClient, GptError, isGptConfigured, type GptSettings } from '../../src/platform/gpt.ts';
import { AppError } from '../../src/platform/errors.ts';
import { insertCompany, insertUser } from '../../src/users/repository.ts';
import {
  assertWithinQuota,
  billingMonthOf,
  companySpendByUser,
  gptQuotaStatus,
  gptUserOf,
  setCompanyQuota,
  type GptUser,
} from '../../src/gpt-usage/service.ts';
import { insertGptUsage } from '../../src/gpt-usage/repository.ts';
import { acceptGptFormulas, generateKeywordsWithGpt, GPT_KEYWORDS_PURPOSE } from '../../src/detail-search/keywords/gpt-keywords.ts';
import { keywordJobHandlers, registerKeywordJobs } from '../../src/detail-search/keywords/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const API_KEY = 'sk-test-0123456789abcdefSECRET';
let database: TestDatabase;
let db: Database;
let fake: FakeOpenAI;

const settingsFor = (overrides: Record<string, string> = {}): GptSettings =>
  loadConfig({ NODE_ENV: 'test', OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-test-mini', GPT_PRICE_INPUT_PER_1M: '2', GPT_PRICE_OUTPUT_PER_1M: '8', ...overrides }).gpt;

let sequence = 0;
async function newUser(): Promise<GptUser> {
  const companyId = await insertCompany(db, { code: `GPT${Date.now()}${sequence++}`, name: 'テスト特許事務所' });
  const userId = await insertUser(db, { companyId, email: `gpt-${sequence++}-${Date.now()}@example.jp`, name: '特許 花子', passwordHash: 'x', role: 'auth_user' });
  return { userId, companyId };
}

/** A logger whose output the test can read. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), text: () => lines.join('') };
}

// A real answer shape: Japanese keywords for a battery subject, one good row per concept,
// one row with an unbalanced bracket and one with an operator missing its operand.
const batteryAnswer = {
  keywords: [
    { keyword: 'リチウムイオン電池', synonyms: ['リチウム二次電池', 'LIB', 'リチウムイオン電池'] },
    { keyword: '負極', synonyms: ['アノード'] },
    { keyword: '  ', synonyms: [] },
  ],
  formulas: [
    { text: '(リチウムイオン電池+リチウム二次電池+LIB)', tag: 'abst_claim_desc_title' },
    { text: '(負極+アノード', tag: 'claim' },
    { text: '(シリコン+Si)*', tag: 'abst_claim' },
    { text: '(負極+アノード)', tag: 'abst_claim' },
  ],
  combination: '1*4',
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 4);
  await migrateToLatest(db);
  fake = await startFakeOpenAI(() => ({ content: batteryAnswer, usage: { prompt_tokens: 1200, completion_tokens: 300 } }));
});
afterAll(async () => {
  await fake.close();
  await db.destroy();
  await database.drop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.answerWith(() => ({ content: batteryAnswer, usage: { prompt_tokens: 1200, completion_tokens: 300 } }));
});

test('configuration: no key means GPT is off and no client exists', () => {
  const off = loadConfig({ NODE_ENV: 'test' }).gpt;
  expect(isGptConfigured(off)).toBe(false);
  expect(createGptClient(off)).toBeNull();
  expect(isGptConfigured({ apiKey: '   ' })).toBe(false);
  expect(isGptConfigured(settingsFor())).toBe(true);
  expect(settingsFor().pricePerMillion).toEqual({ input: 2, output: 8 });
});

test('the structured answer is parsed: keywords with synonyms, only valid formulas, the combination renumbered', async () => {
  const user = await newUser();
  const settings = settingsFor();
  const result = await generateKeywordsWithGpt(db, { client: createGptClient(settings)!, settings, user, subjectMatter: 'シリコン負極を用いたリチウムイオン電池', region: 'jp' });

  expect(fake.requests).toHaveLength(1);
  const sent = fake.requests[0]!;
  expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
  expect(sent.body.model).toBe('gpt-test-mini');
  expect(sent.body.response_format?.type).toBe('json_schema');
  expect(sent.body.response_format?.json_schema?.strict).toBe(true);
  expect(sent.body.messages?.at(-1)?.content).toContain('シリコン負極を用いたリチウムイオン電池');

  expect(result.keywords.map((k) => [k.keyword, k.synonyms])).toEqual([
    ['リチウムイオン電池', ['リチウム二次電池', 'LIB']],
    ['負極', ['アノード']],
  ]);
  expect(result.keywords.every((k) => k.origin === 'auto' && !k.isDisabled && !k.isRemoved && k.keywordId.length > 0)).toBe(true);
  // Rows 2 and 3 do not parse: dropped; row 4 becomes row 2 and the combination follows.
  expect(result.formulas).toEqual([
    { id: 1, text: '(リチウムイオン電池+リチウム二次電池+LIB)', tag: 'abst_claim_desc_title', valid: true },
    { id: 2, text: '(負極+アノード)', tag: 'abst_claim', valid: true },
  ]);
  expect(result.combination).toBe('1*2');
  expect(result.droppedFormulas).toBe(2);
});

test('each call’s tokens and dollars are recorded for the user and the company', async () => {
  const user = await newUser();
  const settings = settingsFor();
  await generateKeywordsWithGpt(db, { client: createGptClient(settings)!, settings, user, subjectMatter: '電池', region: 'jp' });
  await generateKeywordsWithGpt(db, { client: createGptClient(settings)!, settings, user, subjectMatter: '電池', region: 'jp' });

  const rows = await db('gpt_usage').where('company_id', user.companyId).orderBy('id');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ user_id: user.userId, model: 'gpt-test-mini', purpose: GPT_KEYWORDS_PURPOSE, prompt_tokens: 1200, completion_tokens: 300 });
  // 1200 × $2/M + 300 × $8/M = $0.0024 + $0.0024
  expect(Number(rows[0].cost_usd)).toBeCloseTo(0.0048, 8);
  const status = await gptQuotaStatus(db, user.companyId, settings);
  expect(status.spentUsd).toBeCloseTo(0.0096, 8);
  expect(status.totalQuotaUsd).toBe(settings.defaultMonthlyQuotaUsd);
  expect(await companySpendByUser(db, user.companyId, billingMonthOf())).toEqual([
    { userId: user.userId, calls: 2, promptTokens: 2400, completionTokens: 600, costUsd: 0.0096 },
  ]);
  // Another company's spend is its own.
  expect((await gptQuotaStatus(db, (await newUser()).companyId, settings)).spentUsd).toBe(0);
});

test('over the company’s budget: E098 before any call, for every user of the company', async () => {
  const user = await newUser();
  const colleague = { userId: await insertUser(db, { companyId: user.companyId, email: `colleague-${Date.now()}@example.jp`, name: '同僚', passwordHash: 'x', role: 'auth_user' }), companyId: user.companyId };
  const settings = settingsFor();
  await setCompanyQuota(db, user.companyId, { monthlyQuotaUsd: 1, additionalQuotaUsd: 0.5, carryOverUsd: 0.25 });
  await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-mini', purpose: GPT_KEYWORDS_PURPOSE, promptTokens: 1, completionTokens: 1, costUsd: 1.7 });
  // $1.70 of $1.75: still allowed.
  await expect(assertWithinQuota(db, colleague, settings)).resolves.toMatchObject({ totalQuotaUsd: 1.75, remainingUsd: expect.closeTo(0.05, 8) });

  await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-mini', purpose: GPT_KEYWORDS_PURPOSE, promptTokens: 1, completionTokens: 1, costUsd: 0.05 });
  const call = generateKeywordsWithGpt(db, { client: createGptClient(settings)!, settings, user: colleague, subjectMatter: '電池', region: 'jp' });
  await expect(call).rejects.toMatchObject({ errcode: 'E098', status: 402 });
  await expect(assertWithinQuota(db, colleague.userId, settings)).rejects.toMatchObject({ errcode: 'E098' });
  expect(fake.requests).toHaveLength(0);

  // Bought more: allowed again.
  await setCompanyQuota(db, user.companyId, { monthlyQuotaUsd: 1, additionalQuotaUsd: 5, carryOverUsd: 0.25 });
  await expect(assertWithinQuota(db, colleague, settings)).resolves.toMatchObject({ totalQuotaUsd: 6.25 });
});

test('the budget is per billing month (Japanese time): last month’s spend and top-ups do not count', async () => {
  expect(billingMonthOf(new Date('2026-11-30T15:30:00Z'))).toBe('2026-12-01'); // 00:30 JST on 1 December
  expect(billingMonthOf(new Date('2026-11-30T14:59:00Z'))).toBe('2026-11-01');
  const user = await newUser();
  const settings = settingsFor();
  const lastMonth = new Date();
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1, 10);
  await setCompanyQuota(db, user.companyId, { month: billingMonthOf(lastMonth), monthlyQuotaUsd: 3, additionalQuotaUsd: 100, carryOverUsd: 0 });
  await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'm', purpose: 'p', promptTokens: 1, completionTokens: 1, costUsd: 50, createdAt: lastMonth });
  const status = await gptQuotaStatus(db, user.companyId, settings);
  // The monthly amount carries on; last month's additional quota and spend do not.
  expect(status).toMatchObject({ monthlyQuotaUsd: 3, additionalQuotaUsd: 0, carryOverUsd: 0, spentUsd: 0, totalQuotaUsd: 3 });
});

test('answers that cannot be used still cost: recorded, and the call fails with E417', async () => {
  const user = await newUser();
  const settings = settingsFor();
  const client = createGptClient(settings)!;
  const generate = () => generateKeywordsWithGpt(db, { client, settings, user, subjectMatter: '電池', region: 'jp' });

  fake.answerWith(() => ({ content: 'this is not JSON', usage: { prompt_tokens: 100, completion_tokens: 10 } }));
  await expect(generate()).rejects.toMatchObject({ errcode: 'E417', failure: 'invalid_answer' });
  fake.answerWith(() => ({ content: { keywords: 'wrong shape' }, usage: { prompt_tokens: 100, completion_tokens: 10 } }));
  await expect(generate()).rejects.toMatchObject({ errcode: 'E417', failure: 'invalid_answer' });
  fake.answerWith(() => ({ content: '{"keywords": [', finishReason: 'length', usage: { prompt_tokens: 100, completion_tokens: 4096 } }));
  await expect(generate()).rejects.toMatchObject({ errcode: 'E417', failure: 'truncated' });
  fake.answerWith(() => ({ refusal: 'I cannot help with that.', usage: { prompt_tokens: 100, completion_tokens: 5 } }));
  await expect(generate()).rejects.toMatchObject({ errcode: 'E417', failure: 'refused' });

  const rows = await db('gpt_usage').where('user_id', user.userId).orderBy('id');
  expect(rows.map((row) => row.completion_tokens)).toEqual([10, 10, 4096, 5]);
});

test('failures map to the spec’s codes; the key never reaches the log', async () => {
  const user = await newUser();
  const settings = settingsFor();
  const { logger, text } = capturingLogger();
  const client = createGptClient(settings, logger)!;
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], schema: { name: 'x', schema: { type: 'object' } }, parse: (v: unknown) => v };

  // OpenAI's own 401 text quotes part of the key.
  fake.answerWith(() => ({ status: 401, error: { message: `Incorrect API key provided: ${API_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`, code: 'invalid_api_key' } }));
  await expect(client.structured(request)).rejects.toMatchObject({ errcode: 'E999', failure: 'configuration' });
  expect(fake.requests).toHaveLength(1); // not retried

  fake.requests.length = 0;
  fake.answerWith(() => ({ status: 503, error: { message: 'overloaded' } }));
  await expect(client.structured(request)).rejects.toMatchObject({ errcode: 'E417', failure: 'server' });
  expect(fake.requests).toHaveLength(2); // one retry

  fake.answerWith(() => ({ status: 429, error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } }));
  await expect(client.structured(request)).rejects.toMatchObject({ errcode: 'E417', failure: 'rate_limited' });

  fake.answerWith(() => ({ hangUp: true }));
  await expect(client.structured(request)).rejects.toMatchObject({ errcode: 'E417', failure: 'connection' });

  expect(text()).toContain('GPT call rejected');
  expect(text()).toContain('invalid_api_key');
  expect(text()).not.toContain(API_KEY);
  expect(text()).not.toContain('0123456789abcdef');
  expect(await db('gpt_usage').where('user_id', user.userId)).toHaveLength(0);
});

test('a hung upstream times out with E417; a cancelled job aborts the call at once', async () => {
  const settings = { ...settingsFor(), timeoutMs: 300 };
  const client = createGptClient(settings)!;
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], schema: { name: 'x', schema: { type: 'object' } }, parse: (v: unknown) => v };
  fake.answerWith(() => ({ content: {}, delayMs: 5_000 }));
  await expect(client.structured(request)).rejects.toMatchObject({ errcode: 'E417', failure: 'timeout' });

  // Cancelled when the server has the request (not a fixed 100 ms after the start, which a loaded machine can reach
  // before the request is sent), on a client whose deadline (60 s) and answer (30 s) are far off: a call that waited for
  // either instead of ending at the cancel would end in E417 or an answer, not the cancel's reason. (A wall-clock limit
  // on the rejection was asserted before; with the 300 ms deadline it could not tell a cancel from a timeout.)
  const controller = new AbortController();
  fake.answerWith(() => {
    controller.abort(new Error('job cancelled'));
    return { content: {}, delayMs: 30_000 };
  });
  const patient = createGptClient(settingsFor())!;
  await expect(patient.structured({ ...request, signal: controller.signal })).rejects.toThrow('job cancelled');
  await expect(client.structured({ ...request, signal: controller.signal })).rejects.toThrow('job cancelled');
});

test('GPT formulas: invalid rows dropped, combinations that name them or leave rows out repaired', () => {
  // A combination naming a dropped row gives way to the default (all rows ANDed).
  expect(acceptGptFormulas({ formulas: [{ text: 'battery', tag: 'abst' }, { text: 'anode+', tag: 'abst' }], combination: '1*2' }, 'us')).toEqual({
    formulas: [{ id: 1, text: 'battery', tag: 'abst', valid: true }],
    combination: '',
    dropped: 1,
  });
  // A row the combination leaves out is dropped (it would be E026 in the form).
  expect(acceptGptFormulas({ formulas: [{ text: 'battery', tag: 'abst' }, { text: 'anode', tag: 'claim' }, { text: 'H01M', tag: 'ipc' }], combination: '1*3' }, 'us')).toEqual({
    formulas: [{ id: 1, text: 'battery', tag: 'abst', valid: true }, { id: 2, text: 'H01M', tag: 'ipc', valid: true }],
    combination: '1*2',
    dropped: 1,
  });
  // Bad combination syntax, bad dates and class codes.
  const repaired = acceptGptFormulas(
    { formulas: [{ text: '20201340', tag: 'appdate' }, { text: 'not a code!', tag: 'ipc' }, { text: '"lithium-ion"+LIB', tag: 'title' }], combination: '1**3' },
    'jp',
  );
  expect(repaired).toEqual({ formulas: [{ id: 1, text: '"lithium-ion"+LIB', tag: 'title', valid: true }], combination: '', dropped: 2 });
});

test('no usable formula in the answer: the rows are made from GPT’s keywords', async () => {
  const user = await newUser();
  const settings = settingsFor();
  fake.answerWith(() => ({
    content: { keywords: [{ keyword: 'non-volatile memory', synonyms: ['flash memory'] }, { keyword: 'wear leveling', synonyms: [] }], formulas: [{ text: '((', tag: 'abst' }], combination: '1' },
  }));
  const result = await generateKeywordsWithGpt(db, { client: createGptClient(settings)!, settings, user, subjectMatter: 'flash wear leveling', region: 'us' });
  expect(result.formulas).toEqual([
    { id: 1, text: '("non-volatile memory"+flash memory)', tag: 'abst_claim_desc_title', valid: true },
    { id: 2, text: 'wear leveling', tag: 'abst_claim_desc_title', valid: true },
  ]);
  expect(result.combination).toBe('1*2');
});

describe('the extract-keyword job (type 3)', () => {
  const context = (userId: string, payload: unknown) => {
    const progress: number[] = [];
    return {
      progress,
      context: { db, logger: pino({ level: 'silent' }), signal: new AbortController().signal, progress: async (p: number) => void progress.push(p), job: { userId, payload } },
    };
  };

  test('with GPT: keywords with hit counts, formulas and combination; progress reported', async () => {
    const user = await newUser();
    const settings = settingsFor();
    const registered = new Map<number, (ctx: never) => Promise<unknown>>();
    registerKeywordJobs({ register: (type, handler) => void registered.set(type, handler as never) }, { config: { gpt: settings } });
    expect([...registered.keys()].sort()).toEqual([1, 2, 3]);
    const { context: ctx, progress } = context(user.userId, { subjectMatter: 'リチウムイオン電池の負極', lang: 'jp', useGpt: true });
    const result = (await registered.get(3)!(ctx as never)) as { keywords: Array<{ keyword: string; hitCount: number }>; formulas: unknown[]; combination: string; usedGpt: boolean };
    expect(result.usedGpt).toBe(true);
    expect(result.keywords.map((k) => k.keyword)).toEqual(['リチウムイオン電池', '負極']);
    expect(result.keywords.every((k) => k.hitCount === 0)).toBe(true); // no patents in this database
    expect(result.formulas).toHaveLength(2);
    expect(result.combination).toBe('1*2');
    expect(progress.at(-1)).toBe(100);
    expect(fake.requests).toHaveLength(1);
  });

  test('without a key the same job takes the corpus path and never calls GPT', async () => {
    const user = await newUser();
    const handlers = keywordJobHandlers({ gpt: null, gptSettings: loadConfig({ NODE_ENV: 'test' }).gpt });
    const { context: ctx } = context(user.userId, { subjectMatter: 'A lithium-ion battery whose anode is silicon. The silicon anode swells.', lang: 'us', useGpt: true });
    const result = (await handlers[3](ctx)) as { keywords: Array<{ keyword: string }>; usedGpt: boolean; gptUnavailable: boolean; formulas?: unknown };
    expect(result).toMatchObject({ usedGpt: false, gptUnavailable: true });
    expect(result.formulas).toBeUndefined();
    expect(result.keywords.map((k) => k.keyword)).toContain('lithium-ion battery');
    expect(fake.requests).toHaveLength(0);
  });

  test('over budget the job fails with E098; a malformed payload with E102', async () => {
    const user = await newUser();
    await setCompanyQuota(db, user.companyId, { monthlyQuotaUsd: 0, additionalQuotaUsd: 0, carryOverUsd: 0 });
    const handlers = keywordJobHandlers({ gpt: createGptClient(settingsFor()), gptSettings: settingsFor() });
    await expect(handlers[3](context(user.userId, { subjectMatter: '電池', lang: 'jp', useGpt: true }).context)).rejects.toMatchObject({ errcode: 'E098' });
    await expect(handlers[3](context(user.userId, { subjectMatter: 42, lang: 'jp' }).context)).rejects.toBeInstanceOf(AppError);
    await expect(handlers[1](context(user.userId, { keywords: 'x', lang: 'jp' }).context)).rejects.toMatchObject({ errcode: 'E102' });
    expect(fake.requests).toHaveLength(0);
    // A deleted user's waiting job: E999, no call.
    await expect(gptUserOf(db, '00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ errcode: 'E999' });
  });
});

test('GptError carries the usage of the failed answer', () => {
  const error = new GptError('invalid_answer', { promptTokens: 3, completionTokens: 4 }, 'm');
  expect(error).toBeInstanceOf(AppError);
  expect(error.errcode).toBe('E417');
  expect(new GptError('configuration').errcode).toBe('E999');
});
