// Patent document editing (§1, §3 patent edit state): a document is opened in the editor from a
// creation result (a copy of one of its versions, so the draft's own history stays as it was),
// from an uploaded Word or HTML file, or empty; every change is stored as the next version of it
// (autosave; undo restores the one before). Reordering renumbers claims and figures with their
// references; GPT-instructed edits run as job type 9 and change nothing until the user confirms
// item by item.
import { randomUUID } from 'node:crypto';
import { creationOf } from '../creation/service.ts';
import { JOB_TYPES, type JobQueue } from '../jobs/types.ts';
import type { DocumentLanguage, PatentDocument, PatentDrawing } from '../patent-documents/model.ts';
import { emptySections } from '../patent-documents/model.ts';
import { attachPicture } from '../patent-documents/attach-picture.ts';
import { sniffDrawing } from '../patent-documents/drawings.ts';
import { importDocument } from '../patent-documents/import.ts';
import { reorderClaims, reorderDrawings } from '../patent-documents/renumber.ts';
import { copyDrawing, drawingsByIds, insertDocument, insertDrawing } from '../patent-documents/repository.ts';
import { restoreVersion, saveDocumentVersion, versionOf } from '../patent-documents/service.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { findEdit, insertEdit, setEditDocument, touchEdit, type StoredEdit, type StoredEditInput } from './repository.ts';

export const EDIT_LIMITS = { drawings: 20, drawingMegabytes: 10, fileMegabytes: 20, fileName: 100, instruction: 5000 } as const;

type Label = (key: string) => string;
interface Owner {
  id: string;
  companyId: string;
}

/**
 * The entry and its document in one transaction. `drawingsOf` stores the document's drawings in
 * the same transaction (copies or uploaded pictures) and gives them in figure order.
 */
async function createEntry(
  db: Database,
  owner: Owner,
  input: StoredEditInput,
  document: Omit<PatentDocument, 'drawings'>,
  drawingsOf: (trx: Database) => Promise<PatentDrawing[]> = async () => [],
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (trx) => {
    const drawings = await drawingsOf(trx);
    // The entry first: the document names it as where it came from.
    await insertEdit(trx, { id, userId: owner.id, companyId: owner.companyId, input });
    const prefabId = await insertDocument(trx, { userId: owner.id, companyId: owner.companyId, queryId: id, origin: input.source, lang: document.lang, sections: document.sections, drawings });
    await setEditDocument(trx, id, prefabId);
  });
  return id;
}

/** A copy of a version of the user's own creation result (its drawings copied too). */
export async function openFromCreation(db: Database, owner: Owner, request: { creationId: string; version?: number }): Promise<string> {
  const creation = await creationOf(db, owner.id, request.creationId);
  const prefabId = (creation.result as { prefabId?: string } | null)?.prefabId;
  if (creation.status !== 1 || !prefabId) throw new AppError(409, 'E072', 'E072');
  const { document, version } = await versionOf(db, owner.id, prefabId, request.version);
  const input: StoredEditInput = { source: 'creation', creationId: creation.id, creationVersion: version.version, lang: document.lang };
  return createEntry(db, owner, input, { lang: document.lang, sections: version.sections }, async (trx) => {
    const drawings: PatentDrawing[] = [];
    // A figure without a picture (or whose picture is no longer stored) keeps its place and
    // description, without a picture, ready to take one in the editor.
    for (const { withoutPicture, ...drawing } of version.drawings) {
      const copy = randomUUID();
      const copied = !withoutPicture && (await copyDrawing(trx, { sourceId: drawing.id, id: copy, userId: owner.id, queryId: null }));
      drawings.push(copied ? { ...drawing, id: copy } : { ...drawing, id: copy, withoutPicture: true });
    }
    return drawings;
  });
}

