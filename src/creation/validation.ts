// The creation request (§3 patent creation input, §5 creation rules, §9 creation limits), each
// bad input refused with its own code and the field it concerns (our allocation of E040–E056):
//   E040 no claim                              E041 more than 20 claims
//   E042 a claim over 1,500                    E043 reference number over 30
//   E044 a reference without any part to use   E045 a similar-patent number over 30
//   E046 (notice) similar patents cut to 250   E047 similar-document text over 5,000
//   E048 keywords over 500 in all              E049 a file name over 100
//   E050 more than 20 drawings                 E051 more than 10 drawings when GPT is used
//   E052 a drawing that is not png/jpeg/gif    E053 a drawing description over 500
//   E054 a drawing over 10 MB                  E055 a section over 1,500 (update request)
//   E056 an update made on an older version    E059 memo over 5,000
// The limits the spec leaves open (similar-document text, keywords, drawing size) are ours.
import type { DocumentLanguage } from '../patent-documents/model.ts';
import { AppError } from '../platform/errors.ts';
import type { ReferenceParts } from './draft-input.ts';
import { CREATION_LIMITS, type CreationRegion, type StoredCreationInput } from './shared.ts';

export { CREATION_LIMITS, type CreationRegion };
export const documentLanguageOf = (region: CreationRegion): DocumentLanguage => (region === 'us' ? 'en' : 'ja');

/** The request as checked: the stored input's fields, before the reference is resolved and the drawings stored. */
export type CreationRequest = Omit<StoredCreationInput, 'referenceId' | 'drawings'> & {
  /** One description per uploaded drawing, in upload order. */
  drawingCaptions: string[];
  /** Drawings of the entry the form was reopened from, kept (they come first, in this order). */
  keptDrawings: KeptDrawing[];
};

/**
 * A drawing kept from the entry reopened. withoutPicture: a figure that had no image (its id is
 * not looked up); attached: such a figure given its picture now, the next of the `keptPictures` files.
 */
export type KeptDrawing = { id: string; caption: string; withoutPicture?: true; attached?: true };

const fail = (code: string, field: string, values: Record<string, unknown> = {}, status = 400): never => {
  throw new AppError(status, code, code, values, { field });
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const characters = (value: string): number => [...value].length;
const flag = (value: unknown, fallback: boolean): boolean => (value === undefined || value === null ? fallback : value === true || value === 'true');

/** A list given as an array of strings or as text with one item per line (pasted numbers). */
function listOf(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.split(/[\r\n,、，;；\t]+/).map((item) => item.trim()).filter(Boolean);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return fail('E102', field);
  return (value as string[]).map((item) => item.trim()).filter(Boolean);
}

export function parseCreationRequest(body: Record<string, unknown>): CreationRequest {
  const lang: CreationRegion = body.lang === 'us' ? 'us' : 'jp';
  const claims = listOfClaims(body.claims);
  if (claims.length === 0) fail('E040', 'claims');
  if (claims.length > CREATION_LIMITS.claims) fail('E041', 'claims', { max: CREATION_LIMITS.claims });
  claims.forEach((claim, i) => {
    if (characters(claim) > CREATION_LIMITS.claim) fail('E042', 'claims', { max: CREATION_LIMITS.claim, number: i + 1 });
  });
  const referenceNumber = text(body.referenceNumber).trim();
  if (characters(referenceNumber) > CREATION_LIMITS.referenceNumber) fail('E043', 'referenceNumber', { max: CREATION_LIMITS.referenceNumber });
  const parts = (body.referenceParts ?? {}) as Record<string, unknown>;
  const referenceParts: ReferenceParts = { claims: flag(parts.claims, true), abstract: flag(parts.abstract, true), fullText: flag(parts.fullText, false) };
  if (referenceNumber && !referenceParts.claims && !referenceParts.abstract && !referenceParts.fullText) fail('E044', 'referenceParts');
  const similar = listOf(body.similarPatents, 'similarPatents');
  similar.forEach((number, i) => {
    if (characters(number) > CREATION_LIMITS.similarNumber) fail('E045', 'similarPatents', { max: CREATION_LIMITS.similarNumber, line: i + 1 });
  });
  const similarDocument = text(body.similarDocument);
  if (characters(similarDocument) > CREATION_LIMITS.similarDocument) fail('E047', 'similarDocument', { max: CREATION_LIMITS.similarDocument });
  const keywords = text(body.keywords).trim();
  if (characters(keywords) > CREATION_LIMITS.keywords) fail('E048', 'keywords', { max: CREATION_LIMITS.keywords });
  const shouldUseGPT = flag(body.shouldUseGPT, false);
  const shouldUseGPTVision = shouldUseGPT && flag(body.shouldUseGPTVision, false);
  const captions = listOfCaptions(body.drawingCaptions);
  const keptDrawings = listOfKept(body.keptDrawings);
  [...keptDrawings.map((drawing) => drawing.caption), ...captions].forEach((caption, i) => {
    if (characters(caption) > CREATION_LIMITS.drawingDescription) fail('E053', 'drawings', { max: CREATION_LIMITS.drawingDescription, number: i + 1 });
  });
  const memo = text(body.memo);
  if (characters(memo) > CREATION_LIMITS.memo) fail('E059', 'memo', { max: CREATION_LIMITS.memo });
  return {
    keptDrawings,
    lang,
    claims,
    referenceNumber,
    referenceParts,
    similarPatents: [...new Set(similar)].slice(0, CREATION_LIMITS.similarPatents),
    similarGiven: new Set(similar).size,
    similarDocument,
    keywords,
    shouldUseGPT,
    shouldUseGPTVision,
    drawingCaptions: captions,
    memo,
  };
}

/** Claims as a list; a claim's leading number as people paste it (【請求項１】, "1.") is dropped. */
function listOfClaims(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return fail('E102', 'claims');
  return (value as string[])
    .map((claim) => claim.replace(/^\s*(【請求項[0-9０-９]+】|(?:claim\s*)?[0-9]+\s*[.:)．])\s*/i, '').trim())
    .filter(Boolean);
}

