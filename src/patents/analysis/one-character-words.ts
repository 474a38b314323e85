// Where Japanese text's own analysis has a one-character word: a morpheme of one character that
// kuromoji cuts out (軸 of 回転軸, 着 of 貼着, 溝 of 溝が), or a lone Han/katakana character
// between kana, which the analyser's bigrams give as itself. A claim chart marks an element's
// one-character word only there: 着 matched in a passage on 貼着 is not 着 inside 密着性 or 付着,
// which the segmentation reads as the words 密着 and 付着.
//
// A morpheme, not only a content word: the analyser's tokens leave out suffix nouns (軸 of 回転軸,
// 部 of 制御部 are 名詞-接尾), yet 回転軸 is 回転 and 軸 to the reader and to the segmentation,
// while 密着 is one word.
import { isBigramCharacter, isCjk, japaneseMorphology, KANA, type Segmenter } from './japanese.ts';
import { normalizeText } from './normalize.ts';

/** What a highlighter asks (search/highlight.ts OneCharacterWords). */
export interface OneCharacterWordsOf {
  /** Whether this text is one the analysis can tell for: Japanese, with kana in it (kanji alone may be Chinese). */
  covers(text: string): boolean;
  /** Whether a word of one character starts at this offset (UTF-16) of the text. */
  wordAt(text: string, at: number): boolean;
}

/**
 * The offsets in each CJK run (its text as key) of its one-character words. A run is analysed
 * alone, as japaneseTokensNormalized analyses it, so its words depend on nothing else; patent
 * text repeats its runs (前記, を備える), and a claim chart's passages repeat each other's.
 * Bounded: when full, start over.
 */
const runWords = new Map<string, readonly number[]>();
const RUN_LIMIT = 100_000;
const NONE: readonly number[] = [];

/** Offsets in the run where a one-character word starts (none when normalising changes its length: half-width kana, rare). */
function wordsOfRun(segmenter: Segmenter, run: string): readonly number[] {
  let known = runWords.get(run);
  if (known !== undefined) return known;
  const normalized = normalizeText(run);
  const found: number[] = [];
  if (normalized.length === run.length) {
    // The run's morphemes: kuromoji's tokens lie end to end over the run.
    let offset = 0;
    for (const token of segmenter.tokenize(normalized)) {
      const surface = token.surface_form;
      // Han and katakana only: a lone hiragana morpheme (が, に) is grammar, never an element's word.
      const code = surface.codePointAt(0)!;
      if (surface.length === (code > 0xffff ? 2 : 1) && isBigramCharacter(code)) found.push(offset);
      offset += surface.length;
    }
    // Its bigrams: a run of one bigram character gives that character.
    for (let i = 0; i < normalized.length; ) {
      const code = normalized.codePointAt(i)!;
      const end = i + (code > 0xffff ? 2 : 1);
      if (isBigramCharacter(code)) {
        let next = end;
        while (next < normalized.length && isBigramCharacter(normalized.codePointAt(next)!)) next += normalized.codePointAt(next)! > 0xffff ? 2 : 1;
        if (next === end && !found.includes(i)) found.push(i);
        i = next;
      } else {
        i = end;
      }
    }
  }
  known = found.length ? found : NONE;
  if (runWords.size >= RUN_LIMIT) runWords.clear();
  runWords.set(run, known);
  return known;
}

/**
 * Whether a one-character word of Japanese text starts at `at`: only the CJK run around it is
 * analysed (a passage of 300 characters on 密着性 has a run or two holding 着, not 300 characters to segment).
 */
export function japaneseWordAt(segmenter: Segmenter, text: string, at: number): boolean {
  const { start, end } = cjkRunAround(text, at);
  return end > at && wordsOfRun(segmenter, text.slice(start, end)).includes(at - start);
}

/** The CJK run (kanji and kana, as the analyser reads a run) around offset `at`; surrogate pairs kept whole. */
export function cjkRunAround(text: string, at: number): { start: number; end: number } {
  let start = at;
  while (start > 0) {
    const unit = text.charCodeAt(start - 1);
    const pair = unit >= 0xdc00 && unit <= 0xdfff && start > 1;
    if (!isCjk(pair ? text.codePointAt(start - 2)! : unit)) break;
    start -= pair ? 2 : 1;
  }
  let end = at;
  while (end < text.length) {
    const code = text.codePointAt(end)!;
    if (!isCjk(code)) break;
    end += code > 0xffff ? 2 : 1;
  }
  return { start, end };
}

/** One-character words of Japanese texts, once kuromoji's dictionary is loaded (a second on the process's first use). */
export async function japaneseOneCharacterWords(): Promise<OneCharacterWordsOf> {
  const segmenter = await japaneseMorphology();
  return { covers: (text) => KANA.test(text), wordAt: (text, at) => japaneseWordAt(segmenter, text, at) };
}
