// The document as the office expects to read it: an ordered list of blocks that both the HTML
// and the Word renderings print as they come, so the two can never disagree on order, headings
// or numbering.
//
// JPO (特許法施行規則 様式第29 and the filing guide): 【書類名】明細書 … 【書類名】特許請求の範囲 …
// 【書類名】要約書 … 【書類名】図面. Paragraph numbers 【０００１】 run through the 明細書 only; a
// section's heading precedes its first number, and a list (cited documents, 【図１】 lines,
// reference signs) takes one number for the whole list, as real gazettes do.
// US: the USPTO section headings, [0001] through the specification, each "FIG. n is …" its own
// paragraph, claims and abstract on their own pages, as 37 CFR 1.52/1.72/1.75 ask.
//
// Empty sections. Kept even when empty, so the attorney sees where text is still missing: the
// headings every application has (JPO 技術分野, 背景技術, 発明の概要 with 課題/手段/効果,
// 発明を実施するための形態; US TECHNICAL FIELD, BACKGROUND, SUMMARY, DETAILED DESCRIPTION), the
// claims and the abstract. Omitted when empty, as a filing would omit them: 先行技術文献 (and
// 特許文献 / 非特許文献 each on its own), 図面の簡単な説明 and 図面 without drawings,
// 産業上の利用可能性, 符号の説明 / REFERENCE SIGNS LIST, 【選択図】 without drawings (or when the
// abstract already has one), and the US
// CROSS-REFERENCE TO RELATED APPLICATIONS (the model has no field for it).
import type { DocumentFormat, PatentDocument, PatentSections } from './model.ts';
import { japaneseNumber, paragraphLabel } from './paragraphs.ts';

export type DocumentBlock =
  /** One document of the filing (【書類名】明細書, CLAIMS); every one but the first starts a page. */
  | { kind: 'documentName'; text: string; newPage: boolean }
  /** A section heading: level 2 for sections, 3 for the ones nested in another (【特許文献】 in 【先行技術文献】). */
  | { kind: 'heading'; level: 2 | 3; text: string }
  /** A paragraph; `number` is its printed label (【０００１】, [0001]) or null where filings number nothing (abstract, "What is claimed is:"). */
  | { kind: 'paragraph'; number: string | null; text: string }
  /** One line of a list under a numbered paragraph: a cited document, a figure's description, a reference sign. */
  | { kind: 'entry'; role: 'patentCitation' | 'nonPatentCitation' | 'figureDescription' | 'referenceSign' | 'selectedFigure'; label: string; text: string }
  /** A claim: `label` is 【請求項１】 or "1."; `number` starts at 1. */
  | { kind: 'claim'; number: number; label: string; text: string }
  /** A drawing sheet: the figure label (【図１】, FIG. 1) and the stored drawing's id. */
  | { kind: 'figure'; number: number; label: string; drawingId: string };

/** Non-empty lines of a text section: one per paragraph. */
const paragraphsOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

type Entry = Extract<DocumentBlock, { kind: 'entry' }>;

/** The blocks of one rendering as they are written, with the description's paragraph numbering. */
class BlockList {
  readonly blocks: DocumentBlock[] = [];
  private next = 1;
  constructor(private readonly format: DocumentFormat) {}
  /** The next paragraph number's label. */
  number(): string {
    return paragraphLabel(this.next++, this.format);
  }
  heading(text: string, level: 2 | 3 = 2): void {
    this.blocks.push({ kind: 'heading', level, text });
  }
  /** A text section: one numbered paragraph per non-empty line. */
  text(value: string): void {
    for (const line of paragraphsOf(value)) this.blocks.push({ kind: 'paragraph', number: this.number(), text: line });
  }
  /** A list under one paragraph number. */
  list(entries: Entry[]): void {
    this.blocks.push({ kind: 'paragraph', number: this.number(), text: '' }, ...entries);
  }
}

export function layoutDocument(document: PatentDocument, format: DocumentFormat): DocumentBlock[] {
  return format === 'jpo' ? layoutJpo(document) : layoutUs(document);
}