/** An uploaded Word (.docx) or HTML patent document, its type decided by content (E102 otherwise). */
export async function openUpload(db: Database, owner: Owner, file: { fileName: string; bytes: Buffer }): Promise<{ id: string; notices: Array<{ key: string; values?: Record<string, string | number> }> }> {
  if ([...file.fileName].length > EDIT_LIMITS.fileName) throw new AppError(400, 'E049', 'E049', { max: EDIT_LIMITS.fileName, name: file.fileName }, { field: 'file' });
  const imported = await importDocument({ fileName: file.fileName, bytes: file.bytes });
  const input: StoredEditInput = { source: 'upload', fileName: file.fileName, lang: imported.document.lang, ...(imported.notices.length && { notices: imported.notices }) };
  // The file's figures become the document's drawings, in figure order: those with a picture
  // stored, those only described kept with their description, without a picture (one can be
  // attached in the editor).
  const images = new Map(imported.images.filter((image) => image.bytes.length > 0).map((image) => [image.id, image]));
  const id = await createEntry(db, owner, input, imported.document, async (trx) => {
    const drawings: PatentDrawing[] = [];
    for (const drawing of imported.document.drawings.slice(0, EDIT_LIMITS.drawings)) {
      const image = images.get(drawing.id);
      if (!image) {
        drawings.push({ ...drawing, withoutPicture: true });
        continue;
      }
      const drawingId = await insertDrawing(trx, { userId: owner.id, queryId: null, fileName: image.fileName, mimeType: image.mimeType, width: image.width, height: image.height, bytes: image.bytes });
      drawings.push({ id: drawingId, fileName: image.fileName, mimeType: image.mimeType, width: image.width, height: image.height, description: drawing.description });
    }
    return drawings;
  });
  return { id, notices: imported.notices };
}

export async function openEmpty(db: Database, owner: Owner, lang: DocumentLanguage): Promise<string> {
  return createEntry(db, owner, { source: 'empty', lang }, { lang, sections: emptySections() });
}

export async function editOf(db: Database, userId: string, id: string): Promise<StoredEdit & { prefabId: string }> {
  const edit = await findEdit(db, userId, id);
  if (!edit?.result?.prefabId) throw new AppError(404, 'E414', 'E414');
  return { ...edit, prefabId: edit.result.prefabId };
}

/** The entry's document at a version (the latest by default). */
export async function editedDocument(db: Database, userId: string, id: string, version?: number) {
  const edit = await editOf(db, userId, id);
  const found = await versionOf(db, userId, edit.prefabId, version);
  const document: PatentDocument = { lang: found.document.lang, sections: found.version.sections, drawings: found.version.drawings };
  return { edit, ...found, patent: document };
}

/** Undo: the version before the latest becomes the latest again (as a new version). */
export async function undo(db: Database, userId: string, id: string, expectedVersion: number): Promise<number> {
  const edit = await editOf(db, userId, id);
  if (expectedVersion < 2) throw new AppError(409, 'E056', 'E056');
  const version = await restoreVersion(db, userId, { prefabId: edit.prefabId, version: expectedVersion - 1, expectedVersion });
  await touchEdit(db, id);
  return version;
}

