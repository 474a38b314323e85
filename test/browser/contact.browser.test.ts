// The contact dialog in a real browser (SPEC §2, §4 "Inquiry form", §5 "Contact form"):
// opened from the header in Japanese and English, 516 px wide and at most 650 px high,
// pre-filled from the account, counters, shortened long file names, the attach button
// disabled at 5 files, client-side checks, the server's refusal shown in the dialog,
// and a successful send: snackbar, the dialog closes, the inquiry is in the database.
import type { Browser, Page } from 'playwright-core';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TEXT = Buffer.from('拒絶理由通知への応答方針メモ\n');

const LONG_NAME = '特許出願明細書_令和八年度_先行技術調査報告_最終版_図面差替え.pdf';
const LONG_NAME_SHOWN = '特許出願明細書_令和八年度_先行…差替え.pdf';

const TEXTS = {
  ja: {
    button: 'お問い合わせ',
    title: 'お問い合わせ',
    sent: 'お問い合わせを送信しました',
    nameRequired: 'お名前を入力してください。',
    emailFormat: 'メールアドレスの形式が正しくありません。',
    duplicate: '同じ名前のファイルは添付できません。',
    fileType: '添付できない形式のファイルが含まれています。',
    send: '送信',
  },
  en: {
    button: 'Contact',
    title: 'Contact us',
    sent: 'Your inquiry has been sent',
    nameRequired: 'Enter your name.',
    emailFormat: 'The email address is not in a valid format.',
    duplicate: 'Files with the same name cannot be attached.',
    fileType: 'One of the files is of a type that cannot be attached.',
    send: 'Send',
  },
} as const;

