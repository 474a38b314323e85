// The manager's user pages (§2 /manage/users, /manage/add-user, /manage/users/detail): rendered
// in both languages for a manager, the list's sort links and search kept in the address, and
// another company's user or an ordinary user refused.
import request from 'supertest';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { insertUser } from '../../src/users/repository.ts';

let testApp: TestApp;
let managerCookie: string;
let companyId: string;
let managerId: string;
/** The manager's own language setting wins over the cookie (§1), so English pages need it set. */
const managerLanguage = (code: 'lang_ja' | 'lang_en') => testApp.runtime.db('users').where({ id: managerId }).update({ language_cd: code });
beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_FACTOR: '100' });
  const manager = await createAccount(testApp, { role: 'auth_adopter' });
  managerId = manager.id;
  companyId = (await testApp.runtime.db('users').where({ id: manager.id }).first('company_id')).company_id;
  managerCookie = await sessionCookieFor(testApp, { managerId: manager.id });
});
afterAll(() => testApp.close());

const member = async (company: string, name: string) =>
  insertUser(testApp.runtime.db, { companyId: company, email: `${Date.now()}-${Math.random().toString(36).slice(2)}@example.jp`, name, passwordHash: await hashPassword('Passw0rd!x'), role: 'auth_user', features: { priorart: true } });
const page = (path: string, lang = 'ja', cookie = managerCookie) => request(testApp.app).get(path).set('Cookie', `${cookie}; hatsumei.lang=${lang}`).set('Accept-Language', lang);

test('the list in Japanese and English: columns, features, sort links that turn the order round', async () => {
  await member(companyId, '知財 花子');
  const ja = await page('/manage/users').expect(200);
  for (const text of ['利用者一覧', '知財 花子', '登録日', '最終ログイン', '最終実行日', '先行技術調査', '利用者を追加']) expect(ja.text).toContain(text);
  expect(ja.text).toContain('href="/manage/users?order=asc"'); // the current column, turned round
  expect(ja.text).toContain('href="/manage/users?sort=lastExecAt"');
  await managerLanguage('lang_en');
  const en = await page('/manage/users?sort=lastLoginAt&order=asc', 'en').expect(200);
  await managerLanguage('lang_ja');
  for (const text of ['Users', 'Last sign-in', 'Last run', 'Prior-art search', 'Add a user']) expect(en.text).toContain(text);
  expect(en.text).toContain('href="/manage/users?sort=lastLoginAt"'); // asc → desc (the default order)
  expect(en.text).not.toMatch(/\(s\)/);
  await page('/manage/users?sort=name').expect(404);
});

test('search keeps the sort in the form and shows "no user matches"', async () => {
  const response = await page('/manage/users?q=%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84&sort=lastExecAt').expect(200);
  expect(response.text).toContain('条件に一致する利用者はいません。');
  expect(response.text).toContain('name="sort" value="lastExecAt"');
});

test('a page past the last one says so, with the count, instead of "no users yet", and links back', async () => {
  await member(companyId, '特許 次郎');
  const count = Number((await testApp.runtime.db('users').where({ company_id: companyId, role: 'auth_user' }).count<{ count: string }[]>('* as count'))[0]!.count);
  const response = await page('/manage/users?page=7&sort=lastExecAt').expect(200);
  expect(response.text).not.toContain('data-testid="users-empty"');
  expect(response.text).not.toContain('data-testid="users-table"');
  expect(response.text).toContain(`7 ページ目はありません。一覧の利用者は${count}名、全 1 ページです。`);
  expect(response.text).toContain('<a href="/manage/users?sort=lastExecAt" rel="last">1 ページ目へ</a>');
  await managerLanguage('lang_en');
  const en = await page('/manage/users?page=7', 'en').expect(200);
  await managerLanguage('lang_ja');
  expect(en.text).toContain(`There is no page 7: the list has ${count} user${count === 1 ? '' : 's'}, all on one page.`);
});

test('add and detail pages carry the form island; another company’s user is a 404; users are sent away', async () => {
  const add = await page('/manage/add-user').expect(200);
  expect(add.text).toContain('利用者の追加');
  expect(add.text).toContain('data-island="ManagedUserForm"');
  const id = await member(companyId, '詳細 確認');
  await managerLanguage('lang_en');
  const detail = await page(`/manage/users/detail?id=${id}`, 'en').expect(200);
  await managerLanguage('lang_ja');
  expect(detail.text).toContain('User details');
  expect(detail.text).toContain('詳細 確認');
  await page('/manage/users/detail?id=nope').expect(404);
  const other = await createAccount(testApp, { role: 'auth_adopter' });
  const otherCookie = await sessionCookieFor(testApp, { managerId: other.id });
  await page(`/manage/users/detail?id=${id}`, 'ja', otherCookie).expect(404);
  expect((await page('/manage/users', 'ja', otherCookie)).text).not.toContain('詳細 確認');
  const user = await createAccount(testApp);
  const userCookie = await sessionCookieFor(testApp, { userId: user.id });
  expect((await page('/manage/users', 'ja', userCookie).expect(302)).headers.location).toBe('/search');
});
