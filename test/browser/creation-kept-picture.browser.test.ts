// In Chromium, ja and en: an entry reopened from history ("edit and create again") with a figure
// described but without a picture (画像なし / No picture) takes a picture in its place: a file
// that is not an image is explained beside the drawings (by its name here, by its content on the
// server), the picture can be taken back, and once attached the figure keeps its number and
// caption and comes out in the new draft with its picture.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { drafter, draftWithFigureWithoutPicture, ingestDemoClaims } from '../helpers/drafts.ts';
import { png } from '../helpers/pages.ts';

const executable = chromiumPath();
const describeWithChromium = executable ? describe : describe.skip;

describeWithChromium('a kept figure without a picture takes one in the creation form, in Chromium', () => {
  let app: BrowserApp;
  const cookies: Record<'ja' | 'en', string> = { ja: '', en: '' };
  const entries: Record<'ja' | 'en', string> = { ja: '', en: '' };
  const files: Record<'picture' | 'text' | 'fake', string> = { picture: '', text: '', fake: '' };

  beforeAll(async () => {
    app = await startBrowserApp(executable!, { ROLE: 'all' });
    const claims = await ingestDemoClaims(app.testApp);
    const dir = os.tmpdir();
    files.picture = path.join(dir, `制御部-${process.pid}.png`);
    files.text = path.join(dir, `memo-${process.pid}.txt`);
    files.fake = path.join(dir, `block-${process.pid}.png`);
    await writeFile(files.picture, png(90, 60));
    await writeFile(files.text, 'メモ');
    await writeFile(files.fake, '%PDF-1.4 図面ではない');
    for (const lang of ['ja', 'en'] as const) {
      // An entry whose figure 2 is described without a file.
      const who = await drafter(app.testApp, lang);
      cookies[lang] = who.session;
      entries[lang] = (await draftWithFigureWithoutPicture(app.testApp, who, claims)).creationId;
    }
  }, 180_000);
  afterAll(async () => closeBrowserApp(app), 120_000);

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] attach a picture to 図2 kept without one, after a refused file, and create again`, async () => {
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: cookies[lang], height: 1400 });
      const words = lang === 'ja' ? { none: '画像なし', notImage: 'は画像ではありません' } : { none: 'No picture', notImage: 'is not an image' };
      const second = page.locator('[data-testid="kept-drawing"]').nth(1);
      const attach = async (file: string) => {
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), second.locator('[data-testid="attach-picture"]').click()]);
        await chooser.setFiles(file);
      };
      const drawingsError = page.locator('[data-field="drawings"] [role="alert"]');
      try {
        await page.goto(`${app.http.baseUrl}/patent-creation-support/create?id=${entries[lang]}`);
        await page.locator('[data-island="CreationForm"][data-hydrated="true"]').waitFor();
        expect(await page.locator('[data-testid="kept-drawing"]').count()).toBe(2);
        expect(await second.textContent()).toContain(words.none);
        const caption = await second.locator('input.input').inputValue();
        expect(caption).toContain('制御部のブロック図');

        // Not an image by its name: said at once, beside the drawings; taken back, the figure is as before.
        await attach(files.text);
        await drawingsError.waitFor();
        expect(await drawingsError.getAttribute('data-errcode')).toBe('E052');
        await second.locator('[data-testid="remove-picture"]').click();
        await drawingsError.waitFor({ state: 'detached' });
        expect(await second.textContent()).toContain(words.none);

        // Named .png but not an image: the server reads its content and refuses it, nothing sent on.
        await attach(files.fake);
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/patent-creation-support/create') && r.status() === 400), page.click('[data-testid="creation-submit"]')]);
        await drawingsError.waitFor();
        expect(await drawingsError.getAttribute('data-errcode')).toBe('E052');
        expect(await drawingsError.textContent()).toContain(words.notImage);
        expect(page.url()).toContain('/patent-creation-support/create');

        // The real picture in its place: shown, same number and caption.
        await second.locator('[data-testid="remove-picture"]').click();
        await attach(files.picture);
        await second.locator('img.creation-form__thumb').waitFor();
        expect(await second.textContent()).not.toContain(words.none);
        expect(await second.locator('.creation-form__figure').textContent()).toBe(lang === 'ja' ? '図2' : 'FIG. 2');
        expect(await second.locator('input.input').inputValue()).toBe(caption);

        await page.click('[data-testid="creation-submit"]');
        await page.waitForURL(/\/patent-creation-support\/detail\?id=/, { timeout: 60_000 });
        await page.locator('[data-island="DraftEditor"][data-hydrated="true"]').waitFor();
        // Both figures have their picture now; the second is still the control unit's block diagram.
        expect(await page.locator('.draft-editor__drawing img').count()).toBe(2);
        expect(await page.locator('.draft-editor__no-picture').count()).toBe(0);
        expect(await page.locator('.draft-editor__drawing').nth(1).textContent()).toContain('制御部のブロック図');
        await page.locator('.draft-editor__drawing img').nth(1).scrollIntoViewIfNeeded();
        const loaded = await page.locator('.draft-editor__drawing img').nth(1).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
        expect(loaded).toBe(90);
        // The only console error is the browser's note of the refused upload (400).
        expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
