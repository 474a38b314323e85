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
  return { region, fingerprint, docOf, terms, termStart, postDocs, postStart, positions, newest, oldest, groupStart, groups };
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
  const ranks = query && rankWith(index, query, ids);
  return ranks ? Array.from(ranks, float4Value) : null;
}

export interface OrderedHits {
  orders: { relevance: string[]; newest: string[]; oldest: string[] };
  ranks: Map<string, number>;
  applicantGroups: Array<{ group: number; count: number }>;
}

/**
 * A hit set from its matching ids (`listed`: those the list shows, a subset when narrowed to
 * applicants): the three orders as search-repository.ts orderBy sorts them (relevance: rank
 * DESC, then the newest-first order), the ranks and the applicant groups with most hits, the
 * first `applicantLimit` and their ties (applicantGroupsSql). Null when a hit is newer than the
 * index or the query is not one this ranking reproduces.
 */
export function orderHits(index: RankIndex, tsquery: string, ids: readonly string[], listed: readonly string[] | null, applicantLimit: number): OrderedHits | null {
  const query = parseRankQuery(tsquery);
  const shown = listed ?? ids;
  const ranks = query && rankWith(index, query, shown);
  if (!ranks) return null;
  const docs = new Int32Array(shown.length);
  for (let h = 0; h < shown.length; h++) docs[h] = index.docOf.get(shown[h]!)!;
  const hits = Array.from(docs, (_, h) => h);
  const byNewest = hits.sort((a, b) => index.newest[docs[a]!]! - index.newest[docs[b]!]!);
  const newest = byNewest.map((h) => shown[h]!);
  const relevance = [...byNewest].sort((a, b) => ranks[b]! - ranks[a]!).map((h) => shown[h]!);
  const oldest = [...byNewest].sort((a, b) => index.oldest[docs[a]!]! - index.oldest[docs[b]!]!).map((h) => shown[h]!);
  // The applicant ranking counts the query's hits without the narrowing.
  const counts = new Map<number, number>();
  for (const id of ids) {
    const doc = index.docOf.get(id);
    if (doc === undefined) return null;
    for (let g = index.groupStart[doc]!; g < index.groupStart[doc + 1]!; g++) counts.set(index.groups[g]!, (counts.get(index.groups[g]!) ?? 0) + 1);
  }
  const groups = [...counts].map(([group, count]) => ({ group, count })).sort((a, b) => b.count - a.count);
  const cut = groups.length > applicantLimit ? groups[applicantLimit - 1]?.count ?? Number.POSITIVE_INFINITY : 0;
  return {
    orders: { relevance, newest, oldest },
    ranks: new Map(shown.map((id, h) => [id, float4Value(ranks[h]!)])),
    applicantGroups: groups.filter((entry) => entry.count >= cut),
  };
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
