// The editing journey in Chromium, in Japanese and English, with GPT through the fake
// OpenAI-compatible server: a creation result opened in the editor → a section edited (autosaved
// as a version) → a GPT instruction for it → before/after with the differences marked → confirmed
// → claim 1 moved down (numbers and the dependent claim's reference follow) → a planted
// antecedent error found by the drafting checks → the Word file downloaded and read back.
import mammoth from 'mammoth';
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, savedDownload, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../helpers/fake-openai.ts';

const executable = chromiumPath();
const describeWithChromium = executable ? describe : describe.skip;
const screenshots = process.env.SCREENSHOTS_DIR;

const CLAIMS = {
  ja: ['基板と、前記基板の上に設けられた電極と、を備える半導体装置。', '前記電極は銅からなる、請求項１に記載の半導体装置。', '基板の上に電極を形成する工程を含む、半導体装置の製造方法。', '前記電極を銅で形成する、請求項３に記載の半導体装置の製造方法。'],
  en: ['A semiconductor device comprising: a substrate; and an electrode provided on the substrate.', 'The semiconductor device of claim 1, wherein the electrode is made of copper.', 'A method of manufacturing a semiconductor device, comprising forming an electrode on a substrate.', 'The method of claim 3, wherein the electrode is formed of copper.'],
};
const WORDS = {
  ja: { field: '本発明は、電極を備える半導体装置に関する。', gpt: '本発明は、銅の電極を備える半導体装置に関する。', instruction: '電極の材料を書き加えてください。', planted: '前記蓋部材は前記基板を覆う、請求項１に記載の半導体装置。', error: '蓋部材' },
  en: { field: 'The present disclosure relates to a semiconductor device with an electrode.', gpt: 'The present disclosure relates to a semiconductor device with a copper electrode.', instruction: 'Mention the electrode material.', planted: 'The semiconductor device of claim 1, wherein the lid covers the substrate.', error: 'lid' },
};

