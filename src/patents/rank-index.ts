// What a search's hit set needs besides its matching ids, kept in the process per region: the
// relevance — PostgreSQL's ts_rank_cd over tsv_rank (title A, abstract B, claims C), the same
// algorithm and the same float4 values — from a positional index of tsv_rank, each
// publication's place in the newest-first and oldest-first orders, and its applicant groups.
// Measured on the full shared corpus (12,661 hits of `method|system|device`, us; load average
// ~10 from other sessions): in SQL, ranking cost 130–170 ms of a 300–500 ms hit set (each hit's
// tsv_rank read from TOAST — the wide row pushes even a 700-byte vector out of line: 43,000
// buffer reads for 3,400 heap pages — and ts_rank_cd walking the whole vector: 50 ms with every
// vector inline), sorting three orders and building their JSON 40 ms, the applicant ranking
// 20–35 ms. Here: ranks 8–25 ms (only the query's lexemes are looked up), orders and applicants
// a few ms. Building: US 15,816 publications 4.3 s, CN 6,008 4.9 s, JP 447 0.4 s, ~60 MB of
// heap for the three (positions as 16-bit WordEntryPos in one array per region).
//
// Exactness (rank-cd.ts): get_docrep, Cover and calc_rank_cd of src/backend/utils/adt/tsrank.c (PostgreSQL
// 15) for queries of lexemes joined by & | ! and parentheses (what simple search compiles and
// a detailed search's rankTsquery holds); anything else (phrases, prefixes, weights) returns
// null and the caller ranks in SQL. 0 differences from ts_rank_cd over every hit of 16 ja/en/zh
// queries on the full corpus; test/patents/rank-index.test.ts compares ranks, orders and
// applicant rankings with SQL's.
//
// Freshness: an ingest in this process forgets the indexes (forgetRankIndexes, with the hit
// sets); another process's changes are seen through the region's version, checked at most
// every CHECK_MS in the background; a hit the index does not hold makes the caller use SQL.
import type { Database } from '../platform/database.ts';
import { turnTaker } from '../platform/turns.ts';
import type { Region } from './record.ts';
import type { SearchOrder } from './search-repository.ts';
import { applicantGroupsOfRegion } from './applicants-repository.ts';
import { publicationOrders, regionVersion, vectorPage } from './repository.ts';
import { float4Value, parseRankQuery, rankWith } from './rank-cd.ts';
import { readQuotedLexeme } from './tsvector-text.ts';

/** How often a kept index asks whether its region changed (a count and a max over the region: 5–40 ms, so never per request). */
const CHECK_MS = 5_000;
/** Rows per page read while building (tsv_rank only, ~1–3 KB each as text). */
const PAGE_ROWS = 500;

export interface RankIndex {
  region: Region;
  fingerprint: string;
  docOf: Map<string, number>;
  /** Document d's id (the keys of docOf, by number). */
  idOf: string[];
  terms: Map<string, number>;
  /** Term t's postings are termStart[t] … termStart[t + 1] − 1: the documents, ascending. */
  termStart: Int32Array;
  postDocs: Int32Array;
  /** Posting k's positions are positions[postStart[k] … postStart[k + 1] − 1] (WordEntryPos: weight << 14 | position). */
  postStart: Int32Array;
  positions: Uint16Array;
  /** Each document's place in the newest-first and oldest-first orders of the region (repository.ts publicationOrders). */
  newest: Int32Array;
  oldest: Int32Array;
  /** Document d's applicant groups are groups[groupStart[d] … groupStart[d + 1] − 1]. */
  groupStart: Int32Array;
  groups: Int32Array;
}

/** Lexemes and their positions (weight << 14 | position) from a tsvector's text form: 'word':1A,5B 'other':3. */
function parseTsvector(text: string, visit: (lexeme: string, positions: number[]) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    const { lexeme, end } = readQuotedLexeme(text, i);
    i = end;
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      let value = 0;
      let weight = 0; // D
      for (; i <= n; i++) {
        const ch = text[i];
        if (ch !== undefined && ch >= '0' && ch <= '9') value = value * 10 + (ch.charCodeAt(0) - 48);
        else if (ch === 'A' || ch === 'B' || ch === 'C' || ch === 'D') weight = ch === 'A' ? 3 : ch === 'B' ? 2 : ch === 'C' ? 1 : 0;
        else {
          positions.push((weight << 14) | value);
          value = 0;
          weight = 0;
          if (ch !== ',') break;
        }
      }
    }
    // A lexeme without positions (a stripped vector) is not ranked by ts_rank_cd.
    if (positions.length) visit(lexeme, positions);
  }
}

