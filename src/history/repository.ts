// History's SQL over `queries` (one row per search, simulation, draft or edit) and the
// background jobs of those rows. Every read and write is scoped to the owning user.
import type { Knex } from 'knex';
import { preparedRows, type Database } from '../platform/database.ts';
import { HISTORY_KINDS, type HistoryJob, type HistoryKind, type HistoryRegion, type PriorartRank } from './shared.ts';
import type { HistoryFilter } from './validation.ts';

/** HISTORY_TIME_ZONE's offset: Japan keeps no daylight-saving time. */
const UTC_OFFSET = '+09:00';

export interface HistoryRow {
  id: string;
  kind: HistoryKind;
  status: number;
  progress: number;
  errcode: string | null;
  lang: HistoryRegion;
  input: Record<string, unknown>;
  totalHitCount: number | null;
  favorite: boolean;
  memo: string;
  priorartRank: PriorartRank | null;
  execDate: Date;
  finishedAt: Date | null;
}

const COLUMNS = [
  'id', 'kind', 'status', 'progress', 'errcode', 'lang', 'input', 'favorite', 'memo',
  'priorart_rank as priorartRank', 'exec_date as execDate', 'finished_at as finishedAt',
];

/** `LIKE` pattern for text the memo must contain: the user's % and _ are literal. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The next calendar day of yyyy-mm-dd (the upper bound of a "to" day is exclusive). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function applyFilter(query: Knex.QueryBuilder, userId: string, filter: HistoryFilter): Knex.QueryBuilder {
  query.where('user_id', userId);
  if (filter.id) query.where('id', filter.id);
  if (filter.execDateFrom) query.where('exec_date', '>=', new Date(`${filter.execDateFrom}T00:00:00${UTC_OFFSET}`));
  if (filter.execDateTo) query.where('exec_date', '<', new Date(`${nextDay(filter.execDateTo)}T00:00:00${UTC_OFFSET}`));
  if (filter.kinds.length) query.whereIn('kind', filter.kinds);
  if (filter.langs.length) query.whereIn('lang', filter.langs);
  const restricted = HISTORY_KINDS.filter((kind) => filter.statuses[kind]);
  if (restricted.length) {
    // Per kind: rows of a restricted kind need one of its codes; other kinds pass.
    query.where((any) => {
      for (const kind of restricted) {
        const codes = filter.statuses[kind]!;
        any.orWhere((row) => (codes.length ? row.where('kind', kind).whereIn('status', codes) : row.whereRaw('false')));
      }
      const free = HISTORY_KINDS.filter((kind) => !filter.statuses[kind]);
      if (free.length) any.orWhereIn('kind', free);
    });
  }
  if (filter.priorartRanks.length) {
    query.where((any) => any.whereNot('kind', 'priorart').orWhereIn('priorart_rank', filter.priorartRanks));
  }
  if (filter.favoritesMemoOnly) query.where((any) => any.where('favorite', true).orWhereRaw("btrim(memo) <> ''"));
  if (filter.memo) query.whereRaw(`memo ILIKE ? ESCAPE '\\'`, [containsPattern(filter.memo)]);
  return query;
}

export async function countHistory(db: Database, userId: string, filter: HistoryFilter): Promise<number> {
  const [row] = await applyFilter(db('queries'), userId, filter).count<{ count: string }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

/** An entry's row with its latest job of each type, and how many entries the filter holds. */
export interface HistoryPageRow extends HistoryRow {
  jobs: HistoryJob[];
}

/**
 * One page of the user's entries, by execution date (then id, so pages never overlap), each with
 * its latest job of each type, and the count of every entry the filter holds: one statement
 * (the window count is taken before the page is cut) instead of a count, a page and its jobs,
 * since /history is read far more than written. `total` is null when the page is past the end.
 */
