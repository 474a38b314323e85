// The character bigrams a CJK search keyword needs beyond its words. A keyword is searched by
// its analysed words, and the analysers leave out what is not a content word of its own:
// kuromoji's suffixes (部 of 制御部, 軸 of 回転軸, 側 of 一次側, 次 of 二次電池) and one-character
// words that say little alone (二). So 制御部 was searched as 制御 alone, 一次側 as 一 alone and
// 二次電池 as 二 & 電池, which found pachinko gazettes that mention a ボタン電池 and a 第二 anywhere.
// The index holds every CJK run's bigrams beside its words (analysis/index.ts), so the part of a
// keyword that no word of two or more characters covers is asked for by its bigrams: 制御部 →
// 制御 & 御部, 一次側 → 一次 & 次側. A document that writes the keyword always holds them. How the
// words themselves are asked for (as written, or in a row) is keywordTsquery's. Bigrams are made of kanji and
// katakana only (the index's runs): a run of one character is indexed as that character, so 部 of
// 取り付け部 is asked for as 部. A long-vowel mark (ー of ユーザー) is left to its word.
import { normalizeText } from './normalize.ts';
import { cjkBigrams, isBigramCharacter, stemKatakana } from './japanese.ts';
import { toTsqueryTerms, toTsqueryText } from './index.ts';

/** The long-vowel mark: part of the katakana word before it, never asked for alone. */
const LONG_VOWEL = 'ー';
/** A keyword that holds a kanji or katakana (ー alone does not count) is read by its bigrams too; others by their words. */
export const HAS_BIGRAM_CHARACTER = /[\p{Script=Han}\p{Script=Katakana}]/u;
/**
 * A Latin letter beside a kanji or kana (USBメモリ, LED照明, ICカード, X線, pH調整剤): no bigram spans
 * the two scripts, so "its words and bigrams anywhere" says nothing of how they stand, and matched
 * every gazette with a USB and a メモリ somewhere (15 demo hits, 1 writing it). Such a keyword is its
 * words in a row only. Digits are left out: 1次側 and 2軸 are cut into words unlike the text's.
 */
const SCRIPT_JUNCTION = /\p{Script=Latin}[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]|[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}\u30FC]\p{Script=Latin}/u;

export interface KeywordBigrams {
  /** Bigrams of the keyword's uncovered characters, in keyword order, distinct. */
  bigrams: string[];
  /** The words of one character an added bigram holds (二 of 二次): searched by the bigram instead. */
  replaced: Set<string>;
}

/**
 * The bigrams `keyword` needs beyond `words` (its analysed words, without bigrams). A keyword that
 * is one CJK character is its own word: nothing is added.
 */
export function keywordBigrams(keyword: string, words: readonly string[]): KeywordBigrams {
  const text = stemKatakana(normalizeText(keyword));
  const characters = [...text];
  const covered = new Array<boolean>(characters.length).fill(false);
  // Code-point offsets of each UTF-16 offset's character, to mark what a word found by indexOf covers.
  const pointAt: number[] = [];
  characters.forEach((character, point) => {
    for (let unit = 0; unit < character.length; unit++) pointAt.push(point);
  });
  for (const word of words) {
    if ([...word].length < 2) continue;
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      for (let unit = at; unit < at + word.length; unit++) covered[pointAt[unit]!] = true;
    }
  }
  const bigrams: string[] = [];
  const replaced = new Set<string>();
  const add = (from: number) => {
    const bigram = characters[from]! + characters[from + 1]!;
    if (!bigrams.includes(bigram)) bigrams.push(bigram);
  };
  for (let start = 0; start < characters.length; ) {
    if (!isBigramCharacter(characters[start]!.codePointAt(0)!)) {
      start++;
      continue;
    }
    let end = start;
    while (end < characters.length && isBigramCharacter(characters[end]!.codePointAt(0)!)) end++;
    // One run [start, end) of kanji and katakana: its uncovered stretches.
    const open = (i: number) => !covered[i] && characters[i] !== LONG_VOWEL;
    if (end - start === 1 && open(start) && characters.length > 1) {
      // The index's token for a run of one character is the character.
      if (!bigrams.includes(characters[start]!)) bigrams.push(characters[start]!);
    } else if (end - start >= 2) {
      for (let i = start; i < end; ) {
        if (!open(i)) {
          i++;
          continue;
        }
        let stretch = i;
        while (stretch < end && open(stretch)) stretch++;
        if (stretch - i >= 2) for (let k = i; k < stretch - 1; k++) add(k);
        else add(i > start ? i - 1 : i);
        for (let k = i; k < stretch; k++) replaced.add(characters[k]!);
        i = stretch;
      }
    }
    start = end;
  }
  return { bigrams, replaced };
}

