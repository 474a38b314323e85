// What the patent map reads from the store beyond the search itself: each document's term
// frequencies (from tsv_rank: title, abstract and claims, lexemes already analysed by
// src/patents/analysis, so the map speaks the same words as the search) and, for the
// cluster labels, the opening text of a few documents.
import type { Database } from '../../platform/database.ts';
import type { DocumentTerms } from './landscape.ts';

/**
 * Term frequencies of tsv_rank for these documents, in the order of `ids` (unknown ids are
 * left out). tf = number of positions of the lexeme, a title position counting twice (weight
 * A): a word of the title says more about the document than one deep in a claim.
 * One query; the lexemes and counts come as one JSON value per document (cheap to parse).
 */
export async function documentTerms(db: Database, ids: readonly string[]): Promise<DocumentTerms[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: Array<{ id: string; terms: [string[] | null, number[] | null] }> }>(
    `SELECT p.id, t.terms
       FROM unnest(?::text[]) WITH ORDINALITY AS wanted(id, ord)
       JOIN patents p ON p.id = wanted.id
       CROSS JOIN LATERAL (
         SELECT json_build_array(
                  array_agg(u.lexeme),
                  array_agg(cardinality(u.positions) + cardinality(array_positions(u.weights, 'A')))
                ) AS terms
           FROM unnest(p.tsv_rank) AS u
       ) t
      ORDER BY wanted.ord`,
    [[...ids]],
  );
  return rows.map(({ id, terms: [lexemes, counts] }) => ({
    id,
    terms: (lexemes ?? []).map((lexeme, i): [string, number] => [lexeme, Math.max(1, counts?.[i] ?? 1)]),
  }));
}

/** Title and the opening of the abstract of these documents (for readable cluster labels). */
export async function documentTexts(db: Database, ids: readonly string[], abstractChars = 800): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db('patents')
    .whereIn('id', [...ids])
    .select('id', 'title', db.raw('left(abstract, ?) AS abstract', [abstractChars]));
  return new Map(rows.map((row: { id: string; title: string | null; abstract: string | null }) => [row.id, [row.title, row.abstract].filter(Boolean).join('\n')]));
}
