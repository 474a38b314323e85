// The compiler's conditions (compile.ts analyses formulas into them) → SQL: siblings that one
// tsvector column can evaluate merged into one tsquery, then the SQL text and its bindings,
// with the description's segments (description-segments.ts) for a phrase or proximity past its
// last position. Apart from compile.ts so that it reads top down: formula → analysed condition.
import { SEGMENT_MATCH_IDS_SQL } from '../segments-repository.ts';
import type { TextField } from './formula.ts';

export const COLUMNS: Record<TextField, string> = {
  title: 'tsv_title',
  abstract: 'tsv_abstract',
  claims: 'tsv_claims',
  description: 'tsv_description',
};

// ---------------------------------------------------------------------------------------
// Intermediate form: analysed leaves, constants, merged tsqueries

/** Where a tsquery is evaluated: one column (tsv_all included), or any of several columns. */
export interface Target {
  columns: string[];
}
const targetKey = (target: Target): string => target.columns.join(',');

export type Condition =
  | { c: 'const'; value: boolean }
  | { c: 'and' | 'or'; children: Condition[] }
  | { c: 'not'; child: Condition }
  | { c: 'ts'; target: Target; query: string; tail?: TailPart[] }
  | { c: 'keys'; mode: 'all' | 'any'; keys: string[] }
  | { c: 'sql'; sql: string; bindings: unknown[] };

/**
 * A phrase or proximity that also matches where a description's segments hold it (description-segments.ts):
 * `phrase` is positional only (lexemes and phrases joined by <N> and |, no & or !), so a segment matching it
 * is the document matching it; `needs` (no positions) must hold in the description besides.
 */
export interface TailPart {
  phrase: string;
  needs?: string;
}

const TRUE: Condition = { c: 'const', value: true };
export const FALSE: Condition = { c: 'const', value: false };

/** The tail of a positional query, kept only where the description is searched. */
export const tailOn = (target: Target, tail: TailPart[]): { tail?: TailPart[] } => (tail.length > 0 && target.columns.includes(COLUMNS.description) ? { tail } : {});

// ---------------------------------------------------------------------------------------
// Simplification: constants folded, nested and/or flattened, mergeable siblings merged

export function simplify(condition: Condition): Condition {
  switch (condition.c) {
    case 'not': {
      const child = simplify(condition.child);
      if (child.c === 'const') return { c: 'const', value: !child.value };
      if (child.c === 'not') return child.child;
      return { c: 'not', child };
    }
    case 'and':
    case 'or': {
      const isAnd = condition.c === 'and';
      const children: Condition[] = [];
      for (const child of condition.children.map(simplify)) {
        if (child.c === 'const') {
          // AND: a false child decides, a true one drops out; OR the other way round.
          if (child.value !== isAnd) return child;
          continue;
        }
        if (child.c === condition.c) children.push(...child.children);
        else children.push(child);
      }
      const merged = isAnd ? mergeAnd(children) : mergeOr(children);
      if (merged.length === 0) return isAnd ? TRUE : FALSE;
      return merged.length === 1 ? merged[0]! : { c: condition.c, children: merged };
    }
    default:
      return condition;
  }
}

/**
 * AND: tsqueries on the same single column become one (negated ones as !q, beside a positive one); key lookups one @>.
 * A query with a tail stays apart: ANDed into one tsquery, a segment would have to hold every part of it.
 */
