// The words a search keyword is searched by, for marking them in a hit's snippet. A keyword is
// matched as written or by its analysed words in a row (service.ts termQuery, keyword-bigrams.ts:
// 従来技術 is 従来 <-> 技術 there), so 「従来技術」 finds an abstract that writes 「従来の技術」; a highlighter
// that marks only the keyword as written left such hits with a snippet without a mark (38 of the
// first 50 for 従来技術 on the demo corpus, bench/search-analysed-marks). English needs nothing
// here: the highlighter already compares English words by their stems.
import { analyzeField, type AnalysisRegion } from '../patents/analysis/index.ts';
import type { OneCharacterWords } from './highlight.ts';
import { japaneseOneCharacterMorphemes } from './one-character-morphemes.ts';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A CJK word of one character (one code point). */
export const isOneCharacter = (word: string): boolean => word.length <= 2 && [...word].length === 1;

/** The analysed words of a search's CJK keywords, for highlight.ts (HighlightOptions.analysed). */
export interface AnalysedWords {
  /** Each CJK keyword (a piece between spaces, width- and case-folded) → its analysed CJK words, where they are not just itself. */
  words: ReadonlyMap<string, readonly string[]>;
  /**
   * Where a text has a word of one character (変形例's 例, 二次電池's 二): such a word is marked
   * only there (例 of 例えば, 着 of 密着 are no match to show; one-character-morphemes.ts). Without it
   * such words are never marked.
   */
  oneCharacterWords?: OneCharacterWords;
}

/**
 * The analysed words of each CJK keyword of `terms` as a search of `region` analyses them (words
 * only, no bigrams: termQuery's), or undefined when none differs from the keyword as written.
 * Loads kuromoji's dictionary for one-character words only in a Japanese search, where the query's
 * analysis has loaded it already.
 */
export async function analysedWordsOf(terms: readonly string[], region: AnalysisRegion): Promise<AnalysedWords | undefined> {
  const words = new Map<string, readonly string[]>();
  for (const term of terms) {
    for (const piece of term.normalize('NFKC').toLowerCase().trim().split(/\s+/)) {
      if (!CJK.test(piece) || words.has(piece)) continue;
      const analysed = [...new Set(await analyzeField(piece, region, { bigrams: false }))].filter((word) => CJK.test(word));
      if (analysed.length > 0 && !(analysed.length === 1 && analysed[0] === piece)) words.set(piece, analysed);
    }
  }
  if (words.size === 0) return undefined;
  const needsWords = region === 'jp' && [...words.values()].some((list) => list.some(isOneCharacter));
  return needsWords ? { words, oneCharacterWords: await japaneseOneCharacterMorphemes() } : { words };
}

/**
 * Where a keyword's analysed words are marked in a text that does not write the keyword itself
 * (`folded` is the text width- and case-folded, `startOf` maps a folded offset to the text's):
 * every place of each word, when each of them is there, as the search ANDs them; none when one is
 * missing (an abstract with 技術 alone does not show why 従来技術 found it: its claim or
 * description may); with `someWords`, those that are there. A word of one character counts and is
 * marked only where the text has it as a word of its own.
 */
export function analysedMarks(text: string, folded: string, startOf: readonly number[], words: readonly string[], analysed: AnalysedWords, someWords = false): Array<[number, number]> {
  const marks: Array<[number, number]> = [];
  const { oneCharacterWords } = analysed;
  let covered: boolean | undefined;
  for (const word of words) {
    let found = false;
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
      if (isOneCharacter(word) && !(oneCharacterWords && (covered ??= oneCharacterWords.covers(text)) && oneCharacterWords.wordAt(text, startOf[at]!))) continue;
      marks.push([at, at + word.length]);
      found = true;
    }
    if (!found && !someWords) return [];
  }
  return marks;
}

/** Characters either side within which a keyword's analysed words count as meeting (a snippet's length). */
const MEETING_REACH = 280;

/**
 * The places of a keyword's analysed words (in text order) that have another of its words within
 * MEETING_REACH: a description writes 装置 of 画像形成装置 hundreds of times, and a passage is
 * chosen among places where the words meet (20,000 places for a page's 50 descriptions took
 * longer to weigh than the rest of the page). All of them where the words meet nowhere (the last
 * resort marks those there are).
 */
export function wordsMeeting<T extends { at: number; end: number; key: string }>(places: readonly T[]): readonly T[] {
  if (new Set(places.map((place) => place.key)).size < 2) return places;
  const kept = places.filter((place, index) => {
    for (let j = index - 1; j >= 0 && place.at - places[j]!.end <= MEETING_REACH; j--) if (places[j]!.key !== place.key) return true;
    for (let j = index + 1; j < places.length && places[j]!.at - place.end <= MEETING_REACH; j++) if (places[j]!.key !== place.key) return true;
    return false;
  });
  return kept.length > 0 ? kept : places;
}

