// Retrieval over the patent store for the search features: a compiled tsquery or formula
// condition (always bound parameters, never user text in the SQL), a set of publications,
// region, kind and status filters, ranking.
import type { Knex } from 'knex';
import type { Database } from '../platform/database.ts';
import { applicantKey } from './applicants.ts';
import { PUBLICATIONS_OF_APPLICANTS_SQL, rankApplicants } from './applicants-repository.ts';
import type { PatentKind, Region } from './record.ts';

export interface PatentQuery {
  /** tsquery text built from analysed tokens (analysis/index.ts), passed as `?::tsquery`: matches and ranks. */
  tsquery?: string;
  /** A compiled detailed-search formula (src/patents/query/compile.ts): bind parameters only. */
  condition?: { sql: string; bindings: readonly unknown[]; rankTsquery: string | null };
  /**
   * Only these publications (a population file, a stored result). With `rankByDocumentOrder`
   * the list's order is the relevance order (a stored result keeps the order it was found in).
   */
  documentIds?: readonly string[];
  rankByDocumentOrder?: boolean;
  region: Region;
  /** Only these publication kinds; every kind when left out. */
  kinds?: PatentKind[];
  /** Leave out publications whose right has lapsed (right = 0). */
  excludeExpired: boolean;
  /** Only publications of these applicants (any of them), as shown or under any variant of their names. */
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
  const builder = db('patents').where('region', query.region);
  if (query.kinds) builder.whereIn('kind', query.kinds);
  if (query.tsquery !== undefined) builder.whereRaw('tsv_all @@ ?::tsquery', [query.tsquery]);
  if (query.condition) builder.whereRaw(`(${query.condition.sql})`, query.condition.bindings as Knex.RawBinding[]);
  if (query.documentIds) builder.whereRaw('id = ANY(?::text[])', [query.documentIds as string[]]);
  if (query.excludeExpired) builder.andWhere((q) => q.whereNull('right').orWhereNot('right', 0));
  // Any of the applicants, under any of their published names (applicants.ts: one applicant, its variants and aliases).
  if (query.applicants.length) builder.whereRaw(PUBLICATIONS_OF_APPLICANTS_SQL, [query.applicants.map(applicantKey).filter(Boolean)]);
  return builder;
}

/** The relevance of a hit: the stored order, else ts_rank_cd over title, abstract and claims, else none. */
function rankOf(db: Database, query: PatentQuery): Knex.Raw {
  if (query.rankByDocumentOrder && query.documentIds) return db.raw('-array_position(?::text[], id) AS rank', [query.documentIds as string[]]);
  const tsquery = query.tsquery ?? query.condition?.rankTsquery;
  // Title, abstract and claims decide the order; a match only in the description ranks last.
  return tsquery ? db.raw('ts_rank_cd(tsv_rank, ?::tsquery) AS rank', [tsquery]) : db.raw('0::real AS rank');
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
      rankOf(db, query),
    )
    .orderByRaw(order)
    .offset(page.offset)
    .limit(page.limit);
  return { total, hits: hits as PatentHit[] };
}

/** Applicants with the most hits (for the applicant list and narrowing): each applicant once, under all its names, a publication counted once. */
export async function topApplicants(db: Database, query: PatentQuery, limit: number): Promise<Array<{ applicant: string; count: number }>> {
  return rankApplicants(db, matching(db, { ...query, applicants: [] }).select('id'), query.region, limit);
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
      rankOf(db, query),
    )
    .orderByRaw(orderBy(order))
    .limit(limit);
  return rows as RankedDocument[];
}

/** The ids of the best-ranked matches, best first (what a detailed search stores as its result). */
export async function rankedDocumentIds(db: Database, query: PatentQuery, limit: number): Promise<string[]> {
  const rows = await matching(db, query).select('id', rankOf(db, query)).orderByRaw(orderBy('relevance')).limit(limit);
  return rows.map((row: { id: string }) => row.id);
}

/** The ids at positions offset … offset + limit − 1 (from 0) of the list in this order: what a document page's previous and next are. */
export async function documentIdsAt(db: Database, query: PatentQuery, page: { offset: number; limit: number; order: SearchOrder }): Promise<string[]> {
  const rows = await matching(db, query).select('id', rankOf(db, query)).orderByRaw(orderBy(page.order)).offset(page.offset).limit(page.limit);
  return rows.map((row: { id: string }) => row.id);
}
