// The search's words marked in a document's text: what the simple search's snippets and the
// document details (title, abstract, claims, description) show. Compared as the user would:
// width and case folded (２次電池 in a gazette is 2次電池 typed, ＬＥＤ is led), English words by
// their stem (batteries marks for battery), Japanese and Chinese terms where they appear as
// written (a word is a run of characters there, not something between spaces); a search keyword
// the text does not write, by the analysed words the search matched it by (HighlightOptions.analysed:
// 従来 and 技術 of 「従来の技術」 for 従来技術). An analyser's matched words (a claim chart's evidence)
// are marked with matchedWordsMarking: a term of one character there only where the text has it
// as a word (着 of 貼着 is no mark inside 密着).
import { englishTokens } from '../patents/analysis/index.ts';
import { japaneseOneCharacterWords } from '../patents/analysis/one-character-words.ts';
import { analysedMarks, isOneCharacter, wordsMeeting, type AnalysedWords } from './analysed-marks.ts';

export interface HighlightPart {
  text: string;
  mark: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN_WORD = /[\p{Script=Latin}\p{N}]+(?:[-'’][\p{Script=Latin}\p{N}]+)*/gu;

/**
 * The text width- and case-folded one character at a time, with where each folded character
 * came from (start and end in the text). ASCII folds by lower-casing alone, without
 * normalize(): snippets and details are mostly ASCII, and per-character NFKC was the largest
 * cost of the /search page after the query (bench/pages profile).
 */
/**
 * Each non-ASCII character's folded form, once: a result page's claim chart folds ~300 Japanese
 * passages for its snippets, and normalize() per character was most of the page's time (and
 * held the event loop 150–230 ms a page, bench/priorart-pages profile). At most one entry per
 * distinct character.
 */
const FOLDED = new Map<string, string>();

interface Folded {
  text: string;
  start: number[];
  end: number[];
}

/**
 * The texts folded last, up to FOLD_CACHE_CHARS characters in all: a claim chart marks the same
 * passage for several elements (300 cells of 111 passages, 244,000 characters of which 68,000
 * distinct, in bench/priorart-pages' 30 × 10 chart).
 */
const foldCache = new Map<string, Folded>();
const FOLD_CACHE_CHARS = 200_000;
let foldCacheChars = 0;

function folded(text: string): Folded {
  let kept = foldCache.get(text);
  if (kept === undefined) {
    kept = foldedAnew(text);
    if (foldCacheChars + text.length > FOLD_CACHE_CHARS) {
      foldCache.clear();
      foldCacheChars = 0;
    }
    if (text.length <= FOLD_CACHE_CHARS) {
      foldCache.set(text, kept);
      foldCacheChars += text.length;
    }
  }
  return kept;
}

function foldedAnew(text: string): Folded {
  const out: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      out.push(code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[index]!);
      start.push(index);
      end.push(index + 1);
      index++;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index)!);
    let form = FOLDED.get(char);
    if (form === undefined) {
      form = char.normalize('NFKC').toLowerCase();
      FOLDED.set(char, form);
    }
    for (let i = 0; i < form.length; i++) {
      start.push(index);
      end.push(index + char.length);
    }
    out.push(form);
    index += char.length;
  }
  return { text: out.join(''), start, end };
}

export interface Highlighter {
  /**
   * The text cut into marked and unmarked parts (one unmarked part when nothing matches).
   * `someWords`: a keyword's analysed words are marked where any of them is written, not only
   * where all are (a last resort: the search found them all in the document, not in one passage).
   */
  parts(text: string, options?: { someWords?: boolean }): HighlightPart[];
  /** Whether anything would be marked. */
  readonly active: boolean;
  /**
   * Where the terms may be marked in a text, found without folding it: a description of 80 KB is
   * searched for the terms' written forms (each ASCII letter or digit also full-width, any case;
   * an English stem as the start of a word). May miss a term the text writes another way (half-width
   * katakana) and find a word that is no match (battle for battery's "batter"): parts() of a
   * window around a place decides. In text order.
   */
  places(text: string): Place[];
}

/** A place where a term may be written: where it starts and ends and which term (its folded form). */
export interface Place {
  at: number;
  end: number;
  key: string;
}

/** A character of a folded term as a pattern matching it as written: ASCII also in full width (Ａ, ２), any case with the i flag. */
function writtenForms(char: string): string {
  const code = char.charCodeAt(0);
  const escaped = char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  return code > 0x20 && code < 0x7f ? `[${escaped}${String.fromCharCode(code + 0xfee0)}]` : escaped;
}

/** A folded term as a pattern of its written forms; an English stem (words) from a word's start, without its final i (battery's stem is batteri). */
function termPattern(term: string, stem: boolean): RegExp {
  const written = [...(stem ? term.replace(/i$/, '') : term)].map(writtenForms).join('');
  return new RegExp(stem ? `(?<![\\p{L}\\p{N}])${written}` : written, 'giu');
}

/** Where a text's own analysis has a word of one character (patents/analysis/one-character-words.ts). */
export interface OneCharacterWords {
  /** Whether it can tell for this text (else such a term is marked wherever it is written). */
  covers(text: string): boolean;
  /** Whether a word of one character starts at this offset of the text. */
  wordAt(text: string, at: number): boolean;
}

