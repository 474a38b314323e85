// Reference signs a claim gives itself (「所定の温度範囲（２６０）を含むプロセッサ（１２０）と、…公共料金メータ（１００）。」,
// JP2012247417A, a translation that keeps the original's numbers): the drafter uses them rather than numbering
// the parts 10, 20, 30 … itself, and the description writes them as it writes its own (プロセッサ１２０).

/** A sign in brackets right after a name: 「プロセッサ（１２０）」, 「支持部（１２ａ）」 (not 「一般式（１）」 of a formula: a name ends in kanji or katakana). */
const OWN_SIGN = /(?<=[\p{Script=Han}\p{Script=Katakana}ー])\s*[（(]([０-９0-9]{1,4}[ａ-ｚa-z]?)[）)]/gu;
const TRAILING_SIGN = new RegExp(`${OWN_SIGN.source}$`, 'u');

// Digits as the drafter's own signs are stored (signText widens them); a letter (「取付アーム（４０ｆ）」 JP2010017197A) full width, as printed.
const halfWidth = (text: string): string =>
  text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** The element without the sign it ends on, and that sign ('120'), or no sign. */
export function trailingOwnSign(text: string): { text: string; sign?: string } {
  const match = TRAILING_SIGN.exec(text);
  return match ? { text: text.slice(0, match.index), sign: halfWidth(match[1]!) } : { text };
}

/**
 * A name followed by the claim's own sign or signs (「入口又は出口ポート（２４、２６）」 JP2012145109A, 「ハンガー（４０ｄ，４０ｄ）」
 * JP2010017197A): withSigns adds none there. A RegExp source for a lookahead.
 */
export const OWN_SIGN_AHEAD = String.raw`\s*[（(][０-９0-9]{1,4}[ａ-ｚa-z]?(?:[、，,]\s*[０-９0-9]{1,4}[ａ-ｚa-z]?)*[）)]`;

/** The claim's own signs as the description writes them: 「プロセッサ（１２０）」 → 「プロセッサ１２０」. */
export const describedOwnSigns = (text: string): string => text.replace(OWN_SIGN, (_, sign: string) => sign.replace(/[0-9a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)));

/** Without them (the problem and the effect name no signs): 「温度センサ（２１０）が…」 → 「温度センサが…」. */
export const withoutOwnSigns = (text: string): string => text.replace(OWN_SIGN, '');

/** Whether the claims write this name with a sign of their own (「…基部（１４０）をさらに備え」). */
export const hasOwnSign = (name: string, texts: string[]): boolean =>
  texts.some((text) => [...text.matchAll(OWN_SIGN)].some((match) => text.slice(0, match.index).trimEnd().endsWith(name)));
