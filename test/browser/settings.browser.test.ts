// Account settings in a real browser: change name and language → "account updated" →
// the page reloads in the new language with the new name in the header; upload a profile
// image and see its preview; errors appear next to their field.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { png } from '../helpers/pages.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

describeInBrowser('account settings in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'hatsumei-settings-browser-'));
    ({ testApp, browser, http } = await startBrowserApp(executable!, { STORAGE_DIR: storageDir }));
  });
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  async function openSettings(area: 'user' | 'manage', cookie: string): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await newBrowserPage(browser, http.baseUrl, { lang: 'ja', cookie });
    await page.goto(`${http.baseUrl}${area === 'manage' ? '/manage/setting' : '/setting'}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-island="AccountSettingsForm"][data-hydrated="true"]', { state: 'attached' });
    return { page, errors };
  }

  test('[ja] name and language: the notice shows, then the page reloads in English with the new name in the header', async () => {
    const account = await createAccount(testApp, { name: '特許 太郎', languageCD: 'lang_ja' });
    const { page, errors } = await openSettings('user', await sessionCookieFor(testApp, { userId: account.id }));
    expect(await page.locator('h1').textContent()).toBe('アカウント設定');
    expect(await page.locator('.header .header__account-name').textContent()).toBe('特許 太郎');
    const save = page.locator('[data-testid="account-save"]');
    expect(await save.isDisabled()).toBe(true); // nothing changed yet

    await page.fill('[data-testid="account-name"]', 'Taro Tokkyo');
    await page.click('.settings-segmented__item:has-text("English")');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    const snackbar = page.locator('[data-testid="snackbar"]');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toBe('アカウント情報を更新しました');

    // After the 2-second notice the page reloads and speaks the account's new language.
    // After the notice's 2 s the page reloads: waited for without a 10 s limit, which the notice, the reload and the
    // hydration of a loaded CI machine could use up.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await page.waitForSelector('[data-island="AccountSettingsForm"][data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('h1').textContent()).toBe('Account settings');
    expect(await page.locator('.header .header__account-name').textContent()).toBe('Taro Tokkyo');
    expect(await page.locator('[data-testid="account-name"]').inputValue()).toBe('Taro Tokkyo');
    expect(await page.locator('[data-testid="account-language-lang_en"]').isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('[ja] profile image: upload shows the preview, saving keeps it, a text file is refused next to the field', async () => {
    const account = await createAccount(testApp, { name: '意匠 花子', languageCD: 'lang_ja' });
    const { page, errors } = await openSettings('user', await sessionCookieFor(testApp, { userId: account.id }));
    const preview = page.locator('[data-testid="profile-image-preview"] img');
    expect(await preview.count()).toBe(0);
    expect(await page.locator('.settings-avatar__initial').textContent()).toBe('意');

    await page.setInputFiles('[data-testid="profile-image-input"]', { name: 'face.png', mimeType: 'image/png', buffer: png(40, 40, [200, 60, 40]) });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/account\/profile-image\/[0-9a-f]{32}\.png$/);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="profile-image-preview"] img');
      return Boolean(image?.complete && image.naturalWidth === 40);
    });

    await page.click('[data-testid="account-save"]');
    const snackbar = page.locator('[data-testid="snackbar"]');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toBe('アカウント情報を更新しました');
    await snackbar.waitFor({ state: 'detached' });
    const key = (await testApp.runtime.db('users').where('id', account.id).first()).profile_image;
    expect(await preview.getAttribute('src')).toBe(`/account/profile-image/${key}`);

    // Not an image, whatever its name says: the message appears beside the image.
    await page.setInputFiles('[data-testid="profile-image-input"]', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('ただのテキストです。') });
    await page.locator('.settings-form__avatar-body .form__error').waitFor();
    expect(await page.locator('.settings-form__avatar-body .form__error').textContent()).toBe(
      'PNG・JPEG・GIF・WebP 形式で、2MB 以下の画像を選択してください。',
    );
    expect(await preview.getAttribute('src')).toBe(`/account/profile-image/${key}`);

    // After a reload the saved image is still there.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.locator('[data-testid="profile-image-preview"] img').getAttribute('src')).toBe(`/account/profile-image/${key}`);

    // Remove, save: back to the initial.
    await page.waitForSelector('[data-island="AccountSettingsForm"][data-hydrated="true"]', { state: 'attached' });
    await page.click('[data-testid="profile-image-remove"]');
    await page.click('[data-testid="account-save"]');
    await page.locator('[data-testid="snackbar"]').waitFor();
    expect(await page.locator('.settings-avatar__initial').textContent()).toBe('意');
    expect((await testApp.runtime.db('users').where('id', account.id).first()).profile_image).toBeNull();
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]); // the refused upload logs its 400
    await page.context().close();
  });

  test('[ja] an empty name shows E057 next to the field and nothing is saved', async () => {
    const account = await createAccount(testApp, { name: '商標 三郎', languageCD: 'lang_ja' });
    const { page } = await openSettings('user', await sessionCookieFor(testApp, { userId: account.id }));
    await page.fill('[data-testid="account-name"]', '　 ');
    await page.click('[data-testid="account-save"]');
    const error = page.locator('[data-testid="account-name-error"]');
    await error.waitFor();
    expect(await error.textContent()).toBe('氏名を入力してください。');
    expect(await page.locator('[data-testid="account-name"]').getAttribute('aria-invalid')).toBe('true');
    await page.fill('[data-testid="account-name"]', 'あ'.repeat(51));
    expect(await error.textContent()).toBe('氏名は50文字以内で入力してください。');
    expect(await page.locator('.settings-form__counter').textContent()).toBe('51 / 50');
    expect((await testApp.runtime.db('users').where('id', account.id).first()).name).toBe('商標 三郎');
    await page.context().close();
  });

  test('[ja] a manager switching to English gets the admin pages in English after the reload', async () => {
    const manager = await createAccount(testApp, { role: 'auth_adopter', name: '管理 四郎', languageCD: 'lang_ja' });
    const { page, errors } = await openSettings('manage', await sessionCookieFor(testApp, { managerId: manager.id }));
    expect(await page.locator('h1').textContent()).toBe('アカウント設定');
    await page.click('.settings-segmented__item:has-text("English")');
    await page.click('[data-testid="account-save"]');
    await page.locator('[data-testid="snackbar"]').waitFor();
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    expect(await page.locator('h1').textContent()).toBe('Account settings');
    expect(await page.locator('.header .header__area').textContent()).toBe('Admin');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
