// In Chromium, ja and en: a figure shown as 画像なし / No picture takes a picture in place, in
// the draft of a creation result and in the document editor (a Word file of that draft, whose
// figure 2 is described without a picture). A file that is not an image by its content is
// explained in the user's language beside the input that sent it (in the document editor, whose
// status line is at the top, too) and the figure stays as it was; a real picture is shown at
// once under the same figure number and description, and is still there after a reload.
import type { Page } from 'playwright-core';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { drafter, draftWithFigureWithoutPicture, ingestDemoClaims, openDraftWord, type Drafter } from '../helpers/drafts.ts';
import { png } from '../helpers/pages.ts';

const executable = chromiumPath();
const describeWithChromium = executable ? describe : describe.skip;
const screenshots = process.env.SCREENSHOTS_DIR;

const WORDS = {
  ja: { none: '画像なし', attach: '画像を添付', attachTo: '【図２】に画像を添付', notImage: '図面は PNG・JPEG・GIF の画像だけを添付できます（block.png は画像ではありません）。' },
  en: { none: 'No picture', attach: 'Attach a picture', attachTo: 'Attach a picture to 【図２】', notImage: 'Drawings must be PNG, JPEG or GIF images (block.png is not an image).' },
};
const FAKE = { name: 'block.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 図面ではない') };
const PICTURE = { name: '制御部.png', mimeType: 'image/png', buffer: png(90, 60) };

