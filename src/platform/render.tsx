// Server rendering of a page: the view inside its layout, then the HTML document with
// the island scripts that page needs and the strings its islands translate with.
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { sendHtml } from './html-response.ts';
import { layouts, type LayoutName } from '../../views/layouts/index.tsx';
import { PageContextProvider, type PageContextValue } from '../../views/page-context.tsx';
import type { AssetResolver } from './assets.ts';
import type { AppConfig } from './config.ts';
import { scriptJson } from './script-json.ts';
import { namespacesOfIslands } from '../../islands/strings.ts';
import { fixedTranslator, islandBundle, islandNamespaces, requestLanguage, type I18n, type Language, type TFunction } from './i18n.ts';

export interface PageOptions {
  /** Already translated page title. */
  title: string;
  layout: LayoutName;
  page: ReactElement;
  status?: number;
  /** Islands inside HTML the page was given already rendered (renderFragment), so their scripts and strings ship too. */
  islands?: Iterable<string>;
}

/** HTML of a part of a page rendered on its own (renderFragment), and the islands it holds. */
export interface RenderedFragment {
  html: string;
  islands: string[];
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);


export class PageRenderer {
  private readonly bundles = new Map<string, string>();
  private readonly islandNamespaces: string[];

  constructor(
    private readonly i18n: I18n,
    private readonly assets: AssetResolver,
    private readonly config: AppConfig,
    private readonly csrfToken: (req: Request, res: Response) => string,
  ) {
    this.islandNamespaces = islandNamespaces(i18n);
    this.translators = { ja: fixedTranslator(i18n, 'ja'), en: fixedTranslator(i18n, 'en') };
  }

  private readonly translators: Record<Language, TFunction>;

  /** The strings of the islands a page shows (serialised once per language and set of islands). */
  private bundleFor(lang: string, islands: Iterable<string>): string {
    const namespaces = namespacesOfIslands(islands);
    const key = `${lang}:${namespaces.join(',')}`;
    let bundle = this.bundles.get(key);
    if (bundle === undefined) {
      bundle = scriptJson(islandBundle(this.i18n, lang as 'ja' | 'en', namespaces));
      this.bundles.set(key, bundle);
    }
    return bundle;
  }

  /**
   * A part of a page rendered apart, to be kept and reused: its context has the request's
   * language and nothing of the account, session or address (no CSRF token, no name), so what
   * it renders depends only on its element and the language.
   */
  renderFragment(lang: Language, element: ReactElement): RenderedFragment {
    const context: PageContextValue = {
      lang,
      t: this.translators[lang],
      path: '',
      url: '',
      links: this.config.links,
      appVersion: this.config.appVersion,
      csrfToken: '',
      islandNamespaces: this.islandNamespaces,
      islandsUsed: new Set(),
    };
    const html = renderToString(<PageContextProvider value={context}>{element}</PageContextProvider>);
    return { html, islands: [...context.islandsUsed] };
  }

  render(req: Request, res: Response, options: PageOptions): void {
    const lang = requestLanguage(req);
    const context: PageContextValue = {
      lang,
      t: this.translators[lang],
      path: req.path,
      url: req.originalUrl,
      account: res.locals.account,
      managerAccount: res.locals.managerAccount,
      unreadNotices: res.locals.unreadNotices,
      links: this.config.links,
      appVersion: this.config.appVersion,
      csrfToken: this.csrfToken(req, res),
      islandNamespaces: this.islandNamespaces,
      islandsUsed: new Set(),
    };
    for (const island of options.islands ?? []) context.islandsUsed.add(island);
    const Layout = layouts[options.layout];
    const body = renderToString(
      <PageContextProvider value={context}>
        <Layout>{options.page}</Layout>
      </PageContextProvider>,
    );
    const links = this.assets.linksFor(context.islandsUsed);
    const title = escapeHtml(context.t('pageTitle', { page: options.title }));
    const html =
      '<!DOCTYPE html>' +
      `<html lang="${lang}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${title}</title>` +
      `<meta name="csrf-token" content="${escapeHtml(context.csrfToken)}">` +
      `<meta name="app-version" content="${escapeHtml(this.config.appVersion)}">` +
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
      links.head +
      '</head><body>' +
      '<div id="page-progress" class="page-progress" role="progressbar" aria-hidden="true"></div>' +
      body +
      `<script type="application/json" id="island-i18n">${this.bundleFor(lang, context.islandsUsed)}</script>` +
      `<script type="module" src="${links.entryScript}"></script>` +
      '</body></html>';
    sendHtml(req, res, options.status ?? 200, html);
  }
}

export function renderPage(req: Request, res: Response, options: PageOptions): void {
  (req.app.locals.pageRenderer as PageRenderer).render(req, res, options);
}

/** PageRenderer.renderFragment, in the request's language unless the caller has it already. */
export function renderFragment(req: Request, element: ReactElement, lang: Language = requestLanguage(req)): RenderedFragment {
  return (req.app.locals.pageRenderer as PageRenderer).renderFragment(lang, element);
}
