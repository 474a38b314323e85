// What GPT's version of an item must satisfy before it is proposed. Unusable (the caller's
// edit fails with E417): text in another language than the document's, an empty claim or
// drawing description, a reference-sign line without a sign. Repaired and reported with a
// warning the before/after view shows: text over 1,500 characters is cut at a sentence end
// (§9), sentences citing a document the item and the instruction do not already cite are
// dropped (GPT must not invent prior art), and a claim whose dependency references changed
// or now point at a later or missing claim is kept as GPT wrote it but flagged — never
// "repaired" by inventing a reference.
import { toHalfWidthAscii } from '../../patents/query/keys.ts';
import type { PatentDocument, ReferenceSign } from '../../patent-documents/model.ts';
import { acceptDrawingDescription, dropUnknownCitations, inLanguage, SECTION_LIMIT } from '../../creation/gpt-draft/answer-checks.ts';
import { sentences } from '../../creation/draft/text.ts';
import { cutAtSentence } from '../../creation/gpt-draft/passages.ts';
import { parseSignLine, signLine, type EditItem } from './items.ts';

/** Warning keys of a proposal (locales/{ja,en}/edit.json, `gptEdit.*`). */
export const GPT_EDIT_WARNINGS = {
  /** The item was longer than 1,500 characters and was cut at a sentence end; values none. */
  truncated: 'gptEdit.truncated',
  /** Sentences or list entries citing documents the item did not cite were left out. */
  citationRemoved: 'gptEdit.citationRemoved',
  /** The claim's 「請求項Nに記載の」 / "claim N" references differ from the claim before. */
  dependencyChanged: 'gptEdit.dependencyChanged',
  /** The claim refers to itself, a later claim or a claim that does not exist. */
  dependencyInvalid: 'gptEdit.dependencyInvalid',
} as const;

export interface CheckedText {
  text: string;
  warnings: string[];
}

const JAPANESE_CHARS = /[\u3040-\u30FF\u4E00-\u9FFF]/g;
const LATIN_LETTERS = /[A-Za-z]/g;

/** Whether text is in the document's language; Japanese text must be mostly Japanese, not English quoting a kanji or two. */
function keepsLanguage(text: string, lang: PatentDocument['lang']): boolean {
  if (!inLanguage(text, lang)) return false;
  if (lang === 'en') return true;
  const japanese = text.match(JAPANESE_CHARS)?.length ?? 0;
  const latin = toHalfWidthAscii(text).match(LATIN_LETTERS)?.length ?? 0;
  return japanese * 2 >= latin;
}

/**
 * Whether GPT's text keeps the document's language. An item that is itself mostly Latin in a
 * Japanese document (a formula, a list of signs named CPU, ROM …) only needs some Japanese, as
 * its before has; an empty after (the item cleared) is left to the user to confirm or cancel.
 */
function languageKept(text: string, before: string, lang: PatentDocument['lang']): boolean {
  if (!text || keepsLanguage(text, lang)) return true;
  if (!before.trim() || keepsLanguage(before, lang)) return false;
  return inLanguage(text, lang) || !inLanguage(before, lang);
}

const normalized = (raw: string): string => raw.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{2,}/g, '\n').trim();
const sentenceCount = (text: string): number => text.split('\n').flatMap(sentences).filter((sentence) => sentence.trim()).length;

/** Drops sentences citing unknown documents, then cuts at 1,500 characters; warns of either. */
function citedAndCut(text: string, document: PatentDocument, allowed: string, warnings: string[]): string {
  let checked = dropUnknownCitations(text, document.sections.preDocPatents, allowed);
  if (sentenceCount(checked) < sentenceCount(text)) warnings.push(GPT_EDIT_WARNINGS.citationRemoved);
  if (checked.length > SECTION_LIMIT) {
    checked = cutAtSentence(checked, SECTION_LIMIT);
    warnings.push(GPT_EDIT_WARNINGS.truncated);
  }
  return checked;
}

// 「請求項１に記載の」「請求項１又は２に記載の」「請求項１〜３のいずれか１項に記載の」; "claim 1", "claims 1 to 3", "any one of claims 1, 2 or 4".
const JA_REFERENCE = /請求項\s*([0-9]+(?:\s*(?:又は|または|若しくは|もしくは|及び|および|から|乃至|ないし|、|,|~|〜|～|-|－|―)\s*(?:請求項)?\s*[0-9]+)*)/g;
const EN_REFERENCE = /\bclaims?\s+([0-9]+(?:\s*(?:,|or|and|to|through|-|–)\s*(?:claim\s+)?[0-9]+)*)/gi;

/** The claim numbers a claim refers to as written (a range by its ends: 「請求項１〜３」 → 1, 3), in order, each once. */
export function claimReferences(claim: string, lang: PatentDocument['lang']): number[] {
  const plain = toHalfWidthAscii(claim).replace(/[〜～]/g, '~');
  const numbers: number[] = [];
  for (const match of plain.matchAll(lang === 'ja' ? JA_REFERENCE : EN_REFERENCE)) {
    for (const n of match[1]!.match(/[0-9]+/g) ?? []) if (!numbers.includes(Number(n))) numbers.push(Number(n));
  }
  return numbers;
}

