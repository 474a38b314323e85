// Exports of a draft (§1 "exported as Word"): the version asked for (the latest by default) as
// .docx or HTML, in the JPO or the US format (src/patent-documents/export.ts).
import type { Request, Response } from 'express';
import { accountIdOf } from '../auth/guard.ts';
import { exportDocument, type ExportType } from '../patent-documents/export.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { creationOf } from './service.ts';

export const exportFormatOf = (req: Request) => (req.query.format === 'us' ? 'us' : 'jpo') as 'us' | 'jpo';
export const exportVersionOf = (req: Request) => (/^\d{1,6}$/.test(String(req.query.version ?? '')) ? Number(req.query.version) : undefined);

/** Sends an export: Word as an attachment, HTML in the browser (to read or print) unless download=1. */
export function sendExport(req: Request, res: Response, file: { body: Buffer | string; contentType: string; fileName: string }, type: ExportType): void {
  if (type === 'docx' || req.query.download === '1') res.attachment(file.fileName);
  res.set('Cache-Control', 'private, no-store');
  res.type(file.contentType).send(file.body);
}

export function createCreationExportController(context: AppContext) {
  const { db } = context;
  const send = (type: ExportType) => async (req: Request, res: Response) => {
    const userId = accountIdOf(req, 'user');
    const creation = await creationOf(db, userId, typeof req.query.id === 'string' ? req.query.id : '');
    const prefabId = (creation.result as { prefabId?: string } | null)?.prefabId;
    if (creation.status !== 1 || !prefabId) throw new AppError(409, 'E072', 'E072');
    const file = await exportDocument(db, userId, { prefabId, version: exportVersionOf(req), format: exportFormatOf(req), type, untitled: req.t('titles.detail', { ns: 'creation' }) });
    sendExport(req, res, file, type);
  };
  return { docx: send('docx'), html: send('html') };
}
