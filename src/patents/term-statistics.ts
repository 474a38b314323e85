// Corpus statistics for keywords: document counts through the text indexes (GIN on tsv_all,
// tsv_title, tsv_abstract, tsv_claims) and the texts that mining reads. Patent-store SQL; it
// lives with the patent store, as all SQL on the patents table does.
import type { Database } from '../platform/database.ts';
import type { Region } from './record.ts';

/** Text fields a keyword's hits can be counted over (the columns of the patent store). */
export const SEARCH_FIELDS = ['title', 'abstract', 'claims', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const FIELD_VECTOR: Record<SearchField, string> = {
  title: 'tsv_title',
  abstract: 'tsv_abstract',
  claims: 'tsv_claims',
  description: 'tsv_description',
};

/**
 * SQL condition for "matches in these fields", with `?` for the tsquery text (bound as many
 * times as the returned count says). tsv_all (all four fields) always narrows through its GIN
 * index first; a subset of fields is then checked on the row (tsv_description has no index of
 * its own, and the recheck touches only rows the index already found).
 */
function fieldCondition(fields: readonly SearchField[]): { sql: string; bindings: number } {
  const chosen = SEARCH_FIELDS.filter((field) => fields.includes(field));
  if (chosen.length === 0 || chosen.length === SEARCH_FIELDS.length) return { sql: 'p.tsv_all @@ (?::tsquery)', bindings: 1 };
  return {
    sql: `p.tsv_all @@ (?::tsquery) AND (${chosen.map((field) => `p.${FIELD_VECTOR[field]} @@ (?::tsquery)`).join(' OR ')})`,
    bindings: 1 + chosen.length,
  };
}

/** Publications of a region (the N of idf, and the base of the high-frequency share). */
export async function regionDocumentCount(db: Database, region: Region): Promise<number> {
  const row = await db('patents').where('region', region).count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/**
 * For each tsquery, how many publications of the region match it in the fields, in one round
 * trip; null queries count 0. `cap` stops counting early (a document frequency above it tells
 * idf nothing more, and counting a very common word's whole posting list costs time).
 */
export async function countDocuments(
  db: Database,
  region: Region,
  tsqueries: ReadonlyArray<string | null>,
  options: { fields?: readonly SearchField[]; cap?: number } = {},
): Promise<number[]> {
  const counts = tsqueries.map(() => 0);
  const asked = tsqueries.map((query, index) => ({ query, index })).filter((item): item is { query: string; index: number } => Boolean(item.query));
  if (asked.length === 0) return counts;
  const condition = fieldCondition(options.fields ?? SEARCH_FIELDS);
  const limit = options.cap ? `LIMIT ${Math.max(1, Math.floor(options.cap))}` : '';
  // The same tsquery text fills each `?` of the condition: written as q.t, a column of the unnest.
  const where = condition.sql.replace(/\?/g, 'q.t');
  const result = await db.raw<{ rows: Array<{ i: string; n: string }> }>(
    `SELECT q.i, (SELECT count(*) FROM (SELECT 1 FROM patents p WHERE p.region = ? AND ${where} ${limit}) s) AS n
       FROM unnest(?::text[]) WITH ORDINALITY AS q(t, i)`,
    [region, asked.map((item) => item.query)],
  );
  for (const row of result.rows) counts[asked[Number(row.i) - 1]!.index] = Number(row.n);
  return counts;
}

export interface MiningText {
  id: string;
  title: string | null;
  abstract: string | null;
  claims: string | null;
  description: string | null;
}

/**
 * Texts of up to `limit` publications of the region that match the tsquery, best ranked first, for mining
 * definitions ("liquid crystal display (LCD)"). Descriptions are cut to their opening part:
 * terms are defined at their first use, and whole descriptions would multiply the transfer.
 */
export async function textsMatching(db: Database, region: Region, tsquery: string, options: { limit: number; descriptionChars: number }): Promise<MiningText[]> {
  return db('patents as p')
    .where('p.region', region)
    .whereRaw('p.tsv_all @@ ?::tsquery', [tsquery])
    // Documents about the term (in title, abstract, claims) define it more often than passing mentions.
    .orderByRaw('ts_rank_cd(p.tsv_rank, ?::tsquery) DESC, p.id', [tsquery])
    .limit(options.limit)
    .select<MiningText[]>(
      'p.id',
      'p.title',
      'p.abstract',
      db.raw(`(SELECT string_agg(c, E'\\n') FROM jsonb_array_elements_text(p.claims) AS c) AS claims`),
      db.raw('left(p.description, ?) AS description', [options.descriptionChars]),
    );
}
