// News (SPEC /notice, /manage/notice): a manager writes and publishes, users of that company
// see it unread on /notice and in the header's count until they open it; other companies never
// see it; global notices reach everyone; drafts reach no one; another company's manager cannot
// change it; every rule answers its code and a message in the manager's language.
import { createAccount, startTestApp, type TestApp } from '../helpers/app.ts';
import { post, signInThroughApi, type Agent } from '../helpers/auth.ts';
import { islandProps } from '../helpers/pages.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { insertUser } from '../../src/users/repository.ts';

const PAGE = '/manage/notice';
let testApp: TestApp;
let manager: Agent;
let otherManager: Agent;
let member: Agent;
let memberEn: Agent;
let outsider: Agent;
let companyId: string;

let sequence = 0;
async function memberOf(company: string, languageCD: 'lang_ja' | 'lang_en' = 'lang_ja') {
  const email = `notice-${Date.now()}-${sequence++}@example.jp`;
  const password = 'Passw0rd!x';
  const id = await insertUser(testApp.runtime.db, { companyId: company, email, name: '特許 一郎', passwordHash: await hashPassword(password), role: 'auth_user', languageCD });
  return signInThroughApi(testApp, { id, email, password });
}

beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '100', ROLE: 'all' });
  const managerAccount = await createAccount(testApp, { role: 'auth_adopter', name: '管理 花子' });
  companyId = (await testApp.runtime.db('users').where({ id: managerAccount.id }).first('company_id')).company_id;
  manager = await signInThroughApi(testApp, managerAccount, 'manage');
  otherManager = await signInThroughApi(testApp, await createAccount(testApp, { role: 'auth_adopter', languageCD: 'lang_en' }), 'manage');
  member = await memberOf(companyId);
  memberEn = await memberOf(companyId, 'lang_en');
  outsider = await signInThroughApi(testApp, await createAccount(testApp));
});
afterAll(async () => {
  await testApp?.close();
});

const write = (body: object, by: Agent = manager) => post(by, '/api/manage/notices', body, PAGE);
const act = (id: string, action: string, by: Agent = manager, body: object = {}) => post(by, `/api/manage/notices/${id}/${action}`, body, PAGE);
const newsOf = async (agent: Agent) => (await agent.get('/api/notice').expect(200)).body as { notices: Array<{ id: string; title: string; body: string; unread: boolean; important: boolean }>; unreadCount: number };
/** The unread count the user header was rendered with (on any user page). */
const headerCount = async (agent: Agent) => islandProps((await agent.get('/history').expect(200)).text, 'Header').newsUnread;

test('written, published, read: unread on /notice and in the header until opened, in the reader’s language', async () => {
  const draft = await write({ titleJa: '年末年始の休業のお知らせ', titleEn: '', bodyJa: '12月29日から1月3日まで休業します。', bodyEn: 'Closed from 29 December to 3 January.', importance: 'important' }).expect(201);
  expect(draft.body.publishedAt).toBeNull();
  // A draft reaches no one.
  expect((await newsOf(member)).notices.map((n) => n.id)).not.toContain(draft.body.id);

  const published = await act(draft.body.id, 'publish').expect(200);
  expect(published.body.publishedAt).not.toBeNull();

  const before = await headerCount(member);
  const news = await newsOf(member);
  const mine = news.notices.find((n) => n.id === draft.body.id)!;
  expect(mine).toMatchObject({ title: '年末年始の休業のお知らせ', body: '12月29日から1月3日まで休業します。', unread: true, important: true });
  expect(before).toBeGreaterThanOrEqual(1);
  const page = (await member.get('/notice').expect(200)).text;
  expect(page).toContain('年末年始の休業のお知らせ');
  expect(page).toMatch(/data-testid="notice-unread">未読</);
  expect(page).toContain('>重要<');

  // English reader: no English title, so the Japanese one; the English body.
  const en = (await newsOf(memberEn)).notices.find((n) => n.id === draft.body.id)!;
  expect(en).toMatchObject({ title: '年末年始の休業のお知らせ', body: 'Closed from 29 December to 3 January.' });

  const opened = (await member.get(`/notice/detail?id=${draft.body.id}`).expect(200)).text;
  expect(opened).toContain('12月29日から1月3日まで休業します。');
  expect((await newsOf(member)).notices.find((n) => n.id === draft.body.id)!.unread).toBe(false);
  expect(await headerCount(member)).toBe(Number(before) - 1);
  // Still unread for the other user of the company.
  expect((await newsOf(memberEn)).notices.find((n) => n.id === draft.body.id)!.unread).toBe(true);

  // Withdrawn: gone for users again.
  await act(draft.body.id, 'unpublish').expect(200);
  expect((await newsOf(memberEn)).notices.map((n) => n.id)).not.toContain(draft.body.id);
});

