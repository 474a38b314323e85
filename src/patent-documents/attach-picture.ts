// A picture given in place to a figure that has none (画像なし: described in 【図面の簡単な説明】
// but without an image, e.g. a Word file imported without its drawing sheets). Both editors
// reach it (the draft of creation support and the document editor), each through its own upload
// and codes; the figure keeps its place, number and description and from the next version on is
// a figure like any other (shown, exported, seen by GPT vision). Every check runs before anything
// is written, and the picture and the version are stored together: a refused or conflicting
// upload leaves the document as it was.
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { sniffDrawing } from './drawings.ts';
import type { PatentDrawing } from './model.ts';
import { insertDrawing } from './repository.ts';
import { saveDocumentVersion, versionOf } from './service.ts';

export interface PictureUpload {
  fileName: string;
  bytes: Buffer;
}

export interface PictureRules {
  fileNameLength: number;
  megabytes: number;
  /** The code of a file that is not a PNG, JPEG or GIF by its content (its message is E052's). */
  wrongTypeCode: string;
}

/** Stores the picture for the figure `drawingId` of the latest version; returns the new version and the figure as it is now. */
export async function attachPicture(
  db: Database,
  userId: string,
  request: { prefabId: string; expectedVersion: number; drawingId: string; file: PictureUpload },
  rules: PictureRules,
  label: (key: string) => string,
): Promise<{ version: number; drawing: PatentDrawing }> {
  const { document, version } = await versionOf(db, userId, request.prefabId);
  if (version.version !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  const index = version.drawings.findIndex((drawing) => drawing.id === request.drawingId);
  // Only a figure of this version that has no picture takes one here (a pictured figure is removed and added instead).
  if (index < 0 || !version.drawings[index]!.withoutPicture) throw new AppError(400, 'E102', 'E102', {}, { field: 'drawings' });
  const { fileName, bytes } = request.file;
  if ([...fileName].length > rules.fileNameLength) throw new AppError(400, 'E049', 'E049', { max: rules.fileNameLength, name: fileName }, { field: 'drawings' });
  if (bytes.length > rules.megabytes * 1024 * 1024) throw new AppError(413, 'E054', 'E054', { max: rules.megabytes }, { field: 'drawings' });
  const sniffed = sniffDrawing(bytes);
  if (!sniffed) throw new AppError(400, rules.wrongTypeCode, 'E052', { name: fileName }, { field: 'drawings' });

  return db.transaction(async (trx) => {
    const id = await insertDrawing(trx, { userId, queryId: document.queryId, documentId: document.id, fileName, ...sniffed, bytes });
    const { withoutPicture: _, ...figure } = version.drawings[index]!;
    const drawing: PatentDrawing = { ...figure, id, fileName, ...sniffed };
    const drawings = version.drawings.map((item, i) => (i === index ? drawing : item));
    const next = await saveDocumentVersion(trx, userId, { prefabId: document.id, expectedVersion: request.expectedVersion, sections: version.sections, drawings, cause: 'edited' }, label);
    return { version: next, drawing };
  });
}
