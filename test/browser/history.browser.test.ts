// History in Chromium, signed in, in Japanese and English: a favourite toggled and a memo
// saved without reloading are still there after a reload; an over-long memo shows E059 and
// a failed save keeps what was typed. Also the waiting page of a running search (its
// JobProgress island) against a status API this test controls: progress, cancel, error,
// and the move to the result.
import type { Express, Request, RequestHandler, Response } from 'express';
import { createElement } from 'react';
import type { Browser, Page } from 'playwright-core';
import { ExecutingPage } from '../../views/detail-search/ExecutingPage.tsx';
import { Island } from '../../views/Island.tsx';
import { emptyDetailSearchInput, type DetailSearchInput } from '../../src/detail-search/input.ts';
import { findHistoryRow, insertQuery, type NewQueryRow } from '../../src/history/repository.ts';
import { notFoundHandler } from '../../src/platform/errors.ts';
import { renderPage } from '../../src/platform/render.tsx';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp, type BrowserPage } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;
const SCREENSHOTS = process.env.HISTORY_SCREENSHOTS === '1';
const shoot = (page: Page, name: string, fullPage = false) =>
  SCREENSHOTS ? page.screenshot({ path: `/tmp/issue5/history-${name}.png`, fullPage }) : Promise.resolve();

function detailInput(rows: Array<[string, DetailSearchInput['modes'][0]['formulas'][0]['tag']]>, combination = '', lang: DetailSearchInput['lang'] = 'jp'): DetailSearchInput {
  const input = emptyDetailSearchInput(lang);
  input.modes[0] = { formulas: rows.map(([text, tag], i) => ({ id: i + 1, text, tag, valid: true })), combination };
  return input;
}

/**
 * A route for this test only, placed before the app's 404 handler (the app is built
 * already). The waiting page's real route belongs to src/detail-search; here the page is
 * rendered with a status API the test drives.
 */
function mountForTest(app: Express, method: 'get' | 'post', path: string, handler: RequestHandler): void {
  app[method](path, handler);
  const stack = (app as unknown as { router: { stack: Array<{ handle: unknown }> } }).router.stack;
  const layer = stack.pop()!;
  stack.splice(stack.findIndex((candidate) => candidate.handle === notFoundHandler), 0, layer);
}

