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

/**
 * A phrase matching in a segment, with what its branch needs anywhere in the document; `known` when
 * the caller has already found the phrase in one (only what it needs is left to check).
 */
function segmentPart(phrase: { phrase: string; needs?: string }, bindings: unknown[], known = false): string {
  if (known) {
    if (!phrase.needs) return 'TRUE';
    bindings.push(phrase.needs);
    return 'tsv_all @@ ?::tsquery';
  }
  bindings.push(phrase.phrase);
  if (!phrase.needs) return `id = ANY(${SEGMENT_MATCH_IDS_SQL})`;
  bindings.push(phrase.needs);
  return `(id = ANY(${SEGMENT_MATCH_IDS_SQL}) AND tsv_all @@ ?::tsquery)`;
}

/**
 * The simple search's match over tsv_all and the segments, exact: `tsquery` (the whole search) as
 * the document holds it, or one of the publications with a segment matching one of the phrases
 * whose groups each match, a keyword in the document or its phrase in a segment (computed once, an
 * InitPlan over those few publications, so the rows of the indexed match are tested once as before);
 * an excluded word's phrase in a segment excludes. Without a phrase among the keywords the first
 * branch is all there is.
 */
export function tailMatchSql(tsquery: string, tail: DescriptionTail): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [tsquery];
  let sql = 'tsv_all @@ ?::tsquery';
  const phrases = [...new Set(tail.groups.flat().flatMap((term) => (term.phrase ? [term.phrase.phrase] : [])))];
  if (phrases.length > 0) {
    bindings.push(phrases.join(' | '));
    // One phrase: the publications found by it hold it in a segment already.
    const known = phrases.length === 1;
    const groups = tail.groups.map((alternatives) =>
      alternatives
        .map((term) => {
          bindings.push(term.match);
          return term.phrase ? `(tsv_all @@ ?::tsquery OR ${segmentPart(term.phrase, bindings, known)})` : 'tsv_all @@ ?::tsquery';
        })
        .join(' OR '),
    );
    const excluded = tail.excluded.length > 0 ? ' AND NOT tsv_all @@ ?::tsquery' : '';
    if (excluded) bindings.push(tail.excluded.map((term) => term.match).join(' | '));
    const rescued = `SELECT id FROM patents WHERE id = ANY(${SEGMENT_MATCH_IDS_SQL}) AND ${groups.map((group) => `(${group})`).join(' AND ')}${excluded}`;
    sql = `(${sql} OR id = ANY(ARRAY(${rescued})))`;
  }
  const excludedPhrases = tail.excluded.flatMap((term) => (term.phrase ? [term.phrase] : []));
  if (excludedPhrases.length > 0) sql = `(${sql} AND NOT (${excludedPhrases.map((phrase) => segmentPart(phrase, bindings)).join(' OR ')}))`;
  return { sql, bindings };
}
