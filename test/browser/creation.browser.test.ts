// The creation-support journey in Chromium, in Japanese and English: claims pasted as a whole set
// (split into boxes), a reference patent looked up, a drawing attached → the waiting page with
// its named stages → the draft under the office's headings → a section edited and saved as a new
// version → the earlier version viewed → the Word file downloaded and read back.
import mammoth from 'mammoth';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { createAccount, sessionCookieFor } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, savedDownload, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { png } from '../helpers/pages.ts';

const executable = chromiumPath();
const describeWithChromium = executable ? describe : describe.skip;
const screenshots = process.env.SCREENSHOTS_DIR;

describeWithChromium('creation support in Chromium', () => {
  let app: BrowserApp;
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };
  let japanese: Array<{ id: string; claims: string[] }>;
  let us: Array<{ id: string; claims: string[] }>;
  let drawingFile: string;

  beforeAll(async () => {
    app = await startBrowserApp(executable!, { ROLE: 'all' });
    const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 30, (record) => record.region === 'jp' && Array.isArray(record.claims) && record.claims.length >= 3 && Boolean(record.abstract));
    const usFile = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 30, (record) => record.region === 'us' && Array.isArray(record.claims) && record.claims.length >= 3 && Boolean(record.abstract));
    await ingestFiles(app.testApp.runtime.db, [jp, usFile], { index: indexPatent });
    const read = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    japanese = await read(jp);
    us = await read(usFile);
    drawingFile = path.join(os.tmpdir(), `fig-${process.pid}.png`);
    await writeFile(drawingFile, png(120, 80));
    for (const lang of ['ja', 'en'] as const) {
      const account = await createAccount(app.testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en', features: { simple: true, patent_creation_support: true } });
      cookies[lang] = await sessionCookieFor(app.testApp, { userId: account.id });
    }
  }, 180_000);
  afterAll(async () => closeBrowserApp(app), 120_000);

  test('[ja] a population file fills the similar patents (its reader is fetched only when a file is chosen)', async () => {
    const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang: 'ja', cookie: cookies.ja });
    try {
      const ids = japanese.slice(0, 3).map((record) => record.id);
      const file = path.join(os.tmpdir(), `母集団-${process.pid}.csv`);
      await writeFile(file, `文献番号\n${ids.join('\n')}\n`);
      // The reader's chunk (population-<hash>.js), not the tiny one naming the accepted files.
      const reader = /\/assets\/population-[\w-]{8}\.js$/;
      const fetched: string[] = [];
      page.on('request', (req) => fetched.push(req.url()));
      await page.goto(`${app.http.baseUrl}/patent-creation-support/create`);
      await page.locator('[data-island="CreationForm"][data-hydrated="true"]').waitFor();
      expect(fetched.filter((url) => reader.test(url))).toEqual([]);
      await page.setInputFiles('[data-field="similarPatents"] input[type="file"]', file);
      await page.waitForFunction((count) => (document.querySelector('[data-testid="similar-patents"]') as HTMLTextAreaElement).value.split('\n').length === count, ids.length);
      expect(await page.locator('[data-testid="similar-patents"]').inputValue()).toBe(ids.join('\n'));
      expect(fetched.filter((url) => reader.test(url))).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] create → generating → draft → edit a section → new version → earlier version → Word`, async () => {
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: cookies[lang], height: 1100, acceptDownloads: true });
      const records = lang === 'ja' ? japanese : us;
      const [target, reference] = records;
      try {
        await page.goto(`${app.http.baseUrl}/patent-creation-support/create`);
        await page.locator('[data-island="CreationForm"][data-hydrated="true"]').waitFor();
        // Sending nothing explains instead of sending.
        await page.click('[data-testid="creation-submit"]');
        expect(await page.locator('[data-field="claims"] [role="alert"]').getAttribute('data-errcode')).toBe('E040');
        if (lang === 'en') await page.click('text=United States (USPTO format, English)');
        // A whole claim set pasted into the first box becomes one box per claim.
        const pasted = target!.claims.slice(0, 3).map((claim, i) => (lang === 'ja' ? `【請求項${i + 1}】\n${claim}` : `${i + 1}. ${claim}`)).join('\n');
        await page.fill('[data-testid="claim-0"]', pasted);
        await page.locator('[data-testid="claim-2"]').waitFor();
        expect(await page.locator('[data-testid="claim-1"]').inputValue()).toBe(target!.claims[1]!.replace(/\s*\n\s*/g, '\n').trim());
        await page.fill('[data-testid="reference-number"]', displayNumberOfId(reference!.id, 'en'));
        await page.locator('[data-testid="reference-number"]').blur();
        await page.locator('[data-testid="reference-found"]').waitFor();
        await page.setInputFiles('[data-testid="drawing-input"]', drawingFile);
        await page.locator('[data-testid="drawing"]').waitFor();
        if (screenshots) await page.screenshot({ path: `${screenshots}/creation-create-${lang}.png`, fullPage: true });
        await page.click('[data-testid="creation-submit"]');
        await page.waitForURL(/\/patent-creation-support\/(generating|detail)\?id=/);
        await page.waitForURL(/\/patent-creation-support\/detail\?id=/, { timeout: 60_000 });
        await page.locator('[data-island="DraftEditor"][data-hydrated="true"]').waitFor();
        const headings = await page.locator('.draft-editor__heading h3').allTextContents();
        if (lang === 'ja') expect(headings.slice(0, 3)).toEqual(['【発明の名称】', '【技術分野】', '【背景技術】']);
        else expect(headings.slice(0, 3)).toEqual(['Title', 'Technical Field', 'Background']);
        expect(await page.locator('.draft-editor__claims li').count()).toBe(3);
        expect(await page.locator('.draft-editor__drawing img').count()).toBe(1);
        if (screenshots) await page.screenshot({ path: `${screenshots}/creation-detail-${lang}.png`, fullPage: true });

        // Edit the technical field: saved as version 2.
        const field = lang === 'ja' ? '本発明は、蓄電デバイスに関する。' : 'The present disclosure relates to energy storage devices.';
        await page.click('[data-testid="edit-domain"]');
        await page.fill('[data-testid="editor-domain"]', field);
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/patent-creation-support/update') && r.ok()), page.click('[data-testid="save-domain"]')]);
        await page.locator('[data-testid="draft-saved"]').waitFor();
        expect(await page.locator('[data-section="domain"] .draft-editor__body').textContent()).toBe(field);
        expect(await page.locator('[data-testid="versions"] li').count()).toBe(2);
        // Version 1 is still there, read-only, with the text it had.
        await page.click(`[data-testid="versions"] li:last-child a`);
        await page.waitForURL(/version=1/);
        await page.locator('[data-testid="restore-version"]').waitFor();
        expect(await page.locator('[data-section="domain"] .draft-editor__body').textContent()).not.toBe(field);
        expect(await page.locator('[data-testid="edit-domain"]').count()).toBe(0);

        // The Word file of the latest version holds the edit.
        await page.goto(page.url().replace(/&version=1$/, ''));
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-docx"]')]);
        const { value: text } = await mammoth.extractRawText({ path: await savedDownload(download) });
        expect(text).toContain(field);
        expect(text).toContain(lang === 'ja' ? '【請求項３】' : 'What is claimed is');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