describeInBrowser('history in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];
  const users: Record<'ja' | 'en', { id: string; cookie: string }> = { ja: { id: '', cookie: '' }, en: { id: '', cookie: '' } };
  /** What the fake status API answers, per query id. */
  const jobs = new Map<string, { status: number; progress: number; errcode: string | null }>();
  const cancelled: string[] = [];

  const store = (lang: 'ja' | 'en', row: Omit<NewQueryRow, 'userId'>) => insertQuery(testApp.runtime.db, { userId: users[lang].id, ...row });

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!));
    for (const lang of ['ja', 'en'] as const) {
      const { id } = await createAccount(testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en', features: { simple: true, detail: true, priorart: true, patent_creation_support: true } });
      users[lang] = { id, cookie: await sessionCookieFor(testApp, { userId: id }) };
      const day = (d: number, h = 1) => new Date(Date.UTC(2026, 3, d, h, 12));
      await store(lang, { status: 1, progress: 100, lang: 'jp', execDate: day(1), input: detailInput([['リチウムイオン電池 + 二次電池', 'abst_claim_desc_title'], ['H01M10/05', 'ipc'], ['正極,10N,ニッケル', 'claim']], '(1+2)*3'), result: { totalHitCount: 4821, documentIds: [] }, memo: lang === 'ja' ? '審査請求前に確認する' : 'Check before the examination request' });
      await store(lang, { status: 8, errcode: 'E401', lang: 'us', execDate: day(2), input: detailInput([['autonomous vehicle lidar', 'abst_claim'], ['G01S17', 'cpc']], '', 'us') });
      await store(lang, { status: 9, lang: 'cn', execDate: day(3), input: detailInput([['数据 处理', 'title']], '', 'cn'), favorite: true });
      await store(lang, { kind: 'priorart', status: 5, priorartRank: 'A', lang: 'jp', execDate: day(4), input: { subjectMatter: '車輪の回転速度を検出するセンサと、検出値から路面状態を推定する制御部とを備える車両。' } });
      await store(lang, { status: 0, progress: 35, lang: 'jp', execDate: day(5), input: detailInput([['画像認識 * 深層学習', 'abst_claim_desc_title']]) });
    }

    // The waiting page with a status API this test drives.
    mountForTest(testApp.app, 'get', '/test/executing', (req: Request, res: Response) => {
      const queryId = String(req.query.id);
      const job = jobs.get(queryId)!;
      renderPage(req, res, {
        title: req.t('executing.title', { ns: 'history' }),
        layout: 'default',
        page: createElement(ExecutingPage, {
          queryId,
          summary: '[1] 画像認識 * 深層学習',
          ...job,
          urls: { statusUrl: `/api/test/status?id=${queryId}`, cancelUrl: '/api/test/cancel', resultUrl: `/test/result?id=${queryId}`, buildUrl: `/test/build?id=${queryId}` },
        }),
      });
    });
    mountForTest(testApp.app, 'get', '/api/test/status', (req: Request, res: Response) => {
      res.json({ id: req.query.id, ...jobs.get(String(req.query.id)), totalHitCount: null });
    });
    // Behind the app's CSRF protection, like every mutating call.
    mountForTest(testApp.app, 'post', '/api/test/cancel', (req: Request, res: Response) => {
      cancelled.push(req.body.id);
      jobs.set(req.body.id, { status: 9, progress: jobs.get(req.body.id)?.progress ?? 0, errcode: null });
      res.json({ cancelled: 1 });
    });
    // One stored search's star and memo, as the result page shows them (HistoryEntryActions).
    mountForTest(testApp.app, 'get', '/test/entry', async (req: Request, res: Response) => {
      const row = (await findHistoryRow(testApp.runtime.db, req.session.userId!, String(req.query.id)))!;
      renderPage(req, res, { title: 'entry', layout: 'default', page: createElement(Island<'HistoryEntryActions'>, { name: 'HistoryEntryActions', props: { id: row.id, favorite: row.favorite, memo: row.memo } }) });
    });
    mountForTest(testApp.app, 'get', '/test/result', (_req: Request, res: Response) => {
      res.type('html').send('<!DOCTYPE html><html><head><link rel="icon" href="data:,"></head><body>result page</body></html>');
    });
  }, 120_000);
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  async function openHistory(lang: 'ja' | 'en', query = ''): Promise<BrowserPage> {
    const opened = await newBrowserPage(browser, http.baseUrl, { lang, cookie: users[lang].cookie, height: 1100 });
    await opened.page.goto(`${http.baseUrl}/history${query}`);
    await waitForIslands(opened.page);
    return opened;
  }
  /**
   * The list's islands hydrated (what the tests click). Waited for after the page's load instead of 'networkidle', which
   * adds 500 ms of network quiet to each page; no time limit of their own (the first page of a file on the loaded CI
   * machine took 3–8 s, test/helpers/browser.ts), nor for the waiting page's polls below (one a second, 5 s allowed).
   */
  async function waitForIslands(page: Page) {
    await page.waitForSelector('[data-island="HistoryEntryMemo"]:not([data-hydrated="true"])', { state: 'detached' });
    await page.waitForSelector('[data-island="HistoryEntryFavorite"]:not([data-hydrated="true"])', { state: 'detached' });
  }

  for (const lang of ['ja', 'en'] as const) {
    const text = {
      ja: { done: '完了', running: '実行中', cancel: 'キャンセル', error: 'エラー', add: 'お気に入りに追加', remove: 'お気に入りから外す', saved: 'メモを保存しました。', e059: 'メモは5000文字以内で入力してください。', failed: '保存できませんでした' },
      en: { done: 'Done', running: 'Running', cancel: 'Cancelled', error: 'Error', add: 'Add to favourites', remove: 'Remove from favourites', saved: 'Memo saved.', e059: 'Enter a memo of at most 5000 characters.', failed: 'The memo could not be saved' },
    }[lang];

    test(`[${lang}] a favourite and a memo saved on the page are still there after a reload`, async () => {
      const { context, page, errors } = await openHistory(lang);
      const statuses = await page.locator('[data-testid="history-status"]').allTextContents();
      expect(statuses.map((s) => s.replace(/\s*\d+%$/, ''))).toEqual([text.running, text.done, text.cancel, text.error, text.done]);
      await shoot(page, `${lang}-list`, true);

      // The error entry (second from the bottom) becomes a favourite.
      const entry = page.locator('.history-entry').nth(3);
      const star = entry.locator('[data-testid="history-favorite"]');
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      expect(await star.getAttribute('aria-label')).toBe(text.add);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/favorite') && r.ok()), star.click()]);
      expect(await star.getAttribute('aria-pressed')).toBe('true');
      expect(await star.getAttribute('aria-label')).toBe(text.remove);

      // Its memo, written in place: the counter follows, saving needs no reload.
      await entry.locator('[data-testid="history-memo-edit"]').click();
      const field = entry.locator('textarea');
      const memo = lang === 'ja' ? 'LiDAR の請求項を再確認\n米国の出願人に注目' : 'Re-check the LiDAR claims\nWatch the US applicants';
      await field.fill(memo);
      expect(await entry.locator('[data-testid="history-memo-counter"]').textContent()).toContain(String([...memo].length));
      await shoot(page, `${lang}-memo-editing`);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/memo') && r.ok()), entry.locator('button[type="submit"]').click()]);
      await entry.locator('[data-testid="history-memo-text"]').waitFor();
      expect(await entry.locator('[data-testid="history-memo-text"]').textContent()).toBe(memo);
      expect(await entry.locator('.history-memo__notice').textContent()).toBe(text.saved);

      await page.reload();
      await waitForIslands(page);
      const id = await entry.getAttribute('data-id');
      const reloaded = page.locator(`.history-entry[data-id="${id}"]`);
      expect(await reloaded.locator('[data-testid="history-favorite"]').getAttribute('aria-pressed')).toBe('true');
      expect(await reloaded.locator('[data-testid="history-memo-text"]').textContent()).toBe(memo);
      // The favourites-and-memos filter now finds it (with the two others that have a star or a memo).
      await page.click('.history-filter__favorites input');
      await Promise.all([page.waitForURL(/favoritesMemoOnly=1/), page.click('.history-filter button[type="submit"]')]);
      expect(await page.locator('.history-entry').count()).toBe(3);
      expect(await reloaded.count()).toBe(1);

      // And off again.
      const again = reloaded.locator('[data-testid="history-favorite"]');
      await waitForIslands(page);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/favorite') && r.ok()), again.click()]);
      expect(await again.getAttribute('aria-pressed')).toBe('false');
      expect(errors).toEqual([]);
      await context.close();
    });

    test(`[${lang}] an over-long memo shows E059; a failed save keeps the saved memo and what was typed`, async () => {
      const { context, page, errors } = await openHistory(lang);
      const entry = page.locator('.history-entry').nth(4); // the finished search, which has a memo
      const saved = (await entry.locator('[data-testid="history-memo-text"]').textContent())!;
      await entry.locator('[data-testid="history-memo-edit"]').click();
      const field = entry.locator('textarea');
      await field.fill('あ'.repeat(5001));
      const counter = entry.locator('[data-testid="history-memo-counter"]');
      expect(await counter.textContent()).toContain('5,001');
      expect(await counter.getAttribute('class')).toContain('is-over');
      expect(await entry.locator('.history-memo__error').textContent()).toBe(text.e059);
      expect(await entry.locator('button[type="submit"]').isDisabled()).toBe(true);
      await entry.locator('.history-memo__error').scrollIntoViewIfNeeded();
      await shoot(page, `${lang}-memo-too-long`);

      // Back within the limit, but the server fails: the draft stays in the field.
      await field.fill(`${saved} (2)`);
      await page.route('**/api/history/memo', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errcode: 'E999', detail: '' }) }));
      await entry.locator('button[type="submit"]').click();
      await entry.locator('.history-memo__error').waitFor();
      expect(await entry.locator('.history-memo__error').textContent()).toContain(text.failed);
      expect(await field.inputValue()).toBe(`${saved} (2)`);
      await page.unroute('**/api/history/memo');
      // Cancelling shows the memo that is saved.
      await entry.locator('.history-memo__actions button[type="button"]').click();
      expect(await entry.locator('[data-testid="history-memo-text"]').textContent()).toBe(saved);
      await page.reload();
      expect(await page.locator('.history-entry').nth(4).locator('[data-testid="history-memo-text"]').textContent()).toBe(saved);
      // The failed call is logged by the browser as a failed resource; nothing else went wrong.
      expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
      await context.close();
    });
  }

  test('[ja] filters and the empty state', async () => {
    const { context, page } = await openHistory('ja', '?kind=patent_edit');
    expect(await page.locator('[data-testid="history-empty"]').textContent()).toContain('この条件に合う履歴はありません。');
    await Promise.all([page.waitForURL(/\/history$/), page.click('[data-testid="history-empty"] a')]);
    expect(await page.locator('.history-entry').count()).toBe(5);
    await page.fill('input[name="execDateFrom"]', '2026-04-05');
    await page.fill('input[name="execDateTo"]', '2026-04-01');
    await Promise.all([page.waitForURL(/execDateFrom=2026-04-05/), page.click('.history-filter button[type="submit"]')]);
    expect(await page.locator('.history-results [data-errcode="E071"]').textContent()).toContain('履歴の絞り込み条件が正しくありません');
    await shoot(page, 'ja-filter-error');
    await context.close();

    const newcomer = await createAccount(testApp, { languageCD: 'lang_en' });
    const fresh = await newBrowserPage(browser, http.baseUrl, { lang: 'en', cookie: await sessionCookieFor(testApp, { userId: newcomer.id }) });
    await fresh.page.goto(`${http.baseUrl}/history`);
    expect(await fresh.page.locator('.history-empty__title').textContent()).toBe('No history yet');
    await shoot(fresh.page, 'en-empty');
    await fresh.context.close();
  });

  test('[en] one entry’s star and memo outside the list (the result page’s HistoryEntryActions)', async () => {
    const id = await store('en', { status: 1, input: detailInput([['battery', 'title']]), result: { totalHitCount: 3, documentIds: [] } });
    const { context, page, errors } = await newBrowserPage(browser, http.baseUrl, { lang: 'en', cookie: users.en.cookie });
    await page.goto(`${http.baseUrl}/test/entry?id=${id}`);
    await page.waitForSelector('[data-island="HistoryEntryActions"][data-hydrated="true"]', { state: 'attached' });
    expect(await page.locator('.history-favorite__label').textContent()).toBe('Add to favourites');
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/favorite') && r.ok()), page.click('[data-testid="history-favorite"]')]);
    expect(await page.locator('.history-favorite__label').textContent()).toBe('Remove from favourites');
    await page.click('[data-testid="history-memo-edit"]');
    await page.fill('.history-memo textarea', 'Compare with the 2019 filing');
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/history/memo') && r.ok()), page.click('.history-memo button[type="submit"]')]);
    await page.reload();
    expect(await page.getAttribute('[data-testid="history-favorite"]', 'aria-pressed')).toBe('true');
    expect(await page.textContent('[data-testid="history-memo-text"]')).toBe('Compare with the 2019 filing');
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('the waiting page of a running search', () => {
    const open = async (lang: 'ja' | 'en', queryId: string) => {
      const opened = await newBrowserPage(browser, http.baseUrl, { lang, cookie: users[lang].cookie });
      await opened.page.goto(`${http.baseUrl}/test/executing?id=${queryId}`);
      await opened.page.waitForSelector('[data-island="JobProgress"][data-hydrated="true"]', { state: 'attached' });
      return opened;
    };

    test('[ja] the bar follows the progress; cancel posts with the CSRF header and shows the cancelled state', async () => {
      const queryId = '11111111-1111-4111-8111-111111111111';
      jobs.set(queryId, { status: 0, progress: 10, errcode: null });
      const { context, page, errors } = await open('ja', queryId);
      expect(await page.locator('h1').textContent()).toBe('詳細検索を実行しています');
      expect(await page.locator('[data-testid="executing-summary"]').textContent()).toBe('[1] 画像認識 * 深層学習');
      expect(await page.locator('.job-progress__leave').textContent()).toContain('このページを離れても検索は続きます');
      expect(await page.getAttribute('[role="progressbar"][aria-label="進み具合"]', 'aria-valuenow')).toBe('10');
      jobs.set(queryId, { status: 0, progress: 60, errcode: null });
      await page.waitForSelector('[aria-label="進み具合"][aria-valuenow="60"]');
      expect(await page.locator('[data-testid="job-progress-percent"]').textContent()).toBe('60%');
      await shoot(page, 'ja-executing');
      await page.click('[data-testid="job-progress-cancel"]');
      await page.waitForSelector('.job-progress--cancel');
      expect(cancelled).toContain(queryId);
      expect(await page.locator('.job-progress__message').textContent()).toBe('この検索はキャンセルされました。');
      expect(await page.getAttribute('.job-progress__actions a.button--primary', 'href')).toBe(`/test/build?id=${queryId}`);
      expect(await page.locator('[data-testid="job-progress-cancel"]').count()).toBe(0);
      await shoot(page, 'ja-executing-cancelled');
      expect(errors).toEqual([]);
      await context.close();
    });

    test('[en] a failure shows its message in English; success opens the result', async () => {
      const failing = '22222222-2222-4222-8222-222222222222';
      jobs.set(failing, { status: 0, progress: 0, errcode: null });
      const first = await open('en', failing);
      expect(await first.page.locator('.job-progress__bar').getAttribute('class')).toContain('is-indeterminate');
      jobs.set(failing, { status: 8, progress: 0, errcode: 'E401' });
      await first.page.waitForSelector('.job-progress--error');
      expect(await first.page.locator('.job-progress__error').getAttribute('data-errcode')).toBe('E401');
      expect(await first.page.locator('.job-progress__error').textContent()).toContain('No documents');
      await shoot(first.page, 'en-executing-error');
      await first.context.close();

      const succeeding = '33333333-3333-4333-8333-333333333333';
      jobs.set(succeeding, { status: 0, progress: 80, errcode: null });
      const second = await open('en', succeeding);
      expect(await second.page.locator('.job-progress__message').textContent()).toBe('Searching…');
      jobs.set(succeeding, { status: 1, progress: 100, errcode: null });
      await second.page.waitForURL(/\/test\/result\?id=3333/);
      expect(await second.page.textContent('body')).toBe('result page');
      expect(second.errors).toEqual([]);
      await second.context.close();
    });
  });
});
