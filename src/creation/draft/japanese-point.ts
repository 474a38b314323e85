// A named part of claim 1 as the Japanese problem and effect name it: with the claim's modifier that defines it, in the claim's own order
// (「…を規制するストッパを備える構成」). The bare name said nothing (「ストッパを備える構成については十分に検討されていない」, JP2010001897A,
// whose claim says 「前記回転部の軸方向に押し下がる動き量を前記ベアリングの内輪に当接して規制するストッパ」; the point is a named part in 68 of
// the 281 JP drafts). Used by japanese.ts's noveltyPhrase.
import { escapeRegExp } from './text.ts';

/**
 * The modifier's length, in characters (前記 dropped). The modifiers of the 68 named point parts of the corpus' JP drafts run from 9 to 235
 * characters (median about 45). One over SOFT_CHARS keeps its clauses nearest the name, cut after a 「、」 that closes a clause (「…に基づいて、」,
 * 「…を取得し、」, 「…場合に、」), not a list's 「、」 nor one after a subject (「…とが、」); without such a cut it is said whole up to MAX_CHARS, else only
 * the name: the problem says the phrase twice and the effect once more.
 */
export const SOFT_CHARS = 60;
export const MAX_CHARS = 90;

/** A 「、」 after which a clause may be cut off: after a verb's or an adjective's continuative form (「され、」, 「し、」, 「く、」), 「て」「で」 or 「に」 (not 「が」「は」「と」「を」「の」「へ」, a noun). */
const CLAUSE_COMMA = /(?<=[いきしちにひみりぎじびえけせてねめれげでべずく])、/gu;
/** The claim's reference signs (「（２４、２６）」, 「（２８）」) and an item label (「ｃ．」, JP2012145109A): the problem has none. */
const SIGNS = /[（(][０-９0-9]+[ａ-ｚa-z]?(?:[，,、][０-９0-9]+[ａ-ｚa-z]?)*[）)]/gu;
const LABEL = /^[ａ-ｚa-zＡ-Ｚ][．.]\s*/u;

/** Commas at bracket depth 0 where CLAUSE_COMMA allows a cut. */
function clauseCuts(text: string): number[] {
  const cuts: number[] = [];
  for (const match of text.matchAll(CLAUSE_COMMA)) {
    const before = text.slice(0, match.index);
    if ((before.match(/[（(「]/gu)?.length ?? 0) === (before.match(/[）)」]/gu)?.length ?? 0)) cuts.push(match.index);
  }
  return cuts;
}

/**
 * 「<modifier><name>」 for a named part, or null when the claim puts nothing before the name that defines it (「場合により着色剤」, JP2011225876A)
 * or only the claimed thing itself is named. `clean`: the problem's wording of claim text (前記 dropped, japanese.ts).
 */
export function definedJapanesePart(part: { text: string; name: string }, subject: string, clean: (text: string) => string): string | null {
  const { name } = part;
  if (name === subject) return null;
  const text = part.text.replace(LABEL, '').replace(SIGNS, '').trim();
  // 「…に支持される第１軸部材であって、…」 (JP7550342B2): the part as its element first names it.
  const at = new RegExp(`${escapeRegExp(name)}(?=であって|であり)`, 'u').exec(text)?.index ?? (text.endsWith(name) ? text.length - name.length : -1);
  if (at <= 0) return null;
  let modifier = clean(text.slice(0, at))
    .replace(/この(?=[\p{Script=Han}\p{Script=Katakana}])/gu, '')
    .trim();
  if (!/[るたいなの]$/u.test(modifier)) return null;
  if (modifier.length > SOFT_CHARS) {
    const cuts = clauseCuts(modifier);
    const within = (most: number): number | undefined => cuts.find((cut) => modifier.length - cut - 1 <= most);
    const cut = within(SOFT_CHARS) ?? (modifier.length > MAX_CHARS ? within(MAX_CHARS) : undefined);
    if (cut !== undefined) modifier = modifier.slice(cut + 1).replace(/^(?:かつ|及び|および|並びに|また)、?/u, '');
    else if (modifier.length > MAX_CHARS) return null;
  }
  return `${modifier}${name}`;
}