async function buildIndex(db: Database, region: Region, fingerprint: string): Promise<RankIndex> {
  const docOf = new Map<string, number>();
  const idOf: string[] = [];
  const terms = new Map<string, number>();
  const docTerms: Int32Array[] = [];
  const docPositions: Uint16Array[] = [];
  const docCounts: Uint16Array[] = [];
  let df: Int32Array = new Int32Array(1024);
  let totalPostings = 0;
  let totalPositions = 0;
  let after = '';
  const turn = turnTaker();
  for (;;) {
    const rows = await vectorPage(db, region, ['tsv_rank'], after, PAGE_ROWS);
    if (rows.length === 0) break;
    for (const row of rows) {
      await turn();
      const ids: number[] = [];
      const counts: number[] = [];
      const all: number[] = [];
      parseTsvector((row.tsv_rank as string | null) ?? '', (lexeme, positions) => {
        let id = terms.get(lexeme);
        if (id === undefined) {
          id = terms.size;
          terms.set(lexeme, id);
          if (id >= df.length) {
            const grown = new Int32Array(df.length * 2);
            grown.set(df);
            df = grown;
          }
        }
        df[id]!++;
        ids.push(id);
        counts.push(positions.length);
        for (const position of positions) all.push(position);
      });
      docOf.set(row.id as string, docTerms.length);
      idOf.push(row.id as string);
      docTerms.push(Int32Array.from(ids));
      docCounts.push(Uint16Array.from(counts));
      docPositions.push(Uint16Array.from(all));
      totalPostings += ids.length;
      totalPositions += all.length;
    }
    after = rows[rows.length - 1]!.id as string;
  }
  // Inverted, term after term in one array each (a typed array per term would cost more than its data).
  const termCount = terms.size;
  const termStart = new Int32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) termStart[t + 1] = termStart[t]! + df[t]!;
  const termPositionCount = new Int32Array(termCount);
  for (let doc = 0; doc < docTerms.length; doc++) {
    const ids = docTerms[doc]!;
    const counts = docCounts[doc]!;
    for (let k = 0; k < ids.length; k++) termPositionCount[ids[k]!]! += counts[k]!;
  }
  const termPositionCursor = new Int32Array(termCount);
  for (let t = 1; t < termCount; t++) termPositionCursor[t] = termPositionCursor[t - 1]! + termPositionCount[t - 1]!;
  const filled = new Int32Array(termCount);
  const postDocs = new Int32Array(totalPostings);
  const postStart = new Int32Array(totalPostings + 1);
  const positions = new Uint16Array(totalPositions);
  for (let doc = 0; doc < docTerms.length; doc++) {
    await turn();
    const ids = docTerms[doc]!;
    const counts = docCounts[doc]!;
    const own = docPositions[doc]!;
    let from = 0;
    for (let k = 0; k < ids.length; k++) {
      const t = ids[k]!;
      const at = termStart[t]! + filled[t]!++;
      postDocs[at] = doc;
      const start = termPositionCursor[t]!;
      postStart[at] = start;
      positions.set(own.subarray(from, from + counts[k]!), start);
      termPositionCursor[t] = start + counts[k]!;
      from += counts[k]!;
    }
  }
  postStart[totalPostings] = totalPositions;
  // The date orders as the database collates ids, and the applicant groups (the applicant ranking).
  const newest = new Int32Array(docTerms.length).fill(-1);
  const oldest = new Int32Array(docTerms.length).fill(-1);
  for (const row of await publicationOrders(db, region)) {
    const doc = docOf.get(row.id);
    if (doc === undefined) continue;
    newest[doc] = row.newest;
    oldest[doc] = row.oldest;
  }
  // A publication written while this was read has no place: it counts as one the index does not hold.
  for (const [id, doc] of docOf) if (newest[doc]! < 0) docOf.delete(id);
  const groupsOf: number[][] = new Array(docTerms.length);
  let groupCount = 0;
  for (const row of await applicantGroupsOfRegion(db, region)) {
    const doc = docOf.get(row.id);
    if (doc === undefined) continue;
    groupsOf[doc] = row.groups;
    groupCount += row.groups.length;
  }
  const groupStart = new Int32Array(docTerms.length + 1);
  const groups = new Int32Array(groupCount);
  for (let doc = 0; doc < docTerms.length; doc++) {
    const own = groupsOf[doc] ?? [];
    groups.set(own, groupStart[doc]!);
    groupStart[doc + 1] = groupStart[doc]! + own.length;
  }
  return { region, fingerprint, docOf, idOf, terms, termStart, postDocs, postStart, positions, newest, oldest, groupStart, groups };
}

