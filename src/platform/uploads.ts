// Uploaded files are read into memory (multer) and their type is decided by their
// content (file-type's magic numbers), never by the name or the browser's claim.
import { fileTypeFromBuffer } from 'file-type';
import type { RequestHandler } from 'express';
import multer from 'multer';
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
