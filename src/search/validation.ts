// Simple search input (SPEC §5, §9): space-separated keywords (≤ 15 of ≤ 50 characters),
// each with synonyms written `word|synonym|…` (≤ 10 of ≤ 50), excluded words (≤ 10 of ≤ 50).
import { AppError } from '../platform/errors.ts';
import type { Region } from '../patents/record.ts';

export const LIMITS = { keywords: 15, synonyms: 10, excluded: 10, length: 50 } as const;

/**
 * The keyword example the form shows for each region, in the region's language, chosen so it
 * finds documents in the demo corpus (test/web/japanese-search.test.ts searches each): 16 JP,
 * 12 CN and 142 US documents there.
 */
export const SEARCH_EXAMPLES: Readonly<Record<Region, string>> = {
  jp: '二次電池 正極|負極',
  us: 'image recognition neural|deep',
  cn: '电池 电极|正极',
};

export interface KeywordGroup {
  keyword: string;
  synonyms: string[];
}

export interface SimpleSearchInput {
  groups: KeywordGroup[];
  excluded: string[];
  region: Region;
  filter: { patent: boolean; public: boolean; utility: boolean; expired: boolean };
  applicants: string[];
  page: number;
  order: 'relevance' | 'newest' | 'oldest';
}

const words = (text: string): string[] => text.normalize('NFKC').split(/\s+/).map((w) => w.trim()).filter(Boolean);
const characters = (text: string) => [...text].length;
const fail = (code: string, values: Record<string, unknown> = {}): never => {
  throw new AppError(400, code, code, values);
};

/** A form sends a hidden "0" before each checkbox, so a ticked box arrives as ["0", "1"]: the last value counts. */
const flag = (value: unknown, fallback: boolean): boolean => {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return last === undefined ? fallback : last === '1' || last === 'true' || last === 'on';
};

/** Which page of a result, in which order, narrowed to which applicants (simple and detailed search alike). */
export function parseResultPaging(query: Record<string, unknown>): Pick<SimpleSearchInput, 'applicants' | 'page' | 'order'> {
  return {
    applicants: ([] as unknown[]).concat(query.applicant ?? []).filter((a): a is string => typeof a === 'string' && a.length > 0 && a.length <= 200).slice(0, 20),
    page: Math.max(1, Math.min(1000, Number.parseInt(String(query.page ?? '1'), 10) || 1)),
    order: (['relevance', 'newest', 'oldest'] as const).find((o) => o === query.sort) ?? 'relevance',
  };
}

/**
 * E016 no keyword; E017 more than 15 keywords; E018 a keyword over 50 characters; E019 more
 * than 10 synonyms for a keyword; E020 a synonym over 50 characters; E021 more than 10
 * excluded words or one over 50 characters.
 */
export function parseSimpleSearch(query: Record<string, unknown>): SimpleSearchInput {
  const text = typeof query.q === 'string' ? query.q : '';
  const groups = words(text).map((term) => {
    const [keyword = '', ...synonyms] = term.split('|').filter(Boolean);
    return { keyword, synonyms };
  });
  if (groups.length === 0) fail('E016');
  if (groups.length > LIMITS.keywords) fail('E017', { max: LIMITS.keywords });
  for (const group of groups) {
    if (characters(group.keyword) > LIMITS.length) fail('E018', { max: LIMITS.length });
    if (group.synonyms.length > LIMITS.synonyms) fail('E019', { max: LIMITS.synonyms });
    if (group.synonyms.some((s) => characters(s) > LIMITS.length)) fail('E020', { max: LIMITS.length });
  }
  const excluded = words(typeof query.exclude === 'string' ? query.exclude : '');
  if (excluded.length > LIMITS.excluded || excluded.some((w) => characters(w) > LIMITS.length)) fail('E021', { max: LIMITS.excluded, length: LIMITS.length });
  const region = (['jp', 'us', 'cn'] as const).find((r) => r === query.region) ?? 'jp';
  const { applicants, page, order } = parseResultPaging(query);
  return {
    groups,
    excluded,
    region,
    // §3 defaults: patent, public and utility on; expired off.
    filter: { patent: flag(query.patent, true), public: flag(query.public, true), utility: flag(query.utility, true), expired: flag(query.expired, false) },
    applicants,
    page,
    order,
  };
}
