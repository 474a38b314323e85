// Japanese noun compounds (レーザ加工機, 半導体装置), for keyword extraction.
import { HAS_WORD_CHAR, JAPANESE_STOP_WORDS } from './japanese-content-words.ts';
import { japaneseMorphology } from './japanese-segmenter.ts';
import type { Morpheme } from './morphology.ts';
import { normalizeText } from './normalize.ts';

type CompoundPart = 'prefix' | 'noun' | 'suffix' | 'joiner';

function compoundPart(token: Morpheme): CompoundPart | null {
  // ・ between nouns keeps a transliterated name or a listing together (画像・音声処理装置).
  if (token.surface_form === '・') return 'joiner';
  // kuromoji tags unknown punctuation (',') as a noun: only letters and digits make words.
  if (!HAS_WORD_CHAR.test(token.surface_form)) return null;
  if (token.pos === '接頭詞') return token.pos_detail_1 === '名詞接続' || token.pos_detail_1 === '数接続' ? 'prefix' : null;
  if (token.pos !== '名詞') return null;
  switch (token.pos_detail_1) {
    case '非自立':
    case '代名詞':
    case '特殊':
      return null;
    case '接尾':
      return 'suffix';
    default:
      return JAPANESE_STOP_WORDS.has(token.surface_form) ? null : 'noun';
  }
}

const NUMBER_ONLY = /^[\p{N}.]+$/u;
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}.\-_]+$/u;

/**
 * Noun compounds in text order, duplicates kept (callers count them): maximal runs of
 * nouns with a leading prefix (再送信, 第1電極), inner or trailing suffixes (安全性, 制御部,
 * 二次電池) and ・ between nouns: 半導体装置, 画像認識装置, usbメモリ. A compound does not
 * start with a suffix, does not end with an adverbial suffix (基板上 → 基板), and drops
 * 前記 / 該. A lone verbal noun used as a verb (記憶 in 記憶された) is not a compound.
 * Single one-character nouns, bare numbers and purely Latin words are left out (the English
 * side handles those). Surfaces are normalizeText()-ed but not katakana-stemmed, for display.
 */
export async function japaneseNounPhrases(text: string): Promise<string[]> {
  const normalized = normalizeText(text);
  const phrases: string[] = [];
  if (!normalized) return phrases;
  const segmenter = await japaneseMorphology();
  let current: Morpheme[] = [];
  const flush = (next?: Morpheme) => {
    while (current.length > 0) {
      const last = current[current.length - 1]!;
      const trailingAdverbialSuffix = last.pos_detail_1 === '接尾' && last.pos_detail_2 === '副詞可能';
      if (last.pos === '接頭詞' || last.surface_form === '・' || trailingAdverbialSuffix) current.pop();
      else break;
    }
    const verbalNounAsVerb =
      current.length === 1 && current[0]!.pos_detail_1 === 'サ変接続' && next?.pos === '動詞' && next.basic_form === 'する';
    // At least one real noun: not only prefixes, suffixes and numbers (第1, 10個).
    const hasNoun = current.some((t) => t.pos === '名詞' && t.pos_detail_1 !== '接尾' && t.pos_detail_1 !== '数');
    if (hasNoun && !verbalNounAsVerb) {
      const phrase = current.map((t) => t.surface_form).join('');
      const single = current.length === 1 && [...phrase].length === 1;
      if (!single && !NUMBER_ONLY.test(phrase) && !LATIN_ONLY.test(phrase)) phrases.push(phrase);
    }
    current = [];
  };
  for (const token of segmenter.tokenize(normalized)) {
    const part = compoundPart(token);
    if (part === null) flush(token);
    else if (part === 'joiner') {
      if (current.length > 0) current.push(token);
    } else if (part === 'prefix') {
      // A prefix opens a new compound unless it follows prefixes only.
      if (current.some((t) => t.pos !== '接頭詞')) flush(token);
      current.push(token);
    } else if (part === 'suffix' && current.length === 0) {
      continue;
    } else current.push(token);
  }
  flush();
  return phrases;
}
