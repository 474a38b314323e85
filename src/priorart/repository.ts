// Examination simulations as rows of `queries` (kind 'priorart'): created when the user runs
// one, advanced stage by stage by the priorart job (§4 progress codes 0–5), read by the pages
// and the API. The rank goes to priorart_rank, which history filters on.
import type { Database } from '../platform/database.ts';
import type { Rank } from './chart.ts';
import type { PatentMap } from '../search/result-types.ts';
import type { SimulationRequest } from './validation.ts';

/** §4: 0 start, 1 processing, 2 IPC inferred, 3 similar documents extracted, 4 evaluated, 5 success, 8 failure, 9 cancelled. */
export type SimulationStatus = 0 | 1 | 2 | 3 | 4 | 5 | 8 | 9;

export interface StoredSimulation {
  id: string;
  userId: string;
  status: SimulationStatus;
  progress: number;
  errcode: string | null;
  lang: SimulationRequest['lang'];
  input: SimulationRequest;
  result: Record<string, unknown> | null;
  priorartRank: Rank | null;
  favorite: boolean;
  memo: string;
  execDate: Date;
  finishedAt: Date | null;
}

const columns = [
  'id', 'user_id as userId', 'status', 'progress', 'errcode', 'lang', 'input', 'result', 'priorart_rank as priorartRank',
  'favorite', 'memo', 'exec_date as execDate', 'finished_at as finishedAt',
];

export async function insertSimulation(db: Database, row: { userId: string; companyId: string; input: SimulationRequest }): Promise<string> {
  const [inserted] = await db('queries')
    .insert({ user_id: row.userId, company_id: row.companyId, kind: 'priorart', status: 0, lang: row.input.lang, input: row.input, memo: row.input.memo })
    .returning('id');
  return (inserted as { id: string }).id;
}

/** The user's own simulation (another user's id reads as not found). */
export async function findSimulation(db: Database, userId: string, id: string): Promise<StoredSimulation | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db('queries').select(columns).where({ id, user_id: userId, kind: 'priorart' }).first();
}

/** For the job, which runs on behalf of the owner checked at enqueue. */
export async function findSimulationById(db: Database, id: string): Promise<StoredSimulation | undefined> {
  return db('queries').select(columns).where({ id, kind: 'priorart' }).first();
}

/** A stage reached (1–4), with what the pages may show already (the inferred IPC); only while running. */
export async function advanceSimulation(db: Database, id: string, status: 1 | 2 | 3 | 4, progress: number, partial?: Record<string, unknown>): Promise<boolean> {
  const updated = await db('queries')
    .where({ id })
    .whereIn('status', [0, 1, 2, 3, 4])
    .update({ status, progress, ...(partial && { result: JSON.stringify(partial) }), updated_at: db.fn.now() });
  return updated > 0;
}

/** Success: the result and rank; a simulation already cancelled or failed stays so. */
export async function completeSimulation(db: Database, id: string, result: Record<string, unknown>, rank: Rank): Promise<boolean> {
  const updated = await db('queries')
    .where({ id })
    .whereIn('status', [0, 1, 2, 3, 4])
    .update({ status: 5, progress: 100, result: JSON.stringify(result), priorart_rank: rank, errcode: null, finished_at: db.fn.now(), updated_at: db.fn.now() });
  return updated > 0;
}

/** The patent map laid out for a finished simulation (the `map` column the detailed search also uses), or null. */
export async function findSimulationMap(db: Database, id: string): Promise<PatentMap | null> {
  const row = await db('queries').select('map').where({ id, kind: 'priorart' }).first();
  return (row?.map as PatentMap | null | undefined) ?? null;
}

export async function saveSimulationMap(db: Database, id: string, map: PatentMap): Promise<void> {
  await db('queries').where({ id, kind: 'priorart' }).update({ map: JSON.stringify(map), updated_at: db.fn.now() });
}
