// The GPT budget against a real database and a real OpenAI-compatible HTTP server
// (test/helpers/fake-openai.ts): calls made at the same moment cannot overshoot the budget
// (each reserves its estimated cost under the company's lock), and the monthly carry-over of
// unused quota, run with a fixed clock across a month boundary in Japanese time, is written
// once however often it runs.
import { loadConfig } from '../../src/platform/config.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { createGptClient, type GptClient, type GptSettings, type StructuredRequest } from '../../src/platform/gpt.ts';
import { AppError } from '../../src/platform/errors.ts';
import { insertCompany, insertUser } from '../../src/users/repository.ts';
import { callGptMetered, gptQuotaStatus, gptQuotaStatusOfMonth, setCompanyQuota, type GptUser } from '../../src/gpt-usage/service.ts';
import { insertGptUsage, insertQuotaAddition } from '../../src/gpt-usage/repository.ts';
import { carryOverUnusedQuota, previousMonth } from '../../src/gpt-usage/carry-over.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

let database: TestDatabase;
let db: Database;
let fake: FakeOpenAI;
let settings: GptSettings;
let client: GptClient;

/**
 * Each call: 10,000 prompt + 5,000 completion tokens at $2 / $8 per million = $0.06. The prompt
 * is 10,000 characters of Japanese (about a token each), as a real 10,000-token prompt would be.
 */
const CALL_COST = 0.06;
const request: StructuredRequest<{ ok: boolean }> = {
  messages: [{ role: 'user', content: '請求項1に記載の電池の負極材料。'.repeat(625) }],
  schema: { name: 'answer', schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false } },
  parse: (value) => value as { ok: boolean },
  maxOutputTokens: 5_000,
};

let sequence = 0;
async function newUser(): Promise<GptUser> {
  const companyId = await insertCompany(db, { code: `Q${Date.now()}${sequence++}`, name: 'テスト特許事務所' });
  const userId = await insertUser(db, { companyId, email: `quota-${sequence++}-${Date.now()}@example.jp`, name: '特許 花子', passwordHash: 'x', role: 'auth_user' });
  return { userId, companyId };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 12);
  await migrateToLatest(db);
  // Slow answers, so every call is in flight at the same moment.
  fake = await startFakeOpenAI(() => ({ content: { ok: true }, usage: { prompt_tokens: 10_000, completion_tokens: 5_000 }, delayMs: 300 }));
  settings = loadConfig({ NODE_ENV: 'test', OPENAI_API_KEY: 'sk-test-quota', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-test-mini', GPT_PRICE_INPUT_PER_1M: '2', GPT_PRICE_OUTPUT_PER_1M: '8' }).gpt;
  client = createGptClient(settings)!;
});
afterAll(async () => {
  await fake.close();
  await db.destroy();
  await database.drop();
});

test('ten calls at the same moment with a budget for three: at most three reach the server, the rest get E098', async () => {
  const user = await newUser();
  await setCompanyQuota(db, user.companyId, { monthlyQuotaUsd: 0.18, additionalQuotaUsd: 0, carryOverUsd: 0 });
  fake.requests.length = 0;
  const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => callGptMetered(db, { client, settings, user, purpose: 'detail_search_keywords', request })));
  const served = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
  expect(fake.requests.length).toBeLessThanOrEqual(3);
  expect(fake.requests.length).toBe(served);
  expect(served).toBeGreaterThan(0);
  for (const outcome of refused) expect(((outcome as PromiseRejectedResult).reason as AppError).errcode).toBe('E098');
  const status = await gptQuotaStatus(db, user.companyId, settings);
  expect(status.spentUsd).toBeCloseTo(served * CALL_COST, 8);
  expect(status.spentUsd).toBeLessThanOrEqual(0.18 + 1e-9);
  // Every reservation was settled.
  expect(Number((await db('gpt_quota_reservations').where({ company_id: user.companyId }).count({ n: '*' }))[0]!.n)).toBe(0);

  // One after another, the budget allows exactly three calls in all.
  for (let i = served; i < 3; i++) await callGptMetered(db, { client, settings, user, purpose: 'detail_search_keywords', request });
  await expect(callGptMetered(db, { client, settings, user, purpose: 'detail_search_keywords', request })).rejects.toMatchObject({ errcode: 'E098' });
  expect((await gptQuotaStatus(db, user.companyId, settings)).spentUsd).toBeCloseTo(3 * CALL_COST, 8);
});

test('another company’s calls in flight do not count against this one', async () => {
  const busy = await newUser();
  const quiet = await newUser();
  await setCompanyQuota(db, busy.companyId, { monthlyQuotaUsd: 0.06, additionalQuotaUsd: 0, carryOverUsd: 0 });
  await setCompanyQuota(db, quiet.companyId, { monthlyQuotaUsd: 0.06, additionalQuotaUsd: 0, carryOverUsd: 0 });
  const results = await Promise.allSettled([
    callGptMetered(db, { client, settings, user: busy, purpose: 'detail_search_keywords', request }),
    callGptMetered(db, { client, settings, user: quiet, purpose: 'detail_search_keywords', request }),
  ]);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
});

test('a failed call without charged tokens releases its reservation', async () => {
  const user = await newUser();
  await setCompanyQuota(db, user.companyId, { monthlyQuotaUsd: 0.06, additionalQuotaUsd: 0, carryOverUsd: 0 });
  fake.answerWith(() => ({ status: 400, error: { message: 'bad request', type: 'invalid_request_error' } }));
  await expect(callGptMetered(db, { client, settings, user, purpose: 'detail_search_keywords', request })).rejects.toBeInstanceOf(AppError);
  fake.answerWith(() => ({ content: { ok: true }, usage: { prompt_tokens: 10_000, completion_tokens: 5_000 } }));
  await expect(callGptMetered(db, { client, settings, user, purpose: 'detail_search_keywords', request })).resolves.toMatchObject({ value: { ok: true } });
});

