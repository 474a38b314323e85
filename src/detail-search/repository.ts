// Detailed searches as rows of `queries` (kind 'detail'): created when the user runs one,
// advanced by the search and fetch-documents jobs, read by the executing and result pages.
import type { Database } from '../platform/database.ts';
import type { PatentMap } from '../search/result-types.ts';
import type { DetailSearchInput } from './input.ts';

/** §4 simpler status: 0 processing, 1 success, 8 failure, 9 cancelled. */
export type DetailStatus = 0 | 1 | 8 | 9;

export interface DetailResult {
  totalHitCount: number;
  /** Best first; at most STORED_HITS of them. */
  documentIds: string[];
}

export interface DetailSearch {
  id: string;
  userId: string;
  companyId: string;
  status: DetailStatus;
  progress: number;
  errcode: string | null;
  lang: DetailSearchInput['lang'];
  input: DetailSearchInput;
  result: DetailResult | null;
  favorite: boolean;
  memo: string;
  execDate: Date;
  finishedAt: Date | null;
}

const columns = [
  'id', 'user_id as userId', 'company_id as companyId', 'status', 'progress', 'errcode', 'lang', 'input', 'result',
  'favorite', 'memo', 'exec_date as execDate', 'finished_at as finishedAt',
];

export async function insertDetailSearch(db: Database, search: { userId: string; companyId: string; input: DetailSearchInput }): Promise<string> {
  const [row] = await db('queries')
    .insert({ user_id: search.userId, company_id: search.companyId, kind: 'detail', status: 0, lang: search.input.lang, input: search.input, memo: search.input.memo })
    .returning('id');
  return (row as { id: string }).id;
}

/** The user's own detailed search (another user's id reads as not found); with its stored map when asked. */
export async function findDetailSearch(db: Database, userId: string, id: string): Promise<DetailSearch | undefined>;
export async function findDetailSearch(db: Database, userId: string, id: string, options: { withMap: true }): Promise<(DetailSearch & { map: PatentMap | null }) | undefined>;
export async function findDetailSearch(db: Database, userId: string, id: string, options: { withMap?: boolean } = {}): Promise<DetailSearch | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db('queries')
    .select(options.withMap ? [...columns, 'map'] : columns)
    .where({ id, user_id: userId, kind: 'detail' })
    .first();
}

/** For the jobs, which run on behalf of the owner already checked at enqueue. */
export async function findDetailSearchById(db: Database, id: string): Promise<DetailSearch | undefined> {
  return db('queries').select(columns).where({ id, kind: 'detail' }).first();
}

export async function updateDetailProgress(db: Database, id: string, progress: number): Promise<void> {
  await db('queries').where({ id, status: 0 }).update({ progress: Math.round(progress), updated_at: db.fn.now() });
}

/** Ends a running search; a search already cancelled stays cancelled. */
export async function finishDetailSearch(db: Database, id: string, outcome: { status: 1; result: DetailResult } | { status: 8; errcode: string } | { status: 9 }): Promise<boolean> {
  const changes =
    outcome.status === 1
      ? { status: 1, progress: 100, result: JSON.stringify(outcome.result), errcode: null }
      : outcome.status === 8
        ? { status: 8, errcode: outcome.errcode }
        : { status: 9 };
  const updated = await db('queries')
    .where({ id })
    .whereIn('status', [0])
    .update({ ...changes, finished_at: db.fn.now(), updated_at: db.fn.now() });
  return updated > 0;
}

export async function saveDetailMap(db: Database, id: string, map: PatentMap): Promise<void> {
  await db('queries').where({ id }).update({ map: JSON.stringify(map), updated_at: db.fn.now() });
}

/** A detailed search as a choice of similar patent group: what it searched and how many it hit. */
export interface DetailSearchChoice {
  id: string;
  lang: DetailSearchInput['lang'];
  input: DetailSearchInput;
  totalHitCount: number;
  execDate: Date;
}

/** The user's latest successful detailed searches (or the ones named in `ids`, whatever their age), newest first. */
export async function findDetailSearchChoices(db: Database, userId: string, options: { limit: number; ids?: string[] }): Promise<DetailSearchChoice[]> {
  const query = db('queries')
    .select('id', 'lang', 'input', 'exec_date as execDate', db.raw('coalesce(total_hit_count, 0) as "totalHitCount"'))
    .where({ user_id: userId, kind: 'detail' })
    .orderBy([{ column: 'exec_date', order: 'desc' }, { column: 'id', order: 'desc' }]);
  if (options.ids) query.whereIn('id', options.ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
  else query.where({ status: 1 }).limit(options.limit);
  const rows: Array<DetailSearchChoice & { totalHitCount: string | number }> = await query;
  return rows.map((row) => ({ ...row, totalHitCount: Number(row.totalHitCount) }));
}

/** Data a formula can search that a region's documents may lack altogether (named as the formula tags that search it). */
export type DataKind = 'ipc' | 'fi' | 'fterm' | 'cpc' | 'usc' | 'right' | 'appid' | 'registdate';

const DATA_PRESENT: Record<DataKind, string> = {
  ipc: 'cardinality(ipc) > 0',
  fi: 'cardinality(fi) > 0',
  fterm: 'cardinality(fterm) > 0',
  cpc: 'cardinality(cpc) > 0',
  usc: 'cardinality(usc) > 0',
  right: '"right" IS NOT NULL',
  appid: "application_number IS NOT NULL AND application_number <> ''",
  registdate: 'registration_date IS NOT NULL',
};

/** Which of `kinds` at least one document of the region carries (asked only when a search found nothing). */
export async function dataKindsPresent(db: Database, region: DetailSearchInput['lang'], kinds: DataKind[]): Promise<Set<DataKind>> {
  if (kinds.length === 0) return new Set();
  const sql = kinds.map((kind) => `EXISTS (SELECT 1 FROM patents WHERE region = ? AND ${DATA_PRESENT[kind]}) AS "${kind}"`).join(', ');
  const { rows } = await db.raw(`SELECT ${sql}`, kinds.map(() => region));
  const row = (rows as Array<Record<DataKind, boolean>>)[0]!;
  return new Set(kinds.filter((kind) => row[kind]));
}
