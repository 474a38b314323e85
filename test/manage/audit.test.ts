// The managers' audit log (issue 14 part 6): every manager action is recorded with who, what and
// when, reads as a sentence in the manager's language (names as they were, even after a delete),
// stays inside the company, is closed to users, and is filtered by action and Japanese days and paged.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAccount, startTestApp, type TestApp } from '../helpers/app.ts';
import { post, signInThroughApi, type Agent } from '../helpers/auth.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { insertUser } from '../../src/users/repository.ts';
import { recordAudit } from '../../src/manage/audit/service.ts';

const PAGE = '/manage/setting'; // any manager page gives the CSRF token
let testApp: TestApp;
let outbox: string;
let manager: { id: string; email: string; password: string };
let agent: Agent;
let companyId: string;

interface Entry { action: string; managerName: string; targetUserId: string | null; targetName: string | null; targetEmail: string | null; details: Record<string, unknown>; createdAt: string }

beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-outbox-'));
  testApp = await startTestApp({ MAIL_OUTBOX_DIR: outbox, RATE_LIMIT_FACTOR: '100', ROLE: 'all' });
  manager = await createAccount(testApp, { role: 'auth_adopter', name: '山田 太郎' });
  companyId = (await testApp.runtime.db('users').where({ id: manager.id }).first('company_id')).company_id;
  agent = await signInThroughApi(testApp, manager, 'manage');
});
afterAll(async () => {
  await testApp?.close();
  await rm(outbox, { recursive: true, force: true });
});

let sequence = 0;
const freshEmail = () => `audit-${Date.now()}-${sequence++}@example.jp`;
const log = async (by: Agent = agent, query = '') => (await by.get(`/api/manage/audit-log${query}`).expect(200)).body as { entries: Entry[]; totalCount: number };
const latest = async () => (await log()).entries[0]!;

test('each manager action is recorded with who, what and when, in the same order', async () => {
  const started = Date.now() - 1000;
  const email = freshEmail();
  const added = await post(agent, '/api/manage/users', { name: '佐藤 花子', email, enable: { detail: true } }, PAGE).expect(201);
  const id = added.body.uid as string;
  expect(await latest()).toMatchObject({ action: 'userAdded', managerName: '山田 太郎', targetUserId: id, targetName: '佐藤 花子', targetEmail: email });

  await post(agent, `/api/manage/users/${id}/update`, { name: '佐藤 花子', email, enable: { simple: true, detail: false } }, PAGE).expect(200);
  const changed = await latest();
  expect(changed).toMatchObject({ action: 'userChanged', targetUserId: id, details: { changes: [{ field: 'feature.detail', before: true, after: false }] } });
  expect(Date.parse(changed.createdAt)).toBeGreaterThanOrEqual(started);

  await post(agent, `/api/manage/users/${id}/reset-password`, {}, PAGE).expect(200);
  expect(await latest()).toMatchObject({ action: 'passwordResetSent', targetUserId: id });
  await post(agent, `/api/manage/users/${id}/reset-2fa`, {}, PAGE).expect(200);
  expect(await latest()).toMatchObject({ action: 'secondFactorReset', targetUserId: id });

  const settings = (await agent.get('/api/manage/company-settings').expect(200)).body as { gptDefaultUse: boolean };
  await post(agent, '/api/manage/company-settings', { allowedNetworks: '', gptDefaultUse: !settings.gptDefaultUse }, PAGE).expect(200);
  expect(await latest()).toMatchObject({ action: 'companySettingsChanged', details: { changes: [{ field: 'gptDefaultUse', before: settings.gptDefaultUse, after: !settings.gptDefaultUse }] } });

  await post(agent, '/api/manage/account/update', { uid: manager.id, userName: '山田 太郎（知財部）', languageCD: 'lang_ja', profileImg: null }, PAGE).expect(200);
  expect(await latest()).toMatchObject({ action: 'ownSettingsChanged', managerName: '山田 太郎（知財部）', details: { changes: [{ field: 'name', before: '山田 太郎', after: '山田 太郎（知財部）' }] } });
  await post(agent, '/api/manage/account/update', { uid: manager.id, userName: '山田 太郎', languageCD: 'lang_ja', profileImg: null }, PAGE).expect(200);

  const notice = await post(agent, '/api/manage/notices', { titleJa: '年末年始の休業', titleEn: '', bodyJa: '休業します。', bodyEn: '', importance: 'normal' }, PAGE).expect(201);
  await post(agent, `/api/manage/notices/${notice.body.id}/update`, { titleJa: '年末年始の休業について', titleEn: '', bodyJa: '休業します。', bodyEn: '', importance: 'normal' }, PAGE).expect(200);
  await post(agent, `/api/manage/notices/${notice.body.id}/publish`, {}, PAGE).expect(200);
  await post(agent, `/api/manage/notices/${notice.body.id}/unpublish`, {}, PAGE).expect(200);
  await post(agent, `/api/manage/notices/${notice.body.id}/delete`, {}, PAGE).expect(200);
  await post(agent, '/api/manage/gpt-usage/additional-quota', { amountUsd: 25 }, PAGE).expect(201);
  await post(agent, `/api/manage/users/${id}/delete`, {}, PAGE).expect(200);

  const { entries } = await log();
  expect(entries.slice(0, 8).map((e) => e.action).reverse()).toEqual(['ownSettingsChanged', 'noticeCreated', 'noticeEdited', 'noticePublished', 'noticeUnpublished', 'noticeDeleted', 'gptQuotaAdded', 'userDeleted']);
  expect(entries[1]).toMatchObject({ details: { amountUsd: 25 } });
  expect(entries[2]).toMatchObject({ details: { noticeTitle: '年末年始の休業について' } });
  // The deleted user's entries stay, without the id, with the name and email as they were.
  expect(entries[0]).toMatchObject({ targetUserId: null, targetName: '佐藤 花子', targetEmail: email });
  expect(entries.filter((e) => e.targetEmail === email).map((e) => e.targetUserId)).toEqual(Array(5).fill(null));
  // Never a password, a token or a secret.
  expect(JSON.stringify(entries.map((e) => e.details))).not.toMatch(/hash|token|secret|password/i);
});

