// The manager's GPT usage page in a real browser (ja and en): usage recorded by a GPT call
// through the fake OpenAI-compatible server is drawn in the daily chart and listed per user;
// the additional quota form refuses a bad amount in the manager's language and, given a good
// one, shows the new budget at once.
import type { Browser } from 'playwright-core';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { createGptClient } from '../../src/platform/gpt.ts';
import { callGptMetered } from '../../src/gpt-usage/service.ts';
import { daysOfMonth } from '../../src/manage/gpt-usage/service.ts';
import { billingMonthOf } from '../../src/gpt-usage/service.ts';
import { insertUser } from '../../src/users/repository.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

const WORDS = {
  ja: { chart: '日別の利用額（日本時間）', decimals: '金額は米ドルで、小数点以下 2 桁までの数値で入力してください（例：25.50）。', added: '追加枠を追加しました。', feature: '詳細検索（キーワード生成）' },
  en: { chart: 'Spend per day (Japan time)', decimals: 'Enter the amount in US dollars with up to two decimals (for example 25.50).', added: 'Additional quota added.', feature: 'Detailed search (keyword generation)' },
} as const;

describeInBrowser('GPT usage page in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI(() => ({ content: { keywords: [] }, usage: { prompt_tokens: 200_000, completion_tokens: 100_000 } }));
    ({ testApp, browser, http } = await startBrowserApp(executable!, { RATE_LIMIT_FACTOR: '100', OPENAI_API_KEY: 'sk-test-usage', OPENAI_BASE_URL: fake.url, GPT_PRICE_INPUT_PER_1M: '0.15', GPT_PRICE_OUTPUT_PER_1M: '0.6' }));
  });
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
    await fake.close();
  });

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] the chart shows the day's spend; the form refuses a bad amount and adds a good one at once`, async () => {
      const words = WORDS[lang];
      const languageCD = lang === 'en' ? 'lang_en' : 'lang_ja';
      const manager = await createAccount(testApp, { role: 'auth_adopter', languageCD });
      const companyId = (await testApp.runtime.db('users').where({ id: manager.id }).first('company_id')).company_id as string;
      const email = `drafter-${lang}-${Date.now()}@example.jp`;
      const userId = await insertUser(testApp.runtime.db, { companyId, email, name: '明細 書子', passwordHash: 'x', role: 'auth_user', languageCD });
      await callGptMetered(testApp.runtime.db, {
        client: createGptClient(testApp.config.gpt)!,
        settings: testApp.config.gpt,
        user: { userId, companyId },
        purpose: 'detail_search_keywords',
        request: { messages: [{ role: 'user', content: '全固体電池の固体電解質' }], schema: { name: 'keywords', schema: { type: 'object' } }, parse: (value) => value },
      });

      const admin = await newBrowserPage(browser, http.baseUrl, { lang, cookie: await sessionCookieFor(testApp, { managerId: manager.id }) });
      await admin.page.goto(`${http.baseUrl}/manage/gpt-usage-status`, { waitUntil: 'networkidle' });
      await admin.page.waitForSelector('[data-island="GptQuotaPanel"][data-hydrated="true"]', { state: 'attached' });
      expect(await admin.page.locator('[data-testid="gpt-usage-chart"] figcaption').textContent()).toBe(words.chart);
      const bars = admin.page.locator('.gpt-usage-chart__bar');
      expect(await bars.count()).toBe(daysOfMonth(billingMonthOf()).length);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
      const todayBar = admin.page.locator(`.gpt-usage-chart__bar[data-day="${today}"]`);
      expect(Number(await todayBar.getAttribute('height'))).toBeGreaterThan(100);
      expect(await admin.page.locator('[data-testid="gpt-usage-users"]').textContent()).toContain(email);
      expect(await admin.page.locator('[data-testid="gpt-usage-features"]').textContent()).toContain(words.feature);
      expect(await admin.page.locator('[data-testid="quota-spent"]').textContent()).toBe('$0.09');
      await admin.page.screenshot({ path: `/tmp/manage-gpt-usage-${lang}.png`, fullPage: true });

      await admin.page.fill('[data-testid="quota-amount"]', '1.234');
      await admin.page.click('[data-testid="quota-add"]');
      expect(await admin.page.locator('[data-testid="quota-error"]').textContent()).toBe(words.decimals);
      await admin.page.fill('[data-testid="quota-amount"]', '12.50');
      await admin.page.click('[data-testid="quota-add"]');
      await admin.page.locator('[data-testid="snackbar"]', { hasText: words.added }).waitFor();
      expect(await admin.page.locator('[data-testid="quota-additional"]').textContent()).toBe('$12.50');
      expect(await admin.page.locator('[data-testid="quota-total"]').textContent()).toBe('$62.50');
      expect(await admin.page.locator('[data-testid="quota-error"]').count()).toBe(0);
      await admin.page.screenshot({ path: `/tmp/manage-gpt-usage-added-${lang}.png`, fullPage: true });
      // As stored: the page opened afresh shows the same.
      await admin.page.reload({ waitUntil: 'networkidle' });
      expect(await admin.page.locator('[data-testid="quota-additional"]').textContent()).toBe('$12.50');
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    });
  }
});
