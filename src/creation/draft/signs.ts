// Reference signs (符号): the claimed thing is 1, its components 10, 20, 30 … in claim order, as
// JPO and US drafts number them; Japanese text prints them in full-width digits (正極層１０).
import type { ReferenceSign } from '../../patent-documents/model.ts';
import type { ClaimLanguage, ReadClaim } from './claims.ts';
import { STEP_END } from './japanese-names.ts';
import { OWN_SIGN_AHEAD } from './own-signs.ts';
import { escapeRegExp, fullWidthDigits } from './text.ts';

export interface SignedPart {
  name: string;
  /** '' for a step of a method (see assignSigns). */
  sign: string;
  /** The element text it was named in. */
  text: string;
}

/** The claim whose components get signs: the first independent product claim (claim 1 unless it is a method). */
export function signedClaim(claims: ReadClaim[]): ReadClaim | undefined {
  const independent = claims.filter((claim) => claim.independent);
  return independent.find((claim) => !claim.method && claim.parts.some((part) => part.name)) ?? independent.find((claim) => !claim.method) ?? independent[0] ?? claims[0];
}

/** Signs for the subject (1) and each distinct component of the claim (10, 20, …). */
export function assignSigns(claim: ReadClaim | undefined): { subject: ReferenceSign | null; parts: SignedPart[] } {
  if (!claim) return { subject: null, parts: [] };
  const parts: SignedPart[] = [];
  const seen = new Set<string>([claim.subject.toLowerCase()]);
  // The claim's own signs (「プロセッサ（１２０）」, JP2012247417A) are kept, also where the claim writes one only on a later mention
  // (「…塗液吐出部を有する塗工機であって、…塗液吐出部（３）の開口幅」, JP2010051953A: numbered 10 beside the claim's 塗液吐出部３);
  // a part it leaves without one is numbered on, clear of them.
  const signOf = (part: ReadClaim['parts'][number]) => part.sign ?? (part.name ? laterOwnSign(claim.text, part.name) : undefined);
  const own = new Set([...(claim.subjectSign ? [claim.subjectSign] : []), ...claim.parts.flatMap((part) => signOf(part) ?? [])]);
  let next = 10;
  for (const part of claim.parts) {
    if (!part.name || seen.has(part.name.toLowerCase())) continue;
    seen.add(part.name.toLowerCase());
    // A method's named step (「保護部材貼着工程と、…分割工程と、を備える」, JP2017191825A) is listed and described by its name, but is no
    // part to number: 「保護部材貼着工程１０」 read as a component in a drawing (steps are labelled ステップＳ１ on a flowchart, if at all).
    if (claim.method && STEP_END.test(part.name)) {
      parts.push({ name: part.name, sign: '', text: part.text });
      continue;
    }
    const sign = signOf(part);
    while (!sign && own.has(String(next))) next += 10;
    parts.push({ name: part.name, sign: sign ?? String(next), text: part.text });
    if (!sign) next += 10;
  }
  // A material or a method without components (「…を含有するガラスセラミックス」) gets no sign at all.
  return { subject: claim.method || parts.length === 0 ? null : { sign: claim.subjectSign ?? '1', name: claim.subject }, parts };
}

/** The one sign the claim writes right after the name somewhere (「塗液吐出部（３）」 → '3'), not after a longer name ending in it. */
function laterOwnSign(text: string, name: string): string | undefined {
  const match = new RegExp(`${JA_NOT_A_LONGER_NAME}${escapeRegExp(name)}\\s*[（(]([０-９0-9]{1,4})[）)]`, 'u').exec(text);
  return match ? match[1]!.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)) : undefined;
}

/** The sign as written in the text of the language. */
export const signText = (sign: string, lang: ClaimLanguage): string => (lang === 'ja' ? fullWidthDigits(sign) : sign);

/**
 * Not the end of a longer kanji name: 「第２の利用許可手段」 is no 許可手段 (JP2017167716A, written 「第２の利用許可手段２０」 with the sign of
 * 「…許可手段と、」 of claim 1). After 上記, 前記, 当該, 該, 各 or 両 it is the name.
 */
const JA_NOT_A_LONGER_NAME = '(?:(?<!\\p{Script=Han})|(?<=上記|前記|当該|該|各|両))';

/**
 * A name said as a verb takes no sign: 「出力」 followed by する/し/され/させ/できる is the act of outputting, not the output
 * (JP2012502395A, was 「…計算リソース５０へ出力４０する」).
 */
const JA_VERB_AHEAD = String.raw`する|すれ|すべ|し[、てたなうよまえつ]|さ[れせ]|せ[ずよ]|でき`;
/**
 * In English, after "to" or a modal (an adverb between) and before its object: "to pull the object into the garment sleeve"
 * (US6981920B1, was "to pull 10 the object"). After "to" alone a name may still be a noun without an article ("coupled to
 * ground"), so the object after it is needed too.
 */
const EN_VERB_BEHIND = /\b(?:to|can|could|may|might|must|shall|should|will|would)\s+(?:[a-z]+ly\s+)?$/i;
const EN_OBJECT_AHEAD = /^\s+(?:the|a|an|said|its|their|his|her|this|these|those|it|them)\b/i;

/**
 * Every mention of a signed name followed by its sign (正極層 → 正極層１０, "the positive electrode
 * layer" → "the positive electrode layer 10"); longer names first so 第１電極層 is not taken as 電極層.
 * A mention already followed by a digit is left alone; one followed by 及び, 並びに, 又は, 若しくは or 或いは
 * is still the name (「第１溶接ロボット及び第２溶接ロボット」).
 */
export function withSigns(text: string, signs: ReferenceSign[], lang: ClaimLanguage): string {
  const sorted = [...signs].sort((a, b) => b.name.length - a.name.length);
  if (sorted.length === 0) return text;
  const pattern =
    lang === 'ja'
      ? // Not inside 第１刈刃体 or 第２の絶縁層 (a numbered one of them has a sign of its own, if any), nor the end of a
        // longer katakana word (温度センサー) or the counterpart 被係止部 of 係止部.
        // Nor one the claim signs itself (「プロセッサ（１２０）」 JP2012247417A, written プロセッサ１２０ by the description).
        new RegExp(`(?<!第[０-９0-9]{1,2}の?)(?<![被\\p{Script=Katakana}ー])${JA_NOT_A_LONGER_NAME}(${sorted.map((s) => escapeRegExp(s.name)).join('|')})(?![０-９0-9\\p{Script=Katakana}ー]|(?![及並又若或])\\p{Script=Han}|${OWN_SIGN_AHEAD}|${JA_VERB_AHEAD})`, 'gu')
      : new RegExp(`\\b(${sorted.map((s) => escapeRegExp(s.name)).join('|')})\\b(?!\\s*\\d)`, 'gi');
  const byName = new Map(sorted.map((s) => [s.name.toLowerCase(), s.sign]));
  return text.replace(pattern, (name: string, _name: string, at: number) => {
    if (lang !== 'ja' && EN_VERB_BEHIND.test(text.slice(Math.max(0, at - 40), at)) && EN_OBJECT_AHEAD.test(text.slice(at + name.length))) return name;
    const sign = byName.get(name.toLowerCase());
    return sign ? (lang === 'ja' ? `${name}${signText(sign, lang)}` : `${name} ${sign}`) : name;
  });
}