export interface HighlightOptions {
  /**
   * Terms of one CJK character marked only where the text has them as a word of their own: a
   * claim chart's matched words are the analyser's, and 着 (of 貼着) inside 密着性 or 付着 is noise
   * to the reader, while 軸 of 回転軸 is a match. Without it they are marked wherever written, as a
   * user's typed search term is.
   */
  oneCharacterWords?: OneCharacterWords;
  /**
   * A search's keywords' analysed words (analysed-marks.ts), marked in a text that does not write
   * the keyword itself: 従来 and 技術 in 「従来の技術」 for 従来技術. Where the keyword is written,
   * it is marked whole, as before.
   */
  analysed?: AnalysedWords;
}

/**
 * How an analyser's matched words are marked (a claim chart's evidence, in its cells, exports and
 * the document details it links to): one-character words only where the text has them as words.
 * Loads kuromoji's dictionary on the process's first use.
 */
export async function matchedWordsMarking(): Promise<HighlightOptions> {
  return { oneCharacterWords: await japaneseOneCharacterWords() };
}

/**
 * A highlighter for these search terms (keywords, synonyms, the words of formula rows; excluded
 * words are not passed). Terms without a letter or digit are ignored.
 */
export function highlighter(terms: readonly string[], options: HighlightOptions = {}): Highlighter {
  const literals = new Set<string>();
  const stems = new Set<string>();
  for (const term of terms) {
    const text = term.normalize('NFKC').toLowerCase().trim();
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    if (CJK.test(text)) {
      // CJK parts as written; Latin words inside them (usb in usbメモリ) by stem too.
      for (const piece of text.split(/\s+/)) if (CJK.test(piece)) literals.add(piece);
      for (const word of text.match(LATIN_WORD) ?? []) for (const stem of englishTokens(word)) stems.add(stem);
    } else {
      for (const stem of englishTokens(text)) stems.add(stem);
    }
  }
  const active = literals.size > 0 || stems.size > 0;
  const { oneCharacterWords, analysed } = options;
  const stemCache = new Map<string, boolean>();
  const wordMatches = (word: string): boolean => {
    let hit = stemCache.get(word);
    if (hit === undefined) {
      hit = englishTokens(word).some((stem) => stems.has(stem));
      stemCache.set(word, hit);
    }
    return hit;
  };
  let patterns: Array<{ key: string; pattern: RegExp }> | undefined;
  const wordPatterns: Record<string, RegExp> = {};
  return {
    active,
    places(text: string): Place[] {
      patterns ??= [...[...literals].map((key) => ({ key, pattern: termPattern(key, false) })), ...[...stems].map((key) => ({ key, pattern: termPattern(key, true) }))];
      const found: Place[] = [];
      const add = (key: string, pattern: RegExp, into: Place[]) => {
        const before = into.length;
        for (const match of text.matchAll(pattern)) into.push({ at: match.index, end: match.index + match[0].length, key });
        return into.length > before;
      };
      for (const { key, pattern } of patterns) {
        // A keyword the text never writes may be there as its analysed words (「従来の技術」): their places where they meet, each its own key, so a passage where they do weighs most.
        const words = analysed?.words.get(key);
        if (add(key, pattern, found) || !words) continue;
        const ofWords: Place[] = [];
        for (const word of words) add(word, (wordPatterns[word] ??= termPattern(word, false)), ofWords);
        found.push(...wordsMeeting(ofWords.sort((a, b) => a.at - b.at)));
      }
      return found.sort((a, b) => a.at - b.at);
    },
    parts(text: string, { someWords = false } = {}): HighlightPart[] {
      if (!active || !text) return [{ text, mark: false }];
      const fold = folded(text);
      const marks: Array<[number, number]> = [];
      // Whether one-character terms are marked as words only: asked once, and only where there is one to mark.
      let asWords: boolean | undefined;
      for (const literal of literals) {
        const before = marks.length;
        for (let at = fold.text.indexOf(literal); at >= 0; at = fold.text.indexOf(literal, at + literal.length)) {
          if (oneCharacterWords && isOneCharacter(literal) && (asWords ??= oneCharacterWords.covers(text)) && !oneCharacterWords.wordAt(text, fold.start[at]!)) continue;
          marks.push([at, at + literal.length]);
        }
        const words = marks.length === before ? analysed?.words.get(literal) : undefined;
        if (words) marks.push(...analysedMarks(text, fold.text, fold.start, words, analysed!, someWords));
      }
      if (stems.size > 0) {
        for (const match of fold.text.matchAll(LATIN_WORD)) if (wordMatches(match[0])) marks.push([match.index, match.index + match[0].length]);
      }
      if (marks.length === 0) return [{ text, mark: false }];
      marks.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
      const parts: HighlightPart[] = [];
      let last = 0;
      for (const [start, end] of marks) {
        const from = Math.max(fold.start[start]!, last);
        const to = fold.end[end - 1]!;
        if (to <= from) continue;
        if (from > last) parts.push({ text: text.slice(last, from), mark: false });
        parts.push({ text: text.slice(from, to), mark: true });
        last = to;
      }
      if (last < text.length) parts.push({ text: text.slice(last), mark: false });
      return parts;
    },
  };
}
