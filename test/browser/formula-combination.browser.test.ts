// The combination the formula builder makes from keywords, in Chromium: the three keywords of most
// hits required and any one of the others (formulas-from-keywords.ts combineRows), said in the
// message after making them; with keywords typed in and not counted, the first three of the list.
// The keyword job is answered by the test in the browser (page.route), as in
// formula-builder.browser.test.ts: the island's behaviour is under test here.
import type { Browser, Route } from 'playwright-core';
import { usersByLanguage, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;
const READY = '[data-testid="formula-builder"][data-hydrated="true"]';

describeInBrowser('formulas made from keywords: how the rows are combined', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!));
    const users = await usersByLanguage(testApp, { detail: true });
    for (const lang of ['ja', 'en'] as const) cookies[lang] = users[lang].cookie;
  }, 120_000);
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  const open = async (lang: 'ja' | 'en') => {
    const opened = await newBrowserPage(browser, http.baseUrl, { lang, cookie: cookies[lang] });
    await opened.page.goto(`${http.baseUrl}/detail-search/build-query`, { waitUntil: 'domcontentloaded' });
    await opened.page.waitForSelector(READY);
    return opened;
  };
  const combination = (page: import('playwright-core').Page) => page.inputValue('[data-testid="combination"]');

  test('[ja] extracted keywords with hit counts: the three of most hits ANDed, any one of the others; the message says so', async () => {
    const { context, page, errors } = await open('ja');
    const counts: Array<[string, number]> = [['ズームレンズ系', 2], ['レンズ', 49], ['屈折力', 4], ['物体側', 7], ['短焦点距離端', 1], ['非球面', 5]];
    const extracted = counts.map(([keyword, hitCount], i) => ({ keywordId: `k${i}`, keyword, hitCount, origin: 'auto', isDisabled: false, isRemoved: false, synonyms: [] }));
    const seen = new Map<string, number>();
    await page.route(/\/api\/detail-search\/keywords$/, (route: Route) => route.fulfill({ status: 202, contentType: 'application/json', body: JSON.stringify({ jobUuid: 'job-extract' }) }));
    await page.route(/\/api\/jobs\/[^/]+$/, (route: Route) => {
      const polls = (seen.get('extract') ?? 0) + 1;
      seen.set('extract', polls);
      const done = polls >= 2;
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ uuid: 'job-extract', status: done ? 1 : 0, progress: done ? 100 : 40, errcode: null, result: done ? { keywords: extracted } : null }) });
    });
    await page.fill('[data-testid="subject-matter"]', '物体側から順に、正の屈折力を有する第1レンズ群と、負の屈折力を有する第2レンズ群とを備えるズームレンズ系。');
    await page.click('[data-testid="extract-keywords"]');
    await page.waitForSelector('[data-testid="job-message"]');
    expect(await page.locator('[data-testid="keyword"]').count()).toBe(6);

    await page.click('[data-testid="make-formulas"]');
    // The rows come after the click returns (once the parser's chunk is there): waited for, without a 10 s limit
    // whose timeout was swallowed, so a loaded machine read the combination before it was made.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="row-text"]').length >= 6);
    // レンズ 49, 物体側 7, 非球面 5 required; one of ズームレンズ系, 屈折力, 短焦点距離端.
    expect(await combination(page)).toBe('2*4*6*(1+3+5)');
    expect(await page.textContent('[data-testid="job-message"]')).toContain('ヒット件数の多い3語をすべて必須（AND）とし、残りの語はいずれか1語を含めばよい（OR）');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('[en] keywords typed in (not counted): the first three of the list ANDed; the message says how to use the hit counts', async () => {
    const { context, page, errors } = await open('en');
    for (const word of ['zoom lens', 'refractive power', 'object side', 'aspheric surface', 'wide-angle end']) {
      await page.fill('[data-testid="keyword-add"]', word);
      await page.press('[data-testid="keyword-add"]', 'Enter');
    }
    await page.click('[data-testid="make-formulas"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="row-text"]').length >= 5);
    expect(await combination(page)).toBe('1*2*3*(4+5)');
    const message = await page.textContent('[data-testid="job-message"]');
    expect(message).toContain('requires the first 3 keywords of the list (AND) and any one of the others (OR)');
    expect(message).toContain('Check the hit counts');
    expect(errors).toEqual([]);
    await context.close();
  });
});