function layoutJpo({ sections, drawings }: PatentDocument): DocumentBlock[] {
  const out = new BlockList('jpo');
  const blocks = out.blocks;

  blocks.push({ kind: 'documentName', text: '【書類名】明細書', newPage: false });
  out.heading(`【発明の名称】${sections.title.trim()}`);
  out.heading('【技術分野】');
  out.text(sections.domain);
  out.heading('【背景技術】');
  out.text(sections.background);
  const patents = nonEmpty(sections.preDocPatents);
  const nonPatents = nonEmpty(sections.preDocNonPatents);
  if (patents.length > 0 || nonPatents.length > 0) {
    out.heading('【先行技術文献】');
    if (patents.length > 0) {
      out.heading('【特許文献】', 3);
      out.list(patents.map((cited, i) => ({ kind: 'entry', role: 'patentCitation', label: `【特許文献${japaneseNumber(i + 1)}】`, text: cited })));
    }
    if (nonPatents.length > 0) {
      out.heading('【非特許文献】', 3);
      out.list(nonPatents.map((cited, i) => ({ kind: 'entry', role: 'nonPatentCitation', label: `【非特許文献${japaneseNumber(i + 1)}】`, text: cited })));
    }
  }
  out.heading('【発明の概要】');
  out.heading('【発明が解決しようとする課題】', 3);
  out.text(sections.issue);
  out.heading('【課題を解決するための手段】', 3);
  out.text(sections.method);
  out.heading('【発明の効果】', 3);
  out.text(sections.effect);
  if (drawings.length > 0) {
    out.heading('【図面の簡単な説明】');
    out.list(drawings.map((drawing, i) => ({ kind: 'entry', role: 'figureDescription', label: `【図${japaneseNumber(i + 1)}】`, text: drawing.description.trim() })));
  }
  out.heading('【発明を実施するための形態】');
  out.text(sections.embodiment);
  if (sections.industrial_aplicability.trim()) {
    out.heading('【産業上の利用可能性】');
    out.text(sections.industrial_aplicability);
  }
  const signs = referenceSigns(sections);
  if (signs.length > 0) {
    out.heading('【符号の説明】');
    // 「１０　正極」: the sign in full-width digits, an ideographic space, the name.
    out.list(signs.map(({ sign, name }) => ({ kind: 'entry', role: 'referenceSign', label: toFullWidthAlnum(sign), text: name })));
  }

  blocks.push({ kind: 'documentName', text: '【書類名】特許請求の範囲', newPage: true });
  sections.claims.forEach((claim, i) => blocks.push({ kind: 'claim', number: i + 1, label: `【請求項${japaneseNumber(i + 1)}】`, text: claim.trim() }));

  blocks.push({ kind: 'documentName', text: '【書類名】要約書', newPage: true });
  out.heading('【要約】');
  for (const line of paragraphsOf(sections.abstract)) blocks.push({ kind: 'paragraph', number: null, text: line });
  // 【選択図】: the first figure unless the abstract already names one (gazette abstracts end with 「【選択図】図６」).
  if (drawings.length > 0 && !sections.abstract.includes('【選択図】')) blocks.push({ kind: 'entry', role: 'selectedFigure', label: '【選択図】', text: `図${japaneseNumber(1)}` });

  if (drawings.length > 0) {
    blocks.push({ kind: 'documentName', text: '【書類名】図面', newPage: true });
    drawings.forEach((drawing, i) => blocks.push({ kind: 'figure', number: i + 1, label: `【図${japaneseNumber(i + 1)}】`, drawingId: drawing.id }));
  }
  return blocks;
}

