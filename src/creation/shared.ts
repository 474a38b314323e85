// What the creation pages, their islands and the server share (no Node imports: the islands
// bundle it): §9 creation limits, the stored input, the §4 stages the waiting page names.

export const CREATION_LIMITS = {
  claims: 20,
  claim: 1500,
  referenceNumber: 30,
  similarNumber: 30,
  similarPatents: 250,
  similarDocument: 5000,
  keywords: 500,
  fileName: 100,
  drawings: 20,
  drawingsWithGpt: 10,
  drawingDescription: 500,
  drawingMegabytes: 10,
  section: 1500,
  memo: 5000,
} as const;

/** The region of the draft: a Japanese (JPO) or a US application. */
export type CreationRegion = 'jp' | 'us';

export interface CreationReferenceParts {
  claims: boolean;
  abstract: boolean;
  fullText: boolean;
}

/** One uploaded drawing as the entry keeps it (the bytes are in patent_drawings). */
export interface StoredDrawingRef {
  id: string;
  fileName: string;
  caption: string;
  /**
   * A figure described without an image (a caption sent with no file): no row in patent_drawings.
   * It is still a figure of the application, listed in 【図面の簡単な説明】 by its description.
   */
  withoutPicture?: true;
}

/** The input as stored on the entry: what "edit and create again" restores. */
export interface StoredCreationInput {
  lang: CreationRegion;
  claims: string[];
  /** As the user wrote it; the stored record's id beside it once resolved. */
  referenceNumber: string;
  referenceId: string | null;
  referenceParts: CreationReferenceParts;
  similarPatents: string[];
  similarGiven: number;
  similarDocument: string;
  keywords: string;
  shouldUseGPT: boolean;
  shouldUseGPTVision: boolean;
  drawings: StoredDrawingRef[];
  memo: string;
}

/**
 * §4 progress codes as the waiting page names them for a draft: 0 accepted, 1 reading the
 * reference and similar patents, 2 claims analysed, 3 draft assembled, 4 GPT finished (when
 * used), 5 done.
 */
export const CREATION_STAGES = ['start', 'reading', 'analysed', 'assembled', 'gpt', 'done'] as const;

/** A notice the draft carries for the user (i18n key of the creation namespace and its values). */
export interface CreationNotice {
  key: string;
  /** A list (of numbers, say) is joined with the reader's separator when shown. */
  values?: Record<string, string | number | string[]>;
}
