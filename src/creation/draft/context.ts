// What the section writers of both languages share: the claims read, the signs, the cited
// documents with their sentences, and what claim 1 adds beyond the reference (its novelty).
import type { ReferenceSign } from '../../patent-documents/model.ts';
import type { DraftDrawing } from '../draft-input.ts';
import type { ClaimLanguage, ClaimPart, ReadClaim } from './claims.ts';
import type { SignedPart } from './signs.ts';

export interface CitedSource {
  /** As the language cites it: 特開2015-039043号公報 / JP 2015-039043 A. */
  citation: string;
  /** One sentence of the document's own text, '' when the store holds no record of it. */
  sentence: string;
  /** The document's title when known. */
  title: string;
  /** Whether it is the reference patent (cited first). */
  reference: boolean;
}

export interface DraftContext {
  lang: ClaimLanguage;
  claims: ReadClaim[];
  /** Claim 1 (or the first independent claim). */
  main: ReadClaim;
  independents: ReadClaim[];
  dependents: ReadClaim[];
  /** The claim whose components carry the signs (see signs.ts signedClaim). */
  signed: ReadClaim;
  /** What claim 1 claims: 電池 / battery. */
  subject: string;
  title: string;
  signs: { subject: ReferenceSign | null; parts: SignedPart[] };
  /** Every sign in order (the subject first), for 【符号の説明】 and for marking the text. */
  signList: ReferenceSign[];
  cited: CitedSource[];
  /** Parts of claim 1 the reference does not show (empty when there is no reference text). */
  novelty: ClaimPart[];
  referenceText: boolean;
  /**
   * The pasted similar document (no number: described as known art, never cited as 特許文献):
   * one sentence of its own text, '' when none; whether the problem contrasts claim 1 with it
   * (`novelty` then holds the claim-1 parts it does not mention).
   */
  pasted: { sentence: string; contrasted: boolean };
  keywords: string[];
  drawings: DraftDrawing[];
}
