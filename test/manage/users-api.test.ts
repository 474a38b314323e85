// User administration API (SPEC §5 admin add/edit user, §6 user cap, §8 ME016–ME027, ME042):
// every rule's code, the invitation mail through the reset flow's link, edit, resets, delete,
// and the walls between companies and between the two areas.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createAccount, startTestApp, type TestApp } from '../helpers/app.ts';
import { post, signInThroughApi, type Agent } from '../helpers/auth.ts';
import { waitUntil } from '../jobs/helpers.ts';
import { PASSWORD_RESET_MAIL } from '../../src/auth/password-reset-mail.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { insertUser } from '../../src/users/repository.ts';

const PUBLIC_URL = 'https://hatsumei.example.jp';
const PAGE = '/manage/setting'; // any manager page gives the CSRF token
let testApp: TestApp;
let outbox: string;
let manager: { id: string; email: string; password: string };
let agent: Agent;
let companyId: string;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-outbox-'));
  testApp = await startTestApp({ MAIL_OUTBOX_DIR: outbox, RATE_LIMIT_FACTOR: '100', ROLE: 'all', PUBLIC_URL });
  manager = await createAccount(testApp, { role: 'auth_adopter', name: '管理 花子' });
  companyId = (await testApp.runtime.db('users').where({ id: manager.id }).first('company_id')).company_id;
  agent = await signInThroughApi(testApp, manager, 'manage');
});
afterAll(async () => {
  await testApp.close();
  await rm(outbox, { recursive: true, force: true });
});

let sequence = 0;
const freshEmail = () => `member-${Date.now()}-${sequence++}@example.jp`;
const add = (body: object, by: Agent = agent) => post(by, '/api/manage/users', body, PAGE);
const update = (id: string, body: object, by: Agent = agent) => post(by, `/api/manage/users/${id}/update`, body, PAGE);

/** A user of the company, straight into the database (with a known password). */
async function memberOf(company: string, name = '特許 一郎') {
  const email = freshEmail();
  const password = 'Passw0rd!x';
  const id = await insertUser(testApp.runtime.db, { companyId: company, email, name, passwordHash: await hashPassword(password), role: 'auth_user' });
  return { id, email, password };
}

