// The examination-simulation journey in Chromium, in Japanese and English: a Japanese claim of
// the demo corpus typed in → its elements previewed → the waiting page with its stages → the
// result with rank, cited documents and claim chart → an evidence link opening the paragraph
// with its words marked → the claim chart exported as XLSX and read back → history filtered by
// the rank → the input reopened. Also the document-number tab with a US number, and a
// simulation cancelled before it ran (the worker starts only after that test).
import readXlsxFile from 'read-excel-file/node';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { emptyDetailSearchInput } from '../../src/detail-search/input.ts';
import { finishDetailSearch, insertDetailSearch } from '../../src/detail-search/repository.ts';
import { registerPriorartJobs } from '../../src/priorart/service.ts';
import { companyIdOfUser } from '../../src/users/repository.ts';
import { createAccount, sessionCookieFor } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import type { Page } from 'playwright-core';
import { chromiumPath, closeBrowserApp, newBrowserPage, savedDownload, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeWithChromium = executable ? describe : describe.skip;
const screenshots = process.env.SCREENSHOTS_DIR;

describeWithChromium('examination simulation in Chromium', () => {
  let app: BrowserApp;
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };
  const userIds: Record<'ja' | 'en', string> = { ja: '', en: '' };
  let japanese: Array<{ id: string; claims: string[] }>;
  let us: Array<{ id: string; claims: string[] }>;
  let working = false;
  /** The web role only, so a simulation waits until the test lets the worker start. */
  const startWorker = async () => {
    if (working) return;
    working = true;
    registerPriorartJobs(app.testApp.runtime.jobs);
    await app.testApp.runtime.jobs.startWorker();
  };

  beforeAll(async () => {
    const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 150, (record) => record.region === 'jp' && Array.isArray(record.claims) && Boolean(record.description));
    const usFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 300, (record) => record.region === 'us' && Array.isArray(record.claims));
    // Ingested once per run with the pages test's same cut (startTestApp's corpus).
    app = await startBrowserApp(executable!, { ROLE: 'web' }, { corpus: [jp, usFile] });
    const { readFile } = await import('node:fs/promises');
    const read = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    japanese = await read(jp);
    us = await read(usFile);
    for (const lang of ['ja', 'en'] as const) {
      const account = await createAccount(app.testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en', features: { simple: true, priorart: true } });
      cookies[lang] = await sessionCookieFor(app.testApp, { userId: account.id });
      userIds[lang] = account.id;
    }
  }, 180_000);
  afterAll(async () => {
    if (working) await app.testApp.runtime.jobs.stop(1000);
    await closeBrowserApp(app);
  }, 120_000);

  /** How long a test waits for a simulation to finish: most of its own 180 s (the tests' limit), not a third of it. */
  const SIMULATION_MS = 150_000;
  const claimOf = (records: Array<{ id: string; claims: string[] }>, min: number) => records.find((record) => record.claims[0]!.length > min)!;

  /**
   * The result pages the page opens ask the chart-list status every CHART_LIST_POLL_MS instead of every 5 s: the
   * island's own pollMs prop, written into its server-rendered props (the result page never sets it). The tests wait
   * for the note or the menu to follow a chart stored in the background; a 5 s poll made each of those waits 0–5 s
   * longer. noteIsFast tells that the prop reached the island (a changed page would otherwise slow the tests unseen).
   */
  const CHART_LIST_POLL_MS = 500;
  const pollChartListOften = (page: Page) =>
    page.route(/\/priorart\/result\?/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('data-island="ChartListProgress" data-props="{', `$&&quot;pollMs&quot;:${CHART_LIST_POLL_MS},`);
      await route.fulfill({ response, body: html });
    });
  const noteIsFast = async (page: Page) => JSON.parse((await page.locator('[data-island="ChartListProgress"]').getAttribute('data-props'))!).pollMs === CHART_LIST_POLL_MS;

  test('[en] a simulation cancelled on its waiting page says so and leads back to its input', async () => {
    const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang: 'en', cookie: cookies.en, height: 1000 });
    try {
      await page.goto(`${app.http.baseUrl}/priorart/build-query`);
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      // Sending nothing explains instead of sending.
      await page.click('[data-testid="simulate"]');
      expect(await page.locator('[data-testid="subject-message"]').getAttribute('data-errcode')).toBe('E030');
      const claim = claimOf(us, 200).claims[0]!;
      await page.fill('[data-testid="subject-matter"]', claim);
      await page.click('[data-testid="lang-us"]');
      await page.locator('[data-testid="element-preview"] li').first().waitFor();
      await page.click('[data-testid="simulate"]');
      await page.waitForURL(/\/priorart\/executing\?id=/);
      await page.locator('[data-testid="job-stages"] .is-done').first().waitFor();
      expect(await page.locator('[data-testid="job-stages"] li').allTextContents()).toEqual([
        '✓Accepted', '2Cutting into elements', '3Inferring the IPC', '4Finding similar documents', '5Comparing element by element', '6Done',
      ]);
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-executing-en.png`, fullPage: true });
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/priorart/cancel') && r.ok()), page.click('[data-testid="job-progress-cancel"]')]);
      await page.locator('.job-progress--cancel').waitFor();
      expect(await page.locator('.job-progress__message').textContent()).toBe('This simulation was cancelled.');
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-cancelled-en.png`, fullPage: true });
      await page.click('text=Revise the input and rerun');
      await page.waitForURL(/\/priorart\/build-query\?id=/);
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      expect(await page.locator('[data-testid="subject-matter"]').inputValue()).toBe(claim);
      expect(await page.locator('[data-testid="lang-us"]').isChecked()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test('[ja] a Japanese claim: stages, result, evidence in context, XLSX, history by rank, reopened', async () => {
    await startWorker();
    const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang: 'ja', cookie: cookies.ja, height: 1100, acceptDownloads: true });
    try {
      const target = claimOf(japanese, 150);
      await page.goto(`${app.http.baseUrl}/priorart/build-query`);
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      await page.fill('[data-testid="subject-matter"]', target.claims[0]!);
      await page.locator('[data-testid="element-preview"] li').nth(1).waitFor();
      expect(await page.locator('[data-testid="subject-counter"]').textContent()).toBe(`${[...target.claims[0]!].length} / 5000 文字`);
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-build-ja.png`, fullPage: true });

      const executing = page.waitForResponse((response) => response.url().includes('/priorart/executing?id='));
      await page.click('[data-testid="simulate"]');
      const id = new URL((await executing).url()).searchParams.get('id')!;
      // The waiting page follows the job and opens the result by itself. SIMULATION_MS, not 60 s: under the CI's load this
      // whole test took 62 s (2026-11-29, one jest run beside another's), most of it the simulation.
      await page.waitForURL(/\/priorart\/result\?id=/, { timeout: SIMULATION_MS });

      const stored = await app.testApp.runtime.db('queries').select('result', 'priorart_rank').where({ id }).first();
      const rank = stored.priorart_rank as string;
      expect(await page.locator('[data-testid="rank"] .pa-verdict__rank-letter').textContent()).toBe(rank);
      expect(await page.locator('[data-testid="rank-description"]').textContent()).toBe(stored.result.rank_description.ja);
      expect(await page.locator('[data-testid="cited-main"] .pa-cited__number').textContent()).toBe(displayNumberOfId(stored.result.mainDocumentId, 'ja'));
      const chart = page.locator('[data-island="ClaimChart"][data-hydrated="true"]');
      await chart.waitFor();
      expect(await chart.locator('tbody tr').count()).toBe(stored.result.elements.length);
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-result-ja.png`, fullPage: true });

      // Removing a document and adding one from the candidates.
      const headers = chart.locator('thead .claim-chart__doc');
      const before = await headers.count();
      await chart.locator('.claim-chart__remove').last().click();
      expect(await headers.count()).toBe(before - 1);
      const option = await chart.locator('[data-testid="chart-candidate"] option').nth(1).getAttribute('value');
      await chart.locator('[data-testid="chart-candidate"]').selectOption(option!);
      await Promise.all([page.waitForResponse((r) => r.url().includes('/api/priorart/column') && r.ok()), chart.locator('[data-testid="chart-add"]').click()]);
      await chart.locator(`thead [data-document="${option}"]`).waitFor();
      expect(await headers.last().getAttribute('data-document')).toBe(option);

      // An evidence link opens the paragraph in the document details, its tab shown, the words marked.
      const link = chart.locator('.claim-chart__cell--disclosed [data-testid="evidence-link"]').first();
      const [details] = await Promise.all([context.waitForEvent('page'), link.click()]);
      // The paragraph's tab is opened from the address's hash once the tabs have hydrated: waited for, not 'networkidle'.
      await details.waitForURL(/\/document-details\?.*#./);
      const place = decodeURIComponent(new URL(details.url()).hash.slice(1));
      const target2 = details.locator(`[id="${place}"]`);
      await target2.waitFor({ state: 'visible' });
      expect(await details.locator('mark').count()).toBeGreaterThan(0);
      if (screenshots) await details.screenshot({ path: `${screenshots}/priorart-evidence-ja.png` });
      await details.close();

      // The claim chart as XLSX, in Japanese, the main cited document first.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-chart-xlsx"]')]);
      const sheets = new Map((await readXlsxFile(await savedDownload(download))).map(({ sheet, data }) => [sheet, data as unknown[][]]));
      const table = sheets.get('クレームチャート')!;
      expect(table[0]!.slice(0, 3)).toEqual(['順位', '一致率', '文献番号']);
      expect(table[1]![2]).toBe(displayNumberOfId(stored.result.mainDocumentId, 'ja'));

      // History filtered by the rank finds it; its result reopens; the input comes back for a rerun.
      await page.goto(`${app.http.baseUrl}/history?kind=priorart&priorartRank=${rank}`);
      const entry = page.locator(`.history-entry[data-id="${id}"]`);
      await entry.waitFor();
      expect(await entry.locator('.history-entry__rank').textContent()).toBe(rank);
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-history-ja.png`, fullPage: true });
      await entry.locator('a[href^="/priorart/result"]').first().click();
      await page.waitForURL(/\/priorart\/result\?id=/);
      await page.click('[data-testid="edit-rerun"]');
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      expect(await page.locator('[data-testid="subject-matter"]').inputValue()).toBe(target.claims[0]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  test('[en] the document-number tab with a US number: the claim shown, then the English result', async () => {
    await startWorker();
    const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang: 'en', cookie: cookies.en, height: 1100 });
    try {
      const target = claimOf(us, 200);
      await page.goto(`${app.http.baseUrl}/priorart/build-query`);
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      await page.click('[data-testid="tab-document"]');
      await page.fill('[data-testid="document-id"]', 'US 1');
      await page.click('[data-testid="document-lookup"]');
      expect(await page.locator('[data-testid="document-message"]').getAttribute('data-errcode')).toBe('convert-0000');
      await page.fill('[data-testid="document-id"]', displayNumberOfId(target.id, 'en'));
      await page.click('[data-testid="document-lookup"]');
      await page.locator('[data-testid="document-found"]').waitFor();
      expect((await page.locator('[data-testid="claim-text"]').textContent())!.trim()).toBe(target.claims[0]!.trim());
      await page.click('[data-testid="lang-us"]');
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-build-document-en.png`, fullPage: true });
      await page.click('[data-testid="simulate"]');
      await page.waitForURL(/\/priorart\/result\?id=/, { timeout: SIMULATION_MS });
      expect(await page.locator('[data-testid="invention"]').textContent()).toBe(`Claim 1 of ${displayNumberOfId(target.id, 'en')}`);
      await page.locator('[data-island="ClaimChart"][data-hydrated="true"]').waitFor();
      expect(await page.locator('.claim-chart__element-head').textContent()).toBe('Element');
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-result-en.png`, fullPage: true });
      // The browser logs the unknown number's 404 answer; nothing else went wrong.
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  test('[ja] formulas narrow the simulation: a bad one flagged beside its row, a learning text and a second region sent and reopened', async () => {
    await startWorker();
    const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang: 'ja', cookie: cookies.ja, height: 1600 });
    try {
      // A detailed search of the user's (stored as its job stores one), to be chosen as similar patent group; it holds the claim's own document.
      const db = app.testApp.runtime.db;
      const input = emptyDetailSearchInput('jp');
      input.modes[0] = { formulas: [{ id: 1, text: '装置', tag: 'abst_claim_desc_title', valid: true }], combination: '' };
      const group = await insertDetailSearch(db, { userId: userIds.ja, companyId: (await companyIdOfUser(db, userIds.ja))!, input });
      const groupIds = [claimOf(japanese, 150).id, ...japanese.slice(0, 40).map((record) => record.id)];
      await finishDetailSearch(db, group, { status: 1, result: { totalHitCount: groupIds.length, documentIds: groupIds } });
      // The formula parser comes with the first formula typed, not with the form (most simulations have none).
      const parserScripts: string[] = [];
      page.on('request', (request) => /\/assets\/formula-parser-[^/]+\.js$/.test(request.url()) && parserScripts.push(request.url()));
      await page.goto(`${app.http.baseUrl}/priorart/build-query`);
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      await page.fill('[data-testid="subject-matter"]', claimOf(japanese, 150).claims[0]!);
      const formulas = page.locator('[data-testid="priorart-formulas"]');
      expect(await page.$$eval('link[rel="modulepreload"]', (links) => links.map((link) => link.getAttribute('href')).filter((href) => /formula-parser/.test(href!)))).toEqual([]);
      expect(parserScripts).toEqual([]);
      // The detailed search's parser, as typed: unmatched brackets are E024, shown beside row 1.
      await formulas.locator('[data-testid="row-text"]').first().fill('((電池');
      const message = formulas.locator('[data-testid="row-message"]').first();
      await message.waitFor();
      expect(await message.getAttribute('data-errcode')).toBe('E024');
      expect(parserScripts).toHaveLength(1);
      await formulas.locator('[data-testid="row-text"]').first().fill('装置+方法+システム');
      await formulas.locator('[data-testid="row-message"]').first().waitFor({ state: 'detached' });
      await formulas.locator('[data-testid="row-learning"]').first().fill('関連すると分かっている文献の要約');
      // The element preview comes after a pause in typing and moves the options down: on a loaded CI machine (2026-11-28)
      // it came between Playwright's aim and its click, and the click missed the radio. The options are set once it is shown.
      await page.locator('[data-testid="element-preview"] li').first().waitFor();
      await page.check('[data-testid="subLang-us"]');
      await page.selectOption('[data-testid="similar-group"]', group);
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-build-formulas-ja.png`, fullPage: true });
      await page.click('[data-testid="simulate"]');
      await page.waitForURL(/\/priorart\/(executing|result)\?id=/, { timeout: SIMULATION_MS });
      const id = new URL(page.url()).searchParams.get('id')!;
      await page.waitForURL(/\/priorart\/result\?id=/, { timeout: SIMULATION_MS });
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-result-sublang-ja.png`, fullPage: true });
      expect(await page.locator('dd[data-testid="similar-group"]').textContent()).toContain(`（${groupIds.length} 件）`);
      await page.goto(`${app.http.baseUrl}/priorart/build-query?id=${id}`);
      await page.locator('[data-island="PriorartForm"][data-hydrated="true"]').waitFor();
      expect(await formulas.locator('[data-testid="row-text"]').first().inputValue()).toBe('装置+方法+システム');
      expect(await formulas.locator('[data-testid="row-learning"]').first().inputValue()).toBe('関連すると分かっている文献の要約');
      expect(await page.isChecked('[data-testid="subLang-us"]')).toBe(true);
      expect(await page.inputValue('[data-testid="similar-group"]')).toBe(group);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
  test('[ja] a claim chart list: the note on the result page follows the charts made in the background', async () => {
    await startWorker();
    const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang: 'ja', cookie: cookies.ja, height: 1100 });
    try {
      await page.goto(`${app.http.baseUrl}/priorart/build-query`);
      const token = (await page.getAttribute('meta[name="csrf-token"]', 'content'))!;
      const started = await page.request.post(`${app.http.baseUrl}/api/priorart/simulate`, { headers: { 'x-csrf-token': token }, data: { lang: 'jp', subjectMatter: claimOf(japanese, 100).claims[0], region: 'full', similarity: 'normal', outputType: 3 } });
      expect(started.status()).toBe(202);
      const { id } = (await started.json()) as { id: string };
      let status: { status: number; chartList: { charted: number; listed: number; running: boolean } | null };
      do status = await (await page.request.get(`${app.http.baseUrl}/api/priorart/status?id=${id}`)).json();
      while (status.status < 5 && (await page.waitForTimeout(200), true));
      expect(status.status).toBe(5);
      const { listed } = status.chartList!;
      await pollChartListOften(page);
      await page.goto(`${app.http.baseUrl}/priorart/result?id=${id}&type=priorart`);
      await page.locator('[data-island="ChartListProgress"][data-hydrated="true"]').waitFor();
      expect(await noteIsFast(page)).toBe(true);
      const note = page.locator('[data-testid="chart-list-progress"]');
      const chartedAtLoad = Number(await note.getAttribute('data-charted'));
      // Charted in the background while the page is open (the chart-list job may also have finished first): the note counts them without a reload.
      await page.waitForFunction((listed) => document.querySelector('[data-testid="chart-list-progress"]')?.getAttribute('data-charted') === String(listed), listed, { timeout: 120_000 });
      const text = (await note.textContent())!;
      expect(text).toContain(`一覧の${listed}件のうち${listed}件について`);
      expect(text).not.toContain('バックグラウンド');
      if (chartedAtLoad < listed) {
        expect(text).toContain('一覧のすべての文献のクレームチャートができました。');
        await Promise.all([page.waitForEvent('load'), note.getByRole('button', { name: '対比済みの表示を更新' }).click()]);
        await page.locator('[data-island="ChartListProgress"][data-hydrated="true"]').waitFor();
        expect(await page.locator('[data-testid="chart-list-progress"] button').count()).toBe(0);
      }
      if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-chart-list-ja.png`, fullPage: false });
      // Every document of the list is charted now: the chart's menu marks each one, and adding one shows its stored chart.
      const chart = page.locator('[data-island="ClaimChart"][data-hydrated="true"]');
      await chart.waitFor();
      const options = chart.locator('[data-testid="chart-candidate"] option[value]:not([value=""])');
      expect(await options.count()).toBeGreaterThan(0);
      expect(await chart.locator('[data-testid="chart-candidate"] option[value]:not([value=""]):not([data-charted])').count()).toBe(0);
      for (const label of await options.allTextContents()) expect(label).toMatch(/^.+ — 一致率 \d+% — 対比済み( — .+)?$/);
      const option = (await options.first().getAttribute('value'))!;
      await chart.locator('[data-testid="chart-candidate"]').selectOption(option);
      await Promise.all([page.waitForResponse((r) => r.url().includes('/api/priorart/column') && r.ok()), chart.locator('[data-testid="chart-add"]').click()]);
      await chart.locator(`thead [data-document="${option}"]`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] a claim chart list: the chart's menu marks a document charted as job 7 charts it, without a reload`, async () => {
      await startWorker();
      const db = app.testApp.runtime.db;
      // Job 7's stores held back (reads go on) until the page is open: the first batch it charts can only land while the test watches.
      const hold = await db.transaction();
      await hold.raw('LOCK TABLE priorart_charts IN EXCLUSIVE MODE');
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: cookies[lang], height: 1100 });
      let id = '';
      try {
        await page.goto(`${app.http.baseUrl}/priorart/build-query`);
        const token = (await page.getAttribute('meta[name="csrf-token"]', 'content'))!;
        const claim = japanese.filter((record) => record.claims[0]!.length > 100)[lang === 'ja' ? 1 : 2]!.claims[0];
        const started = await page.request.post(`${app.http.baseUrl}/api/priorart/simulate`, { headers: { 'x-csrf-token': token }, data: { lang: 'jp', subjectMatter: claim, region: 'full', similarity: 'normal', outputType: 3 } });
        expect(started.status()).toBe(202);
        id = ((await started.json()) as { id: string }).id;
        let status: { status: number; chartList: { charted: number; listed: number; running: boolean } | null } = { status: 0, chartList: null };
        // Done, and job 7 enqueued (job 6 does it right after storing its result).
        for (let i = 0; i < 600; i++) {
          status = await (await page.request.get(`${app.http.baseUrl}/api/priorart/status?id=${id}`)).json();
          if (status.status >= 5 && status.chartList?.running) break;
          await page.waitForTimeout(200);
        }
        // The simulation's own 30 and the list's head it read too (list-figures.ts LIST_HEAD); none of job 7's stored yet.
        expect(status.chartList).toMatchObject({ running: true });
        expect(status.chartList!.charted).toBeGreaterThanOrEqual(30);
        expect(await db('priorart_charts').where({ query_id: id }).count({ n: '*' }).first()).toEqual({ n: '0' });

        await pollChartListOften(page);
        await page.goto(`${app.http.baseUrl}/priorart/result?id=${id}&type=priorart`);
        const chart = page.locator('[data-island="ClaimChart"][data-hydrated="true"]');
        await chart.waitFor();
        await page.locator('[data-island="ChartListProgress"][data-hydrated="true"]').waitFor();
        expect(await noteIsFast(page)).toBe(true);
        // A mark on the document itself tells a reload apart from the island updating.
        await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
        const menu = chart.locator('[data-testid="chart-candidate"] option[value]:not([value=""])');
        const unmarked = await chart.locator('[data-testid="chart-candidate"] option[value]:not([value=""]):not([data-charted])').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
        expect(unmarked.length).toBeGreaterThan(0);
        expect(await menu.count()).toBeGreaterThan(unmarked.length);

        // Job 7 stores its first batch; the progress note's next poll brings the documents to the menu.
        await hold.commit();
        const markedNow = await page.waitForFunction(
          (unmarked) => {
            const marked = [...document.querySelectorAll<HTMLOptionElement>('[data-testid="chart-candidate"] option[data-charted]')].map((option) => option.value).filter((value) => unmarked.includes(value));
            return marked.length > 0 ? marked : null;
          },
          unmarked,
          { timeout: 60_000 },
        );
        const marked = (await markedNow.jsonValue()) as string[];
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
        // Only documents the job has stored (read after the marks: the job goes on), each labelled with the mark.
        const stored: string[] = (await db('priorart_charts').select('document_id').where({ query_id: id })).map((row: { document_id: string }) => row.document_id);
        for (const documentId of marked) {
          expect(stored).toContain(documentId);
          expect(await chart.locator(`[data-testid="chart-candidate"] option[value="${documentId}"]`).textContent()).toMatch(lang === 'ja' ? / — 対比済み( — |$)/ : / — Charted( — |$)/);
        }
        if (screenshots) await page.screenshot({ path: `${screenshots}/priorart-chart-menu-live-${lang}.png`, fullPage: false });
        expect(errors).toEqual([]);
      } finally {
        if (!hold.isCompleted()) await hold.rollback();
        // The rest of the list is not this test's: the job is stopped, its charts so far kept.
        if (id) await page.request.post(`${app.http.baseUrl}/api/priorart/cancel`, { headers: { 'x-csrf-token': (await page.getAttribute('meta[name="csrf-token"]', 'content'))! }, data: { id } });
        await context.close();
      }
    }, 240_000);
  }
});
