// The manager's user administration in a real browser (ja and en): errors by their field,
// add a user → "user added" → their detail page → they are in the list; delete asks first,
// saying it cannot be undone → "user deleted" → gone from the list.
import type { Browser } from 'playwright-core';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

const WORDS = {
  ja: { nameRequired: '氏名を入力してください。', taken: 'このメールアドレスはすでに登録されています。', added: '利用者を追加しました。招待メールを送信しました', detail: '利用者の詳細', list: '利用者一覧', undone: '元に戻せません', deleted: '利用者を削除しました' },
  en: { nameRequired: 'Enter a name.', taken: 'This email address is already registered.', added: 'User added. An invitation email is on its way', detail: 'User details', list: 'Users', undone: 'cannot be undone', deleted: 'User deleted' },
} as const;

describeInBrowser('user administration in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!, { RATE_LIMIT_FACTOR: '100' }));
  });
  afterAll(() => closeBrowserApp({ testApp, browser, http }));

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] a manager adds a user, sees them in the list, then deletes them after confirming`, async () => {
      const words = WORDS[lang];
      const manager = await createAccount(testApp, { role: 'auth_adopter', languageCD: lang === 'en' ? 'lang_en' : 'lang_ja' });
      const existing = await createAccount(testApp); // another company's address: still registered
      const { page, errors, context } = await newBrowserPage(browser, http.baseUrl, { lang, cookie: await sessionCookieFor(testApp, { managerId: manager.id }) });
      const hydrated = () => page.waitForSelector('[data-island="ManagedUserForm"][data-hydrated="true"]', { state: 'attached' });

      await page.goto(`${http.baseUrl}/manage/add-user`, { waitUntil: 'networkidle' });
      await hydrated();
      await page.click('button[type="submit"]');
      expect(await page.locator('.form__error').textContent()).toBe(words.nameRequired);

      const name = lang === 'ja' ? '特許 次郎' : 'Jiro Tokkyo';
      const email = `new-${lang}-${Date.now()}@example.jp`;
      await page.fill('#managed-user-name', name);
      await page.fill('#managed-user-email', existing.email);
      await page.click('button[type="submit"]');
      await page.locator(`.form__error:has-text("${words.taken}")`).waitFor();

      await page.fill('#managed-user-email', email);
      await page.check('input[name="feature-priorart"]');
      await page.click('button[type="submit"]');
      // The message changes once the server has answered; wait for it.
      await page.locator('[data-testid="snackbar"]', { hasText: words.added }).waitFor();
      expect(await page.locator('[data-testid="snackbar"]').textContent()).toBe(words.added);
      await page.waitForURL(/\/manage\/users\/detail\?id=/);
      expect(await page.locator('h1').textContent()).toBe(words.detail);
      await hydrated();
      expect(await page.locator('input[name="feature-priorart"]').isChecked()).toBe(true);
      expect(await page.locator('input[name="feature-detail"]').isChecked()).toBe(false);
      await page.screenshot({ path: `/tmp/manage-user-detail-${lang}.png`, fullPage: true });

      await page.goto(`${http.baseUrl}/manage/users`, { waitUntil: 'networkidle' });
      expect(await page.locator('h1').textContent()).toBe(words.list);
      expect(await page.locator('[data-testid="user-row"]').allTextContents()).toEqual([expect.stringContaining(name)]);
      await page.screenshot({ path: `/tmp/manage-users-${lang}.png`, fullPage: true });

      await page.click(`a:has-text("${name}")`);
      await hydrated();
      await page.click('.button--danger');
      const dialog = page.locator('[data-testid="confirm-dialog"]');
      expect(await dialog.textContent()).toContain(words.undone);
      await page.screenshot({ path: `/tmp/manage-user-delete-${lang}.png` });
      await dialog.locator('.button--primary').click();
      // The message changes once the server has answered; wait for it.
      await page.locator('[data-testid="snackbar"]', { hasText: words.deleted }).waitFor();
      expect(await page.locator('[data-testid="snackbar"]').textContent()).toBe(words.deleted);
      await page.waitForURL(`${http.baseUrl}/manage/users`);
      expect(await page.locator('[data-testid="user-row"]').count()).toBe(0);
      expect(await testApp.runtime.db('users').where({ email }).first()).toBeUndefined();
      // The browser logs the refused address (409, the one failure asked for); nothing else went wrong.
      expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
      await context.close();
    });
  }
});
