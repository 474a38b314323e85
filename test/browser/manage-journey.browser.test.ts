// Issue 14's journey in Chromium (ja and en): a manager signs in → adds a user with detailed
// search (the invitation mail lands in the outbox) → the user sets a password from the mail's
// link and signs in with the detailed-search tab → the manager switches it off and the user's
// header loses the tab → the manager publishes a notice and the user sees it unread on /notice
// → the manager deletes the user → the audit log tells all of it in the manager's language.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { createAccount, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { waitUntil } from '../jobs/helpers.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;
/** SCREENSHOTS_DIR=/tmp/shots keeps pictures of the detail page and the audit log (full-page shots, taken only then). */
const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

const WORDS = {
  ja: {
    manager: '山田 太郎', user: '佐藤 花子', added: '利用者を追加しました。招待メールを送信しました', saved: '利用者の情報を更新しました', deleted: '利用者を削除しました',
    published: 'お知らせを公開しました', unread: '未読', title: '年末年始の休業のお知らせ', body: '12月29日から1月3日まで休業します。', titleField: '#notice-titleJa', bodyField: '#notice-bodyJa',
    tab: '操作履歴',
    log: (email: string) => [
      `山田 太郎 が 佐藤 花子（${email}）を追加しました（利用機能：簡易検索、詳細検索）`,
      `山田 太郎 が 佐藤 花子（${email}）の利用機能を変更しました：詳細検索 オン → オフ`,
      '山田 太郎 がお知らせ「年末年始の休業のお知らせ」を作成しました',
      '山田 太郎 がお知らせ「年末年始の休業のお知らせ」を公開しました',
      `山田 太郎 が 佐藤 花子（${email}）を削除しました`,
    ],
  },
  en: {
    manager: 'Taro Yamada', user: 'Hanako Sato', added: 'User added. An invitation email is on its way', saved: 'User updated', deleted: 'User deleted',
    published: 'Notice published', unread: 'Unread', title: 'Year-end closure', body: 'We are closed from 29 December to 3 January.', titleField: '#notice-titleEn', bodyField: '#notice-bodyEn',
    tab: 'Audit log',
    log: (email: string) => [
      `Taro Yamada added Hanako Sato (${email}) (features: Simple search, Detailed search)`,
      `Taro Yamada changed the features of Hanako Sato (${email}): Detailed search on → off`,
      'Taro Yamada created the notice “Year-end closure”',
      'Taro Yamada published the notice “Year-end closure”',
      `Taro Yamada deleted Hanako Sato (${email})`,
    ],
  },
} as const;

