// Simple search in Chromium, signed in, in Japanese and English: a search typed into the
// form, each result view (list, map, applicants, graphs), the exports, and a document.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, savedDownload, startBrowserApp, type BrowserApp, type BrowserPage } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;
const SCREENSHOTS = process.env.SEARCH_SCREENSHOTS === '1';
const US_RECORDS = 800;

/** The fixture plus the first US records of the demo corpus (real data, in the repository). */
async function corpusSlice(): Promise<string[]> {
  return ['test/fixtures/patents/corpus-sample.jsonl', await cutCorpus('data/demo-corpus/demo.jsonl.gz', US_RECORDS, (record) => record.region === 'us')];
}

describeInBrowser('simple search in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!));
    await ingestFiles(testApp.runtime.db, await corpusSlice(), { index: indexPatent });
    cookies.ja = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_ja' })).id });
    cookies.en = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { languageCD: 'lang_en' })).id });
  }, 180_000);
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  async function signedIn(lang: 'ja' | 'en'): Promise<BrowserPage> {
    return newBrowserPage(browser, http.baseUrl, { lang, cookie: cookies[lang], acceptDownloads: true });
  }

  const hitCount = async (page: Page) => Number((await page.textContent('[data-testid="hit-count"]'))!.replace(/\D/g, ''));
  const shoot = (page: Page, name: string) => (SCREENSHOTS ? page.screenshot({ path: `/tmp/search-${name}.png`, fullPage: false }) : Promise.resolve());

  for (const lang of ['ja', 'en'] as const) {
    const label = {
      ja: { submit: '検索', list: '一覧', map: 'マップ', applicants: '出願人', graphs: 'グラフ', narrow: '選んだ出願人で一覧を絞り込む', region: '米国（US）', rank: '順位' },
      en: { submit: 'Search', list: 'List', map: 'Map', applicants: 'Applicants', graphs: 'Graphs', narrow: 'Narrow the list to the chosen applicants', region: 'United States (US)', rank: 'Rank' },
    }[lang];

    test(`[${lang}] a typed search lists documents; the applicants view narrows them; a number opens the document`, async () => {
      const { context, page, errors } = await signedIn(lang);
      await page.goto(`${http.baseUrl}/search`, { waitUntil: 'networkidle' });
      await page.fill('input[name="q"]', 'vehicle|wheel|device');
      await page.selectOption('select[name="region"]', { label: label.region });
      await Promise.all([page.waitForURL(/\/search\?/), page.click(`button[type="submit"]:has-text("${label.submit}")`)]);
      const total = await hitCount(page);
      expect(total).toBeGreaterThan(20);
      expect(await page.locator('.search-list__item').count()).toBe(Math.min(total, 50));
      expect(await page.getAttribute('.search-views [aria-current="page"]', 'data-view')).toBe('list');
      await shoot(page, `${lang}-list`);

      // The map of the same search (its own journey is test/browser/patent-map.browser.test.ts).
      await Promise.all([page.waitForURL(/view=map/), page.click(`.search-views a:has-text("${label.map}")`)]);
      await page.waitForSelector('.patent-map__canvas', { timeout: 30_000 });
      expect(Number((await page.textContent('.patent-map__count'))!.replace(/,/g, '').match(/\d+/)![0])).toBe(Math.min(total, 3000));
      await shoot(page, `${lang}-map`);

      await page.click(`.search-views a:has-text("${label.applicants}")`);
      await page.waitForURL(/view=applicants/);
      const first = page.locator('.applicant-ranking__table tbody tr').first();
      const applicant = (await first.locator('label').textContent())!.trim();
      const count = Number(await first.locator('.applicant-ranking__count').textContent());
      await shoot(page, `${lang}-applicants`);
      await first.locator('input[type="checkbox"]').check();
      await Promise.all([page.waitForURL(/applicant=/), page.click(`button:has-text("${label.narrow}")`)]);
      expect(await hitCount(page)).toBe(count);
      expect(await page.textContent('.search-applicants__item.is-selected .search-applicants__name')).toBe(applicant);

      // The first listed number opens its document, with previous/next through the page's results.
      const number = page.locator('.search-list__number').first();
      const id = await number.getAttribute('data-id');
      const title = (await page.locator('.search-list__title').first().textContent())!.trim();
      await Promise.all([page.waitForURL(/\/document-details\?/), number.click()]);
      // The document knows its list: first of the result, and the way back.
      expect(new URL(page.url()).searchParams.get('position')).toBe('1');
      expect(await page.getAttribute('article.docdetail', 'data-doc-id')).toBe(id);
      expect((await page.textContent('h1.docdetail__title'))!.trim()).toBe(title);
      expect(errors).toEqual([]);
      await context.close();
    });

    test(`[${lang}] the graphs view draws IPC by filing year as line, bars and bubbles; a legend entry hides its series`, async () => {
      const { context, page, errors } = await signedIn(lang);
      await page.goto(`${http.baseUrl}/search?q=vehicle|wheel|device|image&region=us`, { waitUntil: 'networkidle' });
      await Promise.all([page.waitForURL(/view=graphs/), page.click(`.search-views a:has-text("${label.graphs}")`)]);
      await page.waitForSelector('[data-island="IpcYearGraphs"][data-hydrated="true"]', { state: 'attached' });
      const series = page.locator('.ipc-graphs__plot svg g[data-code]');
      for (const chart of ['line', 'bar', 'bubble'] as const) {
        await page.click(`.ipc-graphs__type[data-chart="${chart}"]`);
        expect(await page.getAttribute('.ipc-graphs', 'data-chart')).toBe(chart);
        expect(await series.count()).toBeGreaterThan(0);
        await shoot(page, `${lang}-graphs-${chart}`);
      }
      const legend = page.locator('.ipc-graphs__legend-item').first();
      const code = (await legend.locator('.ipc-graphs__legend-code').textContent())!;
      expect(await page.locator(`.ipc-graphs__plot svg g[data-code="${code}"]`).count()).toBe(1);
      await legend.click();
      expect(await page.locator(`.ipc-graphs__plot svg g[data-code="${code}"]`).count()).toBe(0);
      await legend.click();
      expect(errors).toEqual([]);
      await context.close();
    });

    test(`[${lang}] the CSV and Excel buttons download the list`, async () => {
      const { context, page, errors } = await signedIn(lang);
      await page.goto(`${http.baseUrl}/search?q=vehicle&region=us`, { waitUntil: 'networkidle' });
      const total = await hitCount(page);
      for (const format of ['csv', 'xlsx'] as const) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.click(`.search-results__export a[href*="export.${format}"]`)]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^hatsumei-search-us-\\d{8}\\.${format}$`));
        const saved = await savedDownload(download);
        const content = readFileSync(saved);
        if (format === 'csv') {
          const lines = content.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
          expect(lines[0]!.startsWith(label.rank)).toBe(true);
          expect(lines.length).toBe(Math.min(total, 3000) + 1);
        } else {
          expect(content.subarray(0, 2).toString()).toBe('PK');
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
