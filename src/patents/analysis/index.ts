// Text analysis for the patent search engine: one entry point for index and query side,
// so a query meets the index in the same tokens.
//
// ## Contract with the SQL side (PostgreSQL tsvector / tsquery, `simple` configuration)
//
// The tokens this module returns are final lexemes: normalised, stemmed, segmented. They
// must reach PostgreSQL unchanged, so the SQL side never runs them through a text-search
// parser again:
//
//   index:  UPDATE patents SET title_tsv = setweight($1::tsvector, 'A') …
//           with $1 = toTsvectorText(await analyzeField(record.title, record.region))
//   query:  … WHERE title_tsv @@ $1::tsquery   (ts_rank(title_tsv, $1::tsquery) to rank)
//           with $1 = toTsqueryText(await analyzeField(userText, region), '&'), or the query
//           compiler's own tree joined from toTsqueryTerms(...) with & | ! <-> <N> ( ).
//   without positions (no phrase/proximity): array_to_tsvector($1::text[]) with
//           $1 = toLexemeArray(tokens), and the text[] of lexemes on the query side.
//
// Always pass these strings as bind parameters ($1) and cast them (::tsvector, ::tsquery).
// Do NOT use to_tsvector('simple', …) / to_tsquery('simple', …) on them: those re-parse the
// lexemes with PostgreSQL's default parser, which splits them again (to_tsquery('simple',
// $$'it''s'$$) is 'it' <-> 's'; 802.11, e-mail and 半導体装置 are parsed its own way). The
// quoted forms are safe for that too (they always parse), they just would not match.
//
// Quoting: every lexeme is written as '…' with ' doubled and \ doubled, which is how the
// tsvector and tsquery input functions read a quoted lexeme, so no token (quotes, & | ! :
// * ( ) < > backslashes, spaces) can change the query's structure. Positions are the token's
// index + 1 (tsvector positions are 1..16383; later ones are clamped to 16383, and a lexeme
// keeps at most 256 positions, as PostgreSQL would do itself). Empty token lists give ''
// (an empty tsvector / a tsquery that matches nothing; PostgreSQL logs a NOTICE for the
// latter, so callers should skip the condition instead).
import { chineseTokensNormalized, type ChineseOptions } from './chinese.ts';
import { englishTokensNormalized, MAX_TOKEN_LENGTH } from './english.ts';
import { HAN, japaneseTokensNormalized, KANA, type JapaneseOptions } from './japanese.ts';
import { normalizeText } from './normalize.ts';

export { normalizeText } from './normalize.ts';
export { englishTokens } from './english.ts';
export { chineseTokens, jiebaBuildCount } from './chinese.ts';
export { cjkBigrams, japaneseMorphology, japaneseNounPhrases, japaneseTokens, kuromojiBuildCount, kuromojiTokenizer } from './japanese.ts';
export type { Morpheme } from './morphology.ts';

export type TextLanguage = 'ja' | 'zh' | 'en';
export type AnalysisRegion = 'jp' | 'us' | 'cn';
export type AnalyzeOptions = JapaneseOptions & ChineseOptions;

/** Script-based guess: any kana → ja; Han without kana → zh; anything else → en. */
export function detectLanguage(text: string): TextLanguage {
  if (KANA.test(text)) return 'ja';
  if (HAN.test(text)) return 'zh';
  return 'en';
}

async function analyzeNormalized(normalized: string, language: TextLanguage, options: AnalyzeOptions): Promise<string[]> {
  let tokens: string[];
  switch (language) {
    case 'ja':
      tokens = await japaneseTokensNormalized(normalized, options);
      break;
    case 'zh':
      tokens = chineseTokensNormalized(normalized, options);
      break;
    case 'en':
      // English text with CJK in it: the CJK part goes to its own analyser, not lost.
      if (HAN.test(normalized) || KANA.test(normalized)) return analyzeNormalized(normalized, detectLanguage(normalized), options);
      tokens = englishTokensNormalized(normalized);
      break;
  }
  // In place: gazette descriptions give ~50,000 tokens, and a copy of them is garbage at once.
  let kept = 0;
  for (const token of tokens) if (token.length > 0 && token.length <= MAX_TOKEN_LENGTH) tokens[kept++] = token;
  tokens.length = kept;
  return tokens;
}

/**
 * Tokens of text whose main language is known. Latin-script runs are always analysed as
 * English (stemmed), CJK runs with the language's analyser: 'ja' kuromoji words + bigrams,
 * 'zh' jieba words + bigrams. For 'en' text that contains CJK anyway, the CJK runs go to the
 * analyser detectLanguage() picks. Set options.bigrams = false for words only.
 */
export async function analyze(text: string | null | undefined, language: TextLanguage, options: AnalyzeOptions = {}): Promise<string[]> {
  const normalized = normalizeText(text ?? '');
  if (!normalized) return [];
  return analyzeNormalized(normalized, language, options);
}

/**
 * Which analyser a field's CJK runs need: kana anywhere → Japanese; kanji-only text cannot
 * be told apart by script, so the record's region decides (株式会社東芝 in a JP record is
 * Japanese, 华为技术有限公司 in a CN one Chinese; kanji in a US record is taken as Chinese).
 * Queries must be analysed with the region of the index they search, for the same reason.
 */
export function fieldLanguage(text: string, region: AnalysisRegion): TextLanguage {
  if (KANA.test(text)) return 'ja';
  if (HAN.test(text)) return region === 'jp' ? 'ja' : 'zh';
  return 'en';
}

/**
 * Tokens of one field of a record (or one query for a region's index), segment by segment:
 * Latin-script parts (English titles of CN records, "USB" in a Japanese claim) are English,
 * CJK parts Japanese or Chinese as fieldLanguage() decides.
 */
export async function analyzeField(text: string | null | undefined, region: AnalysisRegion, options: AnalyzeOptions = {}): Promise<string[]> {
  const normalized = normalizeText(text ?? '');
  if (!normalized) return [];
  return analyzeNormalized(normalized, fieldLanguage(normalized, region), options);
}

// ---------------------------------------------------------------------------------------
// tsvector / tsquery text

export { toTsvectorBinary, toTsvectorText } from './tsvector-forms.ts';

/** A token as a quoted tsvector/tsquery lexeme: 'it''s', 'a\\b'. */
export function quoteLexeme(token: string): string {
  if (!token.includes('\\') && !token.includes("'")) return `'${token}'`;
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Distinct non-empty tokens, for `array_to_tsvector($1::text[])` (no positions). */
export function toLexemeArray(tokens: readonly string[]): string[] {
  return [...new Set(tokens.filter((t) => t.length > 0))];
}

/**
 * The tokens as quoted tsquery operands, in order (duplicates kept, for phrases): a query
 * compiler joins them with & | ! <-> <N> and parentheses, appends :* for prefix search,
 * and passes the result as `$1::tsquery`.
 */
export function toTsqueryTerms(tokens: readonly string[]): string[] {
  return tokens.filter((t) => t.length > 0).map(quoteLexeme);
}

/**
 * A whole tsquery for `$1::tsquery`: all tokens ('&', distinct), any token ('|', distinct),
 * or the tokens as a phrase ('<->', in order). '' when there are no tokens.
 */
export function toTsqueryText(tokens: readonly string[], operator: '&' | '|' | '<->' = '&'): string {
  const terms = toTsqueryTerms(operator === '<->' ? tokens : toLexemeArray(tokens));
  return terms.join(` ${operator} `);
}
