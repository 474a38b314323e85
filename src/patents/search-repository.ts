// Retrieval over the patent store for the search features: a compiled tsquery or formula
// condition (always bound parameters, never user text in the SQL), a set of publications,
// region, kind and status filters, ranking.
import type { Knex } from 'knex';
import { indexScanRunner, runPrepared, type Database } from '../platform/database.ts';
import { applicantKey } from './applicants.ts';
import { applicantGroupsSql, PUBLICATIONS_OF_APPLICANTS_SQL } from './applicants-repository.ts';
import { parseRankQuery } from './rank-cd.ts';
import { orderHits, rankIndexOf, type RankIndex } from './rank-index.ts';
import type { PatentKind, Region } from './record.ts';
import { NEWEST_FIRST, OLDEST_FIRST } from './repository.ts';
import { tailMatchSql, type DescriptionTail } from './segments-repository.ts';

export interface PatentQuery {
  /** tsquery text built from analysed tokens (analysis/index.ts), passed as `?::tsquery`: matches and ranks. */
  tsquery?: string;
  /**
   * The tsquery relevance is weighed by, where it is not `tsquery` (simple search: a keyword matched
   * as written or as a phrase is ranked by its words ANDed, which rank-index.ts ranks in memory).
   */
  rankTsquery?: string;
  /** With `tsquery`, when its keywords have phrase branches: those matched in long descriptions' segments too (segments-repository.ts). */
  descriptionTail?: DescriptionTail;
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
  /** The record's content hash: changes when an ingest changes the record (what a result's snippets made from its other fields are kept by). */
  version: string;
}

/**
 * Runs a statement over `matching(query)` with the planner kept off sequential scans. A common
 * word matches most of a region, so the planner scans the table and tests `tsv_all @@` on every
 * row, detoasting each one's whole vector (10 KB a US record, 28 KB a Japanese gazette, most of
 * it description): on the full corpus that was 280–600 ms of a 12,661-hit search. From the GIN
 * index the matching ids cost 30–60 ms and no vector is read (a plain tsquery needs no recheck).
 * It runs as a prepared statement on a connection of indexScanRunner (where that setting holds
 * for every statement); inside a transaction it runs on the transaction's connection as it is.
 * Queries without a tsquery are planned as before, unprepared (a formula's conditions vary too
 * much for a generic plan).
 */
async function matchedByIndex<Row>(db: Database, query: PatentQuery, statement: (db: Knex) => Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  // One prepared statement on a connection that plans no sequential scan (database.ts indexScanRunner).
  const runner = query.tsquery === undefined ? null : indexScanRunner(db);
  if (runner) {
    const { sql, bindings } = statement(db).toSQL().toNative();
    return (await runPrepared(runner, sql, bindings)).rows as Row[];
  }
  return rowsOf<Row>(statement(db));
}

