// What a draft is made from (§3 patent creation input, resolved against the store): the
// contract between the creation service, the drafter without GPT (draft/) and the GPT drafter
// (gpt-draft/).
import type { DocumentLanguage, DrawingMimeType, PatentSections } from '../patent-documents/model.ts';
import type { PatentRecord } from '../patents/record.ts';

/** Which parts of the reference patent the draft may draw on (§5: at least one). */
export interface ReferenceParts {
  claims: boolean;
  abstract: boolean;
  fullText: boolean;
}

/** A similar patent as the user named it, with its stored record when the store holds it. */
export interface CitedDocument {
  /** As written by the user, normalised (no spaces), e.g. JP2015039043A, 特開2015-039043. */
  written: string;
  record: PatentRecord | null;
}

export interface DraftDrawing {
  fileName: string;
  /** null for a figure without a picture. */
  mimeType: DrawingMimeType | null;
  /** The image bytes (checked by content before they get here); null for a figure without a picture. */
  data: Uint8Array | null;
  /** The user's caption, '' when none. */
  caption: string;
}

export interface DraftInput {
  /** ja → JPO-style Japanese text; en → US-style English text. */
  lang: DocumentLanguage;
  /** The claims as entered, one per item, in order, without numbers (≤ 20 of ≤ 1,500). */
  claims: string[];
  /** Keywords the user gave (may be empty). */
  keywords: string[];
  /** The reference patent (a stored record), or null when none was named. */
  reference: PatentRecord | null;
  referenceParts: ReferenceParts;
  /** Similar patents in the order given (≤ 250). */
  similar: CitedDocument[];
  /** Free text of a similar document the user pasted ('' when none). */
  similarDocument: string;
  drawings: DraftDrawing[];
}

/** A draft: the sections, one description per drawing (same order), and what the user should know. */
export interface Draft {
  sections: PatentSections;
  drawingDescriptions: string[];
  /** Notices for the user as i18n keys of locales/{ja,en}/creation.json with their values, e.g. a GPT fallback. */
  notices: Array<{ key: string; values?: Record<string, string | number> }>;
}