/** Drawings kept from the entry reopened (see KeptDrawing). */
function listOfKept(value: unknown): KeptDrawing[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item?.id !== 'string' || (item.caption !== undefined && typeof item.caption !== 'string'))) return fail('E102', 'drawings');
  return (value as Array<{ id: string; caption?: string; withoutPicture?: unknown; attached?: unknown }>).map((item) => ({
    id: item.id,
    caption: (item.caption ?? '').trim(),
    ...(item.attached === true ? { attached: true as const } : item.withoutPicture === true && { withoutPicture: true as const }),
  }));
}

/** Figures described without a file: the captions beyond the uploaded files that say something. */
export const captionsWithoutFiles = (captions: string[], files: number): string[] => captions.slice(files).filter((caption) => caption.length > 0);

function listOfCaptions(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return fail('E102', 'drawings');
  return (value as string[]).map((caption) => caption.trim());
}

export interface UploadedDrawing {
  fileName: string;
  bytes: Buffer;
}

/**
 * The limits on the drawings themselves (their content is checked where they are read). `attached`
 * are the pictures given to kept figures without one: figures counted already, files checked alike.
 */
export function checkDrawingFiles(files: UploadedDrawing[], request: Pick<CreationRequest, 'shouldUseGPT' | 'keptDrawings' | 'drawingCaptions'>, attached: UploadedDrawing[] = []): void {
  const count = files.length + request.keptDrawings.length + captionsWithoutFiles(request.drawingCaptions, files.length).length;
  if (count > CREATION_LIMITS.drawings) fail('E050', 'drawings', { max: CREATION_LIMITS.drawings });
  if (request.shouldUseGPT && count > CREATION_LIMITS.drawingsWithGpt) fail('E051', 'drawings', { max: CREATION_LIMITS.drawingsWithGpt });
  // Each picture goes to one figure marked attached, in order: any other count is a malformed request.
  if (attached.length !== request.keptDrawings.filter((drawing) => drawing.attached).length) fail('E102', 'drawings');
  for (const file of [...files, ...attached]) {
    if (characters(file.fileName) > CREATION_LIMITS.fileName) fail('E049', 'drawings', { max: CREATION_LIMITS.fileName, name: file.fileName });
    if (file.bytes.length > CREATION_LIMITS.drawingMegabytes * 1024 * 1024) fail('E054', 'drawings', { max: CREATION_LIMITS.drawingMegabytes }, 413);
  }
}
