// Creation-support calls (§2 /patent-creation-support/*): ask for a draft (a multipart form: the
// request as JSON in `request`, the drawings as files in `drawings`), follow it, cancel it, read
// the draft, store an edited section as a new version, restore an earlier version, attach a
// picture to a figure of the draft that has none, and read a drawing. A user reaches only their
// own entries (E072) and documents (E414).
import { requestLanguage } from '../platform/i18n.ts';
import type { NextFunction, Request, Response } from 'express';
import { accountIdOf } from '../auth/guard.ts';
import { findPatentByWrittenNumber } from '../patents/lookup.ts';
import { displayNumberOfId } from '../patents/numbers.ts';
import { documentOf, restoreVersion, saveEdit, versionOf } from '../patent-documents/service.ts';
import { findDrawingBytes } from '../patent-documents/repository.ts';
import { attachPicture } from '../patent-documents/attach-picture.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { decodeFileName, memoryUpload, receiveUpload, type UploadedFile } from '../platform/uploads.ts';
import { companyIdOfUser } from '../users/repository.ts';
import { cancelCreation, creationOf, startCreation } from './service.ts';
import { CREATION_LIMITS } from './shared.ts';
import { parseCreationRequest } from './validation.ts';

const idOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : typeof req.body?.id === 'string' ? req.body.id : '');
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN);

// One byte over the limit lets multer stop a file that is too large; the service names the limit (E054).
// `keptPictures`: pictures given to figures kept without one (they are counted among the drawings already).
const upload = memoryUpload({ fileSize: CREATION_LIMITS.drawingMegabytes * 1024 * 1024 + 1, files: CREATION_LIMITS.drawings + 1 }).fields([{ name: 'drawings' }, { name: 'keptPictures' }]);

/** multer's own stops as the creation codes: too many drawings (E050), one too large (E054). */
export const receiveCreationForm = receiveUpload(upload, { field: 'drawings', tooMany: { max: CREATION_LIMITS.drawings }, tooLarge: { max: CREATION_LIMITS.drawingMegabytes } });

// One picture for a figure of the draft that has none: the same limits as the form's drawings.
const pictureUpload = memoryUpload({ fileSize: CREATION_LIMITS.drawingMegabytes * 1024 * 1024 + 1, files: 1 }).single('picture');

/** multer's own stops for a figure's picture: one too large (E054); more than one file, or another field, is malformed (E102). */
export const receiveFigurePicture = receiveUpload(pictureUpload, { field: 'drawings', tooLarge: { max: CREATION_LIMITS.drawingMegabytes } });

/** The request: JSON in the `request` field of a multipart form, or a JSON body when there are no drawings. */
function requestBody(req: Request): Record<string, unknown> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (typeof body.request !== 'string') return body;
  try {
    const parsed = JSON.parse(body.request) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError(400, 'E102', 'E102', {}, { field: 'request' });
}

