// The creation form's state and what it sends (§3 patent creation input, §9 creation limits):
// no Node imports, the island bundles it. The server checks everything again
// (src/creation/validation.ts); the form checks first so a person is told before sending.
import { characterCount } from '../../src/history/shared.ts';
import { CREATION_LIMITS, type CreationReferenceParts, type CreationRegion, type StoredCreationInput } from '../../src/creation/shared.ts';

export { CREATION_LIMITS };

export interface CreationFormInput {
  lang: CreationRegion;
  claims: string[];
  referenceNumber: string;
  referenceParts: CreationReferenceParts;
  /** One number per line, as pasted. */
  similarPatents: string;
  similarDocument: string;
  keywords: string;
  shouldUseGPT: boolean;
  shouldUseGPTVision: boolean;
  memo: string;
  /** Drawings kept from the entry the form was reopened from (their files are on the server). */
  /** withoutPicture: a figure of the entry that had a description but no image (one may be attached in place). */
  keptDrawings: Array<{ id: string; fileName: string; caption: string; withoutPicture?: true }>;
}

export const emptyCreationInput = (shouldUseGPT = false): CreationFormInput => ({
  lang: 'jp',
  claims: [''],
  referenceNumber: '',
  referenceParts: { claims: true, abstract: true, fullText: false },
  similarPatents: '',
  similarDocument: '',
  keywords: '',
  shouldUseGPT,
  shouldUseGPTVision: false,
  memo: '',
  keptDrawings: [],
});

/** A stored entry's input back into the form (history "edit and create again"). */
export function restoredCreationInput(stored: StoredCreationInput | null | undefined, shouldUseGPT = false): CreationFormInput {
  const base = emptyCreationInput(shouldUseGPT);
  if (!stored) return base;
  return {
    lang: stored.lang === 'us' ? 'us' : 'jp',
    claims: stored.claims?.length ? [...stored.claims] : base.claims,
    referenceNumber: stored.referenceNumber ?? '',
    referenceParts: { ...base.referenceParts, ...stored.referenceParts },
    similarPatents: (stored.similarPatents ?? []).join('\n'),
    similarDocument: stored.similarDocument ?? '',
    keywords: stored.keywords ?? '',
    shouldUseGPT: stored.shouldUseGPT === true,
    shouldUseGPTVision: stored.shouldUseGPTVision === true,
    memo: stored.memo ?? '',
    keptDrawings: (stored.drawings ?? []).map((drawing) => ({ id: drawing.id, fileName: drawing.fileName, caption: drawing.caption, ...(drawing.withoutPicture && { withoutPicture: true as const }) })),
  };
}

export interface NewDrawing {
  key: number;
  file: File;
  caption: string;
}

export type CreationField = 'claims' | 'referenceNumber' | 'referenceParts' | 'similarPatents' | 'similarDocument' | 'keywords' | 'drawings' | 'memo';
export interface FieldProblem {
  field: CreationField;
  errcode: string;
  values?: Record<string, string | number>;
}

export const similarNumbersOf = (text: string): string[] => text.split(/[\r\n,、，;；\t]+/).map((item) => item.trim()).filter(Boolean);

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif)$/i;

/** The checks on one picture file the server makes again (its content is read there). */
function fileProblem(file: File): FieldProblem | null {
  if (characterCount(file.name) > CREATION_LIMITS.fileName) return { field: 'drawings', errcode: 'E049', values: { max: CREATION_LIMITS.fileName, name: file.name } };
  if (!IMAGE_EXTENSIONS.test(file.name)) return { field: 'drawings', errcode: 'E052', values: { name: file.name } };
  if (file.size > CREATION_LIMITS.drawingMegabytes * 1024 * 1024) return { field: 'drawings', errcode: 'E054', values: { max: CREATION_LIMITS.drawingMegabytes } };
  return null;
}

/**
 * What the server would refuse, in its codes, before anything is sent. `keptPictures`: the
 * pictures attached to kept figures without one (counted among the figures already).
 */
