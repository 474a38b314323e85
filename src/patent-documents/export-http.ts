// How creation support and the editor answer an export request: the format and version asked
// for, and the file sent (Word as an attachment, HTML in the browser unless download=1).
import type { Request, Response } from 'express';
import type { ExportType } from './export.ts';

export const exportFormatOf = (req: Request) => (req.query.format === 'us' ? 'us' : 'jpo') as 'us' | 'jpo';
export const exportVersionOf = (req: Request) => (/^\d{1,6}$/.test(String(req.query.version ?? '')) ? Number(req.query.version) : undefined);

/** Sends an export: Word as an attachment, HTML in the browser (to read or print) unless download=1. */
export function sendExport(req: Request, res: Response, file: { body: Buffer | string; contentType: string; fileName: string }, type: ExportType): void {
  if (type === 'docx' || req.query.download === '1') res.attachment(file.fileName);
  res.set('Cache-Control', 'private, no-store');
  res.type(file.contentType).send(file.body);
}