/** A keyword's search tokens: its words, less the one-character ones its bigrams hold, and those bigrams. */
export function keywordTokens(keyword: string, words: readonly string[]): string[] {
  return tokensOf(words, keywordBigrams(keyword, words));
}

function tokensOf(words: readonly string[], { bigrams, replaced }: KeywordBigrams): string[] {
  if (bigrams.length === 0) return [...words];
  return [...words.filter((word) => !replaced.has(word)), ...bigrams];
}

/**
 * A keyword as one tsquery: written as it is (its words and every bigram of its kanji and katakana,
 * wherever in the document), or its words in a row (a phrase: 「従来の技術」 for 従来技術, 「発明を実施
 * するための形態」 for 実施形態, particles and stop words leaving no gap in the index) with the bigrams
 * they leave out. Its words anywhere apart were a match before: 画像形成装置 found 90 demo gazettes
 * that have 画像, 形成 and 装置 somewhere, of which 6 write it (bench/search-keyword-bigrams). Both
 * branches are needed: phrase positions are capped (16,383 a document, 256 a lexeme), so a long
 * gazette's description is matched as written, and the phrase matches what is written apart.
 * A keyword of one word is that word, or the keyword as written where the word leaves part of it
 * out (二次電池: 電池 & 二次 & 次電); without CJK its tokens ANDed. '' when nothing searchable is left.
 */
export function keywordTsquery(keyword: string, words: readonly string[]): string {
  return keywordQueryParts(keyword, words).match;
}

/**
 * keywordTsquery's query, and its phrase branch apart: the words in a row (`phrase`, positions only)
 * and the bigrams that branch also needs anywhere (`needs`, no positions). A long description's
 * segments (description-segments.ts) are searched for the phrase alone, the needs stay the document's.
 */
export function keywordQueryParts(keyword: string, words: readonly string[]): KeywordQueryParts {
  return queryPartsOf(keyword, words, keywordBigrams(keyword, words));
}

export interface KeywordQueryParts {
  match: string;
  phrase?: { phrase: string; needs?: string };
}

function queryPartsOf(keyword: string, words: readonly string[], { bigrams, replaced }: KeywordBigrams): KeywordQueryParts {
  const kept = words.filter((word) => !replaced.has(word));
  if (!HAS_BIGRAM_CHARACTER.test(keyword) || (kept.length < 2 && bigrams.length === 0)) return { match: toTsqueryText(kept, '&') };
  const written = toTsqueryText([...kept, ...cjkBigrams(keyword)], '&');
  // One word and what it leaves out (二次電池 is 電池 and 二次): there is no row of words, only the keyword as written.
  if (kept.length < 2) return { match: written };
  const junction = SCRIPT_JUNCTION.test(normalizeText(keyword));
  // A junction keyword has no written branch, and its last word may run on in the text (LED灯 of
  // 「LED灯组」, which jieba reads as led, 灯组): that word is asked for as a prefix, as it is written.
  const last = kept.at(-1)!;
  const prefixed = junction && HAS_BIGRAM_CHARACTER.test(last);
  const terms = toTsqueryTerms(kept);
  if (prefixed) terms[terms.length - 1] += ':*';
  const phrase = `(${terms.join(' <-> ')})`;
  const needs = toTsqueryTerms(prefixed ? bigrams.filter((bigram) => bigram !== last) : bigrams);
  const inRow = [phrase, ...needs].join(' & ');
  const match = junction ? `(${inRow})` : `((${written}) | (${inRow}))`;
  return { match, phrase: { phrase, ...(needs.length > 0 && { needs: needs.join(' & ') }) } };
}

/**
 * A keyword as simple search asks for it, from one keywordBigrams: `match`, the tsquery a document
 * is matched by (keywordTsquery) with its phrase branch apart (keywordQueryParts), its `tokens`
 * (keywordTokens) and `rank`, those ANDed, which relevance weighs. Both '' when nothing searchable is left.
 */
export function keywordQueries(keyword: string, words: readonly string[]): KeywordQueryParts & { tokens: string[]; rank: string } {
  const bigrams = keywordBigrams(keyword, words);
  const tokens = tokensOf(words, bigrams);
  return { ...queryPartsOf(keyword, words, bigrams), tokens, rank: toTsqueryText(tokens, '&') };
}

/** A keyword's match as one operand of a larger tsquery: bracketed unless it is one already (a lexeme, a phrase, a bracketed query). */
export const groupedTsquery = (query: string): string => (query.startsWith('(') || !/[&|]/.test(query) ? query : `(${query})`);