/** The rows of a query builder's or a raw statement's result. */
async function rowsOf<Row>(statement: Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  const result = (await statement) as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

const applicantKeys = (query: PatentQuery): string[] => query.applicants.map(applicantKey).filter(Boolean);

function matching(db: Database, query: PatentQuery): Knex.QueryBuilder {
  const builder = db('patents');
  if (query.tsquery !== undefined) {
    // Rows come from the GIN index of tsv_all (matchedByIndex) and the region is tested on them:
    // written as a plain condition, the region's btree indexes would be chosen to read every row
    // of the region and test the match on each one, detoasting its tsv_all. The price: a small
    // region reads the heap rows of other regions' matches too (a word matching 13,000 US
    // records costs a 447-record Japanese region 20 ms instead of 8; no vector is read).
    const match = query.descriptionTail ? tailMatchSql(query.tsquery, query.descriptionTail) : { sql: 'tsv_all @@ ?::tsquery', bindings: [query.tsquery] };
    builder.whereRaw(match.sql, match.bindings as Knex.RawBinding[]).whereRaw('(region = ?) IS TRUE', [query.region]);
  } else {
    builder.where('region', query.region);
  }
  if (query.kinds) builder.whereIn('kind', query.kinds);
  if (query.condition) builder.whereRaw(`(${query.condition.sql})`, query.condition.bindings as Knex.RawBinding[]);
  if (query.documentIds) builder.whereRaw('id = ANY(?::text[])', [query.documentIds as string[]]);
  if (query.excludeExpired) builder.andWhere((q) => q.whereNull('right').orWhereNot('right', 0));
  // Any of the applicants, under any of their published names (applicants.ts: one applicant, its variants and aliases).
  if (query.applicants.length) builder.whereRaw(PUBLICATIONS_OF_APPLICANTS_SQL, [applicantKeys(query)]);
  return builder;
}

/** The tsquery a query's hits are ranked by; none for a formula of classes or dates only. */
const relevanceTsquery = (query: PatentQuery): string | undefined => query.rankTsquery ?? query.tsquery ?? query.condition?.rankTsquery ?? undefined;

/** The relevance of a hit: the stored order, else ts_rank_cd over title, abstract and claims, else none. */
function rankOf(db: Database, query: PatentQuery): Knex.Raw {
  if (query.rankByDocumentOrder && query.documentIds) return db.raw('-array_position(?::text[], id) AS rank', [query.documentIds as string[]]);
  const tsquery = relevanceTsquery(query);
  // Title, abstract and claims decide the order; a match only in the description ranks last.
  return tsquery ? db.raw('ts_rank_cd(tsv_rank, ?::tsquery) AS rank', [tsquery]) : db.raw('0::real AS rank');
}

export type SearchOrder = 'relevance' | 'newest' | 'oldest';

const orderBy = (order: SearchOrder): string =>
  order === 'newest' ? NEWEST_FIRST : order === 'oldest' ? OLDEST_FIRST : `rank DESC, ${NEWEST_FIRST}`;

/** How many publications the query matches. */
export async function countMatches(db: Database, query: PatentQuery): Promise<number> {
  const [{ count }] = (await matchedByIndex<{ count: string }>(db, query, (db) => matching(db, query).count({ count: '*' }))) as [{ count: string }];
  return Number(count);
}

/**
 * Everything a result's views read of its hits, found in one pass: the matching publications
 * are matched and ranked once (a materialised CTE) and the list's three orders, the count and
 * the applicant ranking are read from that set in one statement. Before, the count, the page
 * and the applicant ranking each matched the whole query again (and the page ranked it): on the
 * full corpus a 12,661-hit OR query took 519 ms that way and 254 ms in one pass, a 10,554-hit
 * one 142 ms and 69 ms. src/patents/hit-sets.ts keeps these for the pages that follow.
 */
export interface HitSet {
  /** How many hits (narrowed to the query's applicants, if any) the list holds. */
  total: number;
  /** The ids at places from … to − 1 (from 0) of this order of the list. */
  idsAt: (order: SearchOrder, from: number, to: number) => string[];
  /** The relevance (what the list shows as its rank) of the hit at this place of this order. */
  rankAt: (order: SearchOrder, place: number) => number;
  /** The applicant groups with most hits in the query without its applicant narrowing, the first `applicantLimit` and their ties (named by rankedApplicantNames). */
  applicantGroups: Array<{ group: number; count: number }>;
}

export async function findHitSet(db: Database, query: PatentQuery, applicantLimit: number): Promise<HitSet> {
  const rankTsquery = query.rankByDocumentOrder ? undefined : relevanceTsquery(query);
  const index = rankTsquery && parseRankQuery(rankTsquery) ? rankIndexOf(db, query.region) : null;
  return index ? hitSetRankedInMemory(db, query, applicantLimit, index, rankTsquery!) : hitSetRankedInSql(db, query, applicantLimit);
}

/** The narrowing of the list (`narrowed`) in a hit set that holds the query without it (for the applicant ranking). */
const narrowedColumn = (db: Database, query: PatentQuery): Knex.Raw =>
  query.applicants.length ? db.raw(`(${PUBLICATIONS_OF_APPLICANTS_SQL}) AS narrowed`, [applicantKeys(query)]) : db.raw('true AS narrowed');

/**
 * The hit set from rank-index.ts: SQL only matches the hits (their ids from the GIN index of
 * tsv_all, the region, kind and right tested on the rows) and the region's kept index gives the
 * rest: ts_rank_cd over tsv_rank computed from the query's lexemes only, the date orders from
 * each publication's place in them (as the database collates ids), the applicant groups. The
 * orders, ranks and groups are hitSetRankedInSql's exactly (test/patents/rank-index.test.ts).
 * `method|system|device` (us, full corpus, 12,661 hits), findHitSet median of 9 at load
 * average 7.5–9 (other sessions): 290–296 ms ranked, ordered and counted in SQL, 78–87 ms this
 * way (the whole search 232–314 → 88–101 ms); `method` (10,554) 193–211 → 57–59 ms.
 * The SQL that remains is the GIN bitmap and the heap rows' region, kind and right.
 */
async function hitSetRankedInMemory(db: Database, query: PatentQuery, applicantLimit: number, index: RankIndex, rankTsquery: string): Promise<HitSet> {
  const narrows = query.applicants.length > 0;
  const hits = matching(db, { ...query, applicants: [] }).select('id', narrowedColumn(db, query));
  const { sql, bindings } = hits.toSQL();
  // The ids as one text separated by U+001F (the unit separator, never in an id): splitting it
  // costs the client 0.49–0.64 ms CPU a 3,366-hit set against 0.73–0.84 ms for the same ids as JSON.
  const [row] = (await matchedByIndex<{ ids: string | null; listed?: string | null }>(db, query, (db) => db.raw(
    `WITH hits AS (${sql})
     SELECT string_agg(id, chr(31)) AS ids${narrows ? `, string_agg(id, chr(31)) FILTER (WHERE narrowed) AS listed` : ''} FROM hits`,
    bindings,
  ))) as [{ ids: string | null; listed?: string | null }];
  const idsOf = (text: string | null | undefined): string[] => (text ? text.split('\u001f') : []);
  const ids = idsOf(row.ids);
  const listed = narrows ? idsOf(row.listed) : undefined;
  // A hit newer than the index (another process's ingest): ranked and ordered by PostgreSQL.
  return orderHits(index, rankTsquery, ids, listed ?? null, applicantLimit) ?? hitSetRankedInSql(db, query, applicantLimit);
}

/** The hit set ranked by PostgreSQL: a stored result's order, no tsquery, or a query rank-index.ts does not reproduce. */
async function hitSetRankedInSql(db: Database, query: PatentQuery, applicantLimit: number): Promise<HitSet> {
  // The applicant ranking covers the query without its narrowing; `narrowed` marks what the list shows.
  const hits = matching(db, { ...query, applicants: [] }).select('id', 'publication_date', rankOf(db, query), narrowedColumn(db, query));
  const { sql, bindings } = hits.toSQL();
  type Row = { hits: Array<[string, number, number, number]>; groups: Array<{ group: number; count: number }> };
  const [row] = (await matchedByIndex<Row>(db, query, (db) => db.raw(
    `WITH hits AS MATERIALIZED (${sql}),
     ordered AS (
       SELECT id, rank,
              row_number() OVER (ORDER BY ${orderBy('relevance')}) AS relevance,
              row_number() OVER (ORDER BY ${orderBy('newest')}) AS newest,
              row_number() OVER (ORDER BY ${orderBy('oldest')}) AS oldest
         FROM hits WHERE narrowed),
     groups AS (${applicantGroupsSql('hits')})
     SELECT (SELECT coalesce(json_agg(json_build_array(id, rank, newest, oldest) ORDER BY relevance), '[]') FROM ordered) AS hits,
            (SELECT coalesce(json_agg(json_build_object('group', "group", 'count', count)), '[]') FROM groups) AS groups`,
    [...bindings, applicantLimit],
  ))) as [Row];
  const relevance = row.hits.map(([id]) => id);
  const newest = new Array<string>(relevance.length);
  const oldest = new Array<string>(relevance.length);
  const ranks = { relevance: row.hits.map(([, rank]) => rank), newest: new Array<number>(relevance.length), oldest: new Array<number>(relevance.length) };
  for (const [id, rank, inNewest, inOldest] of row.hits) {
    newest[inNewest - 1] = id;
    oldest[inOldest - 1] = id;
    ranks.newest[inNewest - 1] = rank;
    ranks.oldest[inOldest - 1] = rank;
  }
  const orders = { relevance, newest, oldest };
  return {
    total: relevance.length,
    idsAt: (order, from, to) => orders[order].slice(Math.max(0, from), Math.max(0, to)),
    rankAt: (order, place) => ranks[order][place]!,
    applicantGroups: row.groups,
  };
}

/** The list's rows of these publications, in the order given; the rank of the i-th from `rankOf(i)`. */
export async function hitsOfIds(db: Database, ids: readonly string[], rankOf: (i: number) => number): Promise<PatentHit[]> {
  if (ids.length === 0) return [];
  const rows: Array<Omit<PatentHit, 'rank'>> = await db('patents')
    .select('id', 'kind', 'title', 'abstract', 'applicants', 'ipc', 'application_date as applicationDate', 'publication_date as publicationDate', 'content_hash as version')
    .whereRaw('id = ANY(?::text[])', [ids as string[]]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id, i) => {
    const row = byId.get(id);
    return row ? [{ ...row, rank: rankOf(i) }] : [];
  });
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
  const rows = await matchedByIndex<RankedDocument>(db, query, (db) => matching(db, query)
    .select(
      'id', 'kind', 'title', 'applicants', 'ipc', 'cpc',
      'application_date as applicationDate', 'publication_date as publicationDate',
      rankOf(db, query),
    )
    .orderByRaw(orderBy(order))
    .limit(limit));
  return rows;
}

