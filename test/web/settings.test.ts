// Account settings of both areas: /setting and /manage/setting, the update call with
// E057/E058 (users) and ME028/ME029 (managers), profile images by content and size,
// served only to their owner, area separation and CSRF.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { islandProps, png } from '../helpers/pages.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'hatsumei-settings-'));
  testApp = await startTestApp({ STORAGE_DIR: storageDir });
});
afterAll(async () => {
  await testApp?.close();
  await rm(storageDir, { recursive: true, force: true });
});

type Area = 'user' | 'manage';
const api = (area: Area, path: string) => `${area === 'manage' ? '/api/manage' : '/api'}${path}`;
const settingsPage = (area: Area) => (area === 'manage' ? '/manage/setting' : '/setting');
const imagePath = (area: Area, key: string) => `${area === 'manage' ? '/manage' : ''}/account/profile-image/${key}`;

/** A 1×1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Session {
  id: string;
  email: string;
  cookie: string;
  token: string;
}

/** An account of the area, signed in, with the CSRF token of its settings page. */
async function signedIn(area: Area, account: Parameters<typeof createAccount>[1] = {}): Promise<Session> {
  const created = await createAccount(testApp, { role: area === 'manage' ? 'auth_adopter' : 'auth_user', ...account });
  const session = await sessionCookieFor(testApp, area === 'manage' ? { managerId: created.id } : { userId: created.id });
  const page = await request(testApp.app).get(settingsPage(area)).set('Cookie', session).expect(200);
  const token = /name="csrf-token" content="([^"]+)"/.exec(page.text)![1]!;
  const set = ((page.headers['set-cookie'] as unknown as string[]) ?? []).map((c) => c.split(';')[0]!);
  const cookies = new Map([session, ...set].map((c) => [c.split('=')[0]!, c]));
  return { id: created.id, email: created.email, cookie: [...cookies.values()].join('; '), token };
}

const update = (area: Area, session: Session, body: Record<string, unknown>, lang = 'ja') =>
  request(testApp.app).post(api(area, '/account/update')).set('Cookie', session.cookie).set('x-csrf-token', session.token).set('Accept-Language', lang).send(body);

const upload = (area: Area, session: Session, content: Buffer, filename = 'profile.png', contentType = 'image/png') =>
  request(testApp.app)
    .post(api(area, '/account/profile-image'))
    .set('Cookie', session.cookie)
    .set('x-csrf-token', session.token)
    .attach('image', content, { filename, contentType });

const valid = (session: Session, changes: Record<string, unknown> = {}) => ({
  uid: session.id,
  userName: '山田 太郎',
  languageCD: 'lang_ja',
  profileImg: null,
  ...changes,
});

