// The detailed-search journey in Chromium: build a two-row formula with a combination, run
// it, pass the executing page, open the result, mark it a favourite with a memo there, and
// find it so in history. The search runs as a background job in the same process (ROLE all).
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeWithChromium = executable ? describe : describe.skip;
const screenshots = process.env.SCREENSHOTS_DIR;

describeWithChromium('detailed search in Chromium', () => {
  let app: BrowserApp;
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };

  beforeAll(async () => {
    app = await startBrowserApp(executable!, { ROLE: 'all' });
    const records = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 400, (record) => record.region === 'us');
    await ingestFiles(app.testApp.runtime.db, [records], { index: indexPatent });
    for (const lang of ['ja', 'en'] as const) {
      const account = await createAccount(app.testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en', features: { simple: true, detail: true } });
      cookies[lang] = await sessionCookieFor(app.testApp, { userId: account.id });
    }
  }, 180_000);
  afterAll(() => closeBrowserApp(app));

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] build → executing → result → favourite and memo → history`, async () => {
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: cookies[lang], height: 1100 });
      try {
        await page.goto(`${app.http.baseUrl}/detail-search/build-query`);
        await page.locator('[data-testid="formula-builder"][data-hydrated="true"]').waitFor();
        await page.locator('[data-testid="region"]').selectOption('us');
        const row = (id: number) => page.locator(`.fb-row[data-row="${id}"]`);
        await row(1).locator('[data-testid="row-text"]').fill('wheel+wheels');
        await page.click('[data-testid="row-add"]');
        await row(2).locator('[data-testid="row-tag"]').selectOption('abst_claim');
        await row(2).locator('[data-testid="row-text"]').fill('axle');
        await page.locator('[data-testid="combination"]').fill('1-2');
        if (screenshots) await page.screenshot({ path: `${screenshots}/detail-build-${lang}.png`, fullPage: true });

        const executing = page.waitForResponse((response) => response.url().includes('/detail-search/executing?id='));
        await page.click('[data-testid="submit"]');
        const id = new URL((await executing).url()).searchParams.get('id')!;
        await page.waitForURL(/\/detail-search\/result\?id=/);
        expect(new URL(page.url()).searchParams.get('id')).toBe(id);

        // The stored result is the set algebra of the rows, computed here from the database.
        const db = app.testApp.runtime.db;
        const stored = await db('queries').select('result', 'status').where({ id }).first();
        expect(stored.status).toBe(1);
        const hits = await page.locator('.search-list__number').evaluateAll((links) => links.map((link) => link.getAttribute('data-id')));
        expect(hits).toEqual(stored.result.documentIds.slice(0, 50));
        expect(hits.length).toBeGreaterThan(0);
        expect(await page.locator('[data-testid="combination"]').textContent()).toBe('1-2');

        const favorite = page.locator('[data-testid="history-actions"] [data-testid="history-favorite"]');
        // The star answers clicks once its island has hydrated. (The wait here was for '[data-testid="history-actions"]', which
        // the server renders: a click before hydration sends nothing, and the wait for the favourite call ran out.)
        await page.locator('[data-island="HistoryEntryActions"][data-hydrated="true"] [data-testid="history-actions"]').waitFor();
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/favorite') && r.ok()), favorite.click()]);
        expect(await favorite.getAttribute('aria-pressed')).toBe('true');
        const memo = lang === 'ja' ? '車軸なしの車輪。審査前に確認。' : 'Wheels without axles: check before filing.';
        await page.click('[data-testid="history-actions"] [data-testid="history-memo-edit"]');
        await page.locator('[data-testid="history-actions"] textarea').fill(memo);
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/memo') && r.ok()), page.click('[data-testid="history-actions"] button[type="submit"]')]);
        if (screenshots) await page.screenshot({ path: `${screenshots}/detail-result-${lang}.png`, fullPage: true });

        await page.goto(`${app.http.baseUrl}/history?favoritesMemoOnly=1`);
        const entry = page.locator(`.history-entry[data-id="${id}"]`);
        await entry.waitFor();
        expect(await entry.locator('[data-testid="history-favorite"]').getAttribute('aria-pressed')).toBe('true');
        expect(await entry.locator('[data-testid="history-memo-text"]').textContent()).toBe(memo);
        if (screenshots) await page.screenshot({ path: `${screenshots}/detail-history-${lang}.png`, fullPage: true });
        await entry.locator('a[href^="/detail-search/result"]').first().click();
        await page.waitForURL(/\/detail-search\/result\?id=/);
        expect(new URL(page.url()).searchParams.get('id')).toBe(id);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