// ---------------------------------------------------------------------------------------
// Kept per region

interface Kept {
  index?: RankIndex;
  building?: Promise<void>;
  checkedAt: number;
}

const kept = new Map<Region, Kept>();

async function fingerprintOf(db: Database, region: Region): Promise<string> {
  const { count, updated } = await regionVersion(db, region);
  return `${count}/${updated}`;
}

function rebuild(db: Database, region: Region, entry: Kept): void {
  if (entry.building) return;
  entry.building = (async () => {
    const fingerprint = await fingerprintOf(db, region);
    if (entry.index?.fingerprint !== fingerprint) entry.index = await buildIndex(db, region, fingerprint);
    entry.checkedAt = Date.now();
  })()
    // Nothing lost: the searches meanwhile rank in SQL, and the next one tries again.
    .catch(() => undefined)
    .finally(() => {
      entry.building = undefined;
    });
}

/**
 * The region's index, or null when there is none yet (one is then built in the background). A
 * kept one is checked against the region's version at most every CHECK_MS, in the background.
 */
export function rankIndexOf(db: Database, region: Region): RankIndex | null {
  let entry = kept.get(region);
  if (!entry) {
    // Under jest, only a test that warms an index uses one: a build in the background would outlive the test's database.
    if (process.env.NODE_ENV === 'test') return null;
    kept.set(region, (entry = { checkedAt: 0 }));
  }
  if (!entry.index || Date.now() - entry.checkedAt > CHECK_MS) {
    entry.checkedAt = Date.now();
    rebuild(db, region, entry);
  }
  return entry.index ?? null;
}

/**
 * The hits' ranks (ts_rank_cd over tsv_rank, as the values PostgreSQL returns), or null when
 * the query is not one this ranking reproduces or a hit is newer than the index.
 */
export function ranksInMemory(index: RankIndex, tsquery: string, ids: readonly string[]): number[] | null {
  const query = parseRankQuery(tsquery);
  const docs = query && docsOf(index, ids);
  const ranks = docs && rankWith(index, query, docs);
  return ranks ? Array.from(ranks, float4Value) : null;
}

/** The index's documents of these ids, or null when one is newer than the index. */
function docsOf(index: RankIndex, ids: readonly string[]): Int32Array | null {
  const docs = new Int32Array(ids.length);
  for (let h = 0; h < ids.length; h++) {
    const doc = index.docOf.get(ids[h]!);
    if (doc === undefined) return null;
    docs[h] = doc;
  }
  return docs;
}

export interface OrderedHits {
  /** How many hits the list holds. */
  total: number;
  /** The ids at places from … to − 1 (from 0) of this order. */
  idsAt: (order: SearchOrder, from: number, to: number) => string[];
  /** The rank of the hit at this place of this order. */
  rankAt: (order: SearchOrder, place: number) => number;
  applicantGroups: Array<{ group: number; count: number }>;
}

/**
 * Scratch arrays of an index, one slot per place in a date order and per applicant group:
 * orderHits fills only the hits' slots, so nothing is cleared between searches (the work stays
 * proportional to the hits, not to the region).
 */
interface Scratch {
  hitAtPlace: Int32Array;
  groupCounts: Int32Array;
}
const scratches = new WeakMap<RankIndex, Scratch>();
function scratchOf(index: RankIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    const top = (values: Int32Array) => values.reduce((max, value) => Math.max(max, value), -1) + 1;
    scratch = { hitAtPlace: new Int32Array(Math.max(top(index.newest), top(index.oldest))), groupCounts: new Int32Array(top(index.groups)) };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** Hits in a date order: each hit's place is unique, so the places sort as plain integers. */
function orderByPlace(places: Int32Array, docs: Int32Array, hitAtPlace: Int32Array): Int32Array {
  const order = new Int32Array(docs.length);
  for (let h = 0; h < docs.length; h++) {
    const place = places[docs[h]!]!;
    order[h] = place;
    hitAtPlace[place] = h;
  }
  order.sort();
  for (let i = 0; i < order.length; i++) order[i] = hitAtPlace[order[i]!]!;
  return order;
}

/**
 * Hits by rank, highest first, ties in the newest-first order: sorted as packed doubles
 * (inverted rank bits · 2^20 + place in byNewest) by the typed array's native numeric sort. A
 * non-negative float's bits order as the float does.
 */
const PLACE_SPAN = 2 ** 20;
function orderByRank(ranks: Float32Array, byNewest: Int32Array): Int32Array {
  const n = byNewest.length;
  const bits = new Uint32Array(ranks.buffer, ranks.byteOffset, n);
  const order = new Int32Array(n);
  if (n >= PLACE_SPAN) {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => ranks[byNewest[b]!]! - ranks[byNewest[a]!]! || a - b);
  } else {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = (0xffffffff - bits[byNewest[i]!]!) * PLACE_SPAN + i;
    packed.sort();
    for (let i = 0; i < n; i++) order[i] = packed[i]! % PLACE_SPAN;
  }
  for (let i = 0; i < n; i++) order[i] = byNewest[order[i]!]!;
  return order;
}