describe('the settings pages', () => {
  test('/setting renders the user account in Japanese', async () => {
    const user = await signedIn('user', { name: '弁理 花子', languageCD: 'lang_ja', features: { detail: true } });
    const response = await request(testApp.app).get('/setting').set('Cookie', user.cookie).expect(200);
    const html = response.text;
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<title>アカウント設定 | Hatsumei</title>');
    expect(islandProps(html, 'Header')).toMatchObject({ area: 'user', accountName: '弁理 花子' });
    expect(islandProps(html, 'AccountSettingsForm')).toEqual({
      area: 'user',
      uid: user.id,
      email: user.email,
      companyName: 'テスト特許事務所',
      userName: '弁理 花子',
      languageCD: 'lang_ja',
      profileImg: null,
    });
    // Server-rendered form and the read-only facts.
    for (const text of ['プロフィール', 'メールアドレス', '会社名', '氏名', '表示言語', '保存する', '二段階認証', '利用可能な機能', '一般ユーザー', '未登録']) {
      expect(html).toContain(text);
    }
    expect(html).toContain(user.email);
    expect(html).toMatch(/data-testid="mfa-enable">.*?有効/);
    expect(html).toContain('data-feature="simple" data-enabled="true"');
    expect(html).toContain('data-feature="detail" data-enabled="true"');
    expect(html).toContain('data-feature="priorart" data-enabled="false"');
    expect(html).toContain('data-feature="patent_creation_support" data-enabled="false"');
    expect(html).toMatch(/value="弁理 花子"/);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="lang_ja"/);
  });

  test('/setting renders in English for an English account', async () => {
    const user = await signedIn('user', { name: 'Hanako Benri', languageCD: 'lang_en' });
    const html = (await request(testApp.app).get('/setting').set('Cookie', user.cookie).expect(200)).text;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Account settings | Hatsumei</title>');
    for (const text of ['Profile', 'Email address', 'Company', 'Display language', 'Save', 'Two-step verification', 'Available features', 'Not registered']) {
      expect(html).toContain(text);
    }
    expect(islandProps(html, 'AccountSettingsForm')).toMatchObject({ userName: 'Hanako Benri', languageCD: 'lang_en' });
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="lang_en"/);
  });

  test('/manage/setting renders the manager account in the admin layout, in Japanese and English', async () => {
    const manager = await signedIn('manage', { name: '管理 次郎', languageCD: 'lang_ja' });
    const ja = (await request(testApp.app).get('/manage/setting').set('Cookie', manager.cookie).expect(200)).text;
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain('<title>アカウント設定 | Hatsumei</title>');
    expect(islandProps(ja, 'Header')).toMatchObject({ area: 'manage', accountName: '管理 次郎' });
    expect(islandProps(ja, 'AccountSettingsForm')).toMatchObject({ area: 'manage', uid: manager.id, email: manager.email, userName: '管理 次郎' });
    expect(ja).toContain('管理者');
    expect(ja).toContain('サポート窓口');
    expect(ja).not.toContain('data-testid="account-features"'); // features are a user matter

    const english = await signedIn('manage', { name: 'Jiro Kanri', languageCD: 'lang_en' });
    const en = (await request(testApp.app).get('/manage/setting').set('Cookie', english.cookie).set('Accept-Language', 'en').expect(200)).text;
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<title>Account settings | Hatsumei</title>');
    expect(en).toContain('Administrator');
    expect(islandProps(en, 'AccountSettingsForm')).toMatchObject({ area: 'manage', userName: 'Jiro Kanri', languageCD: 'lang_en' });
  });

  test('anonymous visitors go to the sign-in page of the area; users stay out of the manager page', async () => {
    await request(testApp.app).get('/setting').expect(302).expect('location', '/login');
    await request(testApp.app).get('/manage/setting').expect(302).expect('location', '/manage/login');
    const user = await signedIn('user');
    await request(testApp.app).get('/manage/setting').set('Cookie', user.cookie).expect(302).expect('location', '/search');
  });
});