function layoutUs({ sections, drawings }: PatentDocument): DocumentBlock[] {
  const out = new BlockList('us');
  const blocks = out.blocks;

  // The title heads the specification (37 CFR 1.72(a)); the document itself has no name line.
  blocks.push({ kind: 'documentName', text: sections.title.trim(), newPage: false });
  out.heading('TECHNICAL FIELD');
  out.text(sections.domain);
  out.heading('BACKGROUND');
  out.text(sections.background);
  // Cited documents as US applications of Japanese origin list them ("PTL 1: JP 2015-039043 A").
  const patents = nonEmpty(sections.preDocPatents);
  const nonPatents = nonEmpty(sections.preDocNonPatents);
  if (patents.length > 0) {
    out.heading('Patent Literature', 3);
    out.list(patents.map((cited, i) => ({ kind: 'entry', role: 'patentCitation', label: `PTL ${i + 1}:`, text: cited })));
  }
  if (nonPatents.length > 0) {
    out.heading('Non Patent Literature', 3);
    out.list(nonPatents.map((cited, i) => ({ kind: 'entry', role: 'nonPatentCitation', label: `NPL ${i + 1}:`, text: cited })));
  }
  out.heading('SUMMARY');
  out.text([sections.issue, sections.method, sections.effect].join('\n'));
  if (drawings.length > 0) {
    out.heading('BRIEF DESCRIPTION OF THE DRAWINGS');
    // Each figure its own numbered paragraph, as US specifications print them.
    drawings.forEach((drawing, i) => blocks.push({ kind: 'paragraph', number: out.number(), text: `FIG. ${i + 1} ${figureSentence(drawing.description)}`.trim() }));
  }
  out.heading('DETAILED DESCRIPTION');
  out.text([sections.embodiment, sections.industrial_aplicability].join('\n'));
  const signs = referenceSigns(sections);
  if (signs.length > 0) {
    out.heading('REFERENCE SIGNS LIST');
    out.list(signs.map(({ sign, name }) => ({ kind: 'entry', role: 'referenceSign', label: sign, text: name })));
  }

  blocks.push({ kind: 'documentName', text: 'CLAIMS', newPage: true });
  blocks.push({ kind: 'paragraph', number: null, text: 'What is claimed is:' });
  sections.claims.forEach((claim, i) => blocks.push({ kind: 'claim', number: i + 1, label: `${i + 1}.`, text: claim.trim() }));

  blocks.push({ kind: 'documentName', text: 'ABSTRACT', newPage: true });
  for (const line of paragraphsOf(sections.abstract)) blocks.push({ kind: 'paragraph', number: null, text: line });

  if (drawings.length > 0) {
    blocks.push({ kind: 'documentName', text: 'DRAWINGS', newPage: true });
    drawings.forEach((drawing, i) => blocks.push({ kind: 'figure', number: i + 1, label: `FIG. ${i + 1}`, drawingId: drawing.id }));
  }
  return blocks;
}

const nonEmpty = (items: string[]): string[] => items.map((item) => item.trim()).filter((item) => item !== '');

const referenceSigns = (sections: PatentSections) =>
  sections.symbol_descriptions.map(({ sign, name }) => ({ sign: sign.trim(), name: name.trim() })).filter(({ sign, name }) => sign !== '' || name !== '');

/** "is a sectional view …" after "FIG. 1", whether the description starts with "is", "FIG. 1 is" or the noun. */
export function figureSentence(description: string): string {
  const text = description.trim().replace(/^FIG\.?\s*\d+\s*/i, '');
  // Only English nouns take "is"; a Japanese description under US headings stays as written.
  if (!/^[A-Za-z]/.test(text) || /^(is|shows|illustrates|depicts)\b/i.test(text)) return text;
  // Another verb before its object ("redepicts the device of FIG. 1") takes no "is" either.
  if (/^[a-z]+[^s\s]s\s+(?:the|a|an|one|an?other|both|each|how)\b/i.test(text)) return text;
  // "A sectional view" → "is a sectional view"; an acronym ("PCB layout") keeps its capitals.
  const first = /^[A-Z]{2}/.test(text) ? text.charAt(0) : text.charAt(0).toLowerCase();
  return `is ${first}${text.slice(1)}`;
}

/** Reference signs in a Japanese filing are full-width (１０, ２０ａ). */
const toFullWidthAlnum = (text: string): string => text.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** How an entry prints: 【特許文献１】特開…, 「１０　正極」, "FIG. 1 is …", "PTL 1: …". */
export function entryText(block: Extract<DocumentBlock, { kind: 'entry' }>, format: DocumentFormat): string {
  if (block.role === 'referenceSign') return `${block.label}${format === 'jpo' ? '\u3000' : ' '}${block.text}`;
  if (format === 'jpo') return `${block.label}${block.text}`;
  return `${block.label} ${block.text}`;
}
