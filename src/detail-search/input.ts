// What the build screen sends and a stored detailed search restores (§3 formula rows,
// keywords, lang, combination, memo, subjectMatter, population).
import type { FormulaTag } from '../patents/query/formula.ts';

export type InputMode = 0 | 1; // 0 direct, 1 GPT generated
export type Region = 'jp' | 'us' | 'cn';

export interface FormulaRowInput {
  id: number; // 1-based
  text: string;
  tag: FormulaTag;
  valid: boolean;
}

export interface FormulaSet {
  formulas: FormulaRowInput[];
  combination: string;
}

export interface Keyword {
  keywordId: string;
  keyword: string;
  hitCount: number | null;
  origin: 'user' | 'auto';
  isDisabled: boolean;
  isRemoved: boolean;
  synonyms: string[];
  // automatic keyword variants
  wordInfoMaxCount?: number;
  isHighFrequency?: boolean;
  searchFields?: string[];
}

export interface PatentFilter {
  patent: boolean;
  public: boolean;
  utility: boolean;
  expired: boolean;
}

export interface DetailSearchInput {
  lang: Region;
  inputMode: InputMode;
  modes: { 0: FormulaSet; 1: FormulaSet };
  keywords: Keyword[];
  deniedKeywords: Keyword[];
  /** At most 3 IPC codes that limit the search (§5). */
  ipcLimit: string[];
  memo: string;
  subjectMatter: string;
  /** Document numbers the search is restricted to. */
  population: { fileName: string; documentIds: string[] } | null;
  filter: PatentFilter;
}

/** The default form: one empty formula row in each mode (§3 "The default formula list has one formula"). */
export function emptyDetailSearchInput(lang: Region = 'jp'): DetailSearchInput {
  const set = (): FormulaSet => ({ formulas: [{ id: 1, text: '', tag: 'abst_claim_desc_title', valid: true }], combination: '' });
  return {
    lang,
    inputMode: 0,
    modes: { 0: set(), 1: set() },
    keywords: [],
    deniedKeywords: [],
    ipcLimit: [],
    memo: '',
    subjectMatter: '',
    population: null,
    filter: { patent: true, public: true, utility: true, expired: false },
  };
}

/** A part of a stored search the build screen does not restore (§4 restores lang, combination, formulas, memo), with what it held. */
export interface NotRestored {
  part: 'population' | 'ipcLimit' | 'filter' | 'subjectMatter' | 'keywords';
  values?: Record<string, string | number>;
}

/** What the stored search held beyond what is restored, so the banner can say so (the user re-adds it or knowingly goes without). */
export function notRestoredParts(stored: DetailSearchInput): NotRestored[] {
  const defaults = emptyDetailSearchInput(stored.lang);
  const parts: NotRestored[] = [];
  if (stored.population) parts.push({ part: 'population', values: { fileName: stored.population.fileName, count: stored.population.documentIds.length } });
  if (stored.ipcLimit.length) parts.push({ part: 'ipcLimit', values: { codes: stored.ipcLimit.join(', ') } });
  if ((Object.keys(defaults.filter) as Array<keyof typeof defaults.filter>).some((key) => stored.filter[key] !== defaults.filter[key])) parts.push({ part: 'filter' });
  if (stored.subjectMatter.trim()) parts.push({ part: 'subjectMatter' });
  if (stored.keywords.length || stored.deniedKeywords.length) parts.push({ part: 'keywords', values: { count: stored.keywords.length + stored.deniedKeywords.length } });
  return parts;
}