describeInBrowser('the manager-area journey in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  let outbox: string;

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-journey-outbox-'));
    // ROLE all: this app's worker sends the invitation mail (a system task).
    ({ testApp, browser, http } = await startBrowserApp(executable!, { RATE_LIMIT_FACTOR: '100', MAIL_OUTBOX_DIR: outbox, ROLE: 'all' }));
  });
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
    await rm(outbox, { recursive: true, force: true });
  });

  const secretOf = async (id: string) => (await testApp.runtime.db('users').select('mfa_secret').where({ id }).first()).mfa_secret as string;

  /**
   * Sign-in through the pages, registering the authenticator the first time (the key typed from the page). Pages here
   * are opened to their load and then the island used is waited for, not to 'networkidle' (500 ms of network quiet
   * each); the waits have no limits of their own (a first page on the loaded CI machine took 3–8 s).
   */
  async function signIn(page: Page, area: 'user' | 'manage', email: string, password: string, landing: string) {
    const base = area === 'manage' ? '/manage' : '';
    await page.goto(`${http.baseUrl}${base}/login`);
    await page.waitForSelector('[data-island="LoginForm"][data-hydrated="true"]', { state: 'attached' });
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}${base}/2fa`);
    await page.waitForSelector('[data-testid="totp-qr"]');
    const shown = (await page.textContent('[data-testid="totp-secret"]'))!.trim().replace(/ /g, '');
    await page.fill('input[name="authcode"]', await generate({ secret: shown }));
    await page.click('button[type="submit"]');
    await page.waitForURL(`${http.baseUrl}${landing}`);
  }

  /** The invitation mail to the address (base64 or quoted-printable body), once the worker has sent it. */
  async function invitationLink(address: string): Promise<string> {
    const body = await waitUntil(async () => {
      for (const file of await readdir(outbox)) {
        const mail = await readFile(path.join(outbox, file), 'utf8');
        if (!mail.includes(`To: ${address}`)) continue;
        const [head, ...rest] = mail.split(/\r?\n\r?\n/);
        return /base64/i.test(head!) ? Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64').toString('utf8') : rest.join('\n').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      }
      return undefined;
    }, 'the invitation mail');
    return /https?:\/\/\S+\/password\?token=[\w-]+/.exec(body)![0];
  }

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] add a user → they sign in with detailed search → switched off → a notice → deleted → all in the audit log`, async () => {
      const words = WORDS[lang];
      const languageCD = lang === 'en' ? 'lang_en' : 'lang_ja';
      const manager = await createAccount(testApp, { role: 'auth_adopter', name: words.manager, languageCD });
      const admin = await newBrowserPage(browser, http.baseUrl, { lang });
      const form = () => admin.page.waitForSelector('[data-island="ManagedUserForm"][data-hydrated="true"]', { state: 'attached' });
      const snackbar = async (text: string) => admin.page.locator('[data-testid="snackbar"]', { hasText: text }).waitFor();

      // The manager signs in and adds a user with detailed search.
      await signIn(admin.page, 'manage', manager.email, manager.password, '/manage/users');
      await admin.page.goto(`${http.baseUrl}/manage/add-user`);
      await form();
      const email = `journey-${lang}-${Date.now()}@example.jp`;
      await admin.page.fill('#managed-user-name', words.user);
      await admin.page.fill('#managed-user-email', email);
      await admin.page.check('input[name="feature-detail"]');
      await admin.page.click('button[type="submit"]');
      await snackbar(words.added);
      await admin.page.waitForURL(/\/manage\/users\/detail\?id=/);
      const detailUrl = admin.page.url();

      // The user sets a password from the mailed link and signs in: the detailed-search tab is there.
      const user = await newBrowserPage(browser, http.baseUrl, { lang });
      await user.page.goto(await invitationLink(email));
      await user.page.waitForSelector('[data-island="PasswordResetForms"][data-hydrated="true"]', { state: 'attached' });
      await user.page.fill('input[name="password"]', 'Brandnew1#');
      await user.page.fill('input[name="passwordConfirm"]', 'Brandnew1#');
      await user.page.click('button[type="submit"]');
      await user.page.locator('[data-testid="password-changed"]').waitFor();
      await signIn(user.page, 'user', email, 'Brandnew1#', '/search');
      const detailTab = user.page.locator('.header__tabs a[href="/detail-search/build-query"]');
      expect(await detailTab.count()).toBe(1);

      // The manager switches it off; the user's header loses the tab.
      await admin.page.goto(detailUrl);
      await form();
      await admin.page.uncheck('input[name="feature-detail"]');
      await admin.page.click('button[type="submit"]');
      await snackbar(words.saved);
      await user.page.reload({ waitUntil: 'networkidle' });
      expect(await detailTab.count()).toBe(0);
      expect(await user.page.locator('.header__tabs a[href="/search"]').count()).toBe(1);

      // A notice: the user sees it unread.
      await admin.page.goto(`${http.baseUrl}/manage/notice`);
      await admin.page.waitForSelector('[data-island="NoticeManager"][data-hydrated="true"]', { state: 'attached' });
      await admin.page.click('[data-testid="notice-new"]');
      await admin.page.fill(words.titleField, words.title);
      await admin.page.fill(words.bodyField, words.body);
      await admin.page.click('.form__actions .button--primary');
      await snackbar(words.published);
      await user.page.goto(`${http.baseUrl}/notice`);
      expect(await user.page.locator('[data-testid="news-unread-badge"]').textContent()).toBe('1');
      const item = user.page.locator('[data-testid="notice-item"]', { hasText: words.title });
      expect(await item.textContent()).toContain(words.unread);

      // The user's detail page lists what was done to them; then the manager deletes them.
      await admin.page.goto(detailUrl);
      await form();
      expect(await admin.page.locator('[data-testid="user-audit"] li').allTextContents()).toEqual([
        expect.stringContaining(words.log(email)[1]!),
        expect.stringContaining(words.log(email)[0]!),
      ]);
      if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/manage-journey-detail-${lang}.png`, fullPage: true });
      await admin.page.click('.button--danger');
      await admin.page.locator('[data-testid="confirm-dialog"] .button--primary').click();
      await snackbar(words.deleted);
      await admin.page.waitForURL(`${http.baseUrl}/manage/users`);

      // The audit log, reached from the header's tab, tells all of it, newest first.
      await admin.page.click(`.header__tabs a:has-text("${words.tab}")`);
      await admin.page.waitForURL(`${http.baseUrl}/manage/audit-log`);
      const entries = await admin.page.locator('[data-testid="audit-entries"] li .audit-entries__text').allTextContents();
      expect(entries).toEqual([...words.log(email)].reverse());
      if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/manage-audit-log-${lang}.png`, fullPage: true });
      expect([...admin.errors, ...user.errors]).toEqual([]);
      await admin.context.close();
      await user.context.close();
    });
  }
});
