// ts_rank_cd of PostgreSQL 15 (src/backend/utils/adt/tsrank.c: get_docrep, Cover, calc_rank_cd),
// written again for the kept positional index of rank-index.ts: the same algorithm, the same
// float4 values, for queries of lexemes joined by & | ! and parentheses. Anything else (phrases,
// prefixes, weights) parses to null and the caller ranks in SQL.
import type { RankIndex } from './rank-index.ts';
import { readQuotedLexeme } from './tsvector-text.ts';

type QueryNode = { term: number } | { not: QueryNode } | { and: [QueryNode, QueryNode] } | { or: [QueryNode, QueryNode] };

/** The query's tree over its distinct lexemes, or null for anything this ranking does not reproduce. */
export function parseRankQuery(text: string): { lexemes: string[]; root: QueryNode } | null {
  const lexemes: string[] = [];
  let i = 0;
  const space = () => {
    while (text[i] === ' ') i++;
  };
  const operand = (): QueryNode | null => {
    space();
    if (text[i] === '!') {
      i++;
      const inner = operand();
      return inner && { not: inner };
    }
    if (text[i] === '(') {
      i++;
      const inner = or();
      space();
      if (!inner || text[i] !== ')') return null;
      i++;
      return inner;
    }
    if (text[i] !== "'") return null;
    const { lexeme, end, closed } = readQuotedLexeme(text, i);
    if (!closed) return null;
    i = end;
    // A prefix (:*) or weight (:AB) operand, or an empty one, is ranked by PostgreSQL.
    if (text[i] === ':' || lexeme === '') return null;
    let term = lexemes.indexOf(lexeme);
    if (term < 0) term = lexemes.push(lexeme) - 1;
    return { term };
  };
  const and = (): QueryNode | null => {
    let left = operand();
    for (;;) {
      space();
      if (!left || text[i] !== '&') return left;
      i++;
      const right = operand();
      if (!right) return null;
      left = { and: [left, right] };
    }
  };
  const or = (): QueryNode | null => {
    let left = and();
    for (;;) {
      space();
      if (!left || text[i] !== '|') return left;
      i++;
      const right = and();
      if (!right) return null;
      left = { or: [left, right] };
    }
  };
  const root = or();
  space();
  return root && i === text.length ? { lexemes, root } : null;
}

/** The query as a test of which lexemes a stretch of the document holds (TS_execute over &, |, !). */
function compile(node: QueryNode): (present: Uint8Array) => boolean {
  if ('term' in node) {
    const term = node.term;
    return (present) => present[term] === 1;
  }
  if ('not' in node) {
    const inner = compile(node.not);
    return (present) => !inner(present);
  }
  const [left, right] = ('and' in node ? node.and : node.or).map(compile) as [(p: Uint8Array) => boolean, (p: Uint8Array) => boolean];
  return 'and' in node ? (present) => left(present) && right(present) : (present) => left(present) || right(present);
}

const onlyAlternatives = (node: QueryNode): boolean => 'term' in node || ('or' in node && node.or.every(onlyAlternatives));

/** 1 / the default weights {D 0.1, C 0.2, B 0.4, A 1.0} as float4, as calc_rank_cd divides them. */
const INVERSE_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map((weight) => 1 / Math.fround(weight));
/** What a cover of one position adds: (1 / InvSum) / (1 + 0). */
const SINGLE_COVER = INVERSE_WEIGHTS.map((inverse) => 1 / inverse);

/**
 * An entry of get_docrep as one number, so that numeric order is its order (position, weight,
 * the lexeme's place in the vector): position << 10 | weight << 8 | place.
 */
const positionOf = (entry: number) => entry >>> 10;
const weightOf = (entry: number) => (entry >>> 8) & 3;

