// Editing entries as rows of `queries` (kind 'patent_edit'): one per document opened in the
// editor (from a creation result, an uploaded file or nothing), listed by history and reopened
// from it. The document itself lives in patent_documents (query_id = the entry).
import type { Database } from '../platform/database.ts';

export type EditSource = 'creation' | 'upload' | 'empty';

export interface StoredEditInput {
  source: EditSource;
  /** The creation entry and version it was opened from. */
  creationId?: string;
  creationVersion?: number;
  /** The uploaded file's name. */
  fileName?: string;
  lang: 'ja' | 'en';
  /** What the reading of an uploaded file could not do (edit namespace keys), shown on the editor. */
  notices?: Array<{ key: string; values?: Record<string, string | number> }>;
}

export interface StoredEdit {
  id: string;
  userId: string;
  status: number;
  errcode: string | null;
  input: StoredEditInput;
  result: { prefabId: string } | null;
  favorite: boolean;
  memo: string;
  execDate: Date;
}

const KIND = 'patent_edit';
const columns = ['id', 'user_id as userId', 'status', 'errcode', 'input', 'result', 'favorite', 'memo', 'exec_date as execDate'];
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A new entry, ready to edit (§4 edit status 1); its document is named by setEditDocument. */
export async function insertEdit(db: Database, row: { id: string; userId: string; companyId: string; input: StoredEditInput }): Promise<void> {
  await db('queries').insert({
    id: row.id, user_id: row.userId, company_id: row.companyId, kind: KIND, status: 1, progress: 100,
    lang: row.input.lang === 'en' ? 'us' : 'jp', input: JSON.stringify(row.input), finished_at: db.fn.now(),
  });
}

/** The document the entry edits (written once the document exists: it names the entry too). */
export async function setEditDocument(db: Database, id: string, prefabId: string): Promise<void> {
  await db('queries').where({ id, kind: KIND }).update({ result: JSON.stringify({ prefabId }) });
}

/** The user's own entry (another user's id reads as not found). */
export async function findEdit(db: Database, userId: string, id: string): Promise<StoredEdit | undefined> {
  if (!isUuid(id)) return undefined;
  return db('queries').select(columns).where({ id, user_id: userId, kind: KIND }).first();
}

/** Marks the entry touched, so history lists the documents worked on last first. */
export async function touchEdit(db: Database, id: string): Promise<void> {
  await db('queries').where({ id, kind: KIND }).update({ updated_at: db.fn.now() });
}

/** The user's finished creation entries, newest first, to open one in the editor. */
export async function recentCreations(db: Database, userId: string, limit = 10): Promise<Array<{ id: string; execDate: Date; claim: string | null }>> {
  return db('queries')
    .select('id', 'exec_date as execDate', db.raw(`input->'claims'->>0 AS claim`))
    .where({ user_id: userId, kind: 'patent_creation_support', status: 1 })
    .orderBy('exec_date', 'desc')
    .limit(limit);
}
