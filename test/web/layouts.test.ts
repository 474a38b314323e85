// Every layout renders on the server, in Japanese and English, with the right pieces.
import request from 'supertest';
import { islandProps } from '../helpers/pages.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;
let userCookie: string;
let managerCookie: string;
beforeAll(async () => {
  testApp = await startTestApp();
  userCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  managerCookie = await sessionCookieFor(testApp, { managerId: (await createAccount(testApp, { role: 'auth_adopter' })).id });
});
afterAll(() => testApp.close());

describe('header-less layout (/login)', () => {
  test('is Japanese by default, with logo, language switch, form and footer', async () => {
    const response = await request(testApp.app).get('/login').expect(200).expect('content-type', /html/);
    const html = response.text;
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<title>ログイン | Hatsumei</title>');
    expect(html).toContain('class="logo"');
    expect(html).toMatch(/language-switch__item is-current[^>]*>日本語/);
    expect(html).toContain('href="/language?lng=en&amp;next=%2Flogin"');
    expect(html).toContain('メールアドレス');
    expect(html).toContain('パスワードをお忘れの方');
    expect(html).toContain('プライバシーポリシー');
    expect(html).toContain(`href="${testApp.config.links.termsOfUse}"`);
    expect(html).not.toContain('data-island="Header"');
  });

  test('is English for an English browser', async () => {
    const html = (await request(testApp.app).get('/login').set('Accept-Language', 'en-US,en;q=0.9').expect(200)).text;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sign in | Hatsumei</title>');
    expect(html).toContain('Forgot your password?');
    expect(html).toContain('Privacy policy');
  });

  test('the manager sign-in page has its own title', async () => {
    const html = (await request(testApp.app).get('/manage/login').expect(200)).text;
    expect(html).toContain('管理者ログイン');
    expect(html).toContain('data-island="LoginForm" data-props="{&quot;area&quot;:&quot;manage&quot;,&quot;registrationMode&quot;:false}"');
  });
});

describe('default user layout', () => {
  test('a user with default features: header island with the default tabs, footer and the global dialogs', async () => {
    const html = (await request(testApp.app).get('/sample').set('Cookie', userCookie).expect(200)).text;
    const header = islandProps(html, 'Header');
    expect(header.area).toBe('user');
    expect((header.tabs as Array<{ key: string }>).map((t) => t.key)).toEqual(['simple', 'history']);
    expect(header.gptUsageHref).toBeNull();
    expect(islandProps(html, 'GlobalDialogs')).toEqual({ area: 'user' });
    expect(html).toContain('id="page-progress"');
    expect(html).toContain('運営会社');
    // Server-rendered island content, before any script runs.
    expect(html).toContain('簡易検索');
  });

  test('a signed-in user sees a tab for each enabled feature and their name', async () => {
    const account = await createAccount(testApp, { name: '特許 花子', features: { detail: true, priorart: true, patent_creation_support: false } });
    const cookie = await sessionCookieFor(testApp, { userId: account.id });
    const html = (await request(testApp.app).get('/sample').set('Cookie', cookie).expect(200)).text;
    const header = islandProps(html, 'Header');
    expect((header.tabs as Array<{ key: string }>).map((t) => t.key)).toEqual(['simple', 'detail', 'priorart', 'history']);
    expect(header.accountName).toBe('特許 花子');
    expect(html).toContain('先行技術調査');
  });

  test('renders in English with the English strings for islands', async () => {
    const english = await createAccount(testApp, { languageCD: 'lang_en' });
    const cookie = await sessionCookieFor(testApp, { userId: english.id });
    const html = (await request(testApp.app).get('/sample').set('Cookie', cookie).expect(200)).text;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Simple search');
    const bundle = JSON.parse(/<script type="application\/json" id="island-i18n">(.*?)<\/script>/.exec(html)![1]!);
    expect(bundle.header.logout).toBe('Sign out');
    expect(bundle.dialogs.session.title).toBe('Session expired');
  });
});

describe('admin layout', () => {
  test('has the add-user, user-list and audit-log tabs and the GPT usage entry', async () => {
    const html = (await request(testApp.app).get('/manage/sample').set('Cookie', managerCookie).expect(200)).text;
    const header = islandProps(html, 'Header');
    expect(header.area).toBe('manage');
    expect((header.tabs as Array<{ key: string }>).map((t) => t.key)).toEqual(['addUser', 'users', 'auditLog']);
    expect(header.gptUsageHref).toBe('/manage/gpt-usage-status');
    expect(header.newsHref).toBe('/manage/notice');
    expect(header.faqUrl).toBe(testApp.config.links.faq);
    expect(islandProps(html, 'GlobalDialogs')).toEqual({ area: 'manage' });
    expect(html).toContain('利用者一覧');
  });
});

describe('plain layout', () => {
  test('has neither header nor footer', async () => {
    const english = await createAccount(testApp, { languageCD: 'lang_en' });
    const html = (await request(testApp.app).get('/sample/plain').set('Cookie', await sessionCookieFor(testApp, { userId: english.id })).expect(200)).text;
    expect(html).toContain('layout--plain');
    expect(html).not.toContain('data-island="Header"');
    expect(html).not.toContain('class="footer"');
    expect(html).toContain('Reading the ranks');
  });
});

describe('page shell', () => {
  test('links the built island bundle and stylesheet, carries CSRF token and client version', async () => {
    const html = (await request(testApp.app).get('/sample').set('Cookie', userCookie).expect(200)).text;
    const entry = /<script type="module" src="(\/assets\/client-[^"]+\.js)"><\/script>/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)">/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/Header-[^"]+\.js">/);
    expect(html).toMatch(/<meta name="csrf-token" content="[0-9a-f]+\.[0-9a-f]+">/);
    expect(html).toContain(`<meta name="app-version" content="${testApp.config.appVersion}">`);
    await request(testApp.app).get(entry!).expect(200).expect('content-type', /javascript/).expect('cache-control', /immutable/);
    await request(testApp.app).get(stylesheet!).expect(200).expect('content-type', /css/);
  });

  test('island props cannot break out of their attribute', async () => {
    const account = await createAccount(testApp, { name: '"><script>alert(1)</script>' });
    const cookie = await sessionCookieFor(testApp, { userId: account.id });
    const html = (await request(testApp.app).get('/sample').set('Cookie', cookie).expect(200)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(islandProps(html, 'Header').accountName).toBe('"><script>alert(1)</script>');
  });

  test('sends security headers', async () => {
    const response = await request(testApp.app).get('/login').expect(200);
    // No inline scripts outside development: the island props and strings are data, not code.
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