test('the log page reads each entry as a sentence in the manager’s language, the deleted user by the name they had', async () => {
  const page = (await agent.get('/manage/audit-log').expect(200)).text;
  expect(page).toMatch(/山田 太郎 が 佐藤 花子（audit-[^）]+）の利用機能を変更しました：詳細検索 オン → オフ</);
  expect(page).toMatch(/山田 太郎 が 佐藤 花子（audit-[^）]+）を削除しました</);
  expect(page).toContain('山田 太郎 がお知らせ「年末年始の休業について」を公開しました');
  expect(page).toMatch(/山田 太郎 が会社の設定を変更しました：GPTの既定の利用 オ[ンフ] → オ[ンフ]</);
  expect(page).toMatch(/山田 太郎 が 佐藤 花子（audit-[^）]+）を追加しました（利用機能：簡易検索、詳細検索）</);
  expect(page).toMatch(/2026年\d+月分の GPT 追加枠に \$25\.00 を追加しました/);

  const english = await signInThroughApi(testApp, await createAccount(testApp, { role: 'auth_adopter', name: 'Taro Yamada', languageCD: 'lang_en' }), 'manage');
  const email = freshEmail();
  const added = await post(english, '/api/manage/users', { name: 'Hanako Sato', email }, PAGE).expect(201);
  await post(english, `/api/manage/users/${added.body.uid}/update`, { name: 'Hanako Sato', email, enable: { simple: true, detail: true } }, PAGE).expect(200);
  const text = (await english.get('/manage/audit-log').expect(200)).text;
  expect(text).toContain(`Taro Yamada changed the features of Hanako Sato (${email}): Detailed search off → on`);
  // …and on the user's detail page, the entries about them.
  const detail = (await english.get(`/manage/users/detail?id=${added.body.uid}`).expect(200)).text;
  expect(detail).toContain(`Taro Yamada added Hanako Sato (${email})`);
  expect(detail).toContain('Detailed search off → on');
  expect(detail).toContain(`href="/manage/audit-log?user=${added.body.uid}"`);
  // The API gives the same entries about the user, by the user's id.
  const about = (await english.get(`/api/manage/audit-log?user=${added.body.uid}`).expect(200)).body as { entries: Entry[] };
  expect(about.entries.map((e) => e.action)).toEqual(['userChanged', 'userAdded']);
});

test('a log page past the last one says so, with the count, instead of "no entries match", and links back', async () => {
  const { totalCount } = await log();
  expect(totalCount).toBeGreaterThan(0);
  const text = (await agent.get('/manage/audit-log?page=40').expect(200)).text;
  expect(text).not.toContain('data-testid="audit-empty"');
  const pages = Math.ceil(totalCount / 50);
  expect(text).toContain(`40 ページ目はありません。該当する記録は${totalCount}件、全 ${pages} ページです。`);
  expect(text).toContain(`rel="last">${pages === 1 ? '1 ページ目へ' : `最後のページ（${pages} ページ目）へ`}</a>`);
});

test('a failed change records nothing (the entry shares the action’s transaction)', async () => {
  const before = (await log()).totalCount;
  const email = freshEmail();
  const first = await post(agent, '/api/manage/users', { name: '鈴木 一郎', email }, PAGE).expect(201);
  const second = await post(agent, '/api/manage/users', { name: '鈴木 次郎', email: freshEmail() }, PAGE).expect(201);
  await post(agent, `/api/manage/users/${second.body.uid}/update`, { name: '鈴木 次郎', email }, PAGE).expect(409);
  expect((await log()).totalCount).toBe(before + 2);
  expect((await latest()).targetUserId).toBe(second.body.uid);
  expect(first.body.uid).not.toBe(second.body.uid);
});

