// Where Japanese text has a word of one character as its morphological analysis cuts it out (例 of
// 一例 and 表示例, 軸 of 回転軸), for a search keyword's analysed words (analysed-marks.ts). Narrower
// than one-character-words.ts, which also counts a lone kanji before kana as the index's bigrams
// give it: 例 of 「例えば」 is a word to the index, and was marked in 11 of 変形例's 50 snippets,
// where the reader sees the adverb 例えば, not the 例 of 変形例.
import { isBigramCharacter, japaneseMorphology, KANA, type Segmenter } from '../patents/analysis/japanese.ts';
import { normalizeText } from '../patents/analysis/normalize.ts';
import { cjkRunAround } from '../patents/analysis/one-character-words.ts';
import type { OneCharacterWords } from './highlight.ts';

/** Offsets of each CJK run's one-character morphemes (its text as key), bounded: when full, start over. */
const runMorphemes = new Map<string, readonly number[]>();
const RUN_LIMIT = 50_000;

/** Offsets in the run where kuromoji cuts out a morpheme of one Han or katakana character (none when normalising changes its length). */
function morphemesOfRun(segmenter: Segmenter, run: string): readonly number[] {
  let known = runMorphemes.get(run);
  if (known !== undefined) return known;
  const found: number[] = [];
  const normalized = normalizeText(run);
  if (normalized.length === run.length) {
    let offset = 0;
    for (const { surface_form: surface } of segmenter.tokenize(normalized)) {
      const code = surface.codePointAt(0)!;
      if (surface.length === (code > 0xffff ? 2 : 1) && isBigramCharacter(code)) found.push(offset);
      offset += surface.length;
    }
  }
  known = found;
  if (runMorphemes.size >= RUN_LIMIT) runMorphemes.clear();
  runMorphemes.set(run, known);
  return known;
}

/** One-character morphemes of Japanese texts (texts with kana), once kuromoji's dictionary is loaded. */
export async function japaneseOneCharacterMorphemes(): Promise<OneCharacterWords> {
  const segmenter = await japaneseMorphology();
  return {
    covers: (text) => KANA.test(text),
    wordAt(text, at) {
      const { start, end } = cjkRunAround(text, at);
      return end > at && morphemesOfRun(segmenter, text.slice(start, end)).includes(at - start);
    },
  };
}
