// CJK script helpers shared by the Japanese and Chinese analysers: CJK runs, the katakana
// stem, and the character bigrams of Han/katakana runs (interned).
import { normalizeText } from './normalize.ts';

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3006';
/** Han, kana, ー and 〆: the characters the CJK analysers own. */
export const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
export const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
export const HAN = /\p{Script=Han}/u;

/** A character of the runs that bigrams are made of: Han and katakana (with ー). Hiragana is mostly grammar. */
const BIGRAM_CHARACTER = /^[\p{Script=Han}\p{Script=Katakana}\u30FC\u3006]$/u;
const KATAKANA_WORD_FINAL_CHOONPU = /(?<=[\p{Script=Katakana}\u30FC]{3})\u30FC(?![\p{Script=Katakana}\u30FC])/gu;

/**
 * Drops the long-vowel mark that ends a katakana word of four or more characters, as JIS
 * style and most gazettes write them (コンピューター → コンピュータ, サーバー → サーバ),
 * while short words keep it (キー, カバー). Same rule as Lucene's JapaneseKatakanaStemFilter.
 */
export function stemKatakana(text: string): string {
  return text.includes('\u30FC') ? text.replace(KATAKANA_WORD_FINAL_CHOONPU, '') : text;
}

/** Splits text into CJK runs and the text between them, in order. */
export function splitCjk(text: string): { text: string; cjk: boolean }[] {
  const segments: { text: string; cjk: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(CJK_RUN)) {
    const start = match.index;
    if (start > last) segments.push({ text: text.slice(last, start), cjk: false });
    segments.push({ text: match[0], cjk: true });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), cjk: false });
  return segments;
}

/**
 * Whether a code point belongs to a bigram run (BIGRAM_CHARACTER), by BMP code unit from a
 * table filled on first sight (0 unknown, 1 yes, 2 no).
 */
const bigramUnits = new Uint8Array(0x10000);
export function isBigramCharacter(code: number): boolean {
  if (code > 0xffff) return BIGRAM_CHARACTER.test(String.fromCodePoint(code));
  let known = bigramUnits[code]!;
  if (known === 0) bigramUnits[code] = known = BIGRAM_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}

// Bigrams of BMP characters are interned: the same string for every occurrence, made on first sight from its two
// code units, so a new run's bigrams cost a table read each instead of a new string (the run memo of
// japaneseTokensNormalized holds ~4.7 million bigrams of jp-fulltext's 314,000 distinct runs, ~300,000 distinct
// ones: the copies were garbage to collect or old-generation memory to mark). Keys are (first << 16 | second) and a
// lone character's code unit (never a pair's: a pair's first unit is a Han or katakana one). Bounded: when full, start over.
const BIGRAM_BITS = 20;
const BIGRAM_SLOTS = 1 << BIGRAM_BITS;
const BIGRAM_LIMIT = (BIGRAM_SLOTS >> 1) + (BIGRAM_SLOTS >> 3);
const bigramKeys = new Int32Array(BIGRAM_SLOTS);
const bigramIndex = new Int32Array(BIGRAM_SLOTS);
const bigramList: string[] = [];

/** The interned text[from, to) (one or two BMP code units) under its key. */
function internedBigram(text: string, from: number, to: number, key: number): string {
  for (let slot = Math.imul(key, 0x9e3779b1) >>> (32 - BIGRAM_BITS); ; slot = (slot + 1) & (BIGRAM_SLOTS - 1)) {
    const index = bigramIndex[slot]!;
    if (index === 0) {
      const bigram = text.slice(from, to);
      if (bigramList.length >= BIGRAM_LIMIT) {
        bigramIndex.fill(0);
        bigramList.length = 0;
        return bigram;
      }
      bigramKeys[slot] = key;
      bigramIndex[slot] = bigramList.push(bigram);
      return bigram;
    }
    if (bigramKeys[slot] === key) return bigramList[index - 1]!;
  }
}

/** text[from, to): interned when it is one or two BMP code units of BIGRAM_CHARACTERs. */
function bigramOf(text: string, from: number, to: number): string {
  const units = to - from;
  if (units === 2) {
    const first = text.charCodeAt(from);
    const second = text.charCodeAt(from + 1);
    // Not a surrogate pair (one character beyond the BMP).
    if (first < 0xd800 || first > 0xdbff) return internedBigram(text, from, to, (first << 16) | second);
  } else if (units === 1) return internedBigram(text, from, to, text.charCodeAt(from));
  return text.slice(from, to);
}

/**
 * cjkBigrams for text that is already normalizeText()-ed (internal fast path). The runs of
 * BIGRAM_CHARACTERs found by one scan of the code points, each bigram a slice of the text (the same
 * strings as matching the runs and joining their characters, a quarter of the time: the memo of
 * japaneseTokensNormalized makes them for every new run, ~300,000 in jp-fulltext), interned (bigramOf).
 */
export function cjkBigramsNormalized(normalized: string, out: string[] = []): string[] {
  const text = stemKatakana(normalized);
  // Where the run's previous character starts and ends, and how many characters the run has so far.
  let previous = 0;
  let previousEnd = 0;
  let characters = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const end = i + (code > 0xffff ? 2 : 1);
    if (isBigramCharacter(code)) {
      if (characters > 0) out.push(bigramOf(text, previous, end));
      previous = i;
      previousEnd = end;
      characters++;
    } else {
      // A run of one character gives that character.
      if (characters === 1) out.push(bigramOf(text, previous, previousEnd));
      characters = 0;
    }
    i = end;
  }
  if (characters === 1) out.push(bigramOf(text, previous, previousEnd));
  return out;
}

/**
 * Overlapping character bigrams of every Han/katakana run, in text order (半導体装置 →
 * 半導, 導体, 体装, 装置); a run of one character gives that character, so one-character
 * words stay findable. Hiragana, Latin, digits and punctuation break runs. Katakana words
 * are stemmed first (stemKatakana) so コンピューター and コンピュータ share their bigrams.
 */
export function cjkBigrams(text: string): string[] {
  return cjkBigramsNormalized(normalizeText(text));
}

/**
 * Whether a code point belongs to a CJK run (CJK_RUN's class), by BMP code unit from a table
 * filled on first sight (the scan of japaneseTokensNormalized reads every character of a
 * description: ~40,000 per gazette). 0 unknown, 1 yes, 2 no.
 */
const cjkUnits = new Uint8Array(0x10000);
const CJK_CHARACTER = new RegExp(`^[${CJK_CLASS}]$`, 'u');
export function isCjk(code: number): boolean {
  if (code > 0xffff) return CJK_CHARACTER.test(String.fromCodePoint(code));
  let known = cjkUnits[code]!;
  if (known === 0) cjkUnits[code] = known = CJK_CHARACTER.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}
