// /document-details in Chromium: the tab island hydrates, clicking a tab shows only its
// section and puts it in the address, previous/next page through the result set (keeping
// the open tab), in Japanese and English; without JavaScript every section is readable.
import type { Browser, Page } from 'playwright-core';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import type { TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

const IDS = ['US7783348B2', 'US8930553B2', 'CN106022747A'];
const SCREENSHOTS = process.env.DOCDETAILS_SCREENSHOTS === '1';

describeInBrowser('document details in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!));
    await ingestFiles(testApp.runtime.db, ['test/fixtures/patents/corpus-sample.jsonl', 'test/fixtures/patents/uspto/US08930553.xml'], { index: indexPatent });
  }, 120_000);
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  async function open(path: string, lang: 'ja' | 'en', options: { javaScript?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await newBrowserPage(browser, http.baseUrl, { lang, javaScript: options.javaScript });
    await page.goto(`${http.baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { page, errors };
  }

  const hydrated = (page: Page) => page.waitForSelector('[data-island="DocumentTabs"][data-hydrated="true"]', { state: 'attached' });
  const visibleSections = (page: Page) =>
    page.$$eval('.docdetail__sections > section', (sections) => sections.filter((s) => !(s as HTMLElement).hidden && (s as HTMLElement).offsetParent !== null).map((s) => s.id));

  for (const lang of ['ja', 'en'] as const) {
    const label = {
      ja: { biblio: '書誌', abstract: '要約', claims: '請求の範囲', description: '明細書', procedures: '経過情報', next: '次の文献', previous: '前の文献', independent: '独立', dependent: '従属' },
      en: { biblio: 'Bibliography', abstract: 'Abstract', claims: 'Claims', description: 'Description', procedures: 'File history', next: 'Next document', previous: 'Previous document', independent: 'Independent', dependent: 'Dependent' },
    }[lang];

    test(`[${lang}] tabs switch by click without reloading; the hash opens a tab`, async () => {
      const { page, errors } = await open(`/document-details?docIds=${IDS.join(',')}&initialIndex=0`, lang);
      await hydrated(page);
      expect(await page.locator('h1.docdetail__title').textContent()).toBe('Stimulation device for treating osteoarthritis');
      expect(await visibleSections(page)).toEqual(['biblio']);
      if (SCREENSHOTS) await page.screenshot({ path: `/tmp/docdetails-${lang}-biblio.png`, fullPage: false });

      const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
      for (const tab of ['abstract', 'claims', 'description', 'procedures'] as const) {
        await page.click(`.doctabs__tab:has-text("${label[tab]}")`);
        expect(await visibleSections(page)).toEqual([tab]);
        expect(await page.getAttribute(`#doctab-${tab}`, 'aria-selected')).toBe('true');
        expect(new URL(page.url()).hash).toBe(`#${tab}`);
        if (SCREENSHOTS) await page.screenshot({ path: `/tmp/docdetails-${lang}-${tab}.png`, fullPage: false });
      }
      // Same document, no reload.
      expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);

      await page.click(`.doctabs__tab:has-text("${label.claims}")`);
      const first = page.locator('#claims li[data-claim="1"]');
      expect(await first.locator('.docclaim__badge').textContent()).toBe(label.independent);
      expect(await page.locator('#claims li[data-claim="2"] .docclaim__badge').textContent()).toBe(label.dependent);
      expect(await page.locator('#claims li[data-claim]').count()).toBe(25);

      // A link with a hash opens that tab directly.
      await page.goto(`${http.baseUrl}/document-details?docIds=${IDS.join(',')}&initialIndex=0#description`, { waitUntil: 'networkidle' });
      await hydrated(page);
      expect(await visibleSections(page)).toEqual(['description']);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    test(`[${lang}] next and previous page through the result set, keeping the open tab`, async () => {
      const { page, errors } = await open(`/document-details?docIds=${IDS.join(',')}&initialIndex=0`, lang);
      await hydrated(page);
      expect(await page.locator('.docpager__position').first().textContent()).toBe('1 / 3');
      await page.click(`.doctabs__tab:has-text("${label.claims}")`);

      await Promise.all([page.waitForURL(/initialIndex=1/), page.locator('.docpager__link--next').first().click()]);
      await hydrated(page);
      expect(await page.getAttribute('.docdetail', 'data-doc-id')).toBe('US8930553B2');
      expect(await page.locator('.docpager__position').first().textContent()).toBe('2 / 3');
      expect(new URL(page.url()).hash).toBe('#claims');
      expect(await visibleSections(page)).toEqual(['claims']);

      await Promise.all([page.waitForURL(/initialIndex=2/), page.locator('.docpager__link--next').first().click()]);
      expect(await page.getAttribute('.docdetail', 'data-doc-id')).toBe('CN106022747A');
      expect(await page.locator('a.docpager__link--next').count()).toBe(0);

      await Promise.all([page.waitForURL(/initialIndex=1/), page.locator('.docpager__link--prev').first().click()]);
      expect(await page.getAttribute('.docdetail', 'data-doc-id')).toBe('US8930553B2');
      expect(await page.locator('.docpager__link--prev').first().textContent()).toContain(label.previous);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  test('without JavaScript every section is readable and the tabs are in-page links', async () => {
    const { page } = await open('/document-details?docIds=US7783348B2', 'ja', { javaScript: false });
    expect(await visibleSections(page)).toEqual(['biblio', 'abstract', 'claims', 'description', 'procedures']);
    expect(await page.getAttribute('#doctab-claims', 'href')).toBe('#claims');
    await page.context().close();
  });
});
