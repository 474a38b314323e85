// Japanese content words: the form a kuromoji token is indexed under (nouns; verbs and
// adjectives in base form), or none, and the stop words the noun compounds share.
import { stemKatakana } from './cjk-script.ts';
import type { Morpheme } from './morphology.ts';

/** Patent boilerplate and light verbs that carry no meaning for retrieval (base forms). */
export const JAPANESE_STOP_WORDS: ReadonlySet<string> = new Set([
  // 前記 / 該 / 当該 are "said" / "the", as in the English and Chinese lists.
  '前記', '該', '当該',
  // light and auxiliary verbs (する in 接続する, いる in している …)
  'する', 'ある', 'いる', 'なる', 'おる', 'できる', 'れる', 'られる', 'せる', 'させる', 'くる', 'いく',
  // formal nouns IPADIC sometimes tags as 一般
  'こと', 'もの', 'ため', 'よう', 'とき', 'ところ',
]);

const SINGLE_KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]$/u;
export const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

function basicForm(token: Morpheme): string {
  return token.basic_form && token.basic_form !== '*' ? token.basic_form : token.surface_form;
}

/** Content-word form of one kuromoji token, or null for particles, auxiliaries, symbols … */
export function contentWord(token: Morpheme): string | null {
  const { pos, pos_detail_1: detail } = token;
  let word: string;
  if (pos === '名詞') {
    // 非自立 (こと, ため), 代名詞 (これ), 特殊, 接尾 (性, 部, 上: kept in compounds only).
    if (detail === '非自立' || detail === '代名詞' || detail === '特殊' || detail === '接尾') return null;
    word = token.surface_form;
  } else if (pos === '動詞' || pos === '形容詞') {
    if (detail !== '自立') return null;
    word = basicForm(token);
  } else {
    return null;
  }
  if (JAPANESE_STOP_WORDS.has(word) || SINGLE_KANA.test(word) || !HAS_WORD_CHAR.test(word)) return null;
  return stemKatakana(word);
}
