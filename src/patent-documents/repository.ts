// Patent documents, their versions and drawings: the only place their SQL lives.
import type { Database } from '../platform/database.ts';
import type { DocumentLanguage, DrawingMimeType, PatentDrawing, PatentSections } from './model.ts';

export type DocumentOrigin = 'creation' | 'upload' | 'empty';
export type VersionCause = 'generated' | 'edited' | 'restored' | 'gpt';

export interface StoredDocument {
  id: string;
  userId: string;
  queryId: string | null;
  origin: DocumentOrigin;
  lang: DocumentLanguage;
  latestVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredVersion {
  documentId: string;
  version: number;
  sections: PatentSections;
  drawings: PatentDrawing[];
  cause: VersionCause;
  restoredFrom: number | null;
  editDate: Date;
}

export interface VersionSummary {
  version: number;
  cause: VersionCause;
  restoredFrom: number | null;
  editDate: Date;
  title: string;
}

const documentColumns = [
  'id', 'user_id as userId', 'query_id as queryId', 'origin', 'lang', 'latest_version as latestVersion', 'created_at as createdAt', 'updated_at as updatedAt',
];
const versionColumns = ['document_id as documentId', 'version', 'sections', 'drawings', 'cause', 'restored_from as restoredFrom', 'edit_date as editDate'];

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A new document with its first version, in one transaction; returns its id (the prefabId). */
export async function insertDocument(
  db: Database,
  row: { userId: string; companyId: string; queryId: string | null; origin: DocumentOrigin; lang: DocumentLanguage; sections: PatentSections; drawings: PatentDrawing[] },
): Promise<string> {
  return db.transaction(async (trx) => {
    const [inserted] = await trx('patent_documents')
      .insert({ user_id: row.userId, company_id: row.companyId, query_id: row.queryId, origin: row.origin, lang: row.lang, latest_version: 1 })
      .returning('id');
    const id = (inserted as { id: string }).id;
    await trx('patent_document_versions').insert({
      document_id: id, version: 1, sections: JSON.stringify(row.sections), drawings: JSON.stringify(row.drawings), cause: 'generated', edited_by: row.userId,
    });
    const drawingIds = row.drawings.map((drawing) => drawing.id);
    if (drawingIds.length) await trx('patent_drawings').whereIn('id', drawingIds).andWhere('user_id', row.userId).update({ document_id: id });
    return id;
  });
}

/** The user's own document (another user's id reads as not found). */
export async function findDocument(db: Database, userId: string, id: string): Promise<StoredDocument | undefined> {
  if (!isUuid(id)) return undefined;
  return db('patent_documents').select(documentColumns).where({ id, user_id: userId }).first();
}

export async function findDocumentOfQuery(db: Database, userId: string, queryId: string): Promise<StoredDocument | undefined> {
  if (!isUuid(queryId)) return undefined;
  return db('patent_documents').select(documentColumns).where({ query_id: queryId, user_id: userId }).orderBy('created_at', 'desc').first();
}

export async function findVersion(db: Database, documentId: string, version: number): Promise<StoredVersion | undefined> {
  return db('patent_document_versions').select(versionColumns).where({ document_id: documentId, version }).first();
}

/** Newest first, with each version's title (what people recognise a version by besides its date). */
export async function listVersions(db: Database, documentId: string): Promise<VersionSummary[]> {
  return db('patent_document_versions')
    .select('version', 'cause', 'restored_from as restoredFrom', 'edit_date as editDate', db.raw(`coalesce(sections->>'title', '') AS title`))
    .where({ document_id: documentId })
    .orderBy('version', 'desc');
}

/**
 * Writes version `expected + 1` when the latest is still `expected` (an edit made on an older
 * version is refused rather than silently overwriting a newer one); returns the new version or
 * null when another edit came first.
 */
export async function appendVersion(
  db: Database,
  row: { documentId: string; expected: number; sections: PatentSections; drawings: PatentDrawing[]; cause: VersionCause; restoredFrom?: number; editedBy: string },
): Promise<number | null> {
  return db.transaction(async (trx) => {
    const next = row.expected + 1;
    const updated = await trx('patent_documents')
      .where({ id: row.documentId, latest_version: row.expected })
      .update({ latest_version: next, updated_at: trx.fn.now() });
    if (updated === 0) return null;
    await trx('patent_document_versions').insert({
      document_id: row.documentId, version: next, sections: JSON.stringify(row.sections), drawings: JSON.stringify(row.drawings),
      cause: row.cause, restored_from: row.restoredFrom ?? null, edited_by: row.editedBy,
    });
    return next;
  });
}

export interface StoredDrawing {
  id: string;
  fileName: string;
  mimeType: DrawingMimeType;
  width: number;
  height: number;
}

export async function insertDrawing(
  db: Database,
  row: { id?: string; userId: string; queryId: string | null; documentId?: string | null; fileName: string; mimeType: DrawingMimeType; width: number; height: number; bytes: Uint8Array },
): Promise<string> {
  const [inserted] = await db('patent_drawings')
    .insert({
      ...(row.id && { id: row.id }),
      user_id: row.userId, query_id: row.queryId, document_id: row.documentId ?? null, file_name: row.fileName,
      mime_type: row.mimeType, width: row.width, height: row.height, bytes: Buffer.from(row.bytes),
    })
    .returning('id');
  return (inserted as { id: string }).id;
}

/** Drawings of one user by id (with their bytes, for drafting and exports); ids of others are left out. */
export async function drawingsByIds(db: Database, userId: string, ids: readonly string[]): Promise<Map<string, StoredDrawing & { bytes: Buffer }>> {
  if (ids.length === 0) return new Map();
  const rows: Array<StoredDrawing & { bytes: Buffer }> = await db('patent_drawings')
    .select('id', 'file_name as fileName', 'mime_type as mimeType', 'width', 'height', 'bytes')
    .whereIn('id', ids as string[])
    .andWhere('user_id', userId);
  return new Map(rows.map((row) => [row.id, row]));
}

/** One drawing's bytes, only for its owner. */
export async function findDrawingBytes(db: Database, userId: string, id: string): Promise<(StoredDrawing & { bytes: Buffer }) | undefined> {
  if (!isUuid(id)) return undefined;
  return db('patent_drawings')
    .select('id', 'file_name as fileName', 'mime_type as mimeType', 'width', 'height', 'bytes')
    .where({ id, user_id: userId })
    .first();
}

/** A copy of one of the user's drawings for a new entry (an entry's drawings are its own: deleting one never takes another's). */
export async function copyDrawing(db: Database, row: { sourceId: string; id: string; userId: string; queryId: string | null }): Promise<boolean> {
  const copied = await db.raw(
    `INSERT INTO patent_drawings (id, user_id, query_id, file_name, mime_type, width, height, bytes)
     SELECT ?, user_id, ?, file_name, mime_type, width, height, bytes FROM patent_drawings WHERE id = ? AND user_id = ?`,
    [row.id, row.queryId, row.sourceId, row.userId],
  );
  return (copied as { rowCount: number }).rowCount === 1;
}
