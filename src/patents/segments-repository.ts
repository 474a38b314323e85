// SQL over patent_description_segments (description-segments.ts): what a long description holds
// past the positions of its tsvectors. Only phrase and proximity queries need it; a query without
// positions is answered by the patents row alone.

/**
 * The publications with a segment matching the bound tsquery (a positional one, free of NOT), as an
 * array computed once per statement (an InitPlan; patent_segment_ids reads the GIN index, see the
 * migration): `id = ANY(…)` beside an indexed match lets the planner OR the two index scans.
 */
export const SEGMENT_MATCH_IDS_SQL = '(SELECT patent_segment_ids(?::tsquery))::text[]';

/** A keyword of the simple search as matched: its tsquery, and its phrase branch apart (keyword-bigrams.ts keywordQueryParts). */
export interface TailTerm {
  match: string;
  phrase?: { phrase: string; needs?: string };
}

/**
 * A simple search whose keywords (or excluded words) have phrase branches: its groups (each one's
 * alternatives: the keyword and its synonyms) and its excluded words, as compileSimpleQuery ANDs them.
 */
export interface DescriptionTail {
  groups: TailTerm[][];
  excluded: TailTerm[];
}

/** A phrase matching in a segment, with what its branch needs anywhere in the document. */
function segmentPart(phrase: { phrase: string; needs?: string }, bindings: unknown[]): string {
  bindings.push(phrase.phrase);
  if (!phrase.needs) return `id = ANY(${SEGMENT_MATCH_IDS_SQL})`;
  bindings.push(phrase.needs);
  return `(id = ANY(${SEGMENT_MATCH_IDS_SQL}) AND tsv_all @@ ?::tsquery)`;
}

/**
 * The simple search's match over tsv_all and the segments, exact: `tsquery` (the whole search) as
 * the document holds it, or, for publications with a segment matching one of the phrases, each group
 * evaluated as its keywords match in the document or (their phrase) in a segment; an excluded word's
 * phrase in a segment excludes. Without a phrase among the keywords the first branch is all there is.
 */
export function tailMatchSql(tsquery: string, tail: DescriptionTail): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [tsquery];
  let sql = 'tsv_all @@ ?::tsquery';
  const phrases = tail.groups.flat().flatMap((term) => (term.phrase ? [term.phrase.phrase] : []));
  if (phrases.length > 0) {
    bindings.push([...new Set(phrases)].join(' | '));
    const groups = tail.groups.map((alternatives) =>
      alternatives
        .map((term) => {
          bindings.push(term.match);
          return term.phrase ? `(tsv_all @@ ?::tsquery OR ${segmentPart(term.phrase, bindings)})` : 'tsv_all @@ ?::tsquery';
        })
        .join(' OR '),
    );
    const excluded = tail.excluded.length > 0 ? ` AND NOT tsv_all @@ ?::tsquery` : '';
    if (excluded) bindings.push(tail.excluded.map((term) => term.match).join(' | '));
    sql = `(${sql} OR (id = ANY(${SEGMENT_MATCH_IDS_SQL}) AND ${groups.map((group) => `(${group})`).join(' AND ')}${excluded}))`;
  }
  const excludedPhrases = tail.excluded.flatMap((term) => (term.phrase ? [term.phrase] : []));
  if (excludedPhrases.length > 0) sql = `(${sql} AND NOT (${excludedPhrases.map((phrase) => segmentPart(phrase, bindings)).join(' OR ')}))`;
  return { sql, bindings };
}
