// Exports of a draft (§1 "exported as Word"): the version asked for (the latest by default) as
// .docx or HTML, in the JPO or the US format (src/patent-documents/export.ts).
import type { Request, Response } from 'express';
import { accountIdOf } from '../auth/guard.ts';
import { exportDocument, type ExportType } from '../patent-documents/export.ts';
import { exportFormatOf, exportVersionOf, sendExport } from '../patent-documents/export-http.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { creationOf } from './service.ts';

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
