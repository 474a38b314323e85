// The manager's GPT usage page (/manage/gpt-usage-status) and its API: real usage recorded by a
// GPT call through the fake OpenAI-compatible server, per user, per feature and per day; the
// month selector; additional quota (ME060–ME062 in the manager's language, CSRF, who added
// it); the walls between companies and between the two areas.
import request from 'supertest';
import { createAccount, startTestApp, type TestApp } from '../helpers/app.ts';
import { post, signInThroughApi, type Agent } from '../helpers/auth.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { createGptClient } from '../../src/platform/gpt.ts';
import { billingMonthOf, callGptMetered } from '../../src/gpt-usage/service.ts';
import { insertGptUsage } from '../../src/gpt-usage/repository.ts';
import { GPT_CARRY_OVER_TASK, scheduleGptCarryOver } from '../../src/gpt-usage/carry-over.ts';
import { waitUntil } from '../jobs/helpers.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { insertUser } from '../../src/users/repository.ts';

const PAGE = '/manage/gpt-usage-status';
const API = '/api/manage/gpt-usage';
const ADD = '/api/manage/gpt-usage/additional-quota';
let testApp: TestApp;
let fake: FakeOpenAI;
let manager: { id: string; email: string; password: string };
let agent: Agent;
let companyId: string;
let member: { id: string; email: string; password: string };

const companyOf = async (userId: string): Promise<string> => (await testApp.runtime.db('users').where({ id: userId }).first('company_id')).company_id;
const monthParameter = (monthsBack: number) => {
  const [year, month] = billingMonthOf().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - monthsBack, 1)).toISOString().slice(0, 7);
};

beforeAll(async () => {
  fake = await startFakeOpenAI(() => ({ content: { keywords: [] }, usage: { prompt_tokens: 200_000, completion_tokens: 100_000 } }));
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '100', ROLE: 'all', OPENAI_API_KEY: 'sk-test-usage', OPENAI_BASE_URL: fake.url, GPT_PRICE_INPUT_PER_1M: '0.15', GPT_PRICE_OUTPUT_PER_1M: '0.6' });
  manager = await createAccount(testApp, { role: 'auth_adopter', name: '管理 花子' });
  companyId = await companyOf(manager.id);
  const password = 'Passw0rd!x';
  const email = `usage-member-${Date.now()}@example.jp`;
  member = { id: await insertUser(testApp.runtime.db, { companyId, email, name: '特許 一郎', passwordHash: await hashPassword(password), role: 'auth_user' }), email, password };
  agent = await signInThroughApi(testApp, manager, 'manage');

  // One real GPT call of the member, through the HTTP server: 200,000 × $0.15 + 100,000 × $0.6 per million = $0.09.
  const client = createGptClient(testApp.config.gpt)!;
  await callGptMetered(testApp.runtime.db, {
    client,
    settings: testApp.config.gpt,
    user: { userId: member.id, companyId },
    purpose: 'detail_search_keywords',
    request: { messages: [{ role: 'user', content: 'リチウムイオン電池の負極' }], schema: { name: 'keywords', schema: { type: 'object' } }, parse: (value) => value },
  });
  expect(fake.requests).toHaveLength(1);
  // A purpose the page does not know is shown as recorded.
  await insertGptUsage(testApp.runtime.db, { companyId, userId: member.id, model: 'gpt-test', purpose: 'mystery_tool', promptTokens: 1_000, completionTokens: 0, costUsd: 0.5 });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

test('the API shows the real usage of this month: budget, per user, per feature and per day', async () => {
  const { body } = await agent.get(API).expect(200);
  expect(body.month).toBe(billingMonthOf());
  expect(body.months).toHaveLength(13);
  expect(body.status).toMatchObject({ monthlyQuotaUsd: 50, additionalQuotaUsd: 0, carryOverUsd: 0, totalQuotaUsd: 50 });
  expect(body.status.spentUsd).toBeCloseTo(0.59, 8);
  expect(body.status.remainingUsd).toBeCloseTo(49.41, 8);
  expect(body.users).toEqual([{ name: '特許 一郎', email: member.email, calls: 2, tokens: 301_000, costUsd: expect.closeTo(0.59, 8) }]);
  expect(body.features).toEqual([
    { feature: null, purposes: ['mystery_tool'], calls: 1, tokens: 1_000, costUsd: 0.5 },
    { feature: 'detailSearch', purposes: ['detail_search_keywords'], calls: 1, tokens: 300_000, costUsd: expect.closeTo(0.09, 8) },
  ]);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  expect(body.days.find((day: { day: string }) => day.day === today).costUsd).toBeCloseTo(0.59, 8);
  expect(body.days.filter((day: { costUsd: number }) => day.costUsd > 0)).toHaveLength(1);
});