describeWithChromium('document editing in Chromium', () => {
  let app: BrowserApp;
  let fake: FakeOpenAI;
  const users: Record<'ja' | 'en', { session: string; cookie: string; csrf: string }> = { ja: { session: '', cookie: '', csrf: '' }, en: { session: '', cookie: '', csrf: '' } };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    app = await startBrowserApp(executable!, { ROLE: 'all', OPENAI_API_KEY: 'sk-edit-browser', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-edit-browser' });
    const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 5, (record) => record.region === 'jp' && Array.isArray(record.claims));
    await ingestFiles(app.testApp.runtime.db, [jp], { index: indexPatent });
    for (const lang of ['ja', 'en'] as const) {
      const account = await createAccount(app.testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en', features: { simple: true, patent_creation_support: true } });
      const cookie = await sessionCookieFor(app.testApp, { userId: account.id });
      const { token, cookie: withCsrf } = await csrfFor(app.testApp, cookie);
      users[lang] = { session: cookie, cookie: withCsrf, csrf: token };
    }
  }, 180_000);
  afterAll(async () => {
    await closeBrowserApp(app);
    await fake.close();
  }, 120_000);

  /** A finished creation result of these claims, made through the API. */
  async function draft(lang: 'ja' | 'en'): Promise<string> {
    const who = users[lang];
    const { body } = await request(app.testApp.app).post('/api/patent-creation-support/create').set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send({ lang: lang === 'ja' ? 'jp' : 'us', claims: CLAIMS[lang] }).expect(202);
    // Polled up to a time within the test's 180 s, not 300 times: 300 × 100 ms (30 s and the requests) is short for a
    // creation job on the loaded 2-core CI machine, where the browser tests' own simulations take tens of seconds.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { body: status } = await request(app.testApp.app).get(`/api/patent-creation-support/status?id=${body.id}`).set('Cookie', who.cookie).expect(200);
      if (status.status === 1) return body.id;
      if (Date.now() > deadline) throw new Error(`creation did not finish (status ${status.status})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  for (const lang of ['ja', 'en'] as const) {
    test(`[${lang}] creation result → edit → GPT before/after → confirm → reorder claims → drafting check → Word`, async () => {
      const words = WORDS[lang];
      fake.answerWith((req: RecordedRequest) => {
        const user = req.body.messages!.find((message) => message.role === 'user')!;
        const content = typeof user.content === 'string' ? user.content : '';
        const marker = 'Edit request (JSON):\n';
        const payload = JSON.parse(content.slice(content.indexOf(marker) + marker.length)) as { items: Array<{ item: string; text: string }> };
        return { content: { edits: payload.items.map((item) => ({ item: item.item, text: item.item === 'domain' ? words.gpt : item.text })) }, usage: { prompt_tokens: 500, completion_tokens: 100 } };
      });
      const creationId = await draft(lang);
      const { page, errors, context } = await newBrowserPage(app.browser, app.http.baseUrl, { lang, cookie: users[lang].session, height: 1200, acceptDownloads: true });
      try {
        await page.goto(`${app.http.baseUrl}/patent-document-edit?creation=${creationId}&version=1`);
        await page.locator('[data-island="EditStart"][data-hydrated="true"]').waitFor();
        if (screenshots) await page.screenshot({ path: `${screenshots}/edit-start-${lang}.png`, fullPage: true });
        await page.click(`[data-testid="open-creation-${creationId}"]`);
        await page.waitForURL(/\/patent-document-edit\?id=/);
        await page.locator('[data-island="DocumentEditor"][data-hydrated="true"]').waitFor();

        // A section edited in place saves itself as version 2.
        await page.click('[data-testid="edit-domain"]');
        await page.fill('[data-testid="editor-domain"]', words.field);
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/patent-document-edit/save') && r.ok()), page.click('[data-testid="done-domain"]')]);
        await page.locator('[data-testid="document-editor"][data-version="2"]').waitFor();
        expect(await page.locator('[data-section="domain"] .draft-editor__body').textContent()).toBe(words.field);

        // GPT: before/after with the differences marked, then confirmed.
        await page.check('[data-testid="select-domain"]');
        await page.fill('[data-testid="gpt-instruction"]', words.instruction);
        await page.click('[data-testid="gpt-run"]');
        await page.locator('[data-testid="gpt-proposals"]').waitFor({ timeout: 30_000 });
        expect(await page.locator('[data-testid="gpt-proposals"] ins').count()).toBeGreaterThan(0);
        if (screenshots) await page.screenshot({ path: `${screenshots}/edit-gpt-${lang}.png`, fullPage: true });
        await page.click('[data-testid="gpt-apply"]');
        await page.locator('[data-testid="document-editor"][data-version="3"]').waitFor();
        expect(await page.locator('[data-section="domain"] .draft-editor__body').textContent()).toBe(words.gpt);

        // The method claim moves up before claim 2: the claim that refers to it follows (3 → 2).
        await page.click('[data-testid="claim-up-2"]');
        await page.locator('[data-testid="document-editor"][data-version="4"]').waitFor();
        const claims = await page.locator('.document-editor__claim-text').allTextContents();
        expect(claims[1]).toBe(CLAIMS[lang][2]);
        expect(claims[2]).toBe(CLAIMS[lang][1]);
        expect(claims[3]).toContain(lang === 'ja' ? '請求項２に記載の' : 'of claim 2');
        expect(await page.locator('[data-testid="checks-panel"] li[data-check="antecedent"]').count()).toBe(0);

        // A planted antecedent error is found and points at its claim.
        await page.click('[data-testid="edit-claims.3"]');
        await page.fill('[data-testid="editor-claims.3"]', words.planted);
        await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/patent-document-edit/save') && r.ok()), page.click('[data-testid="done-claims.3"]')]);
        const finding = page.locator('[data-testid="checks-panel"] li[data-check="antecedent"]');
        await finding.first().waitFor();
        expect(await finding.count()).toBe(1);
        expect(await finding.textContent()).toContain(words.error);
        expect(await finding.locator('a').getAttribute('href')).toBe('#item-claims-3');
        if (screenshots) await page.screenshot({ path: `${screenshots}/edit-checks-${lang}.png`, fullPage: true });

        // The Word file holds the confirmed text.
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="edit-export-docx"]')]);
        const { value: text } = await mammoth.extractRawText({ path: await savedDownload(download) });
        expect(text).toContain(words.gpt);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
