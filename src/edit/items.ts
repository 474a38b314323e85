// A document's items as the editor selects them and GPT edits them (§3 "selected items"): the
// text sections by name, each claim ('claims.0' …), the citation and sign lists, and each
// drawing's description ('drawings.0' …). An item's text goes to GPT and comes back; applying
// it writes the text back into its place.
import { TEXT_SECTIONS, type PatentDocument, type ReferenceSign, type TextSection } from '../patent-documents/model.ts';

const LIST_ITEMS = ['preDocPatents', 'preDocNonPatents', 'symbol_descriptions'] as const;

export type ItemKey = TextSection | (typeof LIST_ITEMS)[number] | `claims.${number}` | `drawings.${number}`;

const isTextSection = (key: string): key is TextSection => (TEXT_SECTIONS as readonly string[]).includes(key);
const indexed = (key: string, prefix: 'claims' | 'drawings'): number | undefined => {
  const match = new RegExp(`^${prefix}\\.(\\d{1,3})$`).exec(key);
  return match ? Number(match[1]) : undefined;
};

/** Every item of the document, in the document's order. */
export function itemsOf(document: PatentDocument): ItemKey[] {
  return [
    ...TEXT_SECTIONS.filter((section) => section !== 'abstract'),
    'preDocPatents', 'preDocNonPatents', 'symbol_descriptions',
    ...document.sections.claims.map((_, i) => `claims.${i}` as const),
    'abstract',
    ...document.drawings.map((_, i) => `drawings.${i}` as const),
  ];
}

export const isItemOf = (document: PatentDocument, key: string): key is ItemKey => (itemsOf(document) as string[]).includes(key);

const signLine = (sign: ReferenceSign, lang: PatentDocument['lang']) => `${sign.sign}${lang === 'ja' ? '\u3000' : ' '}${sign.name}`;

/** The item's text as the editor and GPT see it (lists one entry per line). */
export function textOfItem(document: PatentDocument, key: ItemKey): string {
  const { sections } = document;
  if (isTextSection(key)) return sections[key];
  if (key === 'symbol_descriptions') return sections.symbol_descriptions.map((sign) => signLine(sign, document.lang)).join('\n');
  if (key === 'preDocPatents' || key === 'preDocNonPatents') return sections[key].join('\n');
  const claim = indexed(key, 'claims');
  if (claim !== undefined) return sections.claims[claim] ?? '';
  const drawing = indexed(key, 'drawings');
  return drawing !== undefined ? (document.drawings[drawing]?.description ?? '') : '';
}

const linesOf = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/** The document with these items' texts written back; keys that are not items are ignored. */
export function withItemTexts(document: PatentDocument, texts: Partial<Record<string, string>>): PatentDocument {
  const sections = { ...document.sections, claims: [...document.sections.claims] };
  const drawings = [...document.drawings];
  for (const [key, text] of Object.entries(texts)) {
    if (text === undefined) continue;
    if (isTextSection(key)) sections[key] = text.trim();
    else if (key === 'preDocPatents' || key === 'preDocNonPatents') sections[key] = linesOf(text);
    else if (key === 'symbol_descriptions') {
      sections.symbol_descriptions = linesOf(text).map((line) => {
        const match = /^(\S+)[\s\u3000]+(.+)$/.exec(line);
        return match ? { sign: match[1]!, name: match[2]!.trim() } : { sign: line, name: '' };
      });
    } else {
      const claim = indexed(key, 'claims');
      const drawing = indexed(key, 'drawings');
      if (claim !== undefined && claim < sections.claims.length) sections.claims[claim] = text.trim();
      else if (drawing !== undefined && drawing < drawings.length) drawings[drawing] = { ...drawings[drawing]!, description: text.trim() };
    }
  }
  return { ...document, sections, drawings };
}