test('the page in Japanese and English: figures, tables, the chart drawn on the server, the form', async () => {
  const ja = await agent.get(PAGE).expect(200);
  expect(ja.text).toContain('GPT 利用状況');
  expect(ja.text).toContain('特許 一郎');
  expect(ja.text).toContain(member.email);
  expect(ja.text).toContain('詳細検索（キーワード生成）');
  expect(ja.text).toContain('mystery_tool');
  expect(ja.text).toContain('$0.59');
  expect(ja.text).toContain('$49.41');
  expect(ja.text).toMatch(/<svg[^>]*role="img"/);
  expect(ja.text).toContain('data-testid="quota-form"');

  const english = await createAccount(testApp, { role: 'auth_adopter', name: 'Grace Hopper', languageCD: 'lang_en' });
  await testApp.runtime.db('users').where({ id: english.id }).update({ company_id: companyId });
  const en = await (await signInThroughApi(testApp, english, 'manage')).get(PAGE).expect(200);
  expect(en.text).toContain('Detailed search (keyword generation)');
  expect(en.text).toContain('By user');
  expect(en.text).toContain('Monthly quota');
});

test('an earlier month: bookmarkable, says plainly when nothing was used, offers no form; months outside the range are 404', async () => {
  const last = await agent.get(`${PAGE}?month=${monthParameter(1)}`).expect(200);
  expect(last.text).toContain('この月の GPT 利用はありません。');
  expect(last.text).not.toContain('data-testid="quota-form"');
  expect((await agent.get(`${API}?month=${monthParameter(1)}`).expect(200)).body.users).toEqual([]);
  await agent.get(`${PAGE}?month=${monthParameter(12)}`).expect(200);
  await agent.get(`${PAGE}?month=${monthParameter(13)}`).expect(404);
  await agent.get(`${PAGE}?month=${monthParameter(-1)}`).expect(404);
  await agent.get(`${PAGE}?month=2026-13`).expect(404);
  await agent.get(`${API}?month=november`).expect(404);
});

test('additional quota: every bad amount has its code in the manager’s language; nothing is added', async () => {
  const cases: Array<[unknown, string]> = [
    [undefined, 'ME060'],
    ['', 'ME060'],
    ['  ', 'ME060'],
    ['abc', 'ME061'],
    ['1.234', 'ME061'],
    ['-5', 'ME061'],
    ['1e3', 'ME061'],
    [['10'], 'ME060'],
    ['0', 'ME062'],
    ['0.00', 'ME062'],
    ['10000.01', 'ME062'],
    [20_000, 'ME062'],
  ];
  for (const [amountUsd, code] of cases) {
    const response = await post(agent, ADD, { amountUsd }, PAGE).expect(400);
    expect(response.body).toEqual({ errcode: code, detail: expect.any(String), field: 'amountUsd' });
  }
  expect((await post(agent, ADD, { amountUsd: '' }, PAGE)).body.detail).toBe('追加する金額を入力してください。');
  expect((await post(agent, ADD, { amountUsd: '0' }, PAGE)).body.detail).toBe('金額は 0.01 ドル以上 10,000 ドル以下で入力してください。');
  const english = await createAccount(testApp, { role: 'auth_adopter', languageCD: 'lang_en' });
  const englishAgent = await signInThroughApi(testApp, english, 'manage');
  expect((await post(englishAgent, ADD, { amountUsd: '1.234' }, PAGE)).body.detail).toBe('Enter the amount in US dollars with up to two decimals (for example 25.50).');
  expect(Number((await testApp.runtime.db('gpt_quota_additions').where({ company_id: companyId }).count({ n: '*' }))[0]!.n)).toBe(0);
});

