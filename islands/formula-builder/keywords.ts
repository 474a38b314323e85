// The keyword lists' edits as pure functions (§3 keyword, §4: an edit replaces the entry with
// the same id): apart from model.ts so they come with the keyword panel and the keyword jobs,
// which load apart from the form (islands/lazy-part.tsx, keyword-jobs.ts), not with the page.
import type { Keyword, Region } from '../../src/detail-search/input.ts';
import type { IslandTranslate } from '../i18n.tsx';

let keywordSequence = 0;
/** Ids of keywords a person adds; automatic ones come with the server's ids. */
export const newKeywordId = (): string => `user-${Date.now().toString(36)}-${(keywordSequence++).toString(36)}`;

export const KEYWORD_LIMITS = { keyword: 50, synonyms: 10 } as const;

/** Splits what a person typed into keyword + synonyms: "電池|バッテリ" or "電池, バッテリ". */
export function splitTerms(text: string): string[] {
  return [...new Set(text.split(/[|,、，\n]/).map((term) => term.trim().slice(0, KEYWORD_LIMITS.keyword)).filter(Boolean))];
}

export function userKeyword(text: string): Keyword | null {
  const [keyword, ...synonyms] = splitTerms(text);
  if (!keyword) return null;
  return { keywordId: newKeywordId(), keyword, hitCount: null, origin: 'user', isDisabled: false, isRemoved: false, synonyms: synonyms.slice(0, KEYWORD_LIMITS.synonyms) };
}

/**
 * §4: an edit replaces the entry with that id. A changed word or synonym list makes the old
 * hit count wrong, so it is dropped until counted again.
 */
export function replaceKeyword(list: Keyword[], next: Keyword): Keyword[] {
  return list.map((entry) => {
    if (entry.keywordId !== next.keywordId) return entry;
    const wordsChanged = entry.keyword !== next.keyword || entry.synonyms.join('\u0000') !== next.synonyms.join('\u0000');
    return wordsChanged ? { ...next, hitCount: null, isHighFrequency: undefined, wordInfoMaxCount: undefined } : next;
  });
}

/** Extraction results replace the earlier automatic keywords; what the person added stays. */
export function mergeExtracted(current: Keyword[], extracted: Keyword[]): Keyword[] {
  const userOnes = current.filter((keyword) => keyword.origin === 'user');
  const taken = new Set(userOnes.map((keyword) => keyword.keyword));
  return [...userOnes, ...extracted.filter((keyword) => !taken.has(keyword.keyword))];
}

/** Hit-count results by id: the counts and frequency data are the server's, the on/off and removal the person's. */
export function mergeCounts(current: Keyword[], counted: Keyword[] | undefined): Keyword[] {
  if (!counted) return current;
  const byId = new Map(counted.map((keyword) => [keyword.keywordId, keyword]));
  return current.map((keyword) => {
    const found = byId.get(keyword.keywordId);
    if (!found) return keyword;
    return {
      ...keyword,
      hitCount: found.hitCount ?? keyword.hitCount,
      synonyms: found.synonyms ?? keyword.synonyms,
      isHighFrequency: found.isHighFrequency,
      wordInfoMaxCount: found.wordInfoMaxCount,
      searchFields: found.searchFields ?? keyword.searchFields,
    };
  });
}

/**
 * Keywords all counted and none found in the region's documents are most often a subject matter
 * in another language than theirs (English text on 日本): what to say then, else null.
 */
export function notInRegionNote(t: IslandTranslate, keywords: readonly Keyword[], region: Region): string | null {
  if (keywords.length === 0 || !keywords.every((keyword) => keyword.hitCount === 0)) return null;
  return t('formulaBuilder.keywords.notInRegion', { region: t(`formulaBuilder.regions.${region}`) });
}

/** What an extraction says: how many, and when none is in the region's documents, that too. */
export function extractedMessage(t: IslandTranslate, extracted: readonly Keyword[], region: Region): string {
  if (extracted.length === 0) return t('formulaBuilder.keywords.extractedNone');
  const note = notInRegionNote(t, extracted, region);
  const text = t('formulaBuilder.keywords.extracted', { count: extracted.length });
  return note ? `${text} ${note}` : text;
}