describe('carry-over across a month boundary (Japanese time, fixed clock)', () => {
  /** 2026-11-01 00:05 JST */
  const runAt = new Date('2026-10-31T15:05:00Z');
  const november = '2026-11-01';
  /** A company that existed in October (created in September). */
  const octoberUser = async () => {
    const user = await newUser();
    await db('companies').where({ id: user.companyId }).update({ created_at: new Date('2026-09-01T00:00:00Z') });
    return user;
  };

  test('usage at 23:30 on 31 October JST counts in October; run twice at 00:05 on 1 November → carried once', async () => {
    expect(previousMonth(november)).toBe('2026-10-01');
    expect(previousMonth('2026-01-01')).toBe('2025-12-01');
    const user = await octoberUser();
    await setCompanyQuota(db, user.companyId, { month: '2026-10-01', monthlyQuotaUsd: 50, additionalQuotaUsd: 0, carryOverUsd: 0 });
    await insertQuotaAddition(db, { companyId: user.companyId, month: '2026-10-01', amountUsd: 10, addedBy: user.userId, monthlyQuotaUsd: 50 });
    await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-mini', purpose: 'detail_search_keywords', promptTokens: 1, completionTokens: 1, costUsd: 12.345, createdAt: new Date('2026-10-31T14:30:00Z') });
    // 00:01 JST on 1 November: November's, not October's.
    await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-mini', purpose: 'detail_search_keywords', promptTokens: 1, completionTokens: 1, costUsd: 1, createdAt: new Date('2026-10-31T15:01:00Z') });

    await carryOverUnusedQuota(db, settings, runAt);
    await carryOverUnusedQuota(db, settings, runAt);
    await Promise.all([carryOverUnusedQuota(db, settings, runAt), carryOverUnusedQuota(db, settings, runAt)]);

    const october = await gptQuotaStatusOfMonth(db, user.companyId, settings, '2026-10-01');
    expect(october).toMatchObject({ monthlyQuotaUsd: 50, additionalQuotaUsd: 10, spentUsd: 12.345 });
    const status = await gptQuotaStatusOfMonth(db, user.companyId, settings, november);
    // 50 + 10 − 12.345 = 47.655, rounded down to the cent.
    expect(status).toMatchObject({ monthlyQuotaUsd: 50, additionalQuotaUsd: 0, carryOverUsd: 47.65, totalQuotaUsd: 97.65, spentUsd: 1 });
  });

  test('carry-over does not carry again: last month’s carry-over is spent first and what is left of it expires', async () => {
    const user = await octoberUser();
    await setCompanyQuota(db, user.companyId, { month: '2026-10-01', monthlyQuotaUsd: 20, additionalQuotaUsd: 0, carryOverUsd: 15 });
    await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-mini', purpose: 'detail_search_keywords', promptTokens: 1, completionTokens: 1, costUsd: 5, createdAt: new Date('2026-10-15T03:00:00Z') });
    await carryOverUnusedQuota(db, settings, runAt);
    // Unused 30, of which only October's own 20 carries.
    expect((await gptQuotaStatusOfMonth(db, user.companyId, settings, november)).carryOverUsd).toBe(20);

    // Spending into the own quota: 35 − 25 = 10 carries.
    await insertGptUsage(db, { companyId: user.companyId, userId: user.userId, model: 'gpt-test-mini', purpose: 'detail_search_keywords', promptTokens: 1, completionTokens: 1, costUsd: 20, createdAt: new Date('2026-10-20T03:00:00Z') });
    await carryOverUnusedQuota(db, settings, runAt);
    expect((await gptQuotaStatusOfMonth(db, user.companyId, settings, november)).carryOverUsd).toBe(10);
  });

  test('a company over its budget carries nothing, one without quota rows keeps following the default, one created in November carries nothing', async () => {
    const over = await octoberUser();
    await setCompanyQuota(db, over.companyId, { month: '2026-10-01', monthlyQuotaUsd: 5, additionalQuotaUsd: 0, carryOverUsd: 0 });
    await insertGptUsage(db, { companyId: over.companyId, userId: over.userId, model: 'gpt-test-mini', purpose: 'detail_search_keywords', promptTokens: 1, completionTokens: 1, costUsd: 6, createdAt: new Date('2026-10-15T03:00:00Z') });
    const fresh = await octoberUser();
    const created = await newUser();
    await db('companies').where({ id: created.companyId }).update({ created_at: new Date('2026-10-31T15:00:00Z') }); // 00:00 JST on 1 November
    await carryOverUnusedQuota(db, settings, runAt);
    expect((await gptQuotaStatusOfMonth(db, over.companyId, settings, november)).carryOverUsd).toBe(0);
    // The default quota (GPT_DEFAULT_MONTHLY_QUOTA_USD, 50) left unused in October carries.
    const freshStatus = await gptQuotaStatusOfMonth(db, fresh.companyId, settings, november);
    expect(freshStatus).toMatchObject({ monthlyQuotaUsd: 50, carryOverUsd: 50 });
    expect(await gptQuotaStatusOfMonth(db, created.companyId, settings, november)).toMatchObject({ monthlyQuotaUsd: 50, carryOverUsd: 0 });
    expect(await db('gpt_quotas').where({ company_id: created.companyId })).toEqual([]);
  });
});
