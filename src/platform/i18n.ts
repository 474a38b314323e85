// i18next on the server. Language: the signed-in user's setting, else the `lang`
// cookie (365 days), else Accept-Language, else Japanese. No prefix in the address.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { LanguageDetector } from 'i18next-http-middleware';
import type { Request, RequestHandler, Response } from 'express';
import { projectRoot } from './config.ts';

export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** languageCD of an account (lang_ja / lang_en) ⇄ interface language. */
export const languageFromCode = (code: string | null | undefined): Language | undefined =>
  code === 'lang_en' ? 'en' : code === 'lang_ja' ? 'ja' : undefined;

function loadResources(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    const dir = path.join(projectRoot, 'locales', language);
    resources[language] = {};
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      resources[language]![path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    }
  }
  return resources;
}

export async function createI18n(): Promise<I18n> {
  const resources = loadResources();
  const instance = i18next.createInstance();
  const detector = new LanguageDetector();
  // The signed-in account's own setting wins over the cookie and the browser.
  detector.addDetector({
    name: 'account',
    lookup: (req: unknown, res: unknown) => {
      const locals = (res as Response).locals ?? {};
      const path = (req as Request).path ?? '';
      const managerArea = path === '/manage' || path.startsWith('/manage/') || path.startsWith('/api/manage');
      return languageFromCode((managerArea ? locals.managerAccount : locals.account)?.languageCD);
    },
  });
  await instance.use(detector).init({
    resources,
    showSupportNotice: false,
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: 'common',
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    detection: {
      order: ['account', 'cookie', 'header'],
      lookupCookie: LANGUAGE_COOKIE,
      caches: false, // the cookie is written only by the language switch
    },
  });
  return instance;
}

/**
 * Per request: detect the language with i18next-http-middleware's detector and bind a
 * translate function for it. Unlike the middleware's own `handle`, nothing is cloned
 * per request (that clone was a fifth of the CPU time of a page); requests share one
 * fixed `t` per language, and nothing here ever changes the shared instance's language.
 */
export function i18nMiddleware(instance: I18n): RequestHandler {
  const translators = new Map(LANGUAGES.map((language) => [language, fixedTranslator(instance, language)]));
  const detector = instance.services.languageDetector as InstanceType<typeof LanguageDetector>;
  return (req, res, next) => {
    const detected = String(detector.detect(req as never, res as never, undefined as never) ?? '').slice(0, 2);
    const language = isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
    const request = req as unknown as { language: string; lng: string; languages: string[]; i18n: I18n; t: TFunction };
    request.language = request.lng = language;
    request.languages = [language];
    request.i18n = instance;
    request.t = translators.get(language)!;
    res.setHeader('Content-Language', language);
    next();
  };
}

/** Interpolated answers kept per language at most (a few hundred per result page). */
const MAX_INTERPOLATED = 10_000;

function namespaceCache(caches: Map<string, Map<string, unknown>>, namespace: string): Map<string, unknown> {
  let cache = caches.get(namespace);
  if (!cache) caches.set(namespace, (cache = new Map()));
  return cache;
}

/**
 * A language's translate function that remembers what it answered for a key (and namespaces)
 * without interpolation values: the strings never change while the process runs, and i18next's
 * lookup was a tenth of the CPU time of a signed-in page (hundreds of keys per render).
 */
export function fixedTranslator(instance: I18n, language: Language): TFunction {
  const t = instance.getFixedT(language);
  // Keyed without building strings where possible: by namespace, then key (a search page asks
  // ~400 times; building a key per call and JSON.stringify of the values was a fifth of its render, bench/pages profile).
  const byNamespace = new Map<string, Map<string, unknown>>();
  const interpolated = new Map<string, string>();
  const remember = (cache: Map<string, unknown>, cacheKey: string, key: string, options: unknown): unknown => {
    let answer = cache.get(cacheKey);
    if (answer === undefined) {
      answer = t(key, options as never) as unknown;
      cache.set(cacheKey, answer);
    }
    return answer;
  };
  const remembering = (key: unknown, options?: unknown): unknown => {
    if (typeof key !== 'string') return t(key as string, options as never);
    if (options === undefined) return remember(namespaceCache(byNamespace, ''), key, key, options);
    if (typeof options !== 'object' || options === null) return t(key, options as never);
    let namespace = '';
    let values = '';
    for (const name in options) {
      const value = (options as Record<string, unknown>)[name];
      if (name === 'ns' && (typeof value === 'string' || Array.isArray(value))) namespace = typeof value === 'string' ? value : value.join(',');
      else if (typeof value === 'string' || typeof value === 'number') values += `\u0000${name}\u0001${value}`;
      else return t(key, options as never); // anything else (objects, functions, booleans): asked every time
    }
    if (values === '') return remember(namespaceCache(byNamespace, namespace), key, key, options);
    // Interpolated with plain values (a claim chart's 120 cells name their paragraph, its candidates their match rate):
    // the same values give the same string. Remembered apart, and forgotten in bulk, since the values vary.
    const valuesKey = `${namespace}\u0002${key}${values}`;
    let answer: unknown = interpolated.get(valuesKey);
    if (answer === undefined) {
      answer = t(key, options as never) as unknown;
      if (typeof answer !== 'string') return answer;
      if (interpolated.size >= MAX_INTERPOLATED) interpolated.clear();
      interpolated.set(valuesKey, answer);
    }
    return answer;
  };
  return remembering as TFunction;
}

export function requestLanguage(req: Request): Language {
  const language = (req.language ?? '').slice(0, 2);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** One namespace's translators outside a request, by language; the instance is made on first use. */
const documentTranslators = new Map<string, TFunction>();
let documentInstance: I18n | undefined;

/**
 * A namespace's translate function for a language named by the data, not by the reader: words a
 * finding writes into a document's own language (the notation check's list of other spellings).
 * The same locale files as the requests', read synchronously once.
 */
export function languageTranslator(language: Language, namespace: string): TFunction {
  const key = `${language}\u0000${namespace}`;
  let translator = documentTranslators.get(key);
  if (!translator) {
    if (!documentInstance) {
      documentInstance = i18next.createInstance();
      void documentInstance.init({ resources: loadResources(), initAsync: false, showSupportNotice: false, fallbackLng: DEFAULT_LANGUAGE, interpolation: { escapeValue: false }, returnNull: false });
    }
    translator = documentInstance.getFixedT(language, namespace);
    documentTranslators.set(key, translator);
  }
  return translator;
}

/**
 * Namespaces shipped to the browser for islands: every locale file named `islands*.json`
 * (islands.json, islands-contact.json, …). Their top-level keys must not collide.
 */
export function islandNamespaces(instance: I18n): string[] {
  return ([] as string[]).concat(instance.options.ns ?? []).filter((ns) => ns.startsWith('islands'));
}

/** The strings that hydrated islands need in the browser: these island namespaces (default: all) merged. */
export function islandBundle(instance: I18n, language: Language, namespaces: readonly string[] = islandNamespaces(instance)): Record<string, unknown> {
  return Object.assign({}, ...namespaces.map((ns) => instance.getResourceBundle(language, ns) ?? {}));
}

export type { I18n, TFunction };