describeWithChromium('a figure without a picture takes one in place in the editors, in Chromium', () => {
  let app: BrowserApp;
  let claims: string[];
  const users = {} as Record<'ja' | 'en', Drafter>;

  beforeAll(async () => {
    app = await startBrowserApp(executable!, { ROLE: 'all' });
    claims = await ingestDemoClaims(app.testApp);
    for (const lang of ['ja', 'en'] as const) users[lang] = await drafter(app.testApp, lang);
  }, 180_000);
  afterAll(async () => closeBrowserApp(app), 120_000);

  /** A finished Japanese draft of demo claims: figure 1 with a picture, figure 2 described only. */
  const draft = async (lang: 'ja' | 'en') => (await draftWithFigureWithoutPicture(app.testApp, users[lang], claims)).creationId;

  /** Chooses `file` for the figure through its button, as a user does. */
  async function attach(page: Page, figure: ReturnType<Page['locator']>, file: { name: string; mimeType: string; buffer: Buffer }) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), figure.locator('[data-testid="attach-picture"]').click()]);
    await chooser.setFiles(file);
  }

  /** The figure's picture, decoded: its width in pixels. */
  const shownWidth = async (figure: ReturnType<Page['locator']>) => {
    await figure.locator('img').scrollIntoViewIfNeeded();
    return figure.locator('img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
  };

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] the draft of a creation result: 図２ 画像なし takes its picture after a refused file`, async () => {
      const words = WORDS[lang];
      const creationId = await draft(lang);
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: users[lang].session, height: 1400 });
      const second = page.locator('.draft-editor__drawing').nth(1);
      const error = page.locator('[data-section="drawings"] [role="alert"]');
      try {
        await page.goto(`${app.http.baseUrl}/patent-creation-support/detail?id=${creationId}`);
        await page.locator('[data-island="DraftEditor"][data-hydrated="true"]').waitFor();
        expect(await second.locator('[data-testid="no-picture"]').textContent()).toContain(words.none);
        expect(await second.locator('[data-testid="attach-picture"]').getAttribute('aria-label')).toBe(words.attachTo);
        expect(await page.locator('[data-testid="attach-picture"]').count()).toBe(1);
        if (screenshots) await second.screenshot({ path: `${screenshots}/draft-no-picture-${lang}.png` });
        const description = await second.locator('p').textContent();
        expect(description).toContain('制御部のブロック図');

        // Named .png but not an image: refused by its content, said beside the drawings; the figure as before.
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/drawings/attach') && r.status() === 400), attach(page, second, FAKE)]);
        await error.waitFor();
        expect(await error.getAttribute('data-errcode')).toBe('E052');
        expect(await error.textContent()).toBe(words.notImage);
        expect(await second.locator('[data-testid="no-picture"]').count()).toBe(1);
        expect(await page.locator('[data-testid="draft-editor"]').getAttribute('data-version')).toBe('1');

        // The picture: shown at once in place, same number and description, as version 2.
        await attach(page, second, PICTURE);
        await page.locator('[data-testid="draft-editor"][data-version="2"]').waitFor();
        await error.waitFor({ state: 'detached' });
        expect(await shownWidth(second)).toBe(90);
        expect(await page.locator('[data-testid="no-picture"]').count()).toBe(0);
        expect(await second.locator('p').textContent()).toBe(description);
        expect(await page.locator('[data-testid="draft-saved"]').textContent()).toContain(lang === 'ja' ? '【図２】に画像を添付しました（第2版）' : 'Picture attached to 【図２】 (version 2)');

        // Stored: a reload shows it too.
        await page.reload();
        await page.locator('[data-island="DraftEditor"][data-hydrated="true"]').waitFor();
        expect(await page.locator('.draft-editor__drawing img').count()).toBe(2);
        expect(await shownWidth(page.locator('.draft-editor__drawing').nth(1))).toBe(90);
        // The only console error is the browser's note of the refused upload (400).
        expect(errors.filter((message) => !/status of 400/.test(message))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);

    test(`[${lang}] the document editor: a Word file's 図２ described without a picture takes one in place`, async () => {
      const words = WORDS[lang];
      const who = users[lang];
      const opened = await openDraftWord(app.testApp, who, await draft(lang));
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: who.session, height: 1400 });
      const second = page.locator('[data-testid="drawing-1"]');
      const status = page.locator('[data-testid="edit-status"]');
      const section = page.locator('[data-section="drawings"]');
      const refusals = section.locator('[role="alert"]');
      try {
        await page.goto(`${app.http.baseUrl}/patent-document-edit?id=${opened.id}`);
        await page.locator('[data-island="DocumentEditor"][data-hydrated="true"]').waitFor();
        expect(await second.locator('[data-testid="no-picture"]').textContent()).toContain(words.none);
        const description = await second.locator('p').last().textContent();
        expect(description).toContain('制御部のブロック図');

        // A file added to the drawings that is not an image: refused beside the add button, under the heading.
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/patent-document-edit/drawings') && r.status() === 400), page.locator('[data-testid="add-drawings"]').setInputFiles(FAKE)]);
        await section.locator(':scope > [role="alert"]').waitFor();
        expect(await section.locator(':scope > [role="alert"]').textContent()).toBe(words.notImage);
        expect(await refusals.count()).toBe(1);

        // The same file for figure 2: now said beside figure 2 (and in the status line at the top), only there.
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/drawings/attach') && r.status() === 400), attach(page, second, FAKE)]);
        await page.locator('[data-testid="edit-status"][data-errcode="E102"]').waitFor();
        expect(await status.textContent()).toBe(words.notImage);
        await second.locator('[role="alert"]').waitFor();
        expect(await second.locator('[role="alert"]').getAttribute('data-errcode')).toBe('E102');
        expect(await second.locator('[role="alert"]').textContent()).toBe(words.notImage);
        expect(await refusals.count()).toBe(1);
        expect(await second.locator('[data-testid="no-picture"]').count()).toBe(1);
        expect(await page.locator('[data-testid="document-editor"]').getAttribute('data-version')).toBe('1');
        if (screenshots) await page.locator('[data-section="drawings"]').screenshot({ path: `${screenshots}/document-refused-picture-${lang}.png` });

        await attach(page, second, PICTURE);
        await page.locator('[data-testid="document-editor"][data-version="2"]').waitFor();
        expect(await refusals.count()).toBe(0);
        expect(await shownWidth(second)).toBe(90);
        expect(await page.locator('[data-testid="no-picture"]').count()).toBe(0);
        expect(await second.locator('.draft-editor__label').textContent()).toBe('【図２】');
        expect(await second.locator('p').last().textContent()).toBe(description);

        await page.reload();
        await page.locator('[data-island="DocumentEditor"][data-hydrated="true"]').waitFor();
        expect(await shownWidth(page.locator('[data-testid="drawing-1"]'))).toBe(90);
        expect(errors.filter((message) => !/status of 400/.test(message))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