/** Claims or drawings in a new order (old indices in their new order); numbers and references follow. */
export async function reorder(db: Database, userId: string, request: { id: string; expectedVersion: number; what: 'claims' | 'drawings'; order: number[] }, label: Label): Promise<number> {
  const { edit, patent, version } = await editedDocument(db, userId, request.id);
  if (version.version !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  const count = request.what === 'claims' ? patent.sections.claims.length : patent.drawings.length;
  const order = request.order;
  if (order.length !== count || new Set(order).size !== count || order.some((i) => !Number.isInteger(i) || i < 0 || i >= count)) throw new AppError(400, 'E102', 'E102', {}, { field: 'order' });
  const next = request.what === 'claims' ? { ...patent, sections: reorderClaims(patent.sections, order, patent.lang) } : reorderDrawings(patent, order);
  const saved = await saveDocumentVersion(db, userId, { prefabId: edit.prefabId, expectedVersion: request.expectedVersion, sections: next.sections, drawings: next.drawings, cause: 'edited' }, label);
  await touchEdit(db, request.id);
  return saved;
}

/** Drawings added at the end (checked by content: E102 for anything but png/jpeg/gif). */
export async function addDrawings(db: Database, userId: string, request: { id: string; expectedVersion: number; files: Array<{ fileName: string; bytes: Buffer }> }, label: Label): Promise<number> {
  const { edit, patent, version } = await editedDocument(db, userId, request.id);
  if (version.version !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  if (patent.drawings.length + request.files.length > EDIT_LIMITS.drawings) throw new AppError(400, 'E050', 'E050', { max: EDIT_LIMITS.drawings }, { field: 'drawings' });
  const added: PatentDrawing[] = [];
  for (const file of request.files) {
    if ([...file.fileName].length > EDIT_LIMITS.fileName) throw new AppError(400, 'E049', 'E049', { max: EDIT_LIMITS.fileName, name: file.fileName }, { field: 'drawings' });
    const sniffed = sniffDrawing(file.bytes);
    if (!sniffed) throw new AppError(400, 'E102', 'E052', { name: file.fileName }, { field: 'drawings' });
    const id = await insertDrawing(db, { userId, queryId: null, documentId: edit.prefabId, fileName: file.fileName, ...sniffed, bytes: file.bytes });
    added.push({ id, fileName: file.fileName, ...sniffed, description: '' });
  }
  const saved = await saveDocumentVersion(db, userId, { prefabId: edit.prefabId, expectedVersion: request.expectedVersion, sections: patent.sections, drawings: [...patent.drawings, ...added], cause: 'edited' }, label);
  await touchEdit(db, request.id);
  return saved;
}

/** A picture for a figure without one (画像なし), in place: checked as added drawings are (E049, E054, E102 by content). */
export async function attachDrawingPicture(
  db: Database,
  userId: string,
  request: { id: string; expectedVersion: number; drawingId: string; file: { fileName: string; bytes: Buffer } },
  label: Label,
): Promise<{ version: number; drawing: PatentDrawing }> {
  const edit = await editOf(db, userId, request.id);
  const attached = await attachPicture(
    db,
    userId,
    { prefabId: edit.prefabId, expectedVersion: request.expectedVersion, drawingId: request.drawingId, file: request.file },
    { fileNameLength: EDIT_LIMITS.fileName, megabytes: EDIT_LIMITS.drawingMegabytes, wrongTypeCode: 'E102' },
    label,
  );
  await touchEdit(db, request.id);
  return attached;
}

/** A drawing taken out; later figures move up and the text's figure references follow. */
export async function removeDrawing(db: Database, userId: string, request: { id: string; expectedVersion: number; index: number }, label: Label): Promise<number> {
  const { edit, patent, version } = await editedDocument(db, userId, request.id);
  if (version.version !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  if (!Number.isInteger(request.index) || request.index < 0 || request.index >= patent.drawings.length) throw new AppError(400, 'E102', 'E102', {}, { field: 'drawings' });
  // Moved to the end first so the references of the ones after it follow, then dropped.
  const order = [...patent.drawings.keys()].filter((i) => i !== request.index).concat(request.index);
  const moved = reorderDrawings(patent, order);
  const saved = await saveDocumentVersion(db, userId, { prefabId: edit.prefabId, expectedVersion: request.expectedVersion, sections: moved.sections, drawings: moved.drawings.slice(0, -1), cause: 'edited' }, label);
  await touchEdit(db, request.id);
  return saved;
}

/** Starts a GPT-instructed edit of these items (job type 9); returns the job's id. */
export async function startGptEdit(deps: { db: Database; jobs: JobQueue }, userId: string, request: { id: string; expectedVersion: number; items: string[]; instruction: string }): Promise<string> {
  const { edit, version } = await editedDocument(deps.db, userId, request.id);
  if (version.version !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  return deps.jobs.enqueue(deps.db, {
    userId, queryId: edit.id, type: JOB_TYPES.gptEdit, payload: { editId: edit.id, prefabId: edit.prefabId, version: version.version, items: request.items, instruction: request.instruction },
  });
}

/** The drawings' bytes of a document version (for GPT vision). */
export async function imagesOf(db: Database, userId: string, drawings: PatentDrawing[]): Promise<Map<string, Uint8Array>> {
  const stored = await drawingsByIds(db, userId, drawings.map((drawing) => drawing.id));
  return new Map([...stored].map(([id, drawing]) => [id, new Uint8Array(drawing.bytes)]));
}
