// A keyword or synonym as the detailed search reads it (src/patents/query/compile.ts): analysed
// like the indexed text (src/patents/analysis). termTokens are its words only (no bigrams); one
// word is its lexeme, several words are a phrase (adjacent, in order). termReading is the whole
// reading of a formula term: a term with kanji or katakana also by the bigrams its words leave
// out (keyword-bigrams.ts: 正極 is 正極, not 極 alone as 負極 is too). A keyword with its synonyms
// matches when any of them does.
import { analyzeField, toTsqueryText } from '../../patents/analysis/index.ts';
import { groupedTsquery, HAS_BIGRAM_CHARACTER, keywordQueries } from '../../patents/analysis/keyword-bigrams.ts';
import type { Region } from '../input.ts';

/** The index tokens of a term; [] when nothing searchable is left (only stop words or symbols). */
export const termTokens = (term: string, region: Region): Promise<string[]> => analyzeField(term, region, { bigrams: false });

/** Tokens as the tsquery the formula compiler makes of a term: 'a', or ('a' <-> 'b'); null for none. */
export function tokensTsquery(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return null;
  return tokens.length === 1 ? toTsqueryText(tokens) : `(${toTsqueryText(tokens, '<->')})`;
}

export interface TermReading {
  /** The words of the term, and for CJK the bigrams the compiler asks for besides (keywordTokens). */
  tokens: string[];
  /** The tsquery a formula row of the term is matched by; null when nothing searchable is left. */
  tsquery: string | null;
}

/** A term as a formula row of it is searched (compile.ts Analyser.term): CJK by keywordTsquery, other text as a phrase of its words. */
export async function termReading(term: string, region: Region): Promise<TermReading> {
  const words = await termTokens(term, region);
  if (!HAS_BIGRAM_CHARACTER.test(term)) return { tokens: words, tsquery: tokensTsquery(words) };
  const { match, tokens } = keywordQueries(term, words);
  return match ? { tokens, tsquery: groupedTsquery(match) } : { tokens: [], tsquery: null };
}

export async function termTsquery(term: string, region: Region): Promise<string | null> {
  return tokensTsquery(await termTokens(term, region));
}

/** The identity of a term for the index: two terms with the same key find the same documents. */
export async function termKey(term: string, region: Region): Promise<string> {
  return (await termReading(term, region)).tokens.join(' ');
}

/** Whether `inner` occurs in `outer` as a contiguous run (then the outer phrase finds only documents the inner one finds). */
export function containsRun(outer: readonly string[], inner: readonly string[]): boolean {
  if (inner.length === 0 || inner.length > outer.length) return false;
  for (let start = 0; start + inner.length <= outer.length; start++) {
    if (inner.every((token, i) => outer[start + i] === token)) return true;
  }
  return false;
}
