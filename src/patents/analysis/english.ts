// English (and generally Latin/Greek/Cyrillic-script) tokens for the search index.
//
// Words are runs of letters, digits and combining marks, joined by hyphens, underscores,
// apostrophes and dots:
//   - alphanumerics stay one token and are not stemmed: 5G → 5g, H04L → h04l, 3GPP → 3gpp;
//   - dotted numbers stay whole (802.11, 802.11ac, 1.5); dotted single letters are acronyms (U.S.A. → usa,
//     e.g. → eg); other dotted words split (file.txt → file, txt);
//   - hyphenated (and snake_case) words give their parts AND the joined form, parts first:
//     non-volatile → non, volatil, nonvolatil; so "nonvolatile" and "non-volatile" meet;
//   - possessive 's is dropped (user's → user), other apostrophes vanish (don't → dont);
//   - Latin diacritics are folded (café → cafe, Müller → muller);
//   - stop words (`stopword`'s English list, 108 words incl. patent-style "said", less "well",
//     plus claim-language function words: its, wherein, thereof …)
//     are dropped before stemming (a stem may still equal one: others → other), the joined
//     form of a hyphenated word never is. Dropped words leave no gap in the token positions;
//   - purely alphabetic tokens are stemmed with Snowball English (Porter2, `snowball-stemmers`):
//     connecting / connected / connection / connections → connect.
//
// Why Snowball English and this package: it is the stemmer PostgreSQL's own `english`
// configuration uses (english_stem), and this port agrees with PostgreSQL's ts_lexize on all
// 11,822 distinct words of 3,000 corpus abstracts (wink-porter2-stemmer: all but one;
// the original Porter algorithm of `stemmer`: 97 %, with errors such as gas → ga, news → new,
// this → thi, skies → ski). It is the slowest of the three (~7 µs a word), so stems are
// memoised: patent vocabulary repeats heavily, and the cache turns that into a Map lookup.
// CJK characters are separators here: mixed text goes through analyzeField (index.ts).
import { createRequire } from 'node:module';
import { normalizeText } from './normalize.ts';

// Required, not imported: an ESM import of a CommonJS package has Node scan its source for export
// names first (cjs-module-lexer), ~0.1 s for these two (snowball-stemmers is 870 kB, every language)
// in each ingest thread and in the main thread.
const require = createRequire(import.meta.url);
const stopword = require('stopword') as typeof import('stopword');
const { newStemmer } = require('snowball-stemmers') as typeof import('snowball-stemmers');

/** Tokens longer than this are junk (base64, hashes, run-together OCR) and are dropped. */
export const MAX_TOKEN_LENGTH = 64;

/** Kept although the list has them: nouns of patent text (oil well, well plate). */
const NOT_STOP_WORDS = new Set(['well']);
/** Function words of claim language the general list lacks (from the USPTO full-text list). */
const PATENT_STOP_WORDS = ['its', 'herein', 'hereby', 'therein', 'thereof', 'thereto', 'thereby', 'wherein', 'whereby', 'whereupon'];
const STOP_WORDS: ReadonlySet<string> = new Set([...stopword.eng.filter((w) => !NOT_STOP_WORDS.has(w)), ...PATENT_STOP_WORDS]);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC\u3006]+/gu;
const WORD = /[\p{L}\p{N}\p{M}]+(?:[-_'’.][\p{L}\p{N}\p{M}]+)*/gu;
const DIGIT = /\p{N}/u;
const LETTERS_ONLY = /^\p{L}+$/u;
const LATIN_WITH_MARKS = /[\u00C0-\u024F\u1E00-\u1EFF]/;
const COMBINING = /[\u0300-\u036F]/g;

export const isEnglishStopWord = (word: string): boolean => STOP_WORDS.has(word);

function fold(token: string): string {
  return LATIN_WITH_MARKS.test(token) ? token.normalize('NFD').replace(COMBINING, '').normalize('NFC') : token;
}

const snowball = newStemmer('english');
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();

function stem(token: string): string {
  if (token.length <= 2 || !LETTERS_ONLY.test(token)) return token;
  let stemmed = stemCache.get(token);
  if (stemmed === undefined) {
    stemmed = snowball.stem(token);
    // A bounded memo: when full, start over (cheaper than LRU bookkeeping, same hit rate here).
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(token, stemmed);
  }
  return stemmed;
}

function push(out: string[], token: string, keepStopWord = false): void {
  if (!token || token.length > MAX_TOKEN_LENGTH) return;
  if (!keepStopWord && STOP_WORDS.has(token)) return;
  out.push(DIGIT.test(token) ? token : stem(token));
}

function simple(word: string): string {
  // Apostrophes: possessive 's goes, any other apostrophe is removed.
  return word.replace(/['’]s$/, '').replace(/['’]/g, '');
}

function dotted(word: string, out: string[]): void {
  const parts = word.split('.');
  if (parts.every((p) => DIGIT.test(p))) push(out, word, true);
  else if (parts.every((p) => p.length === 1)) push(out, parts.join(''), true);
  else for (const p of parts) push(out, p);
}

/** Tokens of text that is already normalizeText()-ed (internal fast path). */
export function englishTokensNormalized(normalized: string, out: string[] = []): string[] {
  const text = normalized.replace(CJK, ' ');
  for (const match of text.matchAll(WORD)) {
    const word = fold(simple(match[0]));
    if (!word) continue;
    const hyphenParts = word.split(/[-_]/);
    if (hyphenParts.length === 1) {
      if (word.includes('.')) dotted(word, out);
      else push(out, word);
      continue;
    }
    for (const part of hyphenParts) {
      if (part.includes('.')) dotted(part, out);
      else push(out, part);
    }
    push(out, hyphenParts.join('').replace(/\./g, ''), true);
  }
  return out;
}

/** Index/query tokens of English text: normalised, split, stop words out, Porter-stemmed. */
export function englishTokens(text: string): string[] {
  return englishTokensNormalized(normalizeText(text));
}