export function problemsOf(input: CreationFormInput, drawings: NewDrawing[], keptPictures: File[] = []): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const claims = input.claims.filter((claim) => claim.trim());
  if (claims.length === 0) problems.push({ field: 'claims', errcode: 'E040' });
  if (claims.length > CREATION_LIMITS.claims) problems.push({ field: 'claims', errcode: 'E041', values: { max: CREATION_LIMITS.claims } });
  claims.forEach((claim, i) => {
    if (characterCount(claim) > CREATION_LIMITS.claim) problems.push({ field: 'claims', errcode: 'E042', values: { max: CREATION_LIMITS.claim, number: i + 1 } });
  });
  if (characterCount(input.referenceNumber.trim()) > CREATION_LIMITS.referenceNumber) problems.push({ field: 'referenceNumber', errcode: 'E043', values: { max: CREATION_LIMITS.referenceNumber } });
  const parts = input.referenceParts;
  if (input.referenceNumber.trim() && !parts.claims && !parts.abstract && !parts.fullText) problems.push({ field: 'referenceParts', errcode: 'E044' });
  similarNumbersOf(input.similarPatents).forEach((number, i) => {
    if (characterCount(number) > CREATION_LIMITS.similarNumber) problems.push({ field: 'similarPatents', errcode: 'E045', values: { max: CREATION_LIMITS.similarNumber, line: i + 1 } });
  });
  if (characterCount(input.similarDocument) > CREATION_LIMITS.similarDocument) problems.push({ field: 'similarDocument', errcode: 'E047', values: { max: CREATION_LIMITS.similarDocument } });
  if (characterCount(input.keywords) > CREATION_LIMITS.keywords) problems.push({ field: 'keywords', errcode: 'E048', values: { max: CREATION_LIMITS.keywords } });
  const count = drawings.length + input.keptDrawings.length;
  if (count > CREATION_LIMITS.drawings) problems.push({ field: 'drawings', errcode: 'E050', values: { max: CREATION_LIMITS.drawings } });
  else if (input.shouldUseGPT && count > CREATION_LIMITS.drawingsWithGpt) problems.push({ field: 'drawings', errcode: 'E051', values: { max: CREATION_LIMITS.drawingsWithGpt } });
  for (const file of [...keptPictures, ...drawings.map((drawing) => drawing.file)]) {
    const problem = fileProblem(file);
    if (problem) problems.push(problem);
  }
  [...input.keptDrawings.map((d) => d.caption), ...drawings.map((d) => d.caption)].forEach((caption, i) => {
    if (characterCount(caption) > CREATION_LIMITS.drawingDescription) problems.push({ field: 'drawings', errcode: 'E053', values: { max: CREATION_LIMITS.drawingDescription, number: i + 1 } });
  });
  if (characterCount(input.memo) > CREATION_LIMITS.memo) problems.push({ field: 'memo', errcode: 'E059', values: { max: CREATION_LIMITS.memo } });
  return problems;
}

/**
 * The request as the API takes it (the JSON of the form's `request` field). `attached`: the kept
 * figures given a picture, sent in their order as the `keptPictures` files.
 */
export function requestOf(input: CreationFormInput, drawings: NewDrawing[], attached: ReadonlySet<string> = new Set()): Record<string, unknown> {
  return {
    lang: input.lang,
    claims: input.claims.map((claim) => claim.trim()).filter(Boolean),
    referenceNumber: input.referenceNumber.trim(),
    referenceParts: input.referenceParts,
    similarPatents: similarNumbersOf(input.similarPatents),
    similarDocument: input.similarDocument,
    keywords: input.keywords,
    shouldUseGPT: input.shouldUseGPT,
    shouldUseGPTVision: input.shouldUseGPT && input.shouldUseGPTVision,
    keptDrawings: input.keptDrawings.map((drawing) => ({
      id: drawing.id,
      caption: drawing.caption,
      ...(drawing.withoutPicture && (attached.has(drawing.id) ? { attached: true } : { withoutPicture: true })),
    })),
    drawingCaptions: drawings.map((drawing) => drawing.caption),
    memo: input.memo,
  };
}

/**
 * A claim set pasted into one box, split into its claims: 【請求項２】… (wherever it stands: a gazette copied
 * without its line breaks runs 「…装置。【請求項２】請求項１に記載の…」 on) or a line starting "2." / "2 ." /
 * "２．". One claim comes back as it is.
 */
export function splitPastedClaims(text: string): string[] {
  const marker = /(?:【請求項[0-9０-９]+】|(?:^|\n)\s*[0-9０-９]{1,2}\s*[.．])\s*/g;
  const starts = [...text.matchAll(marker)];
  if (starts.length < 2) return [text];
  const claims: string[] = [];
  starts.forEach((match, i) => {
    const from = match.index! + match[0].length;
    const to = i + 1 < starts.length ? starts[i + 1]!.index! : text.length;
    const claim = text.slice(from, to).replace(/\s*\n\s*/g, '\n').trim();
    if (claim) claims.push(claim);
  });
  const before = text.slice(0, starts[0]!.index!).trim();
  return before ? [before, ...claims] : claims;
}
