// What the detailed search's keyword panel runs (as background jobs, src/detail-search/keywords/jobs.ts):
// extracting keywords from the subject matter (GPT when asked for and configured, else from
// the corpus), counting keywords' and denied keywords' hits, and synonym suggestions.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/database.ts';
import { isGptConfigured, type GptClient, type GptSettings } from '../../platform/gpt.ts';
import { gptUserOf } from '../../gpt-usage/service.ts';
import type { FormulaRowInput, Keyword, Region } from '../input.ts';
import { DEFAULT_KEYWORD_LIMIT, extractKeywords } from './extract.ts';
import { generateKeywordsWithGpt } from './gpt-keywords.ts';
import { withHitCounts } from './hit-counts.ts';
import { DEFAULT_SYNONYM_LIMIT, mineSynonyms } from './synonyms.ts';

/** §9 (simple search): at most 10 synonyms per keyword. */
export const MAX_SYNONYMS = 10;

export interface KeywordServiceDeps {
  /** null when no key is configured (createGptClient). */
  gpt: GptClient | null;
  gptSettings: GptSettings;
}

export interface KeywordRunOptions {
  signal?: AbortSignal;
  /** Percent done, 0–100. */
  progress?: (percent: number) => Promise<void>;
}

export interface ExtractKeywordsInput {
  subjectMatter: string;
  lang: Region;
  useGpt: boolean;
}

export interface ExtractKeywordsResult {
  keywords: Keyword[];
  /** GPT only: its formula rows (valid ones) and combination. */
  formulas?: FormulaRowInput[];
  combination?: string;
  /** Whether GPT made the keywords. */
  usedGpt: boolean;
  /** GPT was asked for but is not configured: the keywords come from the corpus. */
  gptUnavailable: boolean;
  /** GPT rows the parser rejected (dropped). */
  droppedFormulas?: number;
}

export const gptAvailable = (deps: KeywordServiceDeps): boolean => deps.gpt !== null && isGptConfigured(deps.gptSettings);

/** New automatic keyword entries. */
const autoKeyword = (keyword: string, synonyms: string[] = []): Keyword => ({
  keywordId: randomUUID(),
  keyword,
  hitCount: null,
  origin: 'auto',
  isDisabled: false,
  isRemoved: false,
  synonyms,
});

/**
 * The subject matter's keywords. With useGpt and GPT configured: GPT's keywords, synonyms and
 * formulas (E098 over the company's budget, E417 when GPT fails). Otherwise: keywords from the
 * corpus (extractKeywords) with synonyms mined from it. Either way with hit counts.
 */
export async function extractKeywordsForUser(
  db: Database,
  deps: KeywordServiceDeps,
  userId: string,
  input: ExtractKeywordsInput,
  options: KeywordRunOptions = {},
): Promise<ExtractKeywordsResult> {
  const progress = options.progress ?? (async () => {});
  if (input.useGpt && gptAvailable(deps)) {
    const user = await gptUserOf(db, userId);
    await progress(10);
    const generated = await generateKeywordsWithGpt(db, { client: deps.gpt!, settings: deps.gptSettings, user, subjectMatter: input.subjectMatter, region: input.lang, signal: options.signal });
    await progress(70);
    const keywords = await withHitCounts(db, input.lang, generated.keywords, { signal: options.signal });
    await progress(100);
    return { keywords, formulas: generated.formulas, combination: generated.combination, usedGpt: true, gptUnavailable: false, droppedFormulas: generated.droppedFormulas };
  }
  const extracted = await extractKeywords(db, input.subjectMatter, input.lang, { limit: DEFAULT_KEYWORD_LIMIT, signal: options.signal });
  await progress(30);
  const keywords: Keyword[] = [];
  for (const [index, entry] of extracted.entries()) {
    options.signal?.throwIfAborted();
    const synonyms = await mineSynonyms(db, entry.keyword, input.lang, { limit: DEFAULT_SYNONYM_LIMIT, signal: options.signal });
    keywords.push(autoKeyword(entry.keyword, synonyms.map((candidate) => candidate.term)));
    await progress(30 + Math.round((50 * (index + 1)) / extracted.length));
  }
  const counted = await withHitCounts(db, input.lang, keywords, { signal: options.signal });
  await progress(100);
  return { keywords: counted, usedGpt: false, gptUnavailable: input.useGpt };
}

/** Synonym suggestions for one keyword from the corpus (not yet among `existing`). */
export async function suggestSynonyms(db: Database, region: Region, keyword: string, existing: readonly string[] = [], options: KeywordRunOptions = {}): Promise<string[]> {
  const candidates = await mineSynonyms(db, keyword, region, { limit: DEFAULT_SYNONYM_LIMIT, exclude: existing, signal: options.signal });
  return candidates.map((candidate) => candidate.term);
}

/**
 * Keywords with their hit counts, wordInfoMaxCount and isHighFrequency (keyword and synonyms
 * together, in their search fields). With mineSynonyms, each keyword that has no synonyms yet
 * first gets the corpus's candidates; a keyword whose synonyms the user already chose (or
 * cleared down to some) keeps them as they are, so checking hit counts again brings back
 * nothing the user removed.
 */
export async function keywordsWithHitCounts(
  db: Database,
  region: Region,
  keywords: readonly Keyword[],
  options: KeywordRunOptions & { mineSynonyms?: boolean } = {},
): Promise<Keyword[]> {
  const progress = options.progress ?? (async () => {});
  let enriched = [...keywords];
  if (options.mineSynonyms) {
    enriched = [];
    for (const keyword of keywords) {
      options.signal?.throwIfAborted();
      if (keyword.isRemoved || keyword.synonyms.length > 0) enriched.push(keyword);
      else {
        const found = await suggestSynonyms(db, region, keyword.keyword, keyword.synonyms, options);
        enriched.push({ ...keyword, synonyms: [...keyword.synonyms, ...found].slice(0, MAX_SYNONYMS) });
      }
      await progress(Math.round((50 * enriched.length) / keywords.length));
    }
  }
  const offset = options.mineSynonyms ? 50 : 0;
  return withHitCounts(db, region, enriched, {
    signal: options.signal,
    onEach: (done) => progress(offset + Math.round(((100 - offset) * done) / Math.max(1, enriched.length))),
  });
}
