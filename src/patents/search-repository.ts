// Retrieval over the patent store for the search features: a compiled tsquery (always a
// bound parameter, never text in the SQL), region, kind and status filters, ranking.
import type { Knex } from 'knex';
import type { Database } from '../platform/database.ts';
import type { PatentKind, Region } from './record.ts';

export interface PatentQuery {
  /** tsquery text built from analysed tokens (analysis/index.ts), passed as `?::tsquery`. */
  tsquery: string;
  region: Region;
  kinds: PatentKind[];
  /** Leave out publications whose right has lapsed (right = 0). */
  excludeExpired: boolean;
  /** Only publications of these applicants (any of them). */
  applicants: string[];
}

export interface PatentHit {
  id: string;
  kind: PatentKind;
  title: string | null;
  abstract: string | null;
  applicants: string[];
  ipc: string[];
  applicationDate: Date | null;
  publicationDate: Date | null;
  rank: number;
}

function matching(db: Database, query: PatentQuery): Knex.QueryBuilder {
  const builder = db('patents')
    .where('region', query.region)
    .whereIn('kind', query.kinds)
    .whereRaw('tsv_all @@ ?::tsquery', [query.tsquery]);
  if (query.excludeExpired) builder.andWhere((q) => q.whereNull('right').orWhereNot('right', 0));
  if (query.applicants.length) builder.whereRaw('applicants && ?::text[]', [query.applicants]);
  return builder;
}

export type SearchOrder = 'relevance' | 'newest' | 'oldest';

const orderBy = (order: SearchOrder): string =>
  order === 'newest'
    ? 'publication_date DESC NULLS LAST, id'
    : order === 'oldest'
      ? 'publication_date ASC NULLS LAST, id'
      : 'rank DESC, publication_date DESC NULLS LAST, id';

/** How many publications the query matches. */
export async function countMatches(db: Database, query: PatentQuery): Promise<number> {
  const [{ count }] = (await matching(db, query).count<{ count: string }[]>({ count: '*' })) as [{ count: string }];
  return Number(count);
}

export async function searchPatents(
  db: Database,
  query: PatentQuery,
  page: { offset: number; limit: number; order: SearchOrder },
): Promise<{ total: number; hits: PatentHit[] }> {
  const total = await countMatches(db, query);
  const order = orderBy(page.order);
  const hits = await matching(db, query)
    .select(
      'id', 'kind', 'title', 'abstract', 'applicants', 'ipc',
      'application_date as applicationDate', 'publication_date as publicationDate',
      // Title, abstract and claims decide the order; a match only in the description ranks last.
      db.raw('ts_rank_cd(tsv_rank, ?::tsquery) AS rank', [query.tsquery]),
    )
    .orderByRaw(order)
    .offset(page.offset)
    .limit(page.limit);
  return { total, hits: hits as PatentHit[] };
}

/** Applicants with the most hits (for the applicant list and narrowing). */
export async function topApplicants(db: Database, query: PatentQuery, limit: number): Promise<Array<{ applicant: string; count: number }>> {
  const rows = await db
    .from(matching(db, { ...query, applicants: [] }).select(db.raw('unnest(applicants) AS applicant')).as('a'))
    .select('applicant')
    .count<{ applicant: string; count: string }[]>({ count: '*' })
    .groupBy('applicant')
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'applicant' }])
    .limit(limit);
  return rows.map((row) => ({ applicant: row.applicant, count: Number(row.count) }));
}

export interface RankedDocument {
  id: string;
  kind: PatentKind;
  title: string | null;
  applicants: string[];
  ipc: string[];
  cpc: string[];
  applicationDate: Date | null;
  publicationDate: Date | null;
  rank: number;
}

/**
 * The best-ranked matches (biblio only, no text), in relevance order: what the detail
 * views — map, graphs, export — cover when a search has more hits than they can show.
 */
export async function bestRankedDocuments(db: Database, query: PatentQuery, limit: number, order: SearchOrder = 'relevance'): Promise<RankedDocument[]> {
  const rows = await matching(db, query)
    .select(
      'id', 'kind', 'title', 'applicants', 'ipc', 'cpc',
      'application_date as applicationDate', 'publication_date as publicationDate',
      db.raw('ts_rank_cd(tsv_rank, ?::tsquery) AS rank', [query.tsquery]),
    )
    .orderByRaw(orderBy(order))
    .limit(limit);
  return rows as RankedDocument[];
}