function checkClaim(raw: string, index: number, before: string, document: PatentDocument, warnings: string[]): string | null {
  const { lang } = document;
  // A number GPT put in front (【請求項１】, "1.") is the rendering's, not the claim's.
  let text = normalized(raw).replace(/^(?:【請求項[0-9０-９]+】|\[?[0-9]+\]?\s*[.)]\s+)/u, '').trim();
  if (!text) return null;
  text = citedAndCut(text, document, before, warnings);
  if (!text) return null;
  // A claim is one sentence ending as claims end: 「…装置。」 / "… device."
  if (lang === 'ja' && !/[。]$/.test(text)) text += '。';
  if (lang === 'en' && !/\.$/.test(text)) text += '.';
  if (!languageKept(text, before, lang)) return null;
  const was = claimReferences(before, lang);
  const now = claimReferences(text, lang);
  if (was.join(',') !== now.join(',')) warnings.push(GPT_EDIT_WARNINGS.dependencyChanged);
  if (now.some((n) => n < 1 || n >= index + 1 || n > document.sections.claims.length)) warnings.push(GPT_EDIT_WARNINGS.dependencyInvalid);
  return text;
}

/** Publication numbers of a text as digits (特開2015-039043号公報 → 2015039043); runs of fewer than five digits are not numbers. */
const publicationDigits = (text: string): string[] => (toHalfWidthAscii(text).match(/[0-9][0-9,\-/−‐]{3,}[0-9]/g) ?? []).map((run) => run.replace(/\D/g, '')).filter((digits) => digits.length >= 5);

/** Cited patents, one a line: a line is kept when the list already cited it or the instruction names it. */
function checkCitations(raw: string, before: string, instruction: string, warnings: string[]): string {
  const known = [...before.split('\n').flatMap(publicationDigits), ...publicationDigits(instruction)];
  const beforeLines = new Set(before.split('\n').map((line) => line.trim()));
  const kept: string[] = [];
  let dropped = false;
  for (const rawLine of normalized(raw).split('\n')) {
    // 【特許文献１】 labels are the rendering's.
    const line = rawLine.replace(/^【?特許文献[0-9０-９]+】?\s*/u, '').trim();
    if (!line) continue;
    const digits = publicationDigits(line);
    const isKnown = beforeLines.has(line) || (digits.length > 0 && digits.every((d) => known.some((k) => k.includes(d) || d.includes(k))));
    if (isKnown) kept.push(line);
    else dropped = true;
  }
  if (dropped) warnings.push(GPT_EDIT_WARNINGS.citationRemoved);
  return kept.join('\n');
}

/** Reference signs, one 「１０　正極」 a line; null when a line has no sign or the names are in another language. */
function checkSigns(raw: string, before: string, document: PatentDocument, warnings: string[]): string | null {
  const signs: ReferenceSign[] = [];
  for (const line of normalized(raw).split('\n')) {
    if (!line.trim()) continue;
    const sign = parseSignLine(line);
    if (!sign) return null;
    signs.push(sign);
  }
  const names = (list: readonly string[]) => list.join('\n');
  const beforeNames = before.split('\n').map((line) => parseSignLine(line)?.name ?? '');
  if (!languageKept(names(signs.map((sign) => sign.name)), names(beforeNames), document.lang)) return null;
  let text = signs.map((sign) => signLine(document, sign)).join('\n');
  if (text.length > SECTION_LIMIT) {
    text = cutAtSentence(text, SECTION_LIMIT);
    warnings.push(GPT_EDIT_WARNINGS.truncated);
  }
  return text;
}

/**
 * GPT's version of an item as it is proposed, with its warnings; null when it is unusable.
 * `before` is the item's current text, `instruction` the user's (documents it names may be cited).
 */
export function checkEditedText(item: EditItem, raw: string, context: { document: PatentDocument; before: string; instruction: string }): CheckedText | null {
  const { document, before, instruction } = context;
  const warnings: string[] = [];
  let text: string | null;
  switch (item.kind) {
    case 'claim':
      text = checkClaim(raw, item.index, before, document, warnings);
      break;
    case 'drawing':
      text = acceptDrawingDescription(raw, document.lang);
      if (text !== null && !languageKept(text, before, document.lang)) text = null;
      break;
    case 'preDocPatents':
    case 'preDocNonPatents':
      text = checkCitations(raw, before, instruction, warnings);
      break;
    case 'symbol_descriptions':
      text = checkSigns(raw, before, document, warnings);
      break;
    case 'section': {
      let section = normalized(raw);
      // The title is one line without a final period (as 【発明の名称】 is written).
      if (item.section === 'title') section = section.replace(/\s*\n\s*/g, ' ').replace(/[。.]$/, '');
      text = citedAndCut(section, document, `${before}\n${instruction}`, warnings);
      if (!languageKept(text, before, document.lang)) text = null;
      break;
    }
  }
  return text === null ? null : { text, warnings };
}