/**
 * The relevance of these hits' descriptions to the query's words, by id: ts_rank_cd as for the
 * list's relevance, the description weighed D (below the claims' C). What a hit found only in
 * its description matches by (its title, abstract and claims rank 0); none without words to rank by.
 */
export async function descriptionRelevance(db: Database, query: PatentQuery, ids: readonly string[]): Promise<Map<string, number>> {
  const tsquery = relevanceTsquery(query);
  if (!tsquery || ids.length === 0) return new Map();
  const rows: Array<{ id: string; rank: number }> = await db('patents')
    .select('id', db.raw("ts_rank_cd(setweight(tsv_description, 'D'), ?::tsquery) AS rank", [tsquery]))
    .whereRaw('id = ANY(?::text[])', [ids as string[]]);
  return new Map(rows.map((row) => [row.id, row.rank]));
}

/** Every publication the query matches, unordered (a filter for another ranking, e.g. the examination simulation's formulas). */
export async function matchingDocumentIds(db: Database, query: PatentQuery): Promise<string[]> {
  return matching(db, query).pluck('id');
}

/** The ids of the best-ranked matches, best first (what a detailed search stores as its result). */
export async function rankedDocumentIds(db: Database, query: PatentQuery, limit: number): Promise<string[]> {
  const rows = await matchedByIndex<{ id: string }>(db, query, (db) => matching(db, query).select('id', rankOf(db, query)).orderByRaw(orderBy('relevance')).limit(limit));
  return rows.map((row) => row.id);
}
