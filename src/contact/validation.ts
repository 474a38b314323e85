// Reading and validating an inquiry request: the multipart form (multer, in memory),
// the rules of rules.ts in their order, and the attachments' types by content.
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '../platform/errors.ts';
import { decodeFileName, looksLikeText, memoryUpload, sniffContentType, type UploadedFile } from '../platform/uploads.ts';
import {
  ATTACHMENT_TYPES,
  INQUIRY_LIMITS,
  INQUIRY_RULES,
  bodyRule,
  emailRule,
  fileNameTooLong,
  firstBrokenRule,
  inquiryCode,
  nameRule,
  normalizeFields,
  normalizeFileName,
  typeMatchesName,
  type InquiryArea,
  type InquiryFields,
  type InquiryRule,
} from './rules.ts';

export interface InquiryAttachment {
  fileName: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export interface ValidInquiry extends InquiryFields {
  attachments: InquiryAttachment[];
}

export const FILES_FIELD = 'files';

/**
 * Room for the text fields and the multipart headers on top of the attachments; a request
 * that announces more than this is refused before a byte of it is read.
 */
const FORM_OVERHEAD_BYTES = 256 * 1024;

const refuse = (rule: InquiryRule, area: InquiryArea) => new AppError(400, inquiryCode(rule, area));
const badRequest = (area: InquiryArea) => new AppError(400, area === 'manage' ? 'ME999' : 'E102', 'badRequest');

/**
 * Browsers send file names in UTF-8, which multer reads as latin1. A name that already
 * holds characters beyond latin1 (RFC 5987 `filename*`) or does not decode as UTF-8 is kept.
 * Control characters (an escaped CR/LF) never reach the mail headers or the database.
 */
export function readFileName(raw: string): string {
  let name = raw;
  if (!/[^\u0000-\u00ff]/.test(raw)) {
    const decoded = decodeFileName(raw);
    if (!decoded.includes('\uFFFD')) name = decoded;
  }
  return normalizeFileName(name).replace(/[\u0000-\u001f\u007f]/g, '_');
}

const comesBefore = (a: InquiryRule, b: InquiryRule) => INQUIRY_RULES.indexOf(a) < INQUIRY_RULES.indexOf(b);

const FIELD_RULE: Record<string, InquiryRule> = { name: 'nameTooLong', email: 'emailTooLong', body: 'bodyTooLong' };

/**
 * multer stops at its own limits (6th file, a file over 8 MB, a field over 1 MB). Those map
 * to the inquiry's codes, not a 500. The fields that arrived before the stop (the dialog
 * sends them first) are still checked first, so the answer is the first rule that fails.
 */
function uploadFailure(error: unknown, req: Request, area: InquiryArea): AppError {
  if (error instanceof AppError) return error; // the input boundary's refusal (src/platform/input.ts)
  if (!(error instanceof multer.MulterError)) {
    // A malformed or cut-off body (busboy's "Unexpected end of form" and the like).
    return badRequest(area);
  }
  let limitRule: InquiryRule | undefined;
  if (error.code === 'LIMIT_FILE_COUNT') limitRule = 'tooManyFiles';
  else if (error.code === 'LIMIT_FILE_SIZE') limitRule = 'tooLarge';
  else if (error.code === 'LIMIT_FIELD_VALUE' && error.field && FIELD_RULE[error.field]) limitRule = FIELD_RULE[error.field];
  if (!limitRule) return badRequest(area);

  const received = (req.body ?? {}) as Record<string, unknown>;
  const fields = normalizeFields(received);
  const earlier =
    ('name' in received ? nameRule(fields.name) : undefined) ??
    ('email' in received ? emailRule(fields.email) : undefined) ??
    ('body' in received ? bodyRule(fields.body) : undefined);
  if (earlier && comesBefore(earlier, limitRule)) return refuse(earlier, area);
  const names = ((req.files as Partial<UploadedFile>[] | undefined) ?? []).flatMap((file) => (file.originalname ? [file.originalname] : []));
  // multer 2 names the file a limit stopped at (not yet in its types).
  const stoppedAt = (error as { filename?: unknown }).filename;
  if (error.field === FILES_FIELD && typeof stoppedAt === 'string') names.push(stoppedAt);
  if ((limitRule === 'tooManyFiles' || limitRule === 'tooLarge') && names.some((name) => fileNameTooLong(readFileName(name)))) {
    return refuse('fileNameTooLong', area);
  }
  return refuse(limitRule, area);
}

const upload = memoryUpload({ fileSize: INQUIRY_LIMITS.totalBytes, files: INQUIRY_LIMITS.files }).array(FILES_FIELD);

/** Parses the multipart form into req.body and req.files, answering limit breaches with the inquiry codes. */
export function parseInquiryForm(area: InquiryArea): RequestHandler {
  return (req, res, next) => {
    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > INQUIRY_LIMITS.totalBytes + FORM_OVERHEAD_BYTES) {
      // Keep the connection usable: discard what the client still sends.
      req.resume();
      return next(refuse('tooLarge', area));
    }
    upload(req, res, (error?: unknown) => (error ? next(uploadFailure(error, req, area)) : next()));
  };
}

/** The attachment's type as its bytes show it, or undefined when it may not be attached. */
export async function attachmentType(content: Buffer, fileName: string): Promise<string | undefined> {
  const sniffed = await sniffContentType(content);
  let mime: string | undefined;
  if (sniffed) mime = ATTACHMENT_TYPES.some((type) => type.mime === sniffed) ? sniffed : undefined;
  else if (looksLikeText(content)) mime = fileName.toLowerCase().endsWith('.csv') ? 'text/csv' : 'text/plain';
  return mime && typeMatchesName(mime, fileName) ? mime : undefined;
}

/** The request's inquiry, or the AppError of the first rule it breaks (§5, codes of §8). */
export async function validateInquiry(req: Request, area: InquiryArea): Promise<ValidInquiry> {
  const fields = normalizeFields((req.body ?? {}) as Record<string, unknown>);
  const uploaded = Array.isArray(req.files) ? (req.files as UploadedFile[]) : [];
  const files = uploaded.map((file) => ({ name: readFileName(file.originalname), size: file.size, content: file.buffer }));
  const broken = firstBrokenRule(fields, files);
  if (broken) throw refuse(broken, area);
  const attachments: InquiryAttachment[] = [];
  for (const file of files) {
    const contentType = await attachmentType(file.content, file.name);
    if (!contentType) throw refuse('fileType', area);
    attachments.push({ fileName: file.name, contentType, size: file.size, content: file.content });
  }
  return { ...fields, attachments };
}
