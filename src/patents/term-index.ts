// An in-memory BM25 index of a region's publications, read from the analysed text the store
// already holds (the tsvector columns, so nothing is analysed again): what the examination
// simulation ranks candidates with. Long inputs (a claim, an invention's description) need
// BM25-style term weighting: on a known-item task over the US corpus a plain BM25 (k1 1.2,
// b 0.75) over abstract and description with all of a claim's words reached MRR 0.99, while
// PostgreSQL's ts_rank_cd with the same words OR-ed reached 0.2–0.3 (research notes in
// ../shared/research). Kept per process, per region and compared text, and rebuilt when the
// region's publications change (their count or last update).
import type { Database } from '../platform/database.ts';
import { turnTaker } from '../platform/turns.ts';
import { regionVersion, vectorPage } from './repository.ts';
import type { Region } from './record.ts';
import { readQuotedLexeme } from './tsvector-text.ts';

/** The texts compared (§9 prior-art "region" option), the benchmark's claims-hidden set, and the IPC inference of a text alone (title_abstract: ipc-inference.ts IPC_TEXT_INDEX). */
export type ComparedText = 'claims' | 'claims_abstract' | 'full' | 'abstract_description' | 'title_abstract';

const COLUMNS: Record<ComparedText, string[]> = {
  claims: ['tsv_claims'],
  claims_abstract: ['tsv_claims', 'tsv_abstract'],
  full: ['tsv_title', 'tsv_abstract', 'tsv_claims', 'tsv_description'],
  abstract_description: ['tsv_title', 'tsv_abstract', 'tsv_description'],
  title_abstract: ['tsv_title', 'tsv_abstract'],
};

const K1 = 1.2;
const B = 0.75;

export interface TermIndex {
  region: Region;
  compared: ComparedText;
  ids: string[];
  /** IPC codes per document (CPC where a record has no IPC). */
  classes: string[][];
  lengths: Float32Array;
  averageLength: number;
  terms: Map<string, number>;
  /** Per term: the documents holding it and how often. */
  postingDocs: Int32Array[];
  postingFreqs: Uint16Array[];
  /** Per document: its terms (ids, ascending) — for coverage checks. */
  documentTerms: Int32Array[];
  fingerprint: string;
}

/** Lexemes and their frequency (the number of positions) from a tsvector's text form: 'word':1,5B 'other':3. */
export function tsvectorFrequencies(text: string, into: Map<string, number>): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    const read = readQuotedLexeme(text, i);
    const lexeme = read.lexeme;
    i = read.end;
    let count = 1;
    if (text[i] === ':') {
      count = 1;
      i++;
      while (i < n && text[i] !== ' ') {
        if (text[i] === ',') count++;
        i++;
      }
    }
    into.set(lexeme, (into.get(lexeme) ?? 0) + count);
  }
}

async function fingerprintOf(db: Database, region: Region): Promise<string> {
  const { count, updated } = await regionVersion(db, region);
  return `${count}/${updated}`;
}

/**
 * The index is built in the web process (ROLE all) while it answers pages: rows are read in
 * pages of this many, and the event loop gets a turn every 20 ms of work (src/platform/turns.ts).
 */
const PAGE_ROWS = 100;

async function buildIndex(db: Database, region: Region, compared: ComparedText, fingerprint: string): Promise<TermIndex> {
  const ids: string[] = [];
  const classes: string[][] = [];
  const lengths: number[] = [];
  const terms = new Map<string, number>();
  const documentTerms: Int32Array[] = [];
  const documentFreqs: Uint16Array[] = [];
  const df: number[] = [];
  let after = '';
  const readTurn = turnTaker();
  for (;;) {
    // Keyset pages: the description vectors are large, so never the whole region at once.
    const rows = await vectorPage(db, region, COLUMNS[compared], after, PAGE_ROWS);
    if (rows.length === 0) break;
    for (const row of rows) {
      await readTurn();
      const frequencies = new Map<string, number>();
      for (const column of COLUMNS[compared]) if (row[column]) tsvectorFrequencies(row[column] as string, frequencies);
      const termIds = new Int32Array(frequencies.size);
      const freqs = new Uint16Array(frequencies.size);
      let length = 0;
      let k = 0;
      const sorted = [...frequencies].map(([term, count]) => {
        let id = terms.get(term);
        if (id === undefined) {
          id = terms.size;
          terms.set(term, id);
          df.push(0);
        }
        df[id]!++;
        return [id, count] as const;
      });
      sorted.sort((a, b) => a[0] - b[0]);
      for (const [id, count] of sorted) {
        termIds[k] = id;
        freqs[k++] = Math.min(count, 65535);
        length += count;
      }
      ids.push(row.id as string);
      const ipc = (row.ipc as string[] | null) ?? [];
      classes.push(ipc.length ? ipc : ((row.cpc as string[] | null) ?? []));
      lengths.push(length);
      documentTerms.push(termIds);
      documentFreqs.push(freqs);
    }
    after = rows[rows.length - 1]!.id as string;
  }
  // Inverted lists from the forward ones.
  const turn = turnTaker();
  const postingDocs: Int32Array[] = new Array(df.length);
  const postingFreqs: Uint16Array[] = new Array(df.length);
  for (let term = 0; term < df.length; term++) {
    if ((term & 4095) === 0) await turn();
    postingDocs[term] = new Int32Array(df[term]!);
    postingFreqs[term] = new Uint16Array(df[term]!);
  }
  const filled = new Int32Array(df.length);
  for (let doc = 0; doc < documentTerms.length; doc++) {
    const termIds = documentTerms[doc]!;
    const freqs = documentFreqs[doc]!;
    for (let k = 0; k < termIds.length; k++) {
      const term = termIds[k]!;
      const at = filled[term]!++;
      postingDocs[term]![at] = doc;
      postingFreqs[term]![at] = freqs[k]!;
    }
    await turn();
  }
  const total = lengths.reduce((a, b) => a + b, 0);
  return {
    region,
    compared,
    ids,
    classes,
    lengths: Float32Array.from(lengths),
    averageLength: ids.length ? total / ids.length : 0,
    terms,
    postingDocs,
    postingFreqs,
    documentTerms,
    fingerprint,
  };
}