test('additional quota is added to this month at once, recorded with the manager; without the CSRF token it is refused', async () => {
  expect((await agent.post(ADD).send({ amountUsd: '25.50' }).expect(403)).body.errcode).toBe('ME041');
  const added = await post(agent, ADD, { amountUsd: '25.50' }, PAGE).expect(201);
  expect(added.body.status).toMatchObject({ monthlyQuotaUsd: 50, additionalQuotaUsd: 25.5, totalQuotaUsd: 75.5 });
  expect(added.body.additions).toEqual([{ amountUsd: 25.5, addedAt: expect.any(String), addedByName: '管理 花子' }]);
  const again = await post(agent, ADD, { amountUsd: 10000 }, PAGE).expect(201);
  expect(again.body.status.additionalQuotaUsd).toBe(10_025.5);
  const rows = await testApp.runtime.db('gpt_quota_additions').where({ company_id: companyId }).orderBy('id').select('amount_usd', 'added_by');
  expect(rows).toEqual([
    { amount_usd: '25.50', added_by: manager.id },
    { amount_usd: '10000.00', added_by: manager.id },
  ]);
  const page = await agent.get(PAGE).expect(200);
  expect(page.text).toContain('$10,025.50');
  expect(page.text).toContain('$10,075.50');
});

test('another company’s manager sees none of these figures and adds nothing here; users and visitors are refused', async () => {
  const otherManager = await createAccount(testApp, { role: 'auth_adopter', name: '他社 次郎' });
  const other = await signInThroughApi(testApp, otherManager, 'manage');
  const { body } = await other.get(API).expect(200);
  expect(body.users).toEqual([]);
  expect(body.features).toEqual([]);
  expect(body.status).toMatchObject({ spentUsd: 0, additionalQuotaUsd: 0 });
  const page = await other.get(PAGE).expect(200);
  expect(page.text).not.toContain(member.email);
  expect(page.text).toContain('この月の GPT 利用はありません。');
  await post(other, ADD, { amountUsd: '5' }, PAGE).expect(201);
  expect((await agent.get(API).expect(200)).body.status.additionalQuotaUsd).toBe(10_025.5);

  const user = await signInThroughApi(testApp, member, 'user');
  expect((await user.get(PAGE).expect(302)).headers.location).toBe('/search');
  expect((await user.get(API).expect(401)).body.errcode).toBe('ME041');
  expect((await post(user, ADD, { amountUsd: '5' }, '/setting').expect(401)).body.errcode).toBe('ME041');
  expect((await request(testApp.app).get(PAGE).expect(302)).headers.location).toContain('/manage/login');
  await request(testApp.app).get(API).expect(401);
});

test('the worker schedules the carry-over once for 00:05 on the next 1st (JST); a due run is kept and taken, then the next is scheduled', async () => {
  const db = testApp.runtime.db;
  const scheduled = () => db('agenda_jobs').where({ name: GPT_CARRY_OVER_TASK }).select('next_run_at', 'last_finished_at', 'repeat_interval', 'repeat_timezone');
  await waitUntil(async () => (await scheduled()).length > 0, 'the carry-over to be scheduled');
  const [year, month] = billingMonthOf().split('-').map(Number) as [number, number];
  // 00:05 JST on the 1st of next month is 15:05 UTC on the last day of this one.
  const nextStart = new Date(Date.UTC(year, month, 0, 15, 5)).toISOString();
  const [row] = await scheduled();
  expect(new Date(row.next_run_at).toISOString()).toBe(nextStart);
  expect(row).toMatchObject({ repeat_interval: '5 0 1 * *', repeat_timezone: 'Asia/Tokyo', last_finished_at: null });

  // A month start missed while no worker ran: scheduling again at a worker's start keeps the due run…
  const missed = new Date(Date.now() - 3_600_000);
  await db('agenda_jobs').where({ name: GPT_CARRY_OVER_TASK }).update({ next_run_at: missed, disabled: true });
  await scheduleGptCarryOver(testApp.runtime.jobRunner);
  await scheduleGptCarryOver(testApp.runtime.jobRunner);
  expect(await scheduled()).toHaveLength(1);
  expect(new Date((await scheduled())[0].next_run_at).toISOString()).toBe(missed.toISOString());
  // …which the worker takes, and then schedules the next month start.
  await db('agenda_jobs').where({ name: GPT_CARRY_OVER_TASK }).update({ disabled: false });
  await waitUntil(async () => (await scheduled())[0]?.last_finished_at, 'the carry-over to run');
  expect(new Date((await scheduled())[0].next_run_at).toISOString()).toBe(nextStart);
});
