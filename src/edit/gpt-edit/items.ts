// The items of a patent document that an edit can select (§3 "selected items"), by key:
// a text section by its name ('title', 'embodiment', …), one claim ('claims.0' = claim 1),
// the cited patents and the reference signs as lists ('preDocPatents', 'symbol_descriptions'),
// and one drawing's description ('drawings.0' = 【図１】 / FIG. 1). Each item has a text: what
// the before/after comparison shows and what GPT rewrites. Lists are one entry a line.
import { TEXT_SECTIONS, type PatentDocument, type PatentSections, type ReferenceSign, type TextSection } from '../../patent-documents/model.ts';

export type EditItem =
  | { kind: 'section'; section: TextSection }
  | { kind: 'claim'; index: number }
  | { kind: 'preDocPatents' }
  | { kind: 'preDocNonPatents' }
  | { kind: 'symbol_descriptions' }
  | { kind: 'drawing'; index: number };

const SECTION_SET: ReadonlySet<string> = new Set(TEXT_SECTIONS);

/** The key of an item: 'embodiment', 'claims.2', 'drawings.0', … */
export function formatItemKey(item: EditItem): string {
  switch (item.kind) {
    case 'section':
      return item.section;
    case 'claim':
      return `claims.${item.index}`;
    case 'drawing':
      return `drawings.${item.index}`;
    default:
      return item.kind;
  }
}

/** The item a key names in this document, or null (unknown key, claim or drawing not there). */
export function parseItemKey(document: PatentDocument, key: string): EditItem | null {
  if (SECTION_SET.has(key)) return { kind: 'section', section: key as TextSection };
  if (key === 'preDocPatents' || key === 'preDocNonPatents' || key === 'symbol_descriptions') return { kind: key };
  const indexed = /^(claims|drawings)\.(0|[1-9][0-9]{0,3})$/.exec(key);
  if (!indexed) return null;
  const index = Number(indexed[2]);
  if (indexed[1] === 'claims') return index < document.sections.claims.length ? { kind: 'claim', index } : null;
  return index < document.drawings.length ? { kind: 'drawing', index } : null;
}

/** Every item key of the document, in the document's order. */
export function itemKeys(document: PatentDocument): string[] {
  return [
    ...TEXT_SECTIONS,
    ...document.sections.claims.map((_, index) => formatItemKey({ kind: 'claim', index })),
    'preDocPatents',
    'preDocNonPatents',
    'symbol_descriptions',
    ...document.drawings.map((_, index) => formatItemKey({ kind: 'drawing', index })),
  ];
}

/** The separator of a reference-sign line: 「１０　正極」 in Japanese, "10 positive electrode" in English. */
const signSeparator = (document: PatentDocument): string => (document.lang === 'ja' ? '\u3000' : ' ');

/** A reference sign as its line. */
export const signLine = (document: PatentDocument, sign: ReferenceSign): string => `${sign.sign}${signSeparator(document)}${sign.name}`;

/** A line's sign and name: the sign is the first token (「１０ａ」, "10'", "112b"), the rest its name; null when the line has no sign. */
export function parseSignLine(line: string): ReferenceSign | null {
  const match = /^\s*([0-9０-９]+[A-Za-zａ-ｚＡ-Ｚ'’′]*)[\s\u3000]+(\S.*?)\s*$/u.exec(line);
  return match ? { sign: match[1]!, name: match[2]!.replace(/[\s\u3000]+/g, ' ') } : null;
}

/** The current text of an item (the "before"). */
export function itemText(document: PatentDocument, key: string): string {
  const item = parseItemKey(document, key);
  if (!item) throw new RangeError(`No item ${key} in the document`);
  const { sections } = document;
  switch (item.kind) {
    case 'section':
      return sections[item.section];
    case 'claim':
      return sections.claims[item.index]!;
    case 'preDocPatents':
    case 'preDocNonPatents':
      return sections[item.kind].join('\n');
    case 'symbol_descriptions':
      return sections.symbol_descriptions.map((sign) => signLine(document, sign)).join('\n');
    case 'drawing':
      return document.drawings[item.index]!.description;
  }
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The document with one item's text replaced (a confirmed "after"): a new document, the given
 * one untouched. Reference-sign lines without a sign are left out.
 */
export function withItemText(document: PatentDocument, key: string, text: string): PatentDocument {
  const item = parseItemKey(document, key);
  if (!item) throw new RangeError(`No item ${key} in the document`);
  const sections: PatentSections = { ...document.sections };
  let drawings = document.drawings;
  switch (item.kind) {
    case 'section':
      sections[item.section] = text;
      break;
    case 'claim':
      sections.claims = sections.claims.map((claim, index) => (index === item.index ? text : claim));
      break;
    case 'preDocPatents':
    case 'preDocNonPatents':
      sections[item.kind] = lines(text);
      break;
    case 'symbol_descriptions':
      sections.symbol_descriptions = lines(text)
        .map(parseSignLine)
        .filter((sign): sign is ReferenceSign => sign !== null);
      break;
    case 'drawing':
      drawings = drawings.map((drawing, index) => (index === item.index ? { ...drawing, description: text } : drawing));
      break;
  }
  return { ...document, sections, drawings };
}
