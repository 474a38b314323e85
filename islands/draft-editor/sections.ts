// The sections of a draft as the detail page lists them, in the order of the office's format,
// with the heading the document itself carries (JPO 【…】 headings for a Japanese draft, US
// headings for an English one). No Node imports: the island bundles it.
import type { DocumentLanguage, PatentDrawing, PatentSections } from '../../src/patent-documents/model.ts';

export type EditableSection = keyof PatentSections | 'drawings';

/** The version of a document an editor shows, with the document's versions. */
export interface ShownVersion {
  prefabId: string;
  lang: DocumentLanguage;
  /** The version shown and the latest one (an older one is read-only until restored). */
  version: number;
  latestVersion: number;
  versions: DraftVersion[];
  sections: PatentSections;
  drawings: PatentDrawing[];
}

/** A version as the version lists show it. */
export interface DraftVersion {
  version: number;
  cause: 'generated' | 'edited' | 'restored' | 'gpt';
  restoredFrom: number | null;
  /** As the server formats dates (yyyy.MM.dd HH:mm, Japan time). */
  editDate: string;
}

/** Both offices read the specification in this order (the US summary holds problem, means and effect). */
const ORDER: EditableSection[] = [
  'title', 'domain', 'background', 'preDocPatents', 'preDocNonPatents', 'issue', 'method', 'effect', 'drawings', 'embodiment',
  'industrial_aplicability', 'symbol_descriptions', 'claims', 'abstract',
];

export const sectionOrder = (): EditableSection[] => ORDER;

export { sectionHeading } from '../../src/patent-documents/headings.ts';

const FULL_WIDTH_DIGITS = '０１２３４５６７８９';
/** 12 → １２ (JPO filings write numbers in headings full-width). */
export const fullWidth = (value: number | string): string => String(value).replace(/[0-9]/g, (digit) => FULL_WIDTH_DIGITS[Number(digit)]!);

/** 【請求項１】 / "1." */
export const claimLabel = (lang: DocumentLanguage, index: number): string => (lang === 'ja' ? `【請求項${fullWidth(index + 1)}】` : `${index + 1}.`);
/** 【図１】 / "FIG. 1" */
export const figureLabel = (lang: DocumentLanguage, index: number): string => (lang === 'ja' ? `【図${fullWidth(index + 1)}】` : `FIG. ${index + 1}`);
/** 【特許文献１】 / "PTL 1" */
export const citationLabel = (lang: DocumentLanguage, index: number, kind: 'patent' | 'nonPatent'): string =>
  lang === 'ja' ? `【${kind === 'patent' ? '特許文献' : '非特許文献'}${fullWidth(index + 1)}】` : `${kind === 'patent' ? 'PTL' : 'NPL'} ${index + 1}`;

/** Text sections hold paragraphs one per line. */
export const paragraphsOf = (text: string): string[] => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/** The text a newly added claim starts with, in the document's language (the document's words, like its headings). */
export const newClaimText = (lang: DocumentLanguage): string => (lang === 'ja' ? '（請求項を入力）' : '(claim)');
