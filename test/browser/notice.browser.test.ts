// News in a real browser (ja and en): the manager's form refuses a notice without a title,
// writes and publishes one → a user of the company sees the header's count and the unread mark
// on /notice → opens it → read; the manager deletes it after a confirmation that says it cannot
// be undone.
import type { Browser } from 'playwright-core';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { insertUser } from '../../src/users/repository.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

const WORDS = {
  ja: { titleRequired: 'タイトルを日本語または英語で入力してください。', published: 'お知らせを公開しました', on: '公開中', unread: '未読', undone: '元に戻せません', deleted: 'お知らせを削除しました', title: '新機能のお知らせ', body: '先行技術調査の画面を改善しました。', field: '#notice-titleJa', bodyField: '#notice-bodyJa' },
  en: { titleRequired: 'Enter a title in Japanese or English.', published: 'Notice published', on: 'Published', unread: 'Unread', undone: 'cannot be undone', deleted: 'Notice deleted', title: 'New features', body: 'The prior-art screens were improved.', field: '#notice-titleEn', bodyField: '#notice-bodyEn' },
} as const;

describeInBrowser('news in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!, { RATE_LIMIT_FACTOR: '100' }));
  });
  afterAll(() => closeBrowserApp({ testApp, browser, http }));

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] a manager publishes a notice, a user sees it unread, opens it; the manager deletes it`, async () => {
      const words = WORDS[lang];
      const languageCD = lang === 'en' ? 'lang_en' : 'lang_ja';
      const manager = await createAccount(testApp, { role: 'auth_adopter', languageCD });
      const companyId = (await testApp.runtime.db('users').where({ id: manager.id }).first('company_id')).company_id as string;
      const userId = await insertUser(testApp.runtime.db, { companyId, email: `reader-${lang}-${Date.now()}@example.jp`, name: '読者 一郎', passwordHash: 'x', role: 'auth_user', languageCD });

      const admin = await newBrowserPage(browser, http.baseUrl, { lang, cookie: await sessionCookieFor(testApp, { managerId: manager.id }) });
      const hydrated = () => admin.page.waitForSelector('[data-island="NoticeManager"][data-hydrated="true"]', { state: 'attached' });
      await admin.page.goto(`${http.baseUrl}/manage/notice`, { waitUntil: 'networkidle' });
      await hydrated();
      await admin.page.click('[data-testid="notice-new"]');
      await admin.page.click('button[type="submit"]');
      expect(await admin.page.locator('.form__error').textContent()).toBe(words.titleRequired);
      await admin.page.fill(words.field, words.title);
      await admin.page.fill(words.bodyField, words.body);
      await admin.page.check('input[name="important"]');
      await admin.page.screenshot({ path: `/tmp/manage-notice-form-${lang}.png`, fullPage: true });
      await admin.page.click('.form__actions .button--primary');
      // The message changes once the server has answered; wait for it.
      await admin.page.locator('[data-testid="snackbar"]', { hasText: words.published }).waitFor();
      expect(await admin.page.locator('[data-testid="snackbar"]').textContent()).toBe(words.published);
      expect(await admin.page.locator('[data-testid="managed-notice"]').allTextContents()).toEqual([expect.stringContaining(words.on)]);
      await admin.page.screenshot({ path: `/tmp/manage-notice-${lang}.png`, fullPage: true });

      const reader = await newBrowserPage(browser, http.baseUrl, { lang, cookie: await sessionCookieFor(testApp, { userId }) });
      await reader.page.goto(`${http.baseUrl}/notice`, { waitUntil: 'networkidle' });
      expect(await reader.page.locator('[data-testid="news-unread-badge"]').textContent()).toBe('1');
      const item = reader.page.locator('[data-testid="notice-item"]');
      expect(await item.textContent()).toContain(words.unread);
      await reader.page.screenshot({ path: `/tmp/notice-${lang}.png`, fullPage: true });
      await item.locator('a').click();
      await reader.page.waitForURL(/\/notice\/detail\?id=/);
      expect(await reader.page.locator('[data-testid="notice-article"]').textContent()).toContain(words.body);
      expect(await reader.page.locator('[data-testid="news-unread-badge"]').count()).toBe(0);
      await reader.page.screenshot({ path: `/tmp/notice-detail-${lang}.png`, fullPage: true });
      await reader.page.goto(`${http.baseUrl}/notice`, { waitUntil: 'networkidle' });
      expect(await reader.page.locator('[data-testid="notice-unread"]').count()).toBe(0);

      await admin.page.click('[data-testid="managed-notice"] .button--danger');
      const dialog = admin.page.locator('[data-testid="notice-delete-dialog"]');
      expect(await dialog.textContent()).toContain(words.undone);
      await admin.page.screenshot({ path: `/tmp/manage-notice-delete-${lang}.png` });
      await dialog.locator('.button--primary').click();
      // The message changes once the server has answered; wait for it.
      await admin.page.locator('[data-testid="snackbar"]', { hasText: words.deleted }).waitFor();
      expect(await admin.page.locator('[data-testid="snackbar"]').textContent()).toBe(words.deleted);
      await admin.page.locator('[data-testid="managed-notice"]').waitFor({ state: 'detached' });
      expect(await admin.page.locator('[data-testid="managed-notice"]').count()).toBe(0);
      await reader.page.goto(`${http.baseUrl}/notice`, { waitUntil: 'networkidle' });
      expect(await reader.page.locator('[data-testid="notice-item"]').count()).toBe(0);
      expect([...admin.errors, ...reader.errors]).toEqual([]);
      await admin.context.close();
      await reader.context.close();
    });
  }
});
