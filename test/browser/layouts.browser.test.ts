// In a real browser: every layout renders in Japanese and English, islands hydrate and
// answer clicks, the compact header slides in past 236 px, the dialogs have their sizes.
import type { Browser, Page } from 'playwright-core';
import { createAccount, sessionCookieFor, type TestApp } from '../helpers/app.ts';
import { chromiumPath, closeBrowserApp, newBrowserPage, startBrowserApp, type BrowserApp } from '../helpers/browser.ts';

const executable = chromiumPath();
const describeInBrowser = executable ? describe : describe.skip;

describeInBrowser('layouts in Chromium', () => {
  let testApp: TestApp;
  let browser: Browser;
  let http: BrowserApp['http'];

  beforeAll(async () => {
    ({ testApp, browser, http } = await startBrowserApp(executable!));
  });
  afterAll(async () => {
    await closeBrowserApp({ testApp, browser, http });
  });

  async function openPage(path: string, options: { lang: 'ja' | 'en'; cookie?: string; height?: number }): Promise<{ page: Page; errors: string[] }> {
    if (!options.cookie && !path.startsWith('/login')) {
      // Pages behind the guard: a signed-in account in the page's language.
      const languageCD = options.lang === 'ja' ? 'lang_ja' : 'lang_en';
      const manager = path.startsWith('/manage');
      const account = await createAccount(testApp, { languageCD, ...(manager && { role: 'auth_adopter' as const }) });
      options.cookie = await sessionCookieFor(testApp, manager ? { managerId: account.id } : { userId: account.id });
    }
    const { page, errors } = await newBrowserPage(browser, http.baseUrl, { lang: options.lang, cookie: options.cookie, height: options.height ?? 800 });
    await page.goto(`${http.baseUrl}${path}`);
    await allHydrated(page);
    return { page, errors };
  }

  /**
   * Every island of the page hydrated: what the tests click and read, and where a hydration error would show. Waited for
   * instead of 'networkidle', which adds 500 ms of network quiet to every page (these pages ask nothing once hydrated).
   */
  const allHydrated = (page: Page) => page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island]')].every((island) => island.dataset.hydrated === 'true'));
  // No timeout of its own: the first page of a file on the loaded CI machine took 3–8 s (test/helpers/browser.ts), near a 10 s limit.
  const hydrated = (page: Page, island: string) => page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, { state: 'attached' });

  for (const lang of ['ja', 'en'] as const) {
    const text = {
      ja: { login: 'ログイン', sample: 'サンプル', menuNews: 'お知らせ', logout: 'ログアウト', loggedOut: 'ログアウトしました。', notFound: 'ページが見つかりません', users: '利用者一覧', gpt: 'GPT 利用状況', session: 'セッションの有効期限切れ', version: '新しいバージョンがあります' },
      en: { login: 'Sign in', sample: 'Sample', menuNews: 'News', logout: 'Sign out', loggedOut: 'You have been signed out.', notFound: 'Page not found', users: 'Users', gpt: 'GPT usage', session: 'Session expired', version: 'A new version is available' },
    }[lang];

    test(`[${lang}] header-less layout: sign-in page with logo and a working language switch`, async () => {
      const { page, errors } = await openPage('/login', { lang });
      expect(await page.title()).toBe(`${text.login} | Hatsumei`);
      expect(await page.locator('h1').textContent()).toBe(text.login);
      expect(await page.locator('.logo img').isVisible()).toBe(true);
      // Switch to the other language and back: the cookie carries the choice.
      const other = lang === 'ja' ? 'English' : '日本語';
      await page.click(`.language-switch a:has-text("${other}")`);
      // The page in the other language is waited for: the click does not wait for the navigation it starts, and
      // 'networkidle' right after it could be the old page's, whose language is the first one.
      await page.locator(`html[lang="${lang === 'ja' ? 'en' : 'ja'}"]`).waitFor({ state: 'attached' });
      await allHydrated(page);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang === 'ja' ? 'en' : 'ja');
      expect(page.url()).toBe(`${http.baseUrl}/login`);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    test(`[${lang}] default layout: header hydrates, the menu opens, logout dialog is 288×184`, async () => {
      const account = await createAccount(testApp, { name: lang === 'ja' ? '特許 太郎' : 'Pat Taro', languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const cookie = await sessionCookieFor(testApp, { userId: account.id });
      const { page, errors } = await openPage('/sample', { lang, cookie });
      await hydrated(page, 'Header');
      await hydrated(page, 'GlobalDialogs');
      expect(await page.locator('h1').textContent()).toBe(text.sample);
      await page.click('.header .menu__button');
      const menu = page.locator('.header .menu__list');
      await menu.waitFor();
      expect(await menu.locator('a', { hasText: text.menuNews }).getAttribute('href')).toBe('/notice');
      expect(await menu.locator('text=' + text.gpt).count()).toBe(0); // managers only
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await page.click('.header .menu__button');
      await page.click(`.header .menu__list button:has-text("${text.logout}")`);
      const dialog = page.locator('[data-testid="logout-dialog"]');
      await dialog.locator(`text=${text.loggedOut}`).waitFor();
      const box = await dialog.boundingBox();
      expect([box!.width, box!.height]).toEqual([288, 184]);
      await dialog.locator('button').click();
      await page.waitForURL(`${http.baseUrl}/login`);
      // The session really ended: the header is anonymous again.
      await page.goto(`${http.baseUrl}/sample`);
      expect(await page.locator('.header__account').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    test(`[${lang}] the compact header slides in once scrolled past 236 px`, async () => {
      const { page } = await openPage('/sample', { lang, height: 420 });
      await hydrated(page, 'Header');
      const compact = page.locator('[data-testid="compact-header"]');
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForTimeout(100);
      expect(await compact.getAttribute('class')).not.toContain('is-visible');
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.waitForFunction(() => document.querySelector('[data-testid="compact-header"]')?.classList.contains('is-visible'));
      // The slide-in transition ends at the top (waited for, not timed: a loaded machine draws late).
      await page.waitForFunction(() => document.querySelector('[data-testid="compact-header"]')!.getBoundingClientRect().top === 0);
      const box = await compact.boundingBox();
      expect(box!.y).toBe(0);
      expect(await compact.locator('.header__tab').first().isVisible()).toBe(true);
      await page.context().close();
    });

    test(`[${lang}] session and version dialogs are 562×204 and sign the person out`, async () => {
      const { page } = await openPage('/sample', { lang });
      await hydrated(page, 'GlobalDialogs');
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('hatsumei:error', { detail: { errcode: 'E073' } })));
      const session = page.locator('[data-testid="session-dialog"]');
      await session.waitFor();
      expect(await session.locator('h2').textContent()).toBe(text.session);
      const box = await session.boundingBox();
      expect([box!.width, box!.height]).toEqual([562, 204]);
      await session.locator('button').click();
      await page.waitForURL(`${http.baseUrl}/login`);

      await page.goto(`${http.baseUrl}/sample`);
      await hydrated(page, 'GlobalDialogs');
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('hatsumei:error', { detail: { errcode: 'E998' } })));
      const version = page.locator('[data-testid="version-dialog"]');
      await version.waitFor();
      expect(await version.locator('h2').textContent()).toBe(text.version);
      await page.context().close();
    });

    test(`[${lang}] a refused API call (bad CSRF token → E073) opens the session dialog`, async () => {
      const account = await createAccount(testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const cookie = await sessionCookieFor(testApp, { userId: account.id });
      const signedIn = await openPage('/sample', { lang, cookie });
      await hydrated(signedIn.page, 'GlobalDialogs');
      await signedIn.page.evaluate(() => document.querySelector('meta[name="csrf-token"]')!.setAttribute('content', 'forged'));
      await signedIn.page.click('.header .menu__button');
      await signedIn.page.click(`.header .menu__list button:has-text("${text.logout}")`);
      const session = signedIn.page.locator('[data-testid="session-dialog"]');
      await session.waitFor();
      expect(await session.locator('h2').textContent()).toBe(text.session);
      await signedIn.page.context().close();
    });

    test(`[${lang}] an unexpected error (E999) from a newer server becomes the version dialog (E998)`, async () => {
      const account = await createAccount(testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const cookie = await sessionCookieFor(testApp, { userId: account.id });
      const { page } = await openPage('/sample', { lang, cookie });
      await hydrated(page, 'GlobalDialogs');
      // This page is an older client than the server, and the server fails the next call.
      await page.evaluate(() => document.querySelector('meta[name="app-version"]')!.setAttribute('content', '0.0.0-old'));
      await page.route('**/api/logout', (route) => route.fulfill({ status: 500, json: { errcode: 'E999', detail: 'unexpected' } }));
      await page.click('.header .menu__button');
      await page.click(`.header .menu__list button:has-text("${text.logout}")`);
      const version = page.locator('[data-testid="version-dialog"]');
      await version.waitFor();
      expect(await version.locator('h2').textContent()).toBe(text.version);
      await page.context().close();
    });

    test(`[${lang}] admin layout: manager tabs and the GPT usage entry`, async () => {
      const manager = await createAccount(testApp, { role: 'auth_adopter', name: 'Admin', languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en' });
      const cookie = await sessionCookieFor(testApp, { managerId: manager.id });
      const { page, errors } = await openPage('/manage/sample', { lang, cookie });
      await hydrated(page, 'Header');
      expect(await page.locator('.header__tab', { hasText: text.users }).getAttribute('href')).toBe('/manage/users');
      await page.click('.header .menu__button');
      expect(await page.locator('.header .menu__list a', { hasText: text.gpt }).getAttribute('href')).toBe('/manage/gpt-usage-status');
      expect(errors).toEqual([]);
      await page.context().close();
    });

    test(`[${lang}] the progress bar shows, after 200 ms, when a link starts loading the next page`, async () => {
      const { page } = await openPage('/sample', { lang });
      await hydrated(page, 'Header');
      // A listener on window runs after the bar's listener on document and stops the
      // navigation, so the page stays scriptable while the bar is looked at.
      await page.evaluate(() => {
        const link = document.createElement('a');
        link.href = '/sample/plain';
        link.id = 'next-page';
        link.textContent = 'next';
        document.querySelector('main')!.prepend(link);
        window.addEventListener('click', (event) => event.preventDefault());
        // The delay is timed in the page: a round trip from the test can itself take over 200 ms on a loaded machine.
        const timing = { clickedAt: 0, shownAt: 0 };
        (window as unknown as { progressTiming: typeof timing }).progressTiming = timing;
        document.addEventListener('click', () => { timing.clickedAt = performance.now(); }, { capture: true });
        const bar = document.getElementById('page-progress')!;
        new MutationObserver(() => {
          if (bar.classList.contains('is-active') && !timing.shownAt) timing.shownAt = performance.now();
        }).observe(bar, { attributes: true, attributeFilter: ['class'] });
      });
      const bar = page.locator('#page-progress');
      await page.click('#next-page');
      await page.waitForFunction(() => document.getElementById('page-progress')!.classList.contains('is-active'));
      const timing = await page.evaluate(() => (window as unknown as { progressTiming: { clickedAt: number; shownAt: number } }).progressTiming);
      expect(timing.clickedAt).toBeGreaterThan(0);
      expect(timing.shownAt - timing.clickedAt).toBeGreaterThanOrEqual(195); // throttled (timer granularity)
      const started = await bar.evaluate((element) => element.style.transition);
      expect(started).toContain('5000ms');
      // Links elsewhere (another site, a new tab) do not start it.
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow')));
      await page.evaluate(() => {
        const external = document.createElement('a');
        external.href = 'https://example.org/';
        external.id = 'external';
        external.textContent = 'external';
        document.querySelector('main')!.prepend(external);
      });
      await page.click('#external');
      await page.waitForTimeout(400);
      expect(await bar.getAttribute('class')).not.toContain('is-active');
      await page.context().close();
    });

    test(`[${lang}] plain layout and the 404 page`, async () => {
      const plain = await openPage('/sample/plain', { lang });
      expect(await plain.page.locator('.header').count()).toBe(0);
      expect(await plain.page.locator('h1').textContent()).toBe(text.sample);
      await plain.page.context().close();
      const { page } = await openPage('/no/such/page', { lang });
      expect(await page.locator('h1').textContent()).toBe(text.notFound);
      expect(await page.locator('.error-page__status').textContent()).toBe('404');
      await page.click('.error-page .button');
      await page.waitForURL(/\/search$/); // home: the guard sends a signed-in user to the landing page
      await page.context().close();
    });
  }

  test('a script chunk that fails to load reloads the page, at most once a minute', async () => {
    const { page } = await openPage('/sample', { lang: 'ja' });
    await hydrated(page, 'Header');
    let loads = 0;
    let reloaded!: () => void;
    const automaticReload = new Promise<void>((resolve) => (reloaded = resolve));
    page.on('load', () => ++loads === 2 && reloaded());
    await page.route('**/assets/Header-*.js', (route) => route.abort());
    // The Header chunk now fails: one automatic reload follows (the reload's own wait ends at its commit, so the
    // automatic one cannot interrupt it).
    await page.reload({ waitUntil: 'commit' });
    // The one reload is waited for (not polled for a capped time); the pause after it is where a second would show.
    await automaticReload;
    await page.waitForTimeout(1000);
    expect(loads).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('hatsumei:chunk-reload-at'))).not.toBeNull();
    await page.context().close();
  });
});