export function createCreationController(context: AppContext) {
  const { db, config } = context;
  return {
    /** POST /api/patent-creation-support/create → 202 { id, notices }. */
    create: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const request = parseCreationRequest(requestBody(req));
      const uploaded = (req.files ?? {}) as Partial<Record<'drawings' | 'keptPictures', UploadedFile[]>>;
      const read = (files: UploadedFile[] = []) => files.map((file) => ({ fileName: decodeFileName(file.originalname), bytes: file.buffer }));
      const files = read(uploaded.drawings);
      const companyId = await companyIdOfUser(db, userId);
      if (!companyId) throw new AppError(401, 'E073');
      const started = await startCreation({ db, jobs: context.jobs, config }, { id: userId, companyId }, request, files, read(uploaded.keptPictures));
      res.status(202).json(started);
    },

    /** GET /api/patent-creation-support/status?id= → status (0 running, 1 done, 8, 9), the §4 stage, percent, errcode. */
    status: async (req: Request, res: Response) => {
      const creation = await creationOf(db, accountIdOf(req, 'user'), idOf(req));
      const result = (creation.result ?? {}) as { stage?: number };
      res.set('Cache-Control', 'no-store');
      res.json({ id: creation.id, status: creation.status, stage: result.stage ?? 0, progress: creation.progress, errcode: creation.errcode });
    },

    cancel: async (req: Request, res: Response) => {
      const creation = await cancelCreation({ db, jobs: context.jobs }, accountIdOf(req, 'user'), idOf(req));
      res.json({ id: creation.id, status: creation.status });
    },

    /** GET /api/patent-creation-support/result?id=&version= → §3 patent creation result. */
    result: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const creation = await creationOf(db, userId, idOf(req));
      const made = creation.result as { prefabId?: string; notices?: unknown[] } | null;
      if (creation.status !== 1 || !made?.prefabId) throw new AppError(409, 'E072', 'E072');
      const { version } = await versionOf(db, userId, made.prefabId, numberOf(req.query.version));
      const { claims, keywords, memo, similarPatents, similarDocument, shouldUseGPT } = creation.input;
      res.set('Cache-Control', 'no-store');
      res.json({
        prefabId: made.prefabId,
        version: version.version,
        editDate: version.editDate,
        input: { claims, keywords, memo: { text: memo, favorites: creation.favorite }, populations: similarPatents, similarDocument, shouldUseGPT },
        result: { ...version.sections, images: version.drawings, memo: creation.memo, refEmbodiment: '' },
        notices: made.notices ?? [],
      });
    },

    /** POST /api/patent-creation-support/update { prefabId, version, …sections } → { version } (the new one). */
    update: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { prefabId, version, ...update } = body;
      const expectedVersion = numberOf(version);
      if (typeof prefabId !== 'string' || !Number.isInteger(expectedVersion)) throw new AppError(400, 'E102', 'E102');
      const next = await saveEdit(db, accountIdOf(req, 'user'), { prefabId, expectedVersion, update }, (key) => req.t(key, { ns: 'creation' }));
      res.json({ prefabId, version: next });
    },

    /** POST /api/patent-creation-support/restore { prefabId, version, expectedVersion } → { version } (the new one). */
    restore: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = numberOf(body.version);
      const expectedVersion = numberOf(body.expectedVersion);
      if (typeof body.prefabId !== 'string' || !Number.isInteger(version) || !Number.isInteger(expectedVersion)) throw new AppError(400, 'E102', 'E102');
      const next = await restoreVersion(db, accountIdOf(req, 'user'), { prefabId: body.prefabId, version, expectedVersion });
      res.json({ prefabId: body.prefabId, version: next });
    },

    /**
     * POST /api/patent-creation-support/drawings/attach (multipart: prefabId, version, drawingId,
     * picture) → { version, drawing }: a picture for a figure of the draft that has none (画像なし),
     * checked like the form's drawings (E049, E054, E052 by content); the user's own draft only (E414).
     */
    attachPicture: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const expectedVersion = numberOf(body.version);
      if (typeof body.prefabId !== 'string' || typeof body.drawingId !== 'string' || !Number.isInteger(expectedVersion)) throw new AppError(400, 'E102', 'E102', {}, { field: 'drawings' });
      if (!req.file) throw new AppError(400, 'E101', 'E101', {}, { field: 'drawings' });
      const attached = await attachPicture(
        db,
        accountIdOf(req, 'user'),
        { prefabId: body.prefabId, expectedVersion, drawingId: body.drawingId, file: { fileName: decodeFileName(req.file.originalname), bytes: req.file.buffer } },
        { fileNameLength: CREATION_LIMITS.fileName, megabytes: CREATION_LIMITS.drawingMegabytes, wrongTypeCode: 'E052' },
        (key) => req.t(key, { ns: 'creation' }),
      );
      res.json({ prefabId: body.prefabId, ...attached });
    },

    /** GET /patent-creation-support/drawing?prefabId=&id= → the image, for its owner only (404 otherwise). */
    drawing: async (req: Request, res: Response, next: NextFunction) => {
      const userId = accountIdOf(req, 'user');
      const id = typeof req.query.id === 'string' ? req.query.id : '';
      const drawing = await findDrawingBytes(db, userId, id);
      if (!drawing) return next();
      res
        .status(200)
        .set({
          'content-type': drawing.mimeType,
          'content-length': String(drawing.bytes.length),
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
          'cache-control': 'private, max-age=3600',
          'cross-origin-resource-policy': 'same-origin',
        })
        .end(drawing.bytes);
    },

    /** GET /api/patent-creation-support/reference?number= → the stored reference patent's number, title and abstract opening; convert-0000 otherwise. */
    reference: async (req: Request, res: Response) => {
      const number = typeof req.query.number === 'string' ? req.query.number.trim() : '';
      if (!number) throw new AppError(400, 'E101', 'E101', {}, { field: 'referenceNumber' });
      if ([...number].length > CREATION_LIMITS.referenceNumber) throw new AppError(400, 'E043', 'E043', { max: CREATION_LIMITS.referenceNumber }, { field: 'referenceNumber' });
      const found = await findPatentByWrittenNumber(db, number);
      if (!found) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'referenceNumber' });
      const opening = (found.abstract ?? '').replace(/\s+/g, ' ').trim();
      res.json({
        id: found.id,
        number: displayNumberOfId(found.id, requestLanguage(req)),
        title: found.title,
        abstract: [...opening].length > 160 ? `${[...opening].slice(0, 160).join('')}…` : opening,
        claimCount: found.claims?.length ?? 0,
        hasDescription: Boolean(found.description),
      });
    },

    documentOf: (req: Request, prefabId: string) => documentOf(db, accountIdOf(req, 'user'), prefabId),
  };
}