function mergeAnd(children: Condition[]): Condition[] {
  const groups = new Map<string, { target: Target; positive: string[]; negative: string[] }>();
  const keys: string[] = [];
  const rest: Condition[] = [];
  const single = (target: Target) => target.columns.length === 1;
  for (const child of children) {
    if (child.c === 'ts' && !child.tail && single(child.target)) {
      const group = groups.get(targetKey(child.target)) ?? groups.set(targetKey(child.target), { target: child.target, positive: [], negative: [] }).get(targetKey(child.target))!;
      group.positive.push(child.query);
    } else if (child.c === 'keys' && (child.mode === 'all' || child.keys.length === 1)) keys.push(...child.keys);
    else rest.push(child);
  }
  // Negated tsqueries join a group with a positive query on their column.
  const others: Condition[] = [];
  for (const child of rest) {
    const negated = child.c === 'not' && child.child.c === 'ts' && !child.child.tail ? child.child : undefined;
    const group = negated && single(negated.target) ? groups.get(targetKey(negated.target)) : undefined;
    if (negated && group) group.negative.push(negated.query);
    else others.push(child);
  }
  const merged: Condition[] = [];
  for (const { target, positive, negative } of groups.values()) {
    const parts = [...new Set([...positive, ...negative.map((query) => `!(${query})`)])];
    merged.push({ c: 'ts', target, query: parts.length === 1 ? parts[0]! : parts.map((part) => `(${part})`).join(' & ') });
  }
  if (keys.length) merged.push({ c: 'keys', mode: 'all', keys: [...new Set(keys)] });
  return [...merged, ...others];
}

/**
 * OR: tsqueries with the same target become one (any column matching the OR is a match of one of them), their
 * tails one list (the description or a segment matching any of them); key lookups one &&.
 */
function mergeOr(children: Condition[]): Condition[] {
  const groups = new Map<string, { target: Target; queries: string[]; tail: TailPart[] }>();
  const keys: string[] = [];
  const others: Condition[] = [];
  for (const child of children) {
    if (child.c === 'ts') {
      const key = targetKey(child.target);
      const group = groups.get(key) ?? groups.set(key, { target: child.target, queries: [], tail: [] }).get(key)!;
      group.queries.push(child.query);
      group.tail.push(...(child.tail ?? []));
    } else if (child.c === 'keys' && (child.mode === 'any' || child.keys.length === 1)) keys.push(...child.keys);
    else others.push(child);
  }
  const merged: Condition[] = [];
  for (const { target, queries: all, tail: tails } of groups.values()) {
    const queries = [...new Set(all)];
    const tail = [...new Map(tails.map((part) => [`${part.phrase}\u0000${part.needs ?? ''}`, part])).values()];
    merged.push({ c: 'ts', target, query: queries.length === 1 ? queries[0]! : queries.map((query) => `(${query})`).join(' | '), ...tailOn(target, tail) });
  }
  if (keys.length) merged.push({ c: 'keys', mode: 'any', keys: [...new Set(keys)] });
  return [...merged, ...others];
}

/** What emit binds again for the segments (parts of a query it has bound already): left out of the size a search is refused by. */
export interface Repeats {
  characters: number;
}

export function emit(condition: Condition, bindings: unknown[], repeats: Repeats): string {
  switch (condition.c) {
    case 'const':
      return condition.value ? 'TRUE' : 'FALSE';
    case 'and':
    case 'or':
      return `(${condition.children.map((child) => emit(child, bindings, repeats)).join(condition.c === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `NOT (${emit(condition.child, bindings, repeats)})`;
    case 'ts': {
      const parts = condition.target.columns.map((column) => {
        bindings.push(condition.query);
        if (column !== COLUMNS.description || !condition.tail) return `${column} @@ ?::tsquery`;
        // Past the description's last position, its segments: each part's phrase in one, what it needs in the description.
        // The segments' ids as an array (an InitPlan), so the planner ORs two index scans instead of testing every row.
        const segments = condition.tail.map(({ phrase, needs }) => {
          bindings.push(phrase);
          repeats.characters += phrase.length + (needs?.length ?? 0);
          if (!needs) return `id = ANY(${SEGMENT_MATCH_IDS_SQL})`;
          bindings.push(needs);
          return `(id = ANY(${SEGMENT_MATCH_IDS_SQL}) AND ${column} @@ ?::tsquery)`;
        });
        return `(${column} @@ ?::tsquery OR ${segments.join(' OR ')})`;
      });
      return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
    }
    case 'keys':
      bindings.push(condition.keys);
      return `search_keys ${condition.mode === 'all' ? '@>' : '&&'} ?::text[]`;
    case 'sql':
      bindings.push(...condition.bindings);
      return condition.sql;
  }
}