describe('POST /api/account/update (users)', () => {
  test('saves name and language; the next page speaks the new language and the header shows the new name', async () => {
    const user = await signedIn('user', { name: '旧姓 太郎', languageCD: 'lang_ja', features: { priorart: true } });
    const response = await update('user', user, valid(user, { userName: '  新姓 太郎　', languageCD: 'lang_en' })).expect(200);
    expect(response.body).toEqual({
      uid: user.id,
      email: user.email,
      userName: '新姓 太郎',
      companyCD: expect.any(String),
      companyName: 'テスト特許事務所',
      authorityCD: 'auth_user',
      languageCD: 'lang_en',
      profileImg: null,
      mfa: { enable: true, isregist: false },
      enable: { simple: true, detail: false, priorart: true, patent_creation_support: false },
    });
    const html = (await request(testApp.app).get('/setting').set('Cookie', user.cookie).set('Accept-Language', 'ja').expect(200)).text;
    expect(html).toContain('<html lang="en">');
    expect(islandProps(html, 'Header').accountName).toBe('新姓 太郎');
    const row = await testApp.runtime.db('users').where('id', user.id).first();
    expect([row.name, row.language_cd]).toEqual(['新姓 太郎', 'lang_en']);
  });

  test('E057: the name is required (blank and full-width spaces count as empty)', async () => {
    const user = await signedIn('user');
    for (const userName of ['', '   ', '\u3000\u3000']) {
      const response = await update('user', user, valid(user, { userName })).expect(400);
      expect(response.body).toEqual({ errcode: 'E057', detail: '氏名を入力してください。' });
    }
    const english = await update('user', user, valid(user, { userName: '' }), 'en').expect(400);
    expect(english.body.errcode).toBe('E057');
  });

  test('E058: at most 50 characters, counted as characters (not UTF-16 units)', async () => {
    const user = await signedIn('user');
    const response = await update('user', user, valid(user, { userName: 'あ'.repeat(51) })).expect(400);
    expect(response.body).toEqual({ errcode: 'E058', detail: '氏名は50文字以内で入力してください。' });
    await update('user', user, valid(user, { userName: 'a'.repeat(51) })).expect(400, { errcode: 'E058', detail: '氏名は50文字以内で入力してください。' });
    await update('user', user, valid(user, { userName: 'あ'.repeat(50) })).expect(200);
    const surrogates = await update('user', user, valid(user, { userName: '𠮷'.repeat(50) })).expect(200);
    expect(surrogates.body.userName).toBe('𠮷'.repeat(50));
  });

  test('E102: another account\'s uid (403), unknown language, malformed fields', async () => {
    const user = await signedIn('user');
    const other = await createAccount(testApp);
    const forbidden = await update('user', user, valid(user, { uid: other.id })).expect(403);
    expect(forbidden.body).toEqual({ errcode: 'E102', detail: '入力内容が正しくありません。' });
    await update('user', user, valid(user, { uid: undefined })).expect(403);
    for (const changes of [
      { languageCD: 'lang_cn' },
      { languageCD: 'ja' },
      { languageCD: null },
      { userName: 42 },
      { userName: '改行\nあり' },
      { profileImg: undefined },
      { profileImg: 17 },
    ]) {
      const response = await update('user', user, valid(user, changes)).expect(400);
      expect(response.body.errcode).toBe('E102');
    }
    await update('user', user, {}).expect(403);
    // Nothing was saved along the way.
    const row = await testApp.runtime.db('users').where('id', user.id).first();
    expect(row.name).toBe('山田 太郎');
  });

  test('E102: profileImg must be a key this account uploaded', async () => {
    const user = await signedIn('user');
    const other = await signedIn('user');
    const othersKey = (await upload('user', other, png()).expect(201)).body.profileImg as string;
    for (const profileImg of ['../../../etc/passwd', 'profile.png', '0123456789abcdef0123456789abcdef.png', othersKey, `${othersKey}/../x`]) {
      const response = await update('user', user, valid(user, { profileImg })).expect(400);
      expect(response.body.errcode).toBe('E102');
    }
    const row = await testApp.runtime.db('users').where('id', user.id).first();
    expect(row.profile_image).toBeNull();
  });
});

