// What GPT's text must satisfy before it replaces the non-GPT draft's: each section within
// 1,500 characters (§9, cut at a sentence end), in the draft's language, citing only the
// documents the baseline cites (a sentence naming 【特許文献N】 beyond them, or a publication
// number the baseline does not cite, is dropped: GPT must not invent prior art), and a
// reference-sign list that matches the embodiment.
import type { DocumentLanguage, ReferenceSign } from '../../patent-documents/model.ts';
import { toHalfWidthAscii } from '../../patents/query/keys.ts';
import { escapeRegExp, sentences } from '../draft/text.ts';
import { cutAtSentence } from './passages.ts';

/** §9: each section ≤ 1,500 characters. */
export const SECTION_LIMIT = 1_500;
/** A figure's line in 【図面の簡単な説明】. */
export const DRAWING_DESCRIPTION_LIMIT = 200;
const SIGN_NAME_LIMIT = 40;

const JAPANESE = /[\u3040-\u30FF\u4E00-\u9FFF]/;

/** Whether text is in the draft's language: Japanese text has kana/kanji; English has none. */
export const inLanguage = (text: string, lang: DocumentLanguage): boolean => (lang === 'ja' ? JAPANESE.test(text) : !JAPANESE.test(text) && /[A-Za-z]/.test(text));

const digitsOf = (text: string): string => text.replace(/\D/g, '');
// Publication numbers as gazettes write them: 特開2015-039043, 特許第5123456号, JP 2015-039043 A, US 7,783,348 B2, WO2019/123456.
const PUBLICATION_NUMBER = /(?:特開|特表|再表|特許第|実開|実登|登録実用新案第|(?<![A-Za-z])(?:JP|US|WO|EP|CN))\s?[0-9][0-9,\-/]{5,}/g;
const PATENT_CITATION = /(?:特許文献\s?|Patent Literature\s?|PTL\s?)([0-9]+)/gi;

/** Whether a sentence cites something the baseline does not. */
function citesUnknown(sentence: string, citedCount: number, citedDigits: readonly string[]): boolean {
  const plain = toHalfWidthAscii(sentence);
  for (const match of plain.matchAll(PATENT_CITATION)) if (Number(match[1]) < 1 || Number(match[1]) > citedCount) return true;
  for (const match of plain.matchAll(PUBLICATION_NUMBER)) {
    const digits = digitsOf(match[0]);
    if (!citedDigits.some((cited) => cited.length >= 5 && (cited.includes(digits) || digits.includes(cited)))) return true;
  }
  return false;
}

/**
 * The text without the sentences that cite documents beyond the baseline's 特許文献. What
 * `alsoCited` cites counts as known too (an edit keeps what the item already cited, and the
 * user's instruction may name a document to cite).
 */
export function dropUnknownCitations(text: string, preDocPatents: readonly string[], alsoCited = ''): string {
  const known = toHalfWidthAscii(alsoCited);
  const citedDigits = [...preDocPatents.map((cited) => digitsOf(toHalfWidthAscii(cited))), ...[...known.matchAll(PUBLICATION_NUMBER)].map((match) => digitsOf(match[0]))];
  const citedCount = Math.max(preDocPatents.length, ...[...known.matchAll(PATENT_CITATION)].map((match) => Number(match[1])));
  return text
    .split('\n')
    .map((paragraph) =>
      sentences(paragraph)
        .filter((sentence) => !citesUnknown(sentence, citedCount, citedDigits))
        .join('')
        .trim(),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n');
}

/** A text section as the draft keeps it, or null when it is unusable (empty, wrong language). */
export function acceptSection(raw: unknown, lang: DocumentLanguage, preDocPatents: readonly string[], options: { singleLine?: boolean } = {}): string | null {
  if (typeof raw !== 'string') return null;
  let text = raw.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{2,}/g, '\n').trim();
  if (options.singleLine) text = text.replace(/\s*\n\s*/g, ' ').replace(/[。.]$/, '');
  text = dropUnknownCitations(text, preDocPatents);
  text = cutAtSentence(text, SECTION_LIMIT);
  return text && inLanguage(text, lang) ? text : null;
}

/** A sign as compared: half-width, no spaces (「１０ａ」 = "10a"). */
export const signKey = (sign: string): string => toHalfWidthAscii(sign).replace(/\s+/g, '').toLowerCase();
const VALID_SIGN = /^[0-9]{1,4}[a-z]?$/;