describeInBrowser('contact dialog in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!, { RATE_LIMIT_FACTOR: '100' }));
  });
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  async function openPage(path: string, lang: 'ja' | 'en', cookie: string): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await newBrowserPage(browser, http.baseUrl, { lang, cookie });
    await page.goto(`${http.baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-island="Header"][data-hydrated="true"]', { state: 'attached' });
    return { page, errors };
  }

  async function openDialog(page: Page, buttonText: string) {
    const button = page.locator('.header:not(.header--compact) [data-testid="contact-button"]');
    expect((await button.textContent())?.trim()).toBe(buttonText);
    await button.click();
    const dialog = page.locator('[data-testid="contact-dialog"]');
    await dialog.waitFor();
    return dialog;
  }

  const file = (name: string, buffer: Buffer, mimeType = 'application/octet-stream') => ({ name, mimeType, buffer });

  for (const lang of ['ja', 'en'] as const) {
    const text = TEXTS[lang];

    test(`[${lang}] opens from the header, checks input like the server, sends, and closes after the notice`, async () => {
      const accountName = lang === 'ja' ? '弁理 桜子' : 'Sakura Benri';
      const account = await createAccount(testApp, { name: accountName, languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const cookie = await sessionCookieFor(testApp, { userId: account.id });
      const { page, errors } = await openPage('/sample', lang, cookie);
      const dialog = await openDialog(page, text.button);

      // Size (§2): 516 px wide, at most 650 px high.
      expect(await dialog.locator('h2').textContent()).toBe(text.title);
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBe(516);
      expect(box.height).toBeLessThanOrEqual(650);

      // Pre-filled from the account; the first empty field has the focus.
      const name = dialog.locator('input[name="name"]');
      const email = dialog.locator('input[name="email"]');
      const body = dialog.locator('textarea[name="body"]');
      expect(await name.inputValue()).toBe(accountName);
      expect(await email.inputValue()).toBe(account.email);
      expect(await body.evaluate((element) => element === document.activeElement)).toBe(true);
      const send = dialog.locator('[data-testid="contact-send"]');
      expect(await send.isDisabled()).toBe(true); // body still empty

      // Client-side checks with the server's messages.
      await name.fill('');
      await name.blur();
      await dialog.locator(`text=${text.nameRequired}`).waitFor();
      await name.fill(lang === 'ja' ? '弁理 桜子' : 'Sakura Benri');
      await email.fill('sakura@example');
      expect(await dialog.locator('.form__error').count()).toBe(0); // not while typing
      await email.blur();
      await dialog.locator(`text=${text.emailFormat}`).waitFor();
      await email.fill('sakura.benri@example.co.jp');
      expect(await dialog.locator('.form__error').count()).toBe(0);

      const message = lang === 'ja' ? '先行技術調査の結果を\nCSV で出力する方法を教えてください。' : 'How do I export\nthe prior-art results as CSV?';
      await body.fill(message);
      expect(await dialog.locator('[data-testid="contact-body-counter"]').textContent()).toBe(`${[...message].length}/500`);
      expect(await send.isEnabled()).toBe(true);

      // Attachments: counter, shortened long name (full name on hover), attach disabled at 5.
      const input = dialog.locator('[data-testid="contact-file-input"]');
      const counter = dialog.locator('[data-testid="contact-file-counter"]');
      expect(await counter.textContent()).toBe('0/5');
      await input.setInputFiles([file(LONG_NAME, PDF, 'application/pdf'), file('図面1.png', PNG, 'image/png')]);
      expect(await counter.textContent()).toBe('2/5');
      const names = dialog.locator('[data-testid="contact-file-name"]');
      expect(await names.first().textContent()).toBe(LONG_NAME_SHOWN);
      expect(await names.first().getAttribute('title')).toBe(LONG_NAME);
      expect(await names.nth(1).textContent()).toBe('図面1.png');

      // A second file of the same name: the server's rule, shown before sending.
      await input.setInputFiles([file('図面1.png', PNG, 'image/png')]);
      await dialog.locator(`text=${text.duplicate}`).waitFor();
      expect(await send.isDisabled()).toBe(true);
      await dialog.locator('[data-testid="contact-file"]').nth(2).locator('button').click();
      expect(await counter.textContent()).toBe('2/5');
      expect(await send.isEnabled()).toBe(true);

      await input.setInputFiles([file('memo.txt', TEXT, 'text/plain'), file('図面2.png', PNG, 'image/png'), file('図面3.png', PNG, 'image/png')]);
      expect(await counter.textContent()).toBe('5/5');
      expect(await dialog.locator('[data-testid="contact-attach"]').isDisabled()).toBe(true);
      await dialog.locator('[data-testid="contact-file"]').nth(4).locator('button').click();
      expect(await counter.textContent()).toBe('4/5');
      expect(await dialog.locator('[data-testid="contact-attach"]').isEnabled()).toBe(true);

      // The dialog scrolls inside: its own height stays within 650 px with four files.
      expect((await dialog.boundingBox())!.height).toBeLessThanOrEqual(650);

      // Send: the button is disabled while posting and while the notice shows.
      await send.click();
      const snackbar = page.locator('[data-testid="snackbar"]');
      await snackbar.waitFor();
      expect(await snackbar.textContent()).toBe(text.sent);
      expect(await send.isDisabled()).toBe(true);
      // The dialog closes when the 2 s notice ends: waited for without a 5 s limit of its own (a loaded machine's timers and frames run late).
      await dialog.waitFor({ state: 'detached' });
      await snackbar.waitFor({ state: 'detached' });

      const inquiry = await testApp.runtime.db('inquiries').where({ user_id: account.id }).first();
      expect(inquiry).toMatchObject({ area: 'user', name: lang === 'ja' ? '弁理 桜子' : 'Sakura Benri', email: 'sakura.benri@example.co.jp', body: message });
      const attachments = await testApp.runtime.db('inquiry_attachments').where({ inquiry_id: inquiry.id }).orderBy('file_name');
      expect(attachments.map((row) => row.file_name).sort()).toEqual([LONG_NAME, 'memo.txt', '図面1.png', '図面2.png'].sort());
      expect(attachments.find((row) => row.file_name === LONG_NAME).content_type).toBe('application/pdf');

      // Opened again: a clean form, pre-filled from the account once more.
      const again = await openDialog(page, text.button);
      expect(await again.locator('input[name="name"]').inputValue()).toBe(accountName);
      expect(await again.locator('textarea[name="body"]').inputValue()).toBe('');
      expect(await again.locator('[data-testid="contact-file-counter"]').textContent()).toBe('0/5');
      await page.keyboard.press('Escape');
      await again.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  test('[manager] the admin header sends to the manager API; a refusal shows in the dialog and the typed text survives closing', async () => {
    const manager = await createAccount(testApp, { role: 'auth_adopter', name: '管理 三郎' });
    const cookie = await sessionCookieFor(testApp, { managerId: manager.id });
    const { page } = await openPage('/manage/sample', 'ja', cookie);
    const dialog = await openDialog(page, TEXTS.ja.button);
    expect(await dialog.locator('input[name="name"]').inputValue()).toBe('管理 三郎');
    await dialog.locator('textarea[name="body"]').fill('ユーザー上限の変更について');

    // Closing keeps what was typed.
    await dialog.locator('.contact-dialog__close').click();
    await dialog.waitFor({ state: 'detached' });
    const reopened = await openDialog(page, TEXTS.ja.button);
    expect(await reopened.locator('textarea[name="body"]').inputValue()).toBe('ユーザー上限の変更について');

    // A text file named .png passes the dialog's extension check; the server, checking
    // content, refuses it (ME999 for managers): the generic message shows in the dialog.
    await reopened.locator('[data-testid="contact-file-input"]').setInputFiles([file('fake.png', TEXT, 'image/png')]);
    await reopened.locator('[data-testid="contact-send"]').click();
    const error = reopened.locator('[data-testid="contact-error"]');
    await error.waitFor();
    expect(await error.textContent()).toContain('予期しないエラーが発生しました');
    expect(await page.locator('[data-testid="snackbar"]').count()).toBe(0);
    expect(await testApp.runtime.db('inquiries').where({ user_id: manager.id }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);

    await reopened.locator('[data-testid="contact-file"] button').click();
    await reopened.locator('[data-testid="contact-file-input"]').setInputFiles([file('memo.txt', TEXT, 'text/plain')]);
    await reopened.locator('[data-testid="contact-send"]').click();
    await page.locator('[data-testid="snackbar"]').waitFor();
    await reopened.waitFor({ state: 'detached' });
    const inquiry = await testApp.runtime.db('inquiries').where({ user_id: manager.id }).first();
    expect(inquiry).toMatchObject({ area: 'manage', name: '管理 三郎', body: 'ユーザー上限の変更について' });
    await page.context().close();
  });

  test('[user] a file type the server refuses by content shows E102 in the dialog; an expired session is left to the session dialog', async () => {
    const account = await createAccount(testApp, { name: '形式 確認' });
    const cookie = await sessionCookieFor(testApp, { userId: account.id });
    const { page } = await openPage('/sample', 'ja', cookie);
    await page.waitForSelector('[data-island="GlobalDialogs"][data-hydrated="true"]', { state: 'attached' });
    const dialog = await openDialog(page, TEXTS.ja.button);
    await dialog.locator('textarea[name="body"]').fill('形式チェックの確認');
    await dialog.locator('[data-testid="contact-file-input"]').setInputFiles([file('drawing.png', TEXT, 'image/png')]);
    await dialog.locator('[data-testid="contact-send"]').click();
    const error = dialog.locator('[data-testid="contact-error"]');
    await error.waitFor();
    expect(await error.textContent()).toContain(TEXTS.ja.fileType);

    // E073 is not repeated in the dialog: the global session dialog takes over.
    await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')!.setAttribute('content', 'forged'));
    await dialog.locator('[data-testid="contact-file"] button').click();
    await dialog.locator('[data-testid="contact-send"]').click();
    await page.locator('[data-testid="session-dialog"]').waitFor();
    expect(await dialog.locator('[data-testid="contact-error"]').count()).toBe(0);
    await page.context().close();
  });
});
