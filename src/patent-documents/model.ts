// A patent application as the product drafts, stores, edits and exports it (§3 "patent creation
// result" / "application sections"): shared by creation support (src/creation) and document
// editing (src/edit). Field names follow the spec's JSON (domain = technical field, issue =
// problem, method = means, industrial_aplicability with the spec's spelling).
//
// Text sections hold plain text; a line break separates paragraphs, and every paragraph of the
// description gets its own number when rendered (【０００１】 / [0001]). Claims are one string per
// claim, without their number (【請求項１】 / "1." is added when rendered).

/** Language of the document's text: Japanese for a JPO filing, English for a USPTO one. */
export type DocumentLanguage = 'ja' | 'en';

/** Office format of a rendering. */
export type DocumentFormat = 'jpo' | 'us';

/** One reference sign: 「１０　正極」 / "10 positive electrode". */
export interface ReferenceSign {
  sign: string;
  name: string;
}

export type DrawingMimeType = 'image/png' | 'image/jpeg' | 'image/gif';

/** A drawing of the application; figure numbers follow the array order (【図１】, FIG. 1). */
export interface PatentDrawing {
  /** Stable id of the stored image (survives reordering). */
  id: string;
  fileName: string;
  mimeType: DrawingMimeType;
  width: number;
  height: number;
  /** What the figure shows, for 【図面の簡単な説明】 ("【図１】" + this): 「本実施形態に係る電池の断面図である。」 */
  description: string;
  /**
   * No image is stored for the figure (described without a file, or its picture lost): it keeps
   * its number and description; pages and exports show its label only. mimeType, width and height
   * are then placeholders.
   */
  withoutPicture?: true;
}

/** The application's sections (§3 patent creation result's `result`, less images/memo/refEmbodiment). */
export interface PatentSections {
  /** 発明の名称 / Title */
  title: string;
  /** 技術分野 / Technical field */
  domain: string;
  /** 背景技術 / Background */
  background: string;
  /** 特許文献 as cited: 「特開2015-039043号公報」 / "JP 2015-039043 A" — numbered 【特許文献１】… in order. */
  preDocPatents: string[];
  /** 非特許文献 */
  preDocNonPatents: string[];
  /** 発明が解決しようとする課題 / Problem (US: part of the Summary) */
  issue: string;
  /** 課題を解決するための手段 / Means (US: Summary) */
  method: string;
  /** 発明の効果 / Effect */
  effect: string;
  /** 発明を実施するための形態 / Detailed description */
  embodiment: string;
  /** 産業上の利用可能性 */
  industrial_aplicability: string;
  /** 符号の説明 / Reference signs list */
  symbol_descriptions: ReferenceSign[];
  /** 特許請求の範囲 / Claims, one per element, without numbers */
  claims: string[];
  /** 要約書 / Abstract */
  abstract: string;
}

export const TEXT_SECTIONS = ['title', 'domain', 'background', 'issue', 'method', 'effect', 'embodiment', 'industrial_aplicability', 'abstract'] as const;
export type TextSection = (typeof TEXT_SECTIONS)[number];

/** A whole document: its sections, drawings and language. */
export interface PatentDocument {
  lang: DocumentLanguage;
  sections: PatentSections;
  drawings: PatentDrawing[];
}

/** A stored version (§3 prefabId, version, editDate). */
export interface PatentDocumentVersion extends PatentDocument {
  prefabId: string;
  version: number;
  editDate: Date;
}

/** An empty document: every section present, nothing in it. */
export function emptySections(): PatentSections {
  return {
    title: '',
    domain: '',
    background: '',
    preDocPatents: [],
    preDocNonPatents: [],
    issue: '',
    method: '',
    effect: '',
    embodiment: '',
    industrial_aplicability: '',
    symbol_descriptions: [],
    claims: [],
    abstract: '',
  };
}