/** A sign written as the baseline writes its signs (full-width digits when it uses them). */
function styledSign(key: string, baseline: readonly ReferenceSign[]): string {
  const fullWidth = baseline.some((s) => /[０-９]/.test(s.sign));
  return fullWidth ? key.replace(/[0-9a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) : key;
}

/** Whether the text uses a sign: the sign as a number of its own (10 is not used by 100 or 10.5). */
export function usesSign(text: string, key: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z.])${escapeRegExp(key)}(?![0-9A-Za-z]|\\.[0-9])`, 'i').test(toHalfWidthAscii(text));
}

/** Signs with names, cleaned: valid signs only, one name per sign (the first), names trimmed. */
export function cleanSigns(signs: ReadonlyArray<{ sign: unknown; name: unknown }>, baseline: readonly ReferenceSign[]): ReferenceSign[] {
  const seen = new Set<string>();
  const clean: ReferenceSign[] = [];
  for (const { sign, name } of signs) {
    if (typeof sign !== 'string' || typeof name !== 'string') continue;
    const key = signKey(sign);
    const label = name.replace(/\s+/g, ' ').trim();
    if (!VALID_SIGN.test(key) || !label || label.length > SIGN_NAME_LIMIT || seen.has(key)) continue;
    seen.add(key);
    clean.push({ sign: styledSign(key, baseline), name: label });
  }
  return clean;
}

/** Adds signs not yet listed (by sign): the list's names win for a sign it already has. */
export function mergeSigns(list: readonly ReferenceSign[], more: readonly ReferenceSign[]): ReferenceSign[] {
  const keys = new Set(list.map((s) => signKey(s.sign)));
  const merged = [...list];
  for (const sign of more) {
    if (keys.has(signKey(sign.sign))) continue;
    keys.add(signKey(sign.sign));
    merged.push(sign);
  }
  return merged.sort((a, b) => compareSigns(signKey(a.sign), signKey(b.sign)));
}

function compareSigns(a: string, b: string): number {
  return parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b);
}

/**
 * GPT's sign list checked against its embodiment: listed signs the text never uses are
 * dropped; signs the text uses without listing them are added when a name is known (the
 * baseline's or the drawings' for that sign). Null when nothing usable is left while the
 * text does use signs or the baseline has some (the caller then keeps the baseline's
 * embodiment and list together, so the two stay consistent).
 */
export function repairSigns(embodiment: string, proposed: readonly ReferenceSign[], known: readonly ReferenceSign[], baseline: readonly ReferenceSign[]): ReferenceSign[] | null {
  const listed = proposed.filter((s) => usesSign(embodiment, signKey(s.sign)));
  const listedKeys = new Set(listed.map((s) => signKey(s.sign)));
  const added = known.filter((s) => !listedKeys.has(signKey(s.sign)) && usesSign(embodiment, signKey(s.sign)) && signNamedIn(embodiment, s));
  const repaired = mergeSigns(listed, added);
  if (repaired.length === 0 && baseline.length > 0) return null;
  return repaired;
}

/** Whether the text writes the sign right after its name (「正極１０」 / "positive electrode 10"), so a bare number is not taken for a sign. */
function signNamedIn(text: string, sign: ReferenceSign): boolean {
  const plain = toHalfWidthAscii(text).toLowerCase();
  const name = toHalfWidthAscii(sign.name).toLowerCase();
  return plain.includes(`${name}${signKey(sign.sign)}`) || plain.includes(`${name} ${signKey(sign.sign)}`);
}

/** A figure's description as 【図面の簡単な説明】 takes it: without its own figure label, one sentence, ending as gazettes end it. */
export function acceptDrawingDescription(raw: unknown, lang: DocumentLanguage): string | null {
  if (typeof raw !== 'string') return null;
  let text = raw.replace(/\s+/g, ' ').trim();
  text = text.replace(/^(?:【図[0-9０-９]+】|図[0-9０-９]+\s*(?:は|、)?|(?:FIG\.|Fig\.|Figure)\s*[0-9]+[A-Z]?\s*,?)\s*/u, '').trim();
  if (lang === 'ja' && text && !/[。]$/.test(text)) text += '。';
  if (lang === 'en' && text && !/[.;]$/.test(text)) text += '.';
  text = cutAtSentence(text, DRAWING_DESCRIPTION_LIMIT);
  return text && inLanguage(text, lang) ? text : null;
}