/** Once every queued mail task has run, the text of the mails sent to the address. */
async function mailsTo(address: string): Promise<string[]> {
  await waitUntil(async () => Number((await testApp.runtime.db('agenda_jobs').where({ name: PASSWORD_RESET_MAIL }).count({ n: '*' }))[0]!.n) === 0, 'the mail tasks to run');
  const files = await readdir(outbox).catch(() => []);
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${address}`)).map(mailText);
}

function mailText(mail: string): string {
  const [head, ...rest] = mail.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return head + '\n\n' + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return head + '\n\n' + Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return mail;
}

test('adding: ME016–ME021 in the manager’s language, each naming its field', async () => {
  const taken = await memberOf(companyId);
  const cases: Array<[object, string, string]> = [
    [{ name: '', email: freshEmail() }, 'ME016', 'name'],
    [{ name: '   ', email: freshEmail() }, 'ME016', 'name'],
    [{ name: 'あ'.repeat(51), email: freshEmail() }, 'ME017', 'name'],
    [{ name: '新人 次郎', email: '' }, 'ME018', 'email'],
    [{ name: '新人 次郎', email: `${'a'.repeat(250)}@example.jp` }, 'ME019', 'email'],
    [{ name: '新人 次郎', email: 'no-at-sign' }, 'ME020', 'email'],
    [{ name: '新人 次郎', email: taken.email.toUpperCase() }, 'ME021', 'email'],
  ];
  for (const [body, errcode, field] of cases) {
    const response = await add(body);
    expect([response.status, response.body.errcode, response.body.field]).toEqual([errcode === 'ME021' ? 409 : 400, errcode, field]);
  }
  const response = await add({ name: '', email: 'x@example.jp' });
  expect(response.body.detail).toBe('氏名を入力してください。');
  // 50 characters (a name in kanji) is accepted.
  expect((await add({ name: '漢'.repeat(50), email: freshEmail() })).status).toBe(201);
});

test('editing: ME022–ME027, and a user keeps their own address', async () => {
  const member = await memberOf(companyId);
  const other = await memberOf(companyId);
  const cases: Array<[object, string]> = [
    [{ name: '', email: member.email }, 'ME022'],
    [{ name: 'a'.repeat(51), email: member.email }, 'ME023'],
    [{ name: '特許 一郎', email: '' }, 'ME024'],
    [{ name: '特許 一郎', email: `${'a'.repeat(250)}@example.jp` }, 'ME025'],
    [{ name: '特許 一郎', email: 'a@b' }, 'ME026'],
    [{ name: '特許 一郎', email: other.email }, 'ME027'],
  ];
  for (const [body, errcode] of cases) expect((await update(member.id, body)).body.errcode).toBe(errcode);
  const saved = await update(member.id, { name: '特許 一郎（知財部）', email: member.email, enable: { priorart: true }, mfaEnable: false }).expect(200);
  expect(saved.body).toMatchObject({ uid: member.id, name: '特許 一郎（知財部）', enable: { simple: true, detail: false, priorart: true, patent_creation_support: false }, mfa: { enable: false } });
});

test('a new user: §6 defaults, an invitation mail with a single-use link and no password, then sign-in with the password they set', async () => {
  const email = freshEmail();
  const added = await add({ name: '新人 三郎', email }).expect(201);
  expect(added.body).toMatchObject({ name: '新人 三郎', email, lastLoginAt: null, lastExecAt: null, enable: { simple: true, detail: false, priorart: false, patent_creation_support: false }, mfa: { enable: true, isregist: false } });

  const [mail, ...more] = await mailsTo(email);
  expect(more).toHaveLength(0);
  expect(mail).toContain('新人 三郎 様');
  expect(mail).toContain('パスワードを設定してください');
  const link = /https:\/\/hatsumei\.example\.jp\/password\?token=([\w-]+)/.exec(mail!);
  expect(link).not.toBeNull();
  // Nothing like a password in the mail: the only secret is the link's token.
  expect(mail).not.toMatch(/パスワード[:：]/);

  const visitor = request.agent(testApp.app);
  await post(visitor, '/api/password', { token: link![1], password: 'N3wPassw0rd!', passwordConfirm: 'N3wPassw0rd!' }, `/password?token=${link![1]}`).expect(200);
  expect((await post(visitor, '/api/password', { token: link![1], password: 'Other0ne!pw', passwordConfirm: 'Other0ne!pw' }, '/password').expect(400)).body.errcode).toBe('invalid-action-code');
  await post(request.agent(testApp.app), '/api/login', { email, password: 'N3wPassw0rd!' }).expect(200);
});

test('the company’s user cap (every account of the company, managers included): ME042, and nothing is added', async () => {
  const capped = await createAccount(testApp, { role: 'auth_adopter' });
  const cappedCompany = (await testApp.runtime.db('users').where({ id: capped.id }).first('company_id')).company_id;
  await testApp.runtime.db('companies').where({ id: cappedCompany }).update({ user_limit: 2 });
  const cappedAgent = await signInThroughApi(testApp, capped, 'manage');
  await add({ name: '一人目', email: freshEmail() }, cappedAgent).expect(201);
  const email = freshEmail();
  const refused = await add({ name: '二人目', email }, cappedAgent).expect(403);
  expect(refused.body).toEqual({ errcode: 'ME042', detail: 'ご契約のユーザー数の上限に達しています。' });
  expect(await testApp.runtime.db('users').where({ email }).first()).toBeUndefined();
  expect(await mailsTo(email)).toHaveLength(0);
});

test('the list: own company only, search by name or email, sort by created, last login and last run, paging', async () => {
  const company = (await createAccount(testApp, { role: 'auth_adopter' })) as { id: string; email: string; password: string };
  const listCompany = (await testApp.runtime.db('users').where({ id: company.id }).first('company_id')).company_id;
  const listAgent = await signInThroughApi(testApp, company, 'manage');
  const db = testApp.runtime.db;
  const a = await memberOf(listCompany, '青木 明子');
  const b = await memberOf(listCompany, '坂本 武');
  const c = await memberOf(listCompany, 'Carter Jones');
  await db('users').where({ id: a.id }).update({ created_at: new Date('2026-01-01'), last_login_at: new Date('2026-03-01') });
  await db('users').where({ id: b.id }).update({ created_at: new Date('2026-02-01'), last_login_at: null });
  await db('users').where({ id: c.id }).update({ created_at: new Date('2026-03-01'), last_login_at: new Date('2026-01-15') });
  await db('queries').insert({ user_id: b.id, company_id: listCompany, kind: 'detail', input: {}, exec_date: new Date('2026-04-02T03:00:00Z') });
  await db('queries').insert({ user_id: b.id, company_id: listCompany, kind: 'detail', input: {}, exec_date: new Date('2026-04-01T03:00:00Z') });
  await db('queries').insert({ user_id: c.id, company_id: listCompany, kind: 'detail', input: {}, exec_date: new Date('2026-03-05T03:00:00Z') });
  const stranger = await memberOf(companyId, '他社 太郎');

  const list = async (query: string) => (await listAgent.get(`/api/manage/users${query}`).expect(200)).body;
  const names = async (query: string) => (await list(query)).users.map((u: { name: string }) => u.name);
  expect(await names('')).toEqual(['Carter Jones', '坂本 武', '青木 明子']); // newest first, no manager, no stranger
  expect(await names('?sort=createdAt&order=asc')).toEqual(['青木 明子', '坂本 武', 'Carter Jones']);
  expect(await names('?sort=lastLoginAt&order=desc')).toEqual(['青木 明子', 'Carter Jones', '坂本 武']); // never signed in: last
  expect(await names('?sort=lastExecAt&order=desc')).toEqual(['坂本 武', 'Carter Jones', '青木 明子']);
  const first = (await list('?sort=lastExecAt')).users[0];
  expect(first).toMatchObject({ lastExecAt: '2026-04-02T03:00:00.000Z', lastLoginAt: null, createdAt: '2026-02-01T00:00:00.000Z' });
  expect(await names('?q=坂本')).toEqual(['坂本 武']);
  expect(await names(`?q=${encodeURIComponent(a.email.toUpperCase())}`)).toEqual(['青木 明子']);
  expect(await names(`?q=${encodeURIComponent(stranger.email)}`)).toEqual([]);
  expect(await names('?q=%25')).toEqual([]); // % is a character searched for, not a wildcard
  for (let i = 0; i < 20; i++) await memberOf(listCompany, `追加 ${i}`);
  const page1 = await list('');
  const page2 = await list('?page=2');
  expect([page1.users.length, page2.users.length, page1.totalCount, page1.maxPageNum]).toEqual([20, 3, 23, 2]);
  expect(page2.users.map((u: { uid: string }) => u.uid)).not.toContain(page1.users[0].uid);
  for (const bad of ['?sort=name', '?order=up', '?page=0', '?page=x']) expect((await listAgent.get(`/api/manage/users${bad}`).expect(400)).body.errcode).toBe('ME999');
});

test('another company’s manager: 404 for reading, editing, resetting and deleting, and the user is unchanged', async () => {
  const member = await memberOf(companyId, '守秘 義務');
  const otherManager = await createAccount(testApp, { role: 'auth_adopter' });
  const other = await signInThroughApi(testApp, otherManager, 'manage');
  expect((await other.get(`/api/manage/users/${member.id}`).expect(404)).body.errcode).toBe('ME999');
  await update(member.id, { name: '改ざん', email: member.email }, other).expect(404);
  for (const action of ['delete', 'reset-password', 'reset-2fa']) await post(other, `/api/manage/users/${member.id}/${action}`, {}, PAGE).expect(404);
  // Managers are not managed here: a manager cannot edit or delete another manager, even of their own company.
  await post(other, `/api/manage/users/${otherManager.id}/delete`, {}, PAGE).expect(404);
  expect((await agent.get(`/api/manage/users/${member.id}`).expect(200)).body).toMatchObject({ name: '守秘 義務' });
  await agent.get('/api/manage/users/not-a-uuid').expect(404);
});

test('users and visitors are refused, and a POST without the CSRF token is refused', async () => {
  const member = await memberOf(companyId);
  const user = await signInThroughApi(testApp, member, 'user');
  expect((await user.get('/api/manage/users').expect(401)).body.errcode).toBe('ME041');
  expect((await post(user, '/api/manage/users', { name: 'x', email: freshEmail() }, '/setting').expect(401)).body.errcode).toBe('ME041');
  await request(testApp.app).get(`/api/manage/users/${member.id}`).expect(401);
  expect((await agent.post('/api/manage/users').send({ name: 'x', email: freshEmail() }).expect(403)).body.errcode).toBe('ME041');
});

test('reset password mails the reset link in the user’s language; reset second factor makes them register a new one', async () => {
  const member = await memberOf(companyId, 'Ellen Page');
  await testApp.runtime.db('users').where({ id: member.id }).update({ language_cd: 'lang_en' });
  await signInThroughApi(testApp, member, 'user'); // registers an authenticator
  expect((await agent.get(`/api/manage/users/${member.id}`)).body.mfa).toEqual({ enable: true, isregist: true });

  await post(agent, `/api/manage/users/${member.id}/reset-password`, {}, PAGE).expect(200);
  const [mail] = await mailsTo(member.email);
  expect(mail).toContain('Set a new password with the link below');
  expect(mail).toMatch(/https:\/\/hatsumei\.example\.jp\/password\?token=[\w-]+/);

  const reset = await post(agent, `/api/manage/users/${member.id}/reset-2fa`, {}, PAGE).expect(200);
  expect(reset.body.mfa).toEqual({ enable: true, isregist: false });
  const row = await testApp.runtime.db('users').where({ id: member.id }).first('mfa_secret');
  expect(row.mfa_secret).toBeNull();
  // The next sign-in goes through registration again (a fresh QR code is offered).
  await signInThroughApi(testApp, member, 'user');
});

test('delete: the user can no longer sign in, their session ends, their runs go with them, others keep theirs', async () => {
  const db = testApp.runtime.db;
  const leaving = await memberOf(companyId, '退職 予定');
  const staying = await memberOf(companyId, '在籍 継続');
  const session = await signInThroughApi(testApp, leaving, 'user');
  await db('queries').insert({ user_id: leaving.id, company_id: companyId, kind: 'detail', input: {} });
  await db('queries').insert({ user_id: staying.id, company_id: companyId, kind: 'detail', input: {} });

  expect((await post(agent, `/api/manage/users/${leaving.id}/delete`, {}, PAGE).expect(200)).body).toEqual({ result: true });
  await agent.get(`/api/manage/users/${leaving.id}`).expect(404);
  await post(agent, `/api/manage/users/${leaving.id}/delete`, {}, PAGE).expect(404);
  expect((await post(request.agent(testApp.app), '/api/login', { email: leaving.email, password: leaving.password }).expect(401)).body.errcode).toBe('E006');
  expect((await session.get('/api/history').expect(401)).body.errcode).toBe('E073');
  expect(await db('queries').where({ user_id: leaving.id }).first()).toBeUndefined();
  expect(await db('queries').where({ user_id: staying.id }).first()).toBeDefined();
});