/**
 * A hit set from its matching ids (`listed`: those the list shows, a subset when narrowed to
 * applicants): the three orders as search-repository.ts orderBy sorts them (relevance: rank
 * DESC, then the newest-first order), each place's rank and the applicant groups with most hits,
 * the first `applicantLimit` and their ties (applicantGroupsSql). Null when a hit is newer than
 * the index or the query is not one this ranking reproduces. Typed arrays and native integer
 * sorts throughout: with comparator sorts, Maps and per-hit closures the orders and ranks of
 * 2,935 hits took 1.5–2.2 ms a search, more than ranking them.
 *
 * A set is kept a minute (hit-sets.ts), so it holds only typed arrays (the hits' documents,
 * ranks and orders: their memory is outside the JavaScript heap) and names the ids of a page
 * when it is read; the oldest-first order is sorted when first asked for. Kept as three arrays
 * of 2,935 id strings each, every new search promoted ~120 KB to the old generation.
 */
export function orderHits(index: RankIndex, tsquery: string, ids: readonly string[], listed: readonly string[] | null, applicantLimit: number): OrderedHits | null {
  const query = parseRankQuery(tsquery);
  const docs = query && docsOf(index, listed ?? ids);
  const ranks = docs && rankWith(index, query, docs);
  if (!ranks) return null;
  const scratch = scratchOf(index);
  const applicantGroups = applicantGroupsOf(index, listed ? docsOf(index, ids) : docs, applicantLimit, scratch.groupCounts);
  if (!applicantGroups) return null;
  const byNewest = orderByPlace(index.newest, docs, scratch.hitAtPlace);
  const byRelevance = orderByRank(ranks, byNewest);
  let byOldest: Int32Array | undefined;
  const hitsIn = (order: SearchOrder): Int32Array =>
    order === 'relevance' ? byRelevance : order === 'newest' ? byNewest : (byOldest ??= orderByPlace(index.oldest, docs, scratch.hitAtPlace));
  return {
    total: docs.length,
    idsAt: (order, from, to) => Array.from(hitsIn(order).subarray(Math.max(0, from), Math.max(0, to)), (hit) => index.idOf[docs[hit]!]!),
    rankAt: (order, place) => float4Value(ranks[hitsIn(order)[place]!]!),
    applicantGroups,
  };
}

/** The applicant groups with most of the query's hits (without the narrowing), and their ties at the cut; groups of equal count in the order the hits first name them. */
function applicantGroupsOf(index: RankIndex, docs: Int32Array | null, applicantLimit: number, counts: Int32Array): Array<{ group: number; count: number }> | null {
  if (!docs) return null;
  const named: number[] = [];
  for (let h = 0; h < docs.length; h++) {
    for (let g = index.groupStart[docs[h]!]!; g < index.groupStart[docs[h]! + 1]!; g++) {
      const group = index.groups[g]!;
      if (counts[group]!++ === 0) named.push(group);
    }
  }
  const groups = named.map((group) => ({ group, count: counts[group]! }));
  for (const group of named) counts[group] = 0;
  groups.sort((a, b) => b.count - a.count);
  const cut = groups.length > applicantLimit ? groups[applicantLimit - 1]?.count ?? Number.POSITIVE_INFINITY : 0;
  return groups.filter((entry) => entry.count >= cut);
}

/** Builds the region's index now (start-up warm-up, tests). */
export async function warmRankIndex(db: Database, region: Region): Promise<void> {
  let entry = kept.get(region);
  if (!entry) kept.set(region, (entry = { checkedAt: 0 }));
  rebuild(db, region, entry);
  await entry.building;
}

/** Forgets every index (an ingest changed the store; tests). */
export function forgetRankIndexes(): void {
  kept.clear();
}