test('another company’s manager sees none of it; users cannot open the log', async () => {
  const other = await signInThroughApi(testApp, await createAccount(testApp, { role: 'auth_adopter', name: '別会社 管理者' }), 'manage');
  expect((await log(other)).totalCount).toBe(0);
  const page = (await other.get('/manage/audit-log').expect(200)).text;
  expect(page).not.toContain('山田 太郎');
  expect(page).toContain('data-testid="audit-empty"');
  // Nothing recorded yet is said as such, not as "no entries match these filters"; with a filter it is.
  expect(page).toContain('操作の記録はまだありません。');
  const filtered = (await other.get('/manage/audit-log?action=userAdded').expect(200)).text;
  expect(filtered).toContain('条件に合う操作の記録はありません。');

  const user = await signInThroughApi(testApp, await createAccount(testApp));
  const api = await user.get('/api/manage/audit-log');
  expect(api.status).toBe(401);
  expect(api.body.errcode).toBe('ME041');
  const response = await user.get('/manage/audit-log');
  expect(response.status).toBe(302);
  expect(response.headers.location).not.toContain('audit-log');
});

test('filtered by action and by days in Japan time, newest first, 50 to a page, bookmarkable', async () => {
  const account = await createAccount(testApp, { role: 'auth_adopter', name: '高橋 管理' });
  const company = (await testApp.runtime.db('users').where({ id: account.id }).first('company_id')).company_id as string;
  const manager2 = await signInThroughApi(testApp, account, 'manage');
  const target = await insertUser(testApp.runtime.db, { companyId: company, email: freshEmail(), name: '田中 三郎', passwordHash: await hashPassword('Passw0rd!x'), role: 'auth_user' });
  for (let i = 0; i < 55; i++) await recordAudit(testApp.runtime.db, { companyId: company, managerId: account.id, action: 'passwordResetSent', targetUserId: target });
  await recordAudit(testApp.runtime.db, { companyId: company, managerId: account.id, action: 'gptQuotaAdded', details: { amountUsd: 5, month: '2026-04-01' } });
  await recordAudit(testApp.runtime.db, { companyId: company, managerId: account.id, action: 'gptQuotaAdded', details: { amountUsd: 6, month: '2026-03-01' } });
  // 00:30 on 1 April in Japan is still 31 March in UTC; 23:30 on 31 March in Japan is not 1 April.
  const quota = await testApp.runtime.db('manager_audit_log').where({ company_id: company, action: 'gptQuotaAdded' }).orderBy('id').select('id');
  await testApp.runtime.db('manager_audit_log').where({ id: quota[0]!.id }).update({ created_at: new Date('2026-03-31T15:30:00Z') });
  await testApp.runtime.db('manager_audit_log').where({ id: quota[1]!.id }).update({ created_at: new Date('2026-03-31T14:30:00Z') });

  const all = await log(manager2);
  expect(all.totalCount).toBe(57);
  expect(all.entries).toHaveLength(50);
  const times = all.entries.map((e) => Date.parse(e.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  const second = await log(manager2, '?page=2');
  expect(second.entries).toHaveLength(7);
  expect(second.entries.slice(-2).map((e) => e.details.amountUsd)).toEqual([5, 6]);

  expect((await log(manager2, '?action=gptQuotaAdded')).totalCount).toBe(2);
  const april = await log(manager2, '?action=gptQuotaAdded&from=2026-04-01&to=2026-04-01');
  expect(april.entries.map((e) => e.details.amountUsd)).toEqual([5]);
  const march = await log(manager2, '?from=2026-03-31&to=2026-03-31');
  expect(march.entries.map((e) => e.details.amountUsd)).toEqual([6]);

  // The page keeps the filter in its address and its paging links.
  const page = (await manager2.get('/manage/audit-log?action=passwordResetSent').expect(200)).text;
  expect(page).toContain('href="/manage/audit-log?action=passwordResetSent&amp;page=2"');
  expect(page).toContain('<option value="passwordResetSent" selected="">');
  // Malformed filters: ME999 in the API, 404 on the page.
  expect((await manager2.get('/api/manage/audit-log?action=dropTables').expect(400)).body.errcode).toBe('ME999');
  await manager2.get('/api/manage/audit-log?from=2026-02-30').expect(400);
  await manager2.get('/manage/audit-log?page=0').expect(404);
  await manager2.get('/api/manage/audit-log?user=not-an-id').expect(400);
  // Filtered by user: the one they are about, the rest not.
  expect((await log(manager2, `?user=${target}`)).totalCount).toBe(55);
});
