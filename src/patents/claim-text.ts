// A claim as people paste it: copied from a gazette or a US grant, it starts with its number
// ("1. A faucet …", 【請求項１】, １、). The number is not part of what is claimed: the element
// cutter, the drafter, a search result's claim and the summaries of a simulation leave it out.

const CLAIM_NUMBER = /^\s*(?:【請求項[０-９\d]+】|[\d０-９]+\s*[.．、,，)）]\s*|claim\s+\d+\s*[.:]\s*)/i;

/** The claim without the number it opens with, if any. */
export function withoutClaimNumber(text: string): string {
  return text.replace(CLAIM_NUMBER, '');
}

// Brackets a claim opens: parentheses, quotes and notes (「一般式（Ｉ）〔式中、Ｒ１は、…〕」, JP2016531902A). A 「、」, 「と、」 or
// 及び inside them belongs to what they hold, so the element cutter and the drafter read a claim's lists outside them only.
const OPENING = '（(「『【［[〔';
const CLOSING = '）)」』】］]〕';

/** The depth after `ch`: one more after an opening bracket, one less after a closing one (never below 0). */
const after = (depth: number, ch: string): number => (OPENING.includes(ch) ? depth + 1 : CLOSING.includes(ch) ? Math.max(0, depth - 1) : depth);

/** How many brackets are open at `index` of the text (an opening bracket is at the depth before it, a closing one inside). */
export function depthAt(text: string, index: number): number {
  let depth = 0;
  for (let i = 0; i < index; i++) depth = after(depth, text[i]!);
  return depth;
}

/** For each character, whether it stands outside brackets: depthAt after it is 0 (an opening bracket is inside, a closing one outside). */
export function topLevel(text: string): boolean[] {
  let depth = 0;
  return text.split('').map((ch) => (depth = after(depth, ch)) === 0);
}

// A Japanese claim may close on its claimed thing and go on with what defines it: 「…の範囲内である硬化体： ［化学式１］
// （Ｒ２ＳｉＯ１／２Ａ１／２） 化学式１で、Ｒは、…であり、Ａは、炭素数１〜４のアルキレン基である。」 (JP2017505352A, translated from
// Korean), 「…を有する銅微粉の製造方法。 （ａ）…のモル比：１〜２０ （ｂ）…」 (JP2010059453A), 「…で表される化合物。 一般式（Ｉ）中、…」.
const CLAIM_NOUN = '[\\p{Script=Han}\\p{Script=Katakana}ー・Ａ-Ｚａ-ｚ０-９A-Za-z0-9]';
/** The claimed thing after a predicate or a claim reference: 「…である硬化体」, 「…、請求項１１〜１３のいずれか１項に記載の方法又は使用」. */
const SUBJECT_BEFORE_COLON = new RegExp(
  `(?:[るたいだうくすつぬぶむ]、?|記載(?:の|した|された))(?:${CLAIM_NOUN}+の)?${CLAIM_NOUN}+(?:(?:又は|または|及び|および)${CLAIM_NOUN}+)?$`,
  'u',
);
/** What closes a claim: its reference and subject (「…、請求項１に記載の組成物。」); a colon before it is inside the sentence. */
const CLAIM_CLOSE = /請求項[^。]*?記載(?:の|した|された)[^、。]*。?\s*$/u;

/**
 * Where a Japanese claim's sentence closes on its claimed thing before text appended to it (formula blocks, 「（式中、…）」,
 * 「但し、…」, conditions （ａ）…): the index of that 「。」 or 「：」, -1 when the claim has none. A 「。」 closes it after a noun
 * (not 「…構成される。 電子機器。」, JP2022510643A); a 「：」 only after a claimed thing (not 「下記一般式（１）： （Ｂａ…」, 「式(I):」,
 * 「ＪＩＳ Ｒ １７０３−２：２００７」) and before text that does not close the claim itself (「…化合物（Ｉ−３）： のうちの１種類によって
 * 表される、請求項１に記載の組成物。」, JP2016531902A).
 */
export function appendedOpening(text: string): number {
  const top = topLevel(text);
  for (let at = 0; at < text.length; at++) {
    const ch = text[at]!;
    if (!top[at] || (ch !== '。' && ch !== '：' && ch !== ':')) continue;
    if (!text.slice(at + 1).trim()) return -1;
    const before = text.slice(0, at).trimEnd();
    if (ch === '。' ? /[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚA-Za-z０-９0-9]$/u.test(before) : SUBJECT_BEFORE_COLON.test(before) && !CLAIM_CLOSE.test(text.slice(at + 1))) return at;
  }
  return -1;
}