describe('POST /api/manage/account/update (managers)', () => {
  test('saves name and language; the next manager page is in the new language', async () => {
    const manager = await signedIn('manage', { name: '管理 一郎', languageCD: 'lang_ja' });
    const response = await update('manage', manager, valid(manager, { userName: 'Ichiro Kanri', languageCD: 'lang_en' })).expect(200);
    expect(response.body).toMatchObject({ uid: manager.id, userName: 'Ichiro Kanri', languageCD: 'lang_en', authorityCD: 'auth_adopter', profileImg: null });
    expect(response.body.enable).toBeUndefined();
    const language = ((response.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('lang='));
    expect(language).toMatch(/^lang=en;.*Max-Age=31536000/);
    const cookie = `${manager.cookie}; ${language!.split(';')[0]}`;
    const html = (await request(testApp.app).get('/manage/setting').set('Cookie', cookie).expect(200)).text;
    expect(html).toContain('<html lang="en">');
    expect(islandProps(html, 'Header').accountName).toBe('Ichiro Kanri');
  });

  test('ME029 and ME028 for the name; ME999 for anything invalid', async () => {
    const manager = await signedIn('manage');
    await update('manage', manager, valid(manager, { userName: ' ' })).expect(400, { errcode: 'ME029', detail: '氏名を入力してください。' });
    await update('manage', manager, valid(manager, { userName: '長'.repeat(51) })).expect(400, { errcode: 'ME028', detail: '氏名は50文字以内で入力してください。' });
    // The manager's own language setting wins over the browser's (§1): Japanese here.
    const browserInEnglish = await update('manage', manager, valid(manager, { userName: '長'.repeat(51) }), 'en').expect(400);
    expect(browserInEnglish.body).toEqual({ errcode: 'ME028', detail: '氏名は50文字以内で入力してください。' });
    await testApp.runtime.db('users').where({ id: manager.id }).update({ language_cd: 'lang_en' });
    const english = await update('manage', manager, valid(manager, { userName: '長'.repeat(51) }), 'ja').expect(400);
    expect(english.body).toEqual({ errcode: 'ME028', detail: 'Enter a name of at most 50 characters.' });
    await testApp.runtime.db('users').where({ id: manager.id }).update({ language_cd: 'lang_ja' });
    const other = await createAccount(testApp, { role: 'auth_adopter' });
    expect((await update('manage', manager, valid(manager, { uid: other.id })).expect(403)).body.errcode).toBe('ME999');
    expect((await update('manage', manager, valid(manager, { languageCD: 'lang_cn' })).expect(400)).body.errcode).toBe('ME999');
    expect((await update('manage', manager, valid(manager, { profileImg: '../secret.png' })).expect(400)).body.errcode).toBe('ME999');
  });
});

describe('profile images', () => {
  test('a real PNG is accepted, stored under profile-images/ and served to its owner only', async () => {
    const user = await signedIn('user');
    const image = png(8, 8);
    const response = await upload('user', user, image).expect(201);
    const key = response.body.profileImg as string;
    expect(response.body).toEqual({ profileImg: expect.stringMatching(/^[0-9a-f]{32}\.png$/) });
    expect(existsSync(path.join(storageDir, 'profile-images', key))).toBe(true);

    const served = await request(testApp.app).get(imagePath('user', key)).set('Cookie', user.cookie).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, image)).toBe(0);

    const stranger = await signedIn('user');
    await request(testApp.app).get(imagePath('user', key)).set('Cookie', stranger.cookie).expect(404);
    await request(testApp.app).get(imagePath('user', key)).expect(302).expect('location', '/login');
    const manager = await signedIn('manage');
    await request(testApp.app).get(imagePath('manage', key)).set('Cookie', manager.cookie).expect(404);
  });

  test('the type comes from the content: GIF accepted whatever its name; text renamed .png refused', async () => {
    const user = await signedIn('user');
    const gif = await upload('user', user, GIF, 'photo.png', 'image/png').expect(201);
    expect(gif.body.profileImg).toMatch(/^[0-9a-f]{32}\.gif$/);
    const served = await request(testApp.app).get(imagePath('user', gif.body.profileImg)).set('Cookie', user.cookie).expect(200);
    expect(served.headers['content-type']).toBe('image/gif');

    const text = await upload('user', user, Buffer.from('これは画像ではありません。\n<script>alert(1)</script>\n'), 'fake.png', 'image/png').expect(400);
    expect(text.body).toEqual({ errcode: 'E102', detail: '入力内容が正しくありません。' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload('user', user, svg, 'x.svg', 'image/svg+xml').expect(400)).body.errcode).toBe('E102');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
    expect((await upload('user', user, pdf, 'x.png', 'image/png').expect(400)).body.errcode).toBe('E102');
  });

  test('at most 2 MB: exactly 2 MB is accepted, one byte more is refused', async () => {
    const user = await signedIn('user');
    const base = png();
    const exact = Buffer.concat([base, Buffer.alloc(2 * 1024 * 1024 - base.length)]); // trailing bytes after IEND
    expect((await upload('user', user, exact).expect(201)).body.profileImg).toMatch(/\.png$/);
    const tooLarge = Buffer.concat([base, Buffer.alloc(2 * 1024 * 1024 - base.length + 1)]);
    const response = await upload('user', user, tooLarge).expect(400);
    expect(response.body.errcode).toBe('E102');
    const manager = await signedIn('manage');
    expect((await upload('manage', manager, tooLarge).expect(400)).body.errcode).toBe('ME999');
  });

  test('a request without the image field, or with two files, is refused', async () => {
    const user = await signedIn('user');
    const none = await request(testApp.app).post(api('user', '/account/profile-image')).set('Cookie', user.cookie).set('x-csrf-token', user.token).field('name', 'x').expect(400);
    expect(none.body.errcode).toBe('E102');
    const wrongField = await request(testApp.app)
      .post(api('user', '/account/profile-image'))
      .set('Cookie', user.cookie)
      .set('x-csrf-token', user.token)
      .attach('file', png(), 'a.png')
      .expect(400);
    expect(wrongField.body.errcode).toBe('E102');
    await request(testApp.app)
      .post(api('user', '/account/profile-image'))
      .set('Cookie', user.cookie)
      .set('x-csrf-token', user.token)
      .attach('image', png(), 'a.png')
      .attach('image', png(), 'b.png')
      .expect(400);
  });

  test('setting, replacing and removing the profile image; a replaced file is deleted', async () => {
    const user = await signedIn('user');
    const first = (await upload('user', user, png(2, 2)).expect(201)).body.profileImg as string;
    const saved = await update('user', user, valid(user, { profileImg: first })).expect(200);
    expect(saved.body.profileImg).toBe(first);
    const html = (await request(testApp.app).get('/setting').set('Cookie', user.cookie).expect(200)).text;
    expect(islandProps(html, 'AccountSettingsForm').profileImg).toBe(first);
    expect(html).toContain(`src="/account/profile-image/${first}"`);
    // Keeping the current image needs no new upload.
    await update('user', user, valid(user, { profileImg: first, userName: '別名' })).expect(200);

    const second = (await upload('user', user, png(3, 3, [200, 0, 0])).expect(201)).body.profileImg as string;
    await update('user', user, valid(user, { profileImg: second })).expect(200);
    expect(existsSync(path.join(storageDir, 'profile-images', first))).toBe(false);
    await request(testApp.app).get(imagePath('user', first)).set('Cookie', user.cookie).expect(404);

    const removed = await update('user', user, valid(user, { profileImg: null })).expect(200);
    expect(removed.body.profileImg).toBeNull();
    expect(existsSync(path.join(storageDir, 'profile-images', second))).toBe(false);
  });

  test('managers upload and see their own images under /manage', async () => {
    const manager = await signedIn('manage');
    const key = (await upload('manage', manager, png()).expect(201)).body.profileImg as string;
    await update('manage', manager, valid(manager, { profileImg: key })).expect(200);
    const served = await request(testApp.app).get(imagePath('manage', key)).set('Cookie', manager.cookie).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const user = await signedIn('user');
    await request(testApp.app).get(imagePath('user', key)).set('Cookie', user.cookie).expect(404);
    await request(testApp.app).get(imagePath('manage', key)).expect(302).expect('location', '/manage/login');
  });

  test('malformed keys never reach the file system', async () => {
    const user = await signedIn('user');
    const stored = await readdir(storageDir).catch(() => []);
    for (const key of ['..%2F..%2Fpackage.json', '..%2Fprofile-images', '%2e%2e', 'x.json', '0123456789abcdef0123456789abcdef.json', '0123456789ABCDEF0123456789ABCDEF.png']) {
      await request(testApp.app).get(`/account/profile-image/${key}`).set('Cookie', user.cookie).expect(404);
    }
    expect(await readdir(storageDir).catch(() => [])).toEqual(stored);
  });
});

