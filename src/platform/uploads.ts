// Uploaded files are read into memory (multer) and their type is decided by their
// content (file-type's magic numbers), never by the name or the browser's claim.
import { fileTypeFromBuffer } from 'file-type';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from './errors.ts';
import { multipartProblem } from './input.ts';

export type UploadedFile = Express.Multer.File;

/** multer's parsing, then the input boundary's check of what it added (src/platform/input.ts). */
const checkedMultipart =
  (parse: RequestHandler): RequestHandler =>
  (req, res, next) =>
    parse(req, res, (error?: unknown) => (error ? next(error) : next(multipartProblem(req))));

/** multer for multipart forms kept in memory; limits are enforced again by each feature with its own codes. */
export function memoryUpload(limits: { fileSize: number; files: number }) {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: limits.fileSize, files: limits.files, fields: 20, parts: limits.files + 20 } });
  return {
    single: (field: string) => checkedMultipart(upload.single(field)),
    array: (field: string, maxCount?: number) => checkedMultipart(upload.array(field, maxCount)),
    fields: (fields: Array<{ name: string; maxCount?: number }>) => checkedMultipart(upload.fields(fields)),
  };
}

/**
 * How a feature names multer's own stops: too many files (E050, only where several are allowed),
 * one too large (E054, with the feature's limit in megabytes). Any other stop (another field, a
 * second file where one is expected, a broken form) makes the request malformed (E102).
 */
export type UploadStops = { field: string; tooLarge: { max: number }; tooMany?: { max: number } };

/** The feature's AppError for what stopped an upload; the input boundary's own AppErrors pass as they are. */
export function uploadProblem(error: unknown, stops: UploadStops): AppError {
  if (error instanceof AppError) return error;
  const where = { field: stops.field };
  if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_COUNT' && stops.tooMany) return new AppError(400, 'E050', 'E050', { max: stops.tooMany.max }, where);
  if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'E054', 'E054', { max: stops.tooLarge.max }, where);
  return new AppError(400, 'E102', 'E102', {}, where);
}

/** A feature's multer middleware whose stops reach the error handler as the feature's codes. */
export const receiveUpload =
  (upload: RequestHandler, stops: UploadStops): RequestHandler =>
  (req, res, next) =>
    upload(req, res, (error?: unknown) => (error ? next(uploadProblem(error, stops)) : next()));

/** The MIME type a file's bytes show, or undefined when they match no known binary format. */
export async function sniffContentType(content: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(content))?.mime;
}

/** Text files have no magic number: accept them only when the bytes decode as UTF-8 without control characters. */
export function looksLikeText(content: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content.subarray(0, 64 * 1024));
  return !text.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F]/.test(text);
}

/** Browsers send file names in UTF-8 but multer reads them as latin1. */
export const decodeFileName = (name: string): string => Buffer.from(name, 'latin1').toString('utf8');
