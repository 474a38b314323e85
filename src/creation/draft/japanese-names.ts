// The names a Japanese claim gives its components: the noun compound an element ends with
// (「…を含む正極層」 → 正極層), with its ordinal (第１の), or the kanji run IPADIC misreads
// (貼着工程). The claims reader, the 及び splitter and the added signs all name parts this way.
import { japaneseMorphology, type Morpheme } from '../../patents/analysis/index.ts';

/** Text that ends as a noun would (a name may end here). */
export const NOUN_END = /[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚA-Za-z０-９0-9]$/u;

function isCompoundToken(token: Morpheme): boolean {
  if (token.pos === '接頭詞') return token.pos_detail_1 === '名詞接続' || token.pos_detail_1 === '数接続';
  // 「画像読取装置」 (JP2020072396A) is read 画像/読取/装置 with 読取 a verb: a verb written in kanji alone, its okurigana
  // left out, is a noun in a compound (読取, 取付); 「Ｘ線ＣＴ装置」 (JP2012090772A) has ＣＴ as two letters, IPADIC's 記号.
  // Either cut the name to 装置 (the letters count inside a name only, see trailingCompound).
  if (token.pos === '動詞') return /^\p{Script=Han}{2,}$/u.test(token.surface_form);
  if (token.pos !== '名詞') return false;
  if (token.pos_detail_1 === '非自立' || token.pos_detail_1 === '代名詞') return false;
  return !['前記', '上記', '該', '当該', 'こと', 'もの'].includes(token.surface_form);
}

/**
 * A verb's continuative form with its okurigana before a suffix: 「液溜め部」 is read 液/溜め/部 (JP2010051953A), and the name ended at the
 * bare suffix 部, so no name at all (「塗液の液溜め部」 was a limitation, said after the parts and unsigned). Such a verb is inside the name.
 */
const continuative = (token: Morpheme, next: Morpheme | undefined): boolean =>
  token.pos === '動詞' &&
  next?.pos === '名詞' &&
  next.pos_detail_1 === '接尾' &&
  token.surface_form !== token.basic_form &&
  /^\p{Script=Han}+[いきしちにひみりぎじびえけせてねへめれげぜでべ]$/u.test(token.surface_form);

/** The noun compound the text ends with (「…を含む正極層」 → 正極層), '' when it ends otherwise. */
export function trailingCompound(tokens: Morpheme[]): { compound: string; start: number } {
  let start = tokens.length;
  // Letters end no name: 「小役Ａｍ」 (JP2010017384A) is the game's 小役 named Ａｍ, no component.
  const letter = (token: Morpheme): boolean => token.pos === '記号' && token.pos_detail_1 === 'アルファベット';
  while (start > 0 && (isCompoundToken(tokens[start - 1]!) || (letter(tokens[start - 1]!) && start < tokens.length) || continuative(tokens[start - 1]!, tokens[start]))) start--;
  // A leading suffix or number belongs to what precedes it (第１ is kept with its prefix).
  while (start < tokens.length && tokens[start]!.pos_detail_1 === '接尾') start++;
  return { compound: tokens.slice(start).map((t) => t.surface_form).join(''), start };
}

/**
 * Nouns that say what a thing is like or does, not what it is: 「…引き合う形状を特徴とする」 (JP2011067573A), 「落下したことを記録する
 * 機能を有する装置であって、」 (JP2010002181A) name no part (written 「形状１０は、…」, 「機能１０は、落下したことを記録する。」).
 */
export const ATTRIBUTE = /^(?:形状|特徴|構造|構成|機能|状態|部分|位置|方向|効果)$/;

const SCRIPT_RUN_NAME = /([\p{Script=Han}\p{Script=Katakana}ー]{3,})$/u;

/** The words a claim names a method's step with, as a pattern's source. */
export const STEP_WORD = '(?:工程|ステップ|段階)';
/** A step of a method, however the claim names it (「保護部材貼着工程」, 「第１の改質層形成工程」): a limitation of the method, no part. */
export const STEP_END = new RegExp(`${STEP_WORD}$`);

export async function japaneseName(text: string): Promise<string | null> {
  if (!NOUN_END.test(text)) return null;
  const tokens = (await japaneseMorphology()).tokenize(text);
  const last = tokens[tokens.length - 1];
  if (!last) return null;
  // IPADIC misreads some compounds at the end (「貼着工程」 → 貼/着工/程, 程 a particle): the run of
  // kanji and katakana closing the text names it then, as long as it is more than a bare 「工程」.
  if (!isCompoundToken(last)) {
    const run = SCRIPT_RUN_NAME.exec(text)?.[1]?.replace(/^(?:前記|上記|当該|該)/, '').match(/^.{2,}(?:工程|ステップ|段階|部|器|機|装置|手段)$/)?.[0];
    return run ? withOrdinal(text, run) : null;
  }
  // 「前記正極層は硫化物」 (the cutter's cut before 「を含む」 of a clause with its own topic) is a limitation.
  // Not the は of 「とは」 (「…とは別に」, 「…とは異なる」), which compares: 「前記発射操作手段とは別に設けられ、遊技者が操作可能な
  // 演出操作手段」 (JP2015164459A) names 演出操作手段 (left unsigned, and out of the components the embodiment lists). 「…場合には」,
  // 「…ときには」 may open a clause of the element's own (JP2010065709A, JP2010017384A: read as names, they took a neighbour's words).
  if (tokens.some((token, i) => token.pos === '助詞' && token.surface_form === 'は' && tokens[i - 1]?.surface_form !== 'と')) return null;
  const { compound } = trailingCompound(tokens);
  // Steps of a method (「…する工程」) are limitations, not components with a sign.
  if (!compound || /^(?:こと|もの|ため|場合|とき|状態|工程|ステップ|段階|動作|処理|手順)$/.test(compound) || ATTRIBUTE.test(compound)) return null;
  // The whole kanji run the name ends: IPADIC reads 「不織布」 as 不 + 織 + 布 and 「振分部」 as 振 + 分部 (JP2020092893A, JP2022085473A,
  // named 布 and 分部, whose signs then marked 不織布 and 振分部 only as the ends of longer words).
  const run = /(?<![\p{Script=Han}\p{Script=Katakana}ー])[\p{Script=Han}]+(?=[\p{Script=Han}\p{Script=Katakana}ー]*$)/u.exec(text.slice(0, -compound.length))?.[0] ?? '';
  const whole = text.endsWith(`${run}${compound}`) ? `${run}${compound}`.replace(/^(?:前記|上記|当該|該|各)/, '') : compound;
  return withOrdinal(text, whole);
}

/**
 * 「第１の改質層形成工程」 and 「第２の改質層形成工程」 are two components: the ordinal is part of the name. So it is written on
 * the name (「第１不織布」, 「第２不織布」 of JP2020092894A): IPADIC reads 不織布 as 不 + 織 (a verb) + 布, the name was taken from the
 * kanji run after the number, and both were one 不織布 with one sign, the second never named in the embodiment.
 */
export function withOrdinal(text: string, name: string): string {
  const ordinal = /(第[０-９0-9一二三四五六七八九十]+の?)$/.exec(text.slice(0, -name.length))?.[1];
  return ordinal ? `${ordinal}${name}` : name;
}