const indexes = new Map<string, Promise<TermIndex>>();

/** The region's index for the compared text, built on first use and again after the region changed. */
export async function termIndexOf(db: Database, region: Region, compared: ComparedText): Promise<TermIndex> {
  const key = `${region}/${compared}`;
  const fingerprint = await fingerprintOf(db, region);
  const kept = indexes.get(key);
  if (kept) {
    const index = await kept.catch(() => undefined);
    if (index && index.fingerprint === fingerprint) return index;
  }
  const building = buildIndex(db, region, compared, fingerprint);
  indexes.set(key, building);
  building.catch(() => indexes.get(key) === building && indexes.delete(key));
  return building;
}

/** The indexes kept, as "region/compared" (tests of the warm-up). */
export const keptTermIndexes = (): string[] => [...indexes.keys()];

/** Forgets every index (tests). */
export function forgetTermIndexes(): void {
  indexes.clear();
}

/** How distinctive a term is in the index (BM25's idf; 0 for a term it does not hold). */
export function idfOf(index: TermIndex, term: string): number {
  const id = index.terms.get(term);
  if (id === undefined) return 0;
  const df = index.postingDocs[id]!.length;
  return Math.log(1 + (index.ids.length - df + 0.5) / (df + 0.5));
}

export interface ScoredDocument {
  /** Position in the index (index.ids[doc]). */
  doc: number;
  score: number;
}

/**
 * The documents best matching the query terms by BM25 (each distinct term once: a claim's
 * repeated words should not outweigh its distinctive ones), best first. `only` restricts them
 * (a population, fixed documents); `boost` multiplies a document's score (shared IPC). A long
 * claim's hundreds of terms over a whole region take a while: the event loop gets its turns.
 */
export async function rankByBm25(
  index: TermIndex,
  queryTerms: readonly string[],
  /** `weights`: a query term's weight (1 when absent), e.g. lower for words only the user's learning texts hold. */
  options: { limit: number; only?: ReadonlySet<number>; boost?: (doc: number) => number; weights?: ReadonlyMap<string, number> },
): Promise<ScoredDocument[]> {
  const scores = new Float64Array(index.ids.length);
  const touched: number[] = [];
  const turn = turnTaker();
  for (const term of new Set(queryTerms)) {
    await turn();
    const id = index.terms.get(term);
    if (id === undefined) continue;
    const docs = index.postingDocs[id]!;
    const freqs = index.postingFreqs[id]!;
    const idf = idfOf(index, term) * (options.weights?.get(term) ?? 1);
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k]!;
      const tf = freqs[k]!;
      const norm = K1 * (1 - B + (B * index.lengths[doc]!) / index.averageLength);
      if (scores[doc] === 0) touched.push(doc);
      scores[doc] = scores[doc]! + (idf * tf * (K1 + 1)) / (tf + norm);
    }
  }
  let scored = touched.map((doc) => ({ doc, score: scores[doc]! * (options.boost?.(doc) ?? 1) }));
  if (options.only) scored = scored.filter((entry) => options.only!.has(entry.doc));
  scored.sort((a, b) => b.score - a.score || (index.ids[a.doc]! < index.ids[b.doc]! ? -1 : 1));
  return scored.slice(0, options.limit);
}

/** Whether document `doc` holds the term. */
export function documentHolds(index: TermIndex, doc: number, term: string): boolean {
  const id = index.terms.get(term);
  if (id === undefined) return false;
  const list = index.documentTerms[doc]!;
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = list[mid]!;
    if (value === id) return true;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
