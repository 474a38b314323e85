// Creation-support entries as rows of `queries` (kind 'patent_creation_support'): created when
// the user asks for a draft, advanced by the creation job, read by the pages and history.
// Status is §4's simpler one, which history lists for creation (0 processing, 1 success,
// 8 failure, 9 cancelled); the job's §4 progress code (0 start … 5 success) is kept beside it
// in result.stage for the waiting page.
import type { Database } from '../platform/database.ts';
import type { CreationNotice, StoredCreationInput } from './shared.ts';

export type CreationStatus = 0 | 1 | 8 | 9;

export interface StoredCreation {
  id: string;
  userId: string;
  status: CreationStatus;
  progress: number;
  errcode: string | null;
  lang: 'jp' | 'us';
  input: StoredCreationInput;
  result: Record<string, unknown> | null;
  favorite: boolean;
  memo: string;
  execDate: Date;
  finishedAt: Date | null;
}

const KIND = 'patent_creation_support';
const columns = ['id', 'user_id as userId', 'status', 'progress', 'errcode', 'lang', 'input', 'result', 'favorite', 'memo', 'exec_date as execDate', 'finished_at as finishedAt'];
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function insertCreation(db: Database, row: { id?: string; userId: string; companyId: string; input: StoredCreationInput; notices: CreationNotice[] }): Promise<string> {
  const [inserted] = await db('queries')
    .insert({
      ...(row.id && { id: row.id }), user_id: row.userId, company_id: row.companyId, kind: KIND, status: 0, lang: row.input.lang,
      input: JSON.stringify(row.input), memo: row.input.memo, result: JSON.stringify({ stage: 0, notices: row.notices }),
    })
    .returning('id');
  return (inserted as { id: string }).id;
}

/** The user's own entry (another user's id reads as not found). */
export async function findCreation(db: Database, userId: string, id: string): Promise<StoredCreation | undefined> {
  if (!isUuid(id)) return undefined;
  return db('queries').select(columns).where({ id, user_id: userId, kind: KIND }).first();
}

/** For the job, which runs on behalf of the owner checked at enqueue. */
export async function findCreationById(db: Database, id: string): Promise<StoredCreation | undefined> {
  return db('queries').select(columns).where({ id, kind: KIND }).first();
}

/** A §4 stage reached (1–4) while the entry still runs; false once it was cancelled or failed. */
export async function advanceCreation(db: Database, id: string, stage: 1 | 2 | 3 | 4, progress: number): Promise<boolean> {
  const updated = await db('queries')
    .where({ id, kind: KIND, status: 0 })
    .update({ progress, result: db.raw(`coalesce(result, '{}'::jsonb) || jsonb_build_object('stage', ?::int)`, [stage]), updated_at: db.fn.now() });
  return updated > 0;
}

/** Success: the document made (prefabId, version) and what the user should know. */
export async function completeCreation(db: Database, id: string, result: { prefabId: string; version: number; notices: unknown[]; timings: Array<[string, number]> }): Promise<boolean> {
  const updated = await db('queries')
    .where({ id, kind: KIND, status: 0 })
    .update({ status: 1, progress: 100, result: JSON.stringify({ stage: 5, ...result }), errcode: null, finished_at: db.fn.now(), updated_at: db.fn.now() });
  return updated > 0;
}
