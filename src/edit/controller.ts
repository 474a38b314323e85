// Editing calls (§2 /patent-document-edit): open a document (from a creation result, an uploaded
// .docx/.html, or empty), read it, save items, undo, reorder claims or drawings, add and remove
// drawings (and attach a picture to a figure that has none), run a GPT-instructed edit and
// confirm its items, run the drafting checks, export. A user reaches only their own entries and
// documents (E414/E072).
import type { Request, Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { accountIdOf } from '../auth/guard.ts';
import { exportFormatOf, exportVersionOf, sendExport } from '../patent-documents/export-http.ts';
import { formatExecDate } from '../history/shared.ts';
import { checkDocument } from '../patent-documents/checks.ts';
import { exportDocument, fileNameOf, type ExportType } from '../patent-documents/export.ts';
import { saveEdit } from '../patent-documents/service.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { isGptConfigured } from '../platform/gpt.ts';
import { decodeFileName, memoryUpload, receiveUpload, type UploadedFile } from '../platform/uploads.ts';
import { companyIdOfUser } from '../users/repository.ts';
import { validateEditRequest } from './gpt-edit/index.ts';
import { applyGptEdit, gptEditJob, type StoredProposal } from './gpt-job.ts';
import { addDrawings, attachDrawingPicture, EDIT_LIMITS, editedDocument, openEmpty, openFromCreation, openUpload, removeDrawing, reorder, startGptEdit, undo } from './service.ts';
import { sectionHeading, type HeadedSection } from '../patent-documents/headings.ts';

const idOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : typeof req.body?.id === 'string' ? req.body.id : '');
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN);
const versionIn = (body: Record<string, unknown>): number => {
  const version = numberOf(body.version);
  if (!Number.isInteger(version)) throw new AppError(400, 'E102', 'E102', {}, { field: 'version' });
  return version;
};

const fileUpload = memoryUpload({ fileSize: EDIT_LIMITS.fileMegabytes * 1024 * 1024, files: 1 }).single('file');
const drawingUpload = memoryUpload({ fileSize: EDIT_LIMITS.drawingMegabytes * 1024 * 1024 + 1, files: EDIT_LIMITS.drawings + 1 }).array('drawings');
// One picture for a figure that has none; a second file makes the request malformed (E102).
const pictureUpload = memoryUpload({ fileSize: EDIT_LIMITS.drawingMegabytes * 1024 * 1024 + 1, files: 1 }).single('picture');

// multer's own stops as the editor's codes. A document is one file and a figure takes one picture:
// a second file makes the request malformed (E102), not "too many drawings".
export const receiveFile = receiveUpload(fileUpload, { field: 'file', tooLarge: { max: EDIT_LIMITS.fileMegabytes } });
export const receiveDrawings = receiveUpload(drawingUpload, { field: 'drawings', tooMany: { max: EDIT_LIMITS.drawings }, tooLarge: { max: EDIT_LIMITS.drawingMegabytes } });
export const receivePicture = receiveUpload(pictureUpload, { field: 'drawings', tooLarge: { max: EDIT_LIMITS.drawingMegabytes } });