/** ts_rank_cd(vector, query) with normalization 0 for one document, from its sorted entries (Cover and calc_rank_cd). */
function coverDensity(entries: Int32Array, holds: (present: Uint8Array) => boolean, termOfPlace: Uint8Array, present: Uint8Array): number {
  const length = entries.length;
  let wdoc = 0;
  let extPos = 0;
  for (;;) {
    // Cover(): the first end from extPos where the query holds, then back to its latest start.
    present.fill(0);
    let q = 0;
    let end = -1;
    let lastPos = extPos;
    for (let k = extPos; k < length; k++) {
      present[termOfPlace[entries[k]! & 0xff]!] = 1;
      if (holds(present)) {
        if (positionOf(entries[k]!) > q) {
          q = positionOf(entries[k]!);
          end = k;
          lastPos = k;
        }
        break;
      }
    }
    if (end < 0) break;
    present.fill(0);
    let p = 0x7fffffff;
    let begin = -1;
    let k = lastPos;
    for (; k >= extPos; k--) {
      present[termOfPlace[entries[k]! & 0xff]!] = 1;
      if (holds(present)) {
        if (positionOf(entries[k]!) < p) {
          begin = k;
          p = positionOf(entries[k]!);
        }
        break;
      }
    }
    if (p > q) {
      extPos++;
      continue;
    }
    extPos = k + 1;
    let inverseSum = 0;
    for (let j = begin; j <= end; j++) inverseSum += INVERSE_WEIGHTS[weightOf(entries[j]!)]!;
    const cpos = (end - begin + 1) / inverseSum;
    let noise = q - p - (end - begin);
    if (noise < 0) noise = Math.trunc((end - begin) / 2);
    wdoc += cpos / (1 + noise);
  }
  return Math.fround(wdoc);
}

/** Ranks (ts_rank_cd, float4) of these documents for the query, or null when a document is not in the index (caller ranks in SQL). */
/** The ranks of these documents of the index (rank-index.ts docsOf). */
export function rankWith(index: RankIndex, query: NonNullable<ReturnType<typeof parseRankQuery>>, docs: Int32Array): Float32Array | null {
  const { lexemes, root } = query;
  if (lexemes.length > 255) return null;
  // Entries at one position sort by weight, then by the lexeme's place in the vector (bytes, then length).
  const byPlace = lexemes.map((_, term) => term).sort((a, b) => Buffer.compare(Buffer.from(lexemes[a]!, 'utf8'), Buffer.from(lexemes[b]!, 'utf8')));
  const termOfPlace = Uint8Array.from(byPlace);
  const termIds = byPlace.map((term) => index.terms.get(lexemes[term]!) ?? -1);
  const holds = compile(root);
  // A query of alternatives only: every entry is a cover of its own (each adds its weight).
  const alternatives = onlyAlternatives(root);
  const present = new Uint8Array(lexemes.length);
  const ranks = new Float32Array(docs.length);
  let entries = new Int32Array(1024);
  const { termStart, postDocs, postStart, positions } = index;
  for (let h = 0; h < docs.length; h++) {
    const doc = docs[h]!;
    let count = 0;
    for (let place = 0; place < termIds.length; place++) {
      const t = termIds[place]!;
      if (t < 0) continue;
      let low = termStart[t]!;
      let high = termStart[t + 1]! - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const value = postDocs[mid]!;
        if (value === doc) {
          const from = postStart[mid]!;
          const to = postStart[mid + 1]!;
          if (count + to - from > entries.length) {
            const grown = new Int32Array(Math.max(entries.length * 2, count + to - from));
            grown.set(entries);
            entries = grown;
          }
          // WordEntryPos is weight << 14 | position.
          for (let j = from; j < to; j++) entries[count++] = ((positions[j]! & 0x3fff) << 10) | ((positions[j]! >>> 14) << 8) | place;
          break;
        }
        if (value < doc) low = mid + 1;
        else high = mid - 1;
      }
    }
    if (count === 0) continue;
    const sorted = entries.subarray(0, count).sort();
    if (alternatives) {
      let wdoc = 0;
      for (let k = 0; k < count; k++) wdoc += SINGLE_COVER[weightOf(sorted[k]!)]!;
      ranks[h] = Math.fround(wdoc);
    } else {
      ranks[h] = coverDensity(sorted, holds, termOfPlace, present);
    }
  }
  return ranks;
}

const shortest = new Map<number, number>();

/** A float4 as PostgreSQL prints it and node-postgres reads it back: the shortest decimal that is the same float4. */
export function float4Value(value: number): number {
  if (value === 0) return 0;
  let known = shortest.get(value);
  if (known === undefined) {
    for (let digits = 1; digits <= 9; digits++) {
      known = Number(value.toPrecision(digits));
      if (Math.fround(known) === value) break;
    }
    if (shortest.size > 100_000) shortest.clear();
    shortest.set(value, known!);
  }
  return known!;
}
