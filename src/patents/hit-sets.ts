// A result's hit set (search-repository.ts findHitSet), kept for a minute: what people do
// after a search — the next page, another order, the applicants or the map, a document and back
// to the list, its previous and next — reads the same hits again, and matching them is most of
// the cost of a result page (their ranking, orders and applicants come from rank-index.ts when
// the region's index is built, else from ts_rank_cd over every hit in SQL). One computation serves
// concurrent requests for the same search, and a page's rows, once read, are kept with the set. Stored detailed-search results are lists of ids and
// never change; a search over the store may see a new ingest up to a minute late from another
// process (an ingest in this process forgets every set at once: forgetHitSets).
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../platform/database.ts';
import { rankedApplicantNames } from './applicants-repository.ts';
import { findHitSet, hitsOfIds, type HitSet, type PatentHit, type PatentQuery, type SearchOrder } from './search-repository.ts';

/** Applicants named per set: the applicants view shows 100, the list's narrowing panel the first 20 of them. */
const APPLICANT_LIMIT = 100;
const TTL_MS = 60_000;
/** A set is at most a few hundred KB (17,000 hits: their documents, ranks and orders as typed arrays, or ids and ranks when ranked in SQL). */
const MAX_SETS = 32;

/** Pages of hits kept per set: the first pages of its three orders and a few more. */
const MAX_PAGES = 12;

interface Entry {
  set: Promise<HitSet & { applicants: Array<{ applicant: string; count: number }> }>;
  /** The rows of pages already read ("order offset limit"): reading a page again (back from a document, a reload, the next user of the same search) costs no query. */
  pages: LRUCache<string, Promise<PatentHit[]>>;
}

// A stale set is not returned (ttl: its age counts from when it was computed, not when last read).
const sets = new LRUCache<string, Entry>({ max: MAX_SETS, ttl: TTL_MS });

/** What identifies a search's hits: every part of the query that changes them or their rank. */
function keyOf(query: PatentQuery): string {
  const { tsquery, rankTsquery, descriptionTail, condition, documentIds, rankByDocumentOrder, region, kinds, excludeExpired, applicants } = query;
  const text = JSON.stringify([tsquery, rankTsquery, descriptionTail, condition?.sql, condition?.bindings, condition?.rankTsquery, documentIds, rankByDocumentOrder, region, kinds, excludeExpired, applicants]);
  return createHash('sha256').update(text).digest('base64url');
}

function entryOf(db: Database, query: PatentQuery): Entry {
  const key = keyOf(query);
  const cached = sets.get(key);
  if (cached) return cached;
  const set = findHitSet(db, query, APPLICANT_LIMIT).then(async (found) => ({
    ...found,
    applicants: await rankedApplicantNames(db, found.applicantGroups, query.region, APPLICANT_LIMIT),
  }));
  const entry: Entry = { set, pages: new LRUCache({ max: MAX_PAGES }) };
  sets.set(key, entry);
  // A failure is not kept: the next request tries again.
  set.catch(() => {
    if (sets.peek(key) === entry) sets.delete(key);
  });
  return entry;
}

const hitSetOf = (db: Database, query: PatentQuery): Entry['set'] => entryOf(db, query).set;

/** The rows of a page of the set, read once while the set is kept. */
function pageOf(db: Database, entry: Entry, set: Awaited<Entry['set']>, page: { offset: number; limit: number; order: SearchOrder }): Promise<PatentHit[]> {
  const key = `${page.order} ${page.offset} ${page.limit}`;
  let hits = entry.pages.get(key);
  if (!hits) {
    hits = hitsOfIds(db, set.idsAt(page.order, page.offset, page.offset + page.limit), (i) => set.rankAt(page.order, page.offset + i));
    entry.pages.set(key, hits);
    hits.catch(() => entry.pages.delete(key));
  }
  return hits;
}

/** Forgets every kept hit set (an ingest changed the store; tests). */
export function forgetHitSets(): void {
  sets.clear();
  generation++;
}

/** Bumped whenever an ingest in this process forgets the sets: what else is kept about the hits (the simple search's spelling counts) keys by it. */
let generation = 0;
export const hitSetGeneration = (): number => generation;

export interface ResultPage {
  /** Publications matching the query (narrowed to its applicants, if any). */
  total: number;
  /** The page of hits, in the order asked for. */
  hits: PatentHit[];
  /** The applicants with most hits in the query without its applicant narrowing (what narrowing chooses from). */
  applicants: Array<{ applicant: string; count: number }>;
}

/** A page of a result with its count and applicant ranking. */
export async function resultPage(
  db: Database,
  query: PatentQuery,
  page: { offset: number; limit: number; order: SearchOrder; applicantLimit: number },
): Promise<ResultPage> {
  const entry = entryOf(db, query);
  const set = await entry.set;
  return {
    total: set.total,
    hits: page.limit > 0 ? await pageOf(db, entry, set, page) : [],
    applicants: set.applicants.slice(0, Math.min(page.applicantLimit, APPLICANT_LIMIT)),
  };
}

/** The ids at positions offset … offset + limit − 1 (from 0) of the list in this order, and how many the list holds: a document page's previous and next. */
export async function resultIdsAt(db: Database, query: PatentQuery, page: { offset: number; limit: number; order: SearchOrder }): Promise<{ total: number; ids: string[] }> {
  const set = await hitSetOf(db, query);
  return { total: set.total, ids: set.idsAt(page.order, page.offset, page.offset + page.limit) };
}