test('another company: never sees the notice, and its manager gets 404 for it', async () => {
  const notice = await write({ titleJa: '社内限定', bodyJa: '本文', publish: true }).expect(201);
  expect((await newsOf(outsider)).notices.map((n) => n.id)).not.toContain(notice.body.id);
  expect((await outsider.get(`/notice/detail?id=${notice.body.id}`)).status).toBe(404);
  expect((await post(outsider, `/api/notice/${notice.body.id}/read`, {}, '/notice')).status).toBe(404);

  for (const action of ['update', 'publish', 'unpublish', 'delete']) {
    const response = await act(notice.body.id, action, otherManager, { titleJa: '乗っ取り' });
    expect([action, response.status]).toEqual([action, 404]);
  }
  expect((await otherManager.get(`/api/manage/notices/${notice.body.id}`)).status).toBe(404);
  expect((await otherManager.get('/api/manage/notices').expect(200)).body.notices.map((n: { id: string }) => n.id)).not.toContain(notice.body.id);
  // Unchanged, and the owner can still delete it (after the confirmation the island asks for).
  expect((await manager.get(`/api/manage/notices/${notice.body.id}`).expect(200)).body.titleJa).toBe('社内限定');
  await act(notice.body.id, 'delete').expect(200);
  expect((await manager.get(`/api/manage/notices/${notice.body.id}`)).status).toBe(404);
  // Users get 401 on the manager API, managers' own pages list only their company's notices.
  expect((await member.get('/api/manage/notices')).status).toBe(401);
});

test('a global notice (written by the operator) reaches every company, and mark-all-read clears the count', async () => {
  const [row] = await testApp.runtime.db('notices').insert({ company_id: null, title_ja: 'メンテナンスのお知らせ', title_en: 'Scheduled maintenance', body_ja: '', body_en: '', published_at: testApp.runtime.db.fn.now() }).returning('id');
  const id = (row as { id: string }).id;
  for (const agent of [member, outsider]) expect((await newsOf(agent)).notices.find((n) => n.id === id)?.unread).toBe(true);
  expect((await newsOf(memberEn)).notices.find((n) => n.id === id)?.title).toBe('Scheduled maintenance');
  // Managers do not see the operator's notices among those they can change.
  expect((await manager.get('/api/manage/notices').expect(200)).body.notices.map((n: { id: string }) => n.id)).not.toContain(id);
  expect((await act(id, 'delete')).status).toBe(404);

  expect(await headerCount(outsider)).toBeGreaterThan(0);
  await post(outsider, '/api/notice/read-all', {}, '/notice').expect(200);
  expect(await headerCount(outsider)).toBe(0);
  expect((await newsOf(outsider)).unreadCount).toBe(0);
  expect((await newsOf(member)).notices.find((n) => n.id === id)?.unread).toBe(true);
});

test('rules: MN001–MN003 with the field and the manager’s language; bad shapes ME999', async () => {
  const cases: Array<[object, string, string]> = [
    [{ titleJa: '', titleEn: '  ', bodyJa: '本文だけ' }, 'MN001', 'titleJa'],
    [{ titleJa: 'あ'.repeat(101) }, 'MN002', 'titleJa'],
    [{ titleEn: 'a'.repeat(101) }, 'MN002', 'titleEn'],
    [{ titleJa: '題', bodyJa: 'あ'.repeat(5001) }, 'MN003', 'bodyJa'],
    [{ titleJa: '題', bodyEn: 'a'.repeat(5001) }, 'MN003', 'bodyEn'],
  ];
  for (const [body, errcode, field] of cases) {
    const response = await write(body);
    expect([response.status, response.body.errcode, response.body.field]).toEqual([400, errcode, field]);
  }
  expect((await write({ titleJa: '' })).body.detail).toBe('タイトルを日本語または英語で入力してください。');
  expect((await write({ titleJa: '' }, otherManager)).body.detail).toBe('Enter a title in Japanese or English.');
  // At the limits: accepted.
  await write({ titleJa: 'あ'.repeat(100), bodyJa: '𠮷'.repeat(5000) }).expect(201);
  for (const body of [{ titleJa: 5 }, { titleJa: '題', importance: 'urgent' }, { titleJa: '題', publish: 'yes' }]) {
    const response = await write(body);
    expect([response.status, response.body.errcode]).toEqual([400, 'ME999']);
  }
  // An edit follows the same rules.
  const notice = await write({ titleEn: 'Only English' }).expect(201);
  const broken = await act(notice.body.id, 'update', manager, { titleJa: '', titleEn: '' });
  expect([broken.status, broken.body.errcode]).toEqual([400, 'MN001']);
  const edited = await act(notice.body.id, 'update', manager, { titleJa: '日本語も', titleEn: 'Only English' }).expect(200);
  expect(edited.body).toMatchObject({ titleJa: '日本語も', titleEn: 'Only English', publishedAt: null });
});

test('the manager page lists drafts and published notices for the island, in the manager’s language', async () => {
  await write({ titleJa: '下書きのお知らせ' }).expect(201);
  const html = (await manager.get('/manage/notice').expect(200)).text;
  expect(html).toContain('お知らせの管理');
  const props = islandProps(html, 'NoticeManager') as { notices: Array<{ titleJa: string; publishedAt: string | null }>; lang: string };
  expect(props.lang).toBe('ja');
  expect(props.notices.find((n) => n.titleJa === '下書きのお知らせ')?.publishedAt).toBeNull();
  expect((await member.get('/manage/notice')).status).toBe(302);
});