export async function listHistoryPage(
  db: Database,
  userId: string,
  filter: HistoryFilter,
  paging: { offset: number; limit: number },
): Promise<{ rows: HistoryPageRow[]; total: number | null }> {
  const latestJobs = db.raw(
    `(SELECT coalesce(json_agg(json_build_object('type', j.type, 'status', j.status, 'progress', j.progress) ORDER BY j.type), '[]'::json)
        FROM (SELECT DISTINCT ON (type) type, status, progress FROM background_jobs
               WHERE background_jobs.query_id = queries.id ORDER BY type, enqueued_at DESC) j) AS jobs`,
  );
  const rows = await preparedRows<HistoryRow & { totalHitCount: string | number | null; total: string; jobs: HistoryJob[] }>(
    db,
    applyFilter(db('queries'), userId, filter)
      .select([...COLUMNS, 'total_hit_count as totalHitCount', db.raw('count(*) OVER () AS total'), latestJobs])
      .orderBy([
        { column: 'exec_date', order: filter.order },
        { column: 'id', order: filter.order },
      ])
      .offset(paging.offset)
      .limit(paging.limit),
  );
  return {
    rows: rows.map(({ total: _, ...row }) => ({
      ...row,
      totalHitCount: row.totalHitCount === null || row.totalHitCount === undefined ? null : Number(row.totalHitCount),
      jobs: row.jobs.map((job) => ({ type: Number(job.type), status: Number(job.status), progress: Number(job.progress) })),
    })),
    total: rows.length ? Number(rows[0]!.total) : null,
  };
}

/** The user's own entry; another user's id reads as not found. */
export async function findHistoryRow(db: Database, userId: string, id: string): Promise<HistoryRow | undefined> {
  const row = await db('queries')
    .select([...COLUMNS, 'total_hit_count as totalHitCount'])
    .where({ id, user_id: userId })
    .first();
  return row ? { ...row, totalHitCount: row.totalHitCount === null ? null : Number(row.totalHitCount) } : undefined;
}

/** @returns false when the entry is not the user's (or does not exist). */
export async function setFavorite(db: Database, userId: string, id: string, favorite: boolean): Promise<boolean> {
  const updated = await db('queries').where({ id, user_id: userId }).update({ favorite, updated_at: db.fn.now() });
  return updated > 0;
}

/**
 * The memo, in the column history lists and in the stored input the build page restores
 * (a detailed search keeps its memo in both), so the two never disagree.
 * @returns false when the entry is not the user's (or does not exist).
 */
export async function setMemo(db: Database, userId: string, id: string, memo: string): Promise<boolean> {
  const updated = await db('queries')
    .where({ id, user_id: userId })
    .update({
      memo,
      input: db.raw(`CASE WHEN jsonb_typeof(input) = 'object' AND input->'memo' IS NOT NULL THEN jsonb_set(input, '{memo}', to_jsonb(?::text)) ELSE input END`, [memo]),
      updated_at: db.fn.now(),
    });
  return updated > 0;
}

export interface NewQueryRow {
  userId: string;
  /** The user's company when left out. */
  companyId?: string;
  kind?: HistoryKind;
  status?: number;
  progress?: number;
  errcode?: string | null;
  lang?: HistoryRegion;
  input?: unknown;
  result?: unknown;
  favorite?: boolean;
  memo?: string;
  priorartRank?: PriorartRank | null;
  execDate?: Date;
  finishedAt?: Date | null;
}

/** A history entry as a feature (or a test) stores it. */
export async function insertQuery(db: Database, row: NewQueryRow): Promise<string> {
  const companyId = row.companyId ?? (await db('users').select('company_id').where('id', row.userId).first())?.company_id;
  if (!companyId) throw new Error(`user ${row.userId} not found`);
  const [inserted] = await db('queries')
    .insert({
      user_id: row.userId,
      company_id: companyId,
      kind: row.kind ?? 'detail',
      status: row.status ?? 0,
      progress: row.progress ?? 0,
      errcode: row.errcode ?? null,
      lang: row.lang ?? 'jp',
      input: JSON.stringify(row.input ?? {}),
      result: row.result === undefined || row.result === null ? null : JSON.stringify(row.result),
      favorite: row.favorite ?? false,
      memo: row.memo ?? '',
      priorart_rank: row.priorartRank ?? null,
      ...(row.execDate && { exec_date: row.execDate }),
      finished_at: row.finishedAt ?? null,
    })
    .returning('id');
  return (inserted as { id: string }).id;
}
