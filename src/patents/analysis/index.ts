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

const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;

/** A token as a quoted tsvector/tsquery lexeme: 'it''s', 'a\\b'. */
export function quoteLexeme(token: string): string {
  if (!token.includes('\\') && !token.includes("'")) return `'${token}'`;
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Grown as needed, kept between calls: toTsvectorText writes its char codes here and decodes them once. */
let tsvectorUnits = new Uint16Array(1 << 16);

/**
 * tsvector input text for `$1::tsvector`: each distinct token once, quoted, with its
 * positions (token index + 1), e.g. `'connect':1,4 'devic':2`.
 */
export function toTsvectorText(tokens: readonly string[]): string {
  // A gazette description has ~50,000 tokens. The text was grown per lexeme ('tok':1 += ',4') and joined: two
  // concatenations and a number's string per token, a tenth of the analysis. Now: each token's slot (distinct
  // tokens in order of first appearance), the token indexes grouped by slot (counting sort, text order kept),
  // and the text written as char codes into one buffer, decoded once (same text, 2.3 → ~1 ms per gazette).
  const count = tokens.length;
  const slots = new Map<string, number>();
  const lexemes: string[] = [];
  const slotOf = new Int32Array(count);
  let lexemeUnits = 0;
  for (let index = 0; index < count; index++) {
    const token = tokens[index]!;
    if (!token) {
      slotOf[index] = -1;
      continue;
    }
    let slot = slots.get(token);
    if (slot === undefined) {
      slot = lexemes.length;
      slots.set(token, slot);
      lexemes.push(token);
      lexemeUnits += token.length;
    }
    slotOf[index] = slot;
  }
  const distinct = lexemes.length;
  if (distinct === 0) return '';
  const firsts = new Int32Array(distinct + 1);
  for (let index = 0; index < count; index++) if (slotOf[index]! >= 0) firsts[slotOf[index]! + 1]!++;
  for (let slot = 0; slot < distinct; slot++) firsts[slot + 1]! += firsts[slot]!;
  const fill = firsts.slice(0, distinct);
  const order = new Int32Array(firsts[distinct]!);
  for (let index = 0; index < count; index++) {
    const slot = slotOf[index]!;
    if (slot >= 0) order[fill[slot]!++] = index;
  }
  // At most: a lexeme with every unit doubled, its quotes, ':' and a space; ',' and 5 digits per position.
  const bound = 2 * lexemeUnits + 4 * distinct + 6 * order.length;
  if (tsvectorUnits.length < bound) tsvectorUnits = new Uint16Array(2 * bound);
  const units = tsvectorUnits;
  let at = 0;
  let widest = 0;
  for (let slot = 0; slot < distinct; slot++) {
    if (slot > 0) units[at++] = 0x20;
    // quoteLexeme: ' and \ doubled inside the quotes.
    const lexeme = lexemes[slot]!;
    units[at++] = 0x27;
    for (let k = 0; k < lexeme.length; k++) {
      const unit = lexeme.charCodeAt(k);
      if (unit === 0x27 || unit === 0x5c) units[at++] = unit;
      units[at++] = unit;
      if (unit > widest) widest = unit;
    }
    units[at++] = 0x27;
    units[at++] = 0x3a;
    let written = 0;
    let last = 0;
    for (let k = firsts[slot]!; k < firsts[slot + 1]! && written < MAX_POSITIONS_PER_LEXEME; k++) {
      const index = order[k]!;
      const position = index < MAX_POSITION ? index + 1 : MAX_POSITION;
      // Past MAX_POSITION every token has the same position: written once.
      if (position === last) continue;
      if (written > 0) units[at++] = 0x2c;
      if (position >= 10000) units[at++] = 0x30 + ((position / 10000) | 0);
      if (position >= 1000) units[at++] = 0x30 + (((position / 1000) | 0) % 10);
      if (position >= 100) units[at++] = 0x30 + (((position / 100) | 0) % 10);
      if (position >= 10) units[at++] = 0x30 + (((position / 10) | 0) % 10);
      units[at++] = 0x30 + (position % 10);
      last = position;
      written++;
    }
  }
  const used = units.subarray(0, at);
  // Latin-1 text (English) as a one-byte string, as the concatenation made it; CJK as UTF-16.
  if (widest <= 0xff) return Buffer.from(Uint8Array.from(used)).toString('latin1');
  return Buffer.from(used.buffer, used.byteOffset, used.byteLength).toString('utf16le');
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
