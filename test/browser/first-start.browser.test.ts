// A newcomer's first start, as after `npm install && npm start` in a fresh clone: an empty
// database, the demo accounts, the demo corpus of the repository loading in the background
// (Japanese and Chinese first). The demo user's first searches on the default region (日本)
// find Japanese documents for 電池 and 半導体, and for the form's own example, in Japanese and
// English; a Japanese document opens with its claims and numbered paragraphs.
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { DEMO_USER } from '../../src/demo/accounts.ts';
import { findCredentialsByEmail } from '../../src/auth/repository.ts';
import { SEARCH_EXAMPLES } from '../../src/search/validation.ts';
import { sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;
const SCREENSHOTS = process.env.FIRST_START_SCREENSHOTS;

describeInBrowser('first start with the demo corpus', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };

  beforeAll(async () => {
    // DEMO_ACCOUNTS as on the embedded database of a first start: demo accounts and the demo corpus.
    ({ testApp, browser, http } = await startBrowserApp(executable!, { DEMO_ACCOUNTS: 'true' }));
    const demo = await findCredentialsByEmail(testApp.runtime.db, DEMO_USER.email);
    expect(demo).toBeDefined();
    cookies.ja = await sessionCookieFor(testApp, { userId: demo!.id });
    // The same user in English: the account's language decides, so a second session after switching it.
    cookies.en = cookies.ja;
    // The search finds more as the load goes: wait until the Japanese part is in (it comes first in the file).
    const deadline = Date.now() + 240_000;
    for (;;) {
      const html = (await request(testApp.app).get(`/search?q=${encodeURIComponent('半導体')}`).set('Cookie', cookies.ja)).text;
      const count = Number(/data-testid="hit-count">([\d,]+)/.exec(html)?.[1]?.replace(/,/g, '') ?? 0);
      if (count >= 40 || Date.now() > deadline) break;
      // A short poll: the load is done when it is done, not at the next 2-second tick.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 300_000);
  afterAll(async () => {
    // Stopping the app stops the load; the next start would resume it.
    await closeBrowserApp({ testApp, browser, http });
  });

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] 電池 and 半導体 on the default region find Japanese documents; the form's example does too; a document shows claims and paragraphs`, async () => {
      await testApp.runtime.db('users').where({ email: DEMO_USER.email }).update({ language_cd: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const { context, page, errors } = await newBrowserPage(browser, http.baseUrl, { lang, cookie: cookies[lang] });
      await page.goto(`${http.baseUrl}/search`, { waitUntil: 'networkidle' });
      expect(await page.inputValue('select[name="region"]')).toBe('jp');
      const placeholder = (await page.getAttribute('input[name="q"]', 'placeholder'))!;
      expect(placeholder).toContain(SEARCH_EXAMPLES.jp);
      for (const word of ['電池', '半導体', SEARCH_EXAMPLES.jp]) {
        await page.fill('input[name="q"]', word);
        await Promise.all([page.waitForURL(/\/search\?/), page.click('button.search-form__submit')]);
        const count = Number((await page.textContent('[data-testid="hit-count"]'))!.replace(/\D/g, ''));
        expect(count).toBeGreaterThan(0);
        const ids = await page.locator('.search-list__number').evaluateAll((links) => links.map((link) => link.getAttribute('data-id')));
        expect(ids.every((id) => id!.startsWith('JP'))).toBe(true);
        // Japanese titles, and the word itself marked in the snippets.
        expect(await page.locator('.search-list__title').first().textContent()).toMatch(/[\p{Script=Han}\p{Script=Katakana}]/u);
        if (word !== SEARCH_EXAMPLES.jp) expect(await page.locator('.search-list__snippet mark').first().textContent()).toContain(word);
        if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/first-start-${lang}-${ids.length}.png` });
      }
      // The first 半導体 document opens with its claims and gazette paragraph numbers.
      await page.fill('input[name="q"]', '半導体');
      await Promise.all([page.waitForURL(/\/search\?/), page.click('button.search-form__submit')]);
      await Promise.all([page.waitForURL(/\/document-details\?/), page.locator('.search-list__number').first().click()]);
      expect(await page.locator('.docclaim').count()).toBeGreaterThan(0);
      expect(await page.locator('.docparagraph__number').first().textContent()).toMatch(/^【\d{4}】$/);
      expect(await page.locator('.docclaim__text mark').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