describe('area separation and CSRF', () => {
  test('a user cannot call the manager API (ME041) and a manager cannot call the user API (E073)', async () => {
    const user = await signedIn('user');
    const manager = await signedIn('manage');
    const asUser = await update('manage', user, valid(user)).expect(401);
    expect(asUser.body.errcode).toBe('ME041');
    expect((await upload('manage', user, png()).expect(401)).body.errcode).toBe('ME041');
    const asManager = await update('user', manager, valid(manager)).expect(401);
    expect(asManager.body.errcode).toBe('E073');
    expect((await upload('user', manager, png()).expect(401)).body.errcode).toBe('E073');
    const anonymous = await request(testApp.app).post('/api/account/update').send({}).expect(403); // no CSRF token either
    expect(anonymous.body.errcode).toBe('E073');
  });

  test('without a CSRF token: 403 with E073 / ME041, nothing saved', async () => {
    const user = await signedIn('user', { name: '変更 前' });
    const noToken = await request(testApp.app).post('/api/account/update').set('Cookie', user.cookie).send(valid(user, { userName: '変更 後' })).expect(403);
    expect(noToken.body.errcode).toBe('E073');
    await request(testApp.app).post('/api/account/update').set('Cookie', user.cookie).set('x-csrf-token', 'forged').send(valid(user)).expect(403);
    await request(testApp.app).post('/api/account/profile-image').set('Cookie', user.cookie).attach('image', png(), 'a.png').expect(403);
    const manager = await signedIn('manage');
    const managerNoToken = await request(testApp.app).post('/api/manage/account/update').set('Cookie', manager.cookie).send(valid(manager)).expect(403);
    expect(managerNoToken.body.errcode).toBe('ME041');
    await request(testApp.app).post('/api/manage/account/profile-image').set('Cookie', manager.cookie).attach('image', png(), 'a.png').expect(403);
    const row = await testApp.runtime.db('users').where('id', user.id).first();
    expect(row.name).toBe('変更 前');
  });
});