export function createEditController(context: AppContext) {
  const { db, jobs } = context;
  const label = (req: Request) => (key: string) => req.t(key, { ns: 'creation' });
  const owner = async (req: Request) => {
    const id = accountIdOf(req, 'user');
    const companyId = await companyIdOfUser(db, id);
    if (!companyId) throw new AppError(401, 'E073');
    return { id, companyId };
  };

  return {
    /** POST /api/patent-document-edit/open: { creationId, version? } | { lang } | multipart `file` → 201 { id, notices }. */
    open: async (req: Request, res: Response) => {
      const who = await owner(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (req.file) {
        const opened = await openUpload(db, who, { fileName: decodeFileName(req.file.originalname), bytes: req.file.buffer });
        return res.status(201).json(opened);
      }
      if (typeof body.creationId === 'string') {
        const version = body.version === undefined ? undefined : numberOf(body.version);
        return res.status(201).json({ id: await openFromCreation(db, who, { creationId: body.creationId, version: Number.isInteger(version) ? version : undefined }), notices: [] });
      }
      if (body.lang !== 'ja' && body.lang !== 'en') throw new AppError(400, 'E101', 'E101', {}, { field: 'file' });
      res.status(201).json({ id: await openEmpty(db, who, body.lang), notices: [] });
    },

    /** GET /api/patent-document-edit/document?id=&version= → the version with the entry's versions. */
    document: async (req: Request, res: Response) => {
      const found = await editedDocument(db, accountIdOf(req, 'user'), idOf(req), Number.isInteger(numberOf(req.query.version)) ? numberOf(req.query.version) : undefined);
      res.set('Cache-Control', 'no-store');
      res.json({
        id: found.edit.id,
        prefabId: found.edit.prefabId,
        lang: found.document.lang,
        version: found.version.version,
        latestVersion: found.document.latestVersion,
        editDate: found.version.editDate,
        sections: found.version.sections,
        drawings: found.version.drawings,
        versions: found.versions.map((entry) => ({ ...entry, editDate: formatExecDate(entry.editDate) })),
      });
    },

    /** POST /api/patent-document-edit/save { id, version, …items } → { version }. */
    save: async (req: Request, res: Response) => {
      const { id, version, ...update } = (req.body ?? {}) as Record<string, unknown>;
      const userId = accountIdOf(req, 'user');
      const found = await editedDocument(db, userId, typeof id === 'string' ? id : '');
      const next = await saveEdit(db, userId, { prefabId: found.edit.prefabId, expectedVersion: versionIn({ version }), update }, label(req));
      res.json({ version: next });
    },

    undo: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      res.json({ version: await undo(db, accountIdOf(req, 'user'), idOf(req), versionIn(body)) });
    },

    /** POST /api/patent-document-edit/reorder { id, version, what: claims|drawings, order: [old indices] } → { version }. */
    reorder: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const what = body.what === 'drawings' ? 'drawings' : body.what === 'claims' ? 'claims' : null;
      if (!what || !Array.isArray(body.order)) throw new AppError(400, 'E102', 'E102', {}, { field: 'order' });
      res.json({ version: await reorder(db, accountIdOf(req, 'user'), { id: idOf(req), expectedVersion: versionIn(body), what, order: body.order.map(Number) }, label(req)) });
    },

    /** POST /api/patent-document-edit/drawings (multipart: id, version, drawings) → { version }. */
    addDrawings: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const files = ((req.files as UploadedFile[] | undefined) ?? []).map((file) => ({ fileName: decodeFileName(file.originalname), bytes: file.buffer }));
      if (files.length === 0) throw new AppError(400, 'E101', 'E101', {}, { field: 'drawings' });
      res.json({ version: await addDrawings(db, accountIdOf(req, 'user'), { id: idOf(req), expectedVersion: versionIn(body), files }, label(req)) });
    },

    /** POST /api/patent-document-edit/drawings/attach (multipart: id, version, drawingId, picture) → { version, drawing }. */
    attachPicture: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body.drawingId !== 'string') throw new AppError(400, 'E102', 'E102', {}, { field: 'drawings' });
      if (!req.file) throw new AppError(400, 'E101', 'E101', {}, { field: 'drawings' });
      const file = { fileName: decodeFileName(req.file.originalname), bytes: req.file.buffer };
      res.json(await attachDrawingPicture(db, accountIdOf(req, 'user'), { id: idOf(req), expectedVersion: versionIn(body), drawingId: body.drawingId, file }, label(req)));
    },

    removeDrawing: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      res.json({ version: await removeDrawing(db, accountIdOf(req, 'user'), { id: idOf(req), expectedVersion: versionIn(body), index: numberOf(body.index) }, label(req)) });
    },

    /** POST /api/patent-document-edit/gpt { id, version, items, instruction } → 202 { job }. */
    startGpt: async (req: Request, res: Response) => {
      if (!isGptConfigured(context.config.gpt)) throw new AppError(409, 'E417', 'gptNotConfigured');
      const body = (req.body ?? {}) as Record<string, unknown>;
      const userId = accountIdOf(req, 'user');
      const found = await editedDocument(db, userId, idOf(req));
      const { items, instruction } = validateEditRequest({ lang: found.document.lang, sections: found.version.sections, drawings: found.version.drawings }, body);
      const job = await startGptEdit({ db, jobs }, userId, { id: found.edit.id, expectedVersion: versionIn(body), items, instruction });
      res.status(202).json({ job });
    },

    /** GET /api/patent-document-edit/gpt?id=&job= → { status, progress, errcode, version?, proposals? }. */
    gptStatus: async (req: Request, res: Response) => {
      const job = await gptEditJob({ db, jobs }, accountIdOf(req, 'user'), idOf(req), typeof req.query.job === 'string' ? req.query.job : '');
      const result = job.result as { version: number; proposals: StoredProposal[] } | null;
      res.set('Cache-Control', 'no-store');
      res.json({ status: job.status, progress: job.progress, errcode: job.errcode, ...(job.status === 1 && result ? result : {}) });
    },

    cancelGpt: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const job = await gptEditJob({ db, jobs }, userId, idOf(req), typeof req.body?.job === 'string' ? req.body.job : '');
      if (job.status === 0) await jobs.cancel(userId, job.uuid);
      res.json({ status: (await jobs.get(userId, job.uuid))?.status ?? 9 });
    },

    /** POST /api/patent-document-edit/gpt/apply { id, job, accept: [items] } → { version }. */
    applyGpt: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const accept = Array.isArray(body.accept) ? body.accept.filter((item): item is string => typeof item === 'string') : [];
      const job = typeof body.job === 'string' ? body.job : '';
      res.json({ version: await applyGptEdit({ db, jobs }, accountIdOf(req, 'user'), { id: idOf(req), job, accept }, label(req)) });
    },

    /** GET /api/patent-document-edit/checks?id= → the drafting checks' findings, each with its message. */
    checks: async (req: Request, res: Response) => {
      const found = await editedDocument(db, accountIdOf(req, 'user'), idOf(req));
      const findings = await checkDocument({ lang: found.document.lang, sections: found.version.sections, drawings: found.version.drawings });
      res.set('Cache-Control', 'no-store');
      // Where a finding is, as the reader names it: 請求項２ / claim 2, 図１ / FIG. 1, or the section by the heading the editor
      // shows for it (【背景技術】 in a Japanese document, "Background" in an English one, quoted as the reader's language quotes it).
      const heading = (section: HeadedSection) => {
        const shown = sectionHeading(found.document.lang, section);
        return shown.startsWith('【') ? shown : req.t('places.heading', { ns: 'edit', heading: shown });
      };
      const place = (finding: (typeof findings)[number]) =>
        finding.item !== undefined && (finding.section === 'claims' || finding.section === 'drawings')
          ? req.t(finding.section === 'claims' ? 'places.claim' : 'places.figure', { ns: 'edit', number: finding.item + 1 })
          : heading(finding.section);
      res.json({ version: found.version.version, findings: findings.map((finding) => ({ ...finding, message: req.t(finding.key, { ns: 'edit-checks', place: place(finding), ...finding.values }) })) });
    },

    export: (type: ExportType) => async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const found = await editedDocument(db, userId, idOf(req));
      const file = await exportDocument(db, userId, { prefabId: found.edit.prefabId, version: exportVersionOf(req), format: exportFormatOf(req), type, untitled: req.t('titles.editor', { ns: 'edit' }) });
      sendExport(req, res, file, type);
    },

    /** The claims as CSV (number, claim, the claims it refers to), for a claims table in Excel. */
    exportClaims: async (req: Request, res: Response) => {
      const found = await editedDocument(db, accountIdOf(req, 'user'), idOf(req), exportVersionOf(req));
      const headings = [req.t('csv.number', { ns: 'edit' }), req.t('csv.claim', { ns: 'edit' })];
      const rows = found.version.sections.claims.map((claim, i) => [String(i + 1), claim]);
      res.attachment(`${fileNameOf(found.version.sections.title || 'claims')}_claims.csv`);
      res.set('Cache-Control', 'private, no-store');
      res.type('text/csv; charset=utf-8').send(Buffer.from(`\uFEFF${stringify([headings, ...rows], { record_delimiter: '\r\n' })}`, 'utf8'));
    },
  };
}
