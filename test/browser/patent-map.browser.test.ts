// The patent map view in Chromium: loading state, the drawn map with its legend and labels,
// the tooltip of a point, opening a document, colouring by IPC, zoom, and the API's error
// message, in Japanese and English.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { mapFrame } from '../../islands/patent-map/model.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import type { PatentMap } from '../../src/search/result-types.ts';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

const QUERY = 'neural|shoe|footwear|cap|hat';
const ADDRESS = `/search?q=${encodeURIComponent(QUERY)}&region=us&view=map`;

describeInBrowser('patent map in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  let directory: string;

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!));
    // 120 US records of the demo corpus on clearly different topics, plus the corpus sample
    let neural = 0;
    let wear = 0;
    const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 120, (record) => {
      const title = typeof record.title === 'string' ? record.title : '';
      if (record.region !== 'us' || !record.abstract || !title) return false;
      if (/neural network/i.test(title) && neural < 60) return (neural++, true);
      if (/\b(shoes?|footwear|caps?|hats?)\b/i.test(title) && wear < 60) return (wear++, true);
      return false;
    });
    directory = path.dirname(file);
    await ingestFiles(testApp.runtime.db, ['test/fixtures/patents/corpus-sample.jsonl', file], { index: indexPatent });
  }, 120_000);
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
    await rm(directory, { recursive: true, force: true });
  });

  async function openMap(lang: 'ja' | 'en', options: { route?: (page: Page) => Promise<void> } = {}): Promise<{ page: Page; errors: string[] }> {
    const account = await createAccount(testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
    const { page, errors } = await newBrowserPage(browser, http.baseUrl, { lang, cookie: await sessionCookieFor(testApp, { userId: account.id }) });
    await options.route?.(page);
    await page.goto(`${http.baseUrl}${ADDRESS}`, { waitUntil: 'domcontentloaded' });
    return { page, errors };
  }

  /** Where a map point is on the page (with the map not zoomed). */
  async function pointPosition(page: Page, point: { x: number; y: number }): Promise<{ x: number; y: number }> {
    await page.locator('.patent-map__canvas').scrollIntoViewIfNeeded();
    const box = (await page.locator('.patent-map__canvas').boundingBox())!;
    const frame = mapFrame(box.width, box.height);
    return { x: box.x + frame.left + point.x * frame.scaleX, y: box.y + frame.top + point.y * frame.scaleY };
  }

  const mapData = (page: Page): Promise<PatentMap> =>
    page.evaluate(async (address) => (await fetch(address)).json(), `/api/search/map?q=${encodeURIComponent(QUERY)}&region=us`);

  for (const lang of ['ja', 'en'] as const) {
    const text = {
      ja: { summary: /件の文献・\d+ クラスタ/, ipc: 'IPC サブクラス', applicant: '出願人', filed: '出願日' },
      en: { summary: /documents in \d+ clusters/, ipc: 'IPC subclass', applicant: 'Applicant', filed: 'Filed' },
    }[lang];

    test(`[${lang}] the map draws its points, legend and cluster labels, with a text summary`, async () => {
      const { page, errors } = await openMap(lang);
      await page.waitForSelector('.patent-map__canvas', { timeout: 30_000 });
      const data = await mapData(page);
      expect(await page.locator('.patent-map__count').textContent()).toMatch(text.summary);
      expect(await page.locator('.patent-map__legend-item').count()).toBe(data.clusters.length);
      const labels = await page.locator('.patent-map__label').allTextContents();
      expect(labels).toEqual(data.clusters.map((c) => c.label));
      // something is drawn: the canvas is not blank
      const painted = await page.$eval('.patent-map__canvas', (canvas) => {
        const c = canvas as HTMLCanvasElement;
        const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count++;
        return count;
      });
      expect(painted).toBeGreaterThan(1000);
      const summary = await page.locator('.patent-map__sr').textContent();
      expect(summary).toContain(String(data.mappedCount));
      for (const cluster of data.clusters) expect(summary).toContain(cluster.label);
      expect(errors).toEqual([]);
    });

    test(`[${lang}] pointing at a point shows its document; clicking opens it`, async () => {
      const { page, errors } = await openMap(lang);
      await page.waitForSelector('.patent-map__canvas', { timeout: 30_000 });
      const data = await mapData(page);
      // a document with an applicant, so every tooltip row has a value
      const point = data.points.find((p) => p.applicant && p.time !== null) ?? data.points[0]!;
      const at = await pointPosition(page, point);
      await page.mouse.move(at.x, at.y);
      const tooltip = page.locator('.patent-map__tooltip');
      await tooltip.waitFor();
      const shown = (await tooltip.textContent())!;
      // the nearest point is the one under the pointer (or one drawn at the same spot)
      const under = data.points.find((p) => shown.includes(p.documentIdForDisplay) && Math.hypot(p.x - point.x, p.y - point.y) < 15);
      expect(under).toBeDefined();
      expect(shown).toContain(under!.title);
      expect(shown).toContain(text.applicant);
      expect(shown).toContain(text.filed);
      await page.mouse.click(at.x, at.y);
      await page.waitForURL(/\/document-details\?docIds=/);
      expect(new URL(page.url()).searchParams.get('docIds')).toBe(under!.rawId);
      expect(errors).toEqual([]);
    });

    test(`[${lang}] colour by IPC, highlight a legend entry, zoom with the buttons and the keyboard`, async () => {
      const { page, errors } = await openMap(lang);
      await page.waitForSelector('.patent-map__canvas', { timeout: 30_000 });
      await page.selectOption('.patent-map__mode select', 'ipc');
      expect(await page.locator('.patent-map__legend-title').textContent()).toBe(text.ipc);
      const entry = page.locator('.patent-map__legend-item').first();
      await entry.click();
      expect(await entry.getAttribute('aria-pressed')).toBe('true');
      await entry.click();
      expect(await entry.getAttribute('aria-pressed')).toBe('false');

      // The first label's position follows the zoom. The buttons animate (d3 transitions of 250–300 ms): the label's
      // place is waited for in the page, not polled from the test a capped number of times (100 × 50 ms, which a
      // loaded machine's round trips and late frames can use up).
      const labelX = () => page.locator('.patent-map__label').first().getAttribute('x');
      const settle = async (done: 'moved' | 'back', before: string | null) => {
        await page.waitForFunction(
          ([done, before]) => {
            const x = document.querySelector('.patent-map__label')?.getAttribute('x') ?? null;
            return done === 'moved' ? x !== before : x === before;
          },
          [done, before] as const,
        );
        return labelX();
      };
      const before = await labelX();
      await page.locator('.patent-map__zoom button').first().click();
      expect(await settle('moved', before)).not.toBe(before);
      await page.locator('.patent-map__reset').click();
      expect(await settle('back', before)).toBe(before);
      await page.locator('.patent-map__canvas').focus();
      await page.keyboard.press('ArrowLeft');
      expect(await labelX()).not.toBe(before);
      await page.keyboard.press('0');
      expect(await settle('back', before)).toBe(before);
      expect(errors).toEqual([]);
    });
  }

  test('while the map is built a progress message shows; a failure shows the API’s message and can be retried', async () => {
    let calls = 0;
    // The first answer is held until the test has seen the loading state, not for a fixed 800 ms: a loaded machine
    // could spend those in the test's round trips, and the error would show before the progress message was read.
    let asked!: () => void;
    const mapAsked = new Promise<void>((resolve) => (asked = resolve));
    let release!: () => void;
    const loadingSeen = new Promise<void>((resolve) => (release = resolve));
    const { page } = await openMap('ja', {
      route: async (page) => {
        await page.route('**/api/search/map?**', async (route) => {
          calls++;
          if (calls === 1) {
            asked();
            await loadingSeen;
            await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errcode: 'E016', detail: 'キーワードを入力してください。' }) });
          } else await route.continue();
        });
      },
    });
    // While the map is being built (its data asked for, not answered yet), the progress message shows.
    await mapAsked;
    await page.waitForSelector('.patent-map__status[role="status"]');
    expect(await page.locator('.patent-map--loading').getAttribute('aria-busy')).toBe('true');
    release();
    const alert = page.locator('.patent-map__error[role="alert"]');
    await alert.waitFor();
    expect(await alert.getAttribute('data-errcode')).toBe('E016');
    expect(await alert.textContent()).toContain('キーワードを入力してください。');
    await page.locator('.patent-map__retry').click();
    await page.waitForSelector('.patent-map__canvas', { timeout: 30_000 });
    expect(calls).toBe(2);
  });
});
