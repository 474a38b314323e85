// The sign-in journeys in Chromium (issue: login → QR registration → code → landing page),
// for a user and a manager, logout, and the areas keeping each other out.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { createAccount, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { waitUntil } from '../jobs/helpers.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

describeInBrowser('sign-in journeys in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  let outbox: string;

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-browser-outbox-'));
    // ROLE all: this app's worker sends the reset mail (a system task).
    ({ testApp, browser, http } = await startBrowserApp(executable!, { RATE_LIMIT_FACTOR: '100', MAIL_OUTBOX_DIR: outbox, ROLE: 'all' }));
  });
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  const secretOf = async (id: string) => (await testApp.runtime.db('users').select('mfa_secret').where({ id }).first()).mfa_secret as string;

  async function signIn(page: Page, area: 'user' | 'manage', account: { id: string; email: string; password: string }) {
    const base = area === 'manage' ? '/manage' : '';
    await page.goto(`${http.baseUrl}${base}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-island="LoginForm"][data-hydrated="true"]', { state: 'attached' });
    await page.fill('input[name="email"]', account.email);
    await page.fill('input[name="password"]', account.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}${base}/2fa`);
    await page.waitForSelector('[data-testid="totp-qr"]');
    // The QR code is drawn (an SVG data URL the page's content security policy lets through), 220 px wide.
    await page.waitForFunction(() => (document.querySelector('[data-testid="totp-qr"]') as HTMLImageElement | null)?.complete);
    expect(await page.$eval('[data-testid="totp-qr"]', (img) => (img as HTMLImageElement).naturalWidth)).toBe(220);
    // The test plays an authenticator app set up by typing the key the page shows (grouped by four) instead of scanning.
    const shown = (await page.textContent('[data-testid="totp-secret"]'))!.trim();
    expect(shown).toMatch(/^(?:[A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(shown.replace(/ /g, '')).toBe(await secretOf(account.id));
    await page.fill('input[name="authcode"]', await generate({ secret: shown.replace(/ /g, '') }));
    await page.click('button[type="submit"]');
  }

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] a user signs in with QR registration, lands on /search, is kept out of the manager area, signs out`, async () => {
      const account = await createAccount(testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const context = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      // A wrong password first: the one message, in the page's language.
      await page.goto(`${http.baseUrl}/login`, { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-island="LoginForm"][data-hydrated="true"]', { state: 'attached' });
      await page.fill('input[name="email"]', account.email);
      await page.fill('input[name="password"]', 'Wrong-pass1!');
      await page.click('button[type="submit"]');
      const message = await page.locator('[data-testid="form-error"]').textContent();
      expect(message).toBe(lang === 'ja' ? 'メールアドレスまたはパスワードが正しくありません。' : 'The email address or password is incorrect.');

      await signIn(page, 'user', account);
      await page.waitForURL(`${http.baseUrl}/search`);
      // The manager area sends the user back; the manager API refuses.
      await page.goto(`${http.baseUrl}/manage/users`);
      expect(page.url()).toBe(`${http.baseUrl}/search`);
      const status = await page.evaluate(async () => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        return (await fetch('/api/manage/account', { method: 'POST', headers: { 'x-csrf-token': token } })).status;
      });
      expect(status).toBe(401);

      await page.goto(`${http.baseUrl}/sample`, { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-island="Header"][data-hydrated="true"]', { state: 'attached' });
      await page.click('.header .menu__button');
      await page.click(`.header .menu__list button:has-text("${lang === 'ja' ? 'ログアウト' : 'Sign out'}")`);
      await page.locator('[data-testid="logout-dialog"] button:not([disabled])').click();
      await page.waitForURL(`${http.baseUrl}/login`);
      await page.goto(`${http.baseUrl}/sample`);
      expect(page.url()).toBe(`${http.baseUrl}/login`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('a manager signs in to /manage/users and is kept out of user pages', async () => {
    const manager = await createAccount(testApp, { role: 'auth_adopter' });
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await signIn(page, 'manage', manager);
    await page.waitForURL(`${http.baseUrl}/manage/users`);
    await page.goto(`${http.baseUrl}/search`);
    expect(page.url()).toBe(`${http.baseUrl}/manage/users`);
    const status = await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      return (await fetch('/api/account', { method: 'POST', headers: { 'x-csrf-token': token } })).status;
    });
    expect(status).toBe(401);
    await context.close();
  });

  test('a wrong or malformed code is explained, and the right one lets the person in', async () => {
    const account = await createAccount(testApp);
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${http.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-island="LoginForm"][data-hydrated="true"]', { state: 'attached' });
    await page.fill('input[name="email"]', account.email);
    await page.fill('input[name="password"]', account.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}/2fa`);
    await page.waitForSelector('[data-testid="totp-qr"]');
    await page.fill('input[name="authcode"]', '12ab');
    await page.locator('input[name="authcode"]').blur();
    expect(await page.locator('.form__error').textContent()).toBe('認証コードは半角数字で入力してください。');
    expect(await page.locator('button[type="submit"]').isDisabled()).toBe(true);
    await page.fill('input[name="authcode"]', '000000');
    await page.click('button[type="submit"]');
    expect(await page.locator('[data-testid="form-error"]').textContent()).toContain('認証コードが正しくありません');
    await page.fill('input[name="authcode"]', await generate({ secret: await secretOf(account.id) }));
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}/search`);
    await context.close();
  });

  test('password reset from the forgotten-password page to signing in with the new password', async () => {
    const account = await createAccount(testApp);
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${http.baseUrl}/forgetpassword`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-island="PasswordResetForms"][data-hydrated="true"]', { state: 'attached' });
    await page.fill('input[name="email"]', account.email);
    await page.click('button[type="submit"]');
    expect(await page.locator('[data-testid="reset-sent"]').textContent()).toContain('We have emailed you a link');
    // The link in the mail (base64 body): set a new password against the checklist, then sign in with it.
    const [file] = await waitUntil(async () => {
      const files = await readdir(outbox);
      return files.length ? files : undefined;
    }, 'the reset mail');
    const mail = await readFile(path.join(outbox, file!), 'utf8');
    const [head, ...rest] = mail.split(/\r?\n\r?\n/);
    const body = /base64/i.test(head!) ? Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64').toString('utf8') : rest.join('\n').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/\S+\/password\?token=[\w-]+/.exec(body)![0];
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-island="PasswordResetForms"][data-hydrated="true"]', { state: 'attached' });
    await page.fill('input[name="password"]', 'Brandnew1#');
    expect(await page.locator('.password-checks li.is-met').count()).toBe(6);
    await page.fill('input[name="passwordConfirm"]', 'Brandnew1#');
    await page.click('button[type="submit"]');
    await page.locator('[data-testid="password-changed"]').waitFor();
    await page.click('[data-testid="password-changed"] + a');
    await page.waitForURL(`${http.baseUrl}/login`);
    await page.waitForSelector('[data-island="LoginForm"][data-hydrated="true"]', { state: 'attached' });
    await page.fill('input[name="email"]', account.email);
    await page.fill('input[name="password"]', 'Brandnew1#');
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}/2fa`);
    await context.close();
  });

  test('what a person types before the form has loaded its script is kept', async () => {
    const account = await createAccount(testApp);
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/LoginForm-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${http.baseUrl}/login`, { waitUntil: 'domcontentloaded' });
    await page.fill('input[name="email"]', account.email); // server-rendered form, not hydrated yet
    await page.fill('input[name="password"]', account.password);
    expect(await page.locator('[data-island="LoginForm"]').getAttribute('data-hydrated')).toBeNull();
    release();
    await page.waitForSelector('[data-island="LoginForm"][data-hydrated="true"]', { state: 'attached' });
    expect(await page.inputValue('input[name="email"]')).toBe(account.email);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}/2fa`);
    await context.close();
  });
});
