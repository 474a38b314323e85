// Islands translate through this context: on the server it wraps i18next, in the
// browser a small lookup over the `islands` namespace the page ships as JSON.
// (i18next itself would add ~13 KB gzip to every page for the same lookups.)
import { createContext, useContext } from 'react';

export type IslandTranslate = (key: string, values?: Record<string, string | number>) => string;

const IslandI18nContext = createContext<IslandTranslate>((key) => key);

export const IslandI18nProvider = IslandI18nContext.Provider;

export function useT(): IslandTranslate {
  return useContext(IslandI18nContext);
}

/**
 * The browser-side translate function over a nested JSON bundle, with {{name}} interpolation and,
 * as i18next does, plural forms: with a numeric `count`, key_one / key_other by the language's
 * plural rules (English "1 formula", "2 formulas"), else the key itself (Japanese has one form).
 */
export function createBundleTranslate(bundle: Record<string, unknown>, language = 'ja'): IslandTranslate {
  const rules = new Intl.PluralRules(language);
  const lookup = (key: string): unknown => {
    let node: unknown = bundle;
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return node;
  };
  return (key, values) => {
    const count = values?.count;
    const candidates = typeof count === 'number' ? [`${key}_${rules.select(count)}`, `${key}_other`, key] : [key];
    const node = candidates.map(lookup).find((found) => typeof found === 'string');
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ''));
  };
}
