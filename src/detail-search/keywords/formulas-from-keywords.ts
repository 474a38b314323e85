// Keywords → formula rows, for "make formulas from keywords" and GPT answers without usable
// formulas. Browser-safe (the builder island imports it): no Node imports.
//
// Each keyword that is neither disabled nor removed becomes one row: the keyword and its
// synonyms ORed, (battery+accumulator), in the text tag whose fields are the keyword's search
// fields (full text when none matches). A term with a character the formula language reads as
// an operator (non-volatile, A/B, C++) is quoted, and a row is kept within the formula limits
// (rows, characters, terms) by leaving out its last synonyms. The combination (combineRows)
// ANDs the CORE_ROWS rows of most hits (the first ones while a keyword is not counted) and asks
// for any one of the others: 1*3*4*(2+5+6+7+8).
import type { FormulaRowInput, Keyword } from '../input.ts';
import { FORMULA_LIMITS, parseFormula, TEXT_TAG_FIELDS, type FormulaRegion, type FormulaTag } from '../../patents/query/formula.ts';

const FULL_TEXT: FormulaTag = 'abst_claim_desc_title';
/** Characters that end a bare term in a formula (operators, brackets, quotes, field tags, proximity). */
const NEEDS_QUOTES = /[()[\]+*\-"/,]/;

const toHalfWidth = (text: string): string => text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** A keyword or synonym as a formula term: as typed, or in quotes when it holds an operator character. */
export function formulaTerm(term: string): string {
  const text = term.replace(/["＂]/g, ' ').replace(/\s+/g, ' ').trim();
  return NEEDS_QUOTES.test(toHalfWidth(text)) ? `"${text}"` : text;
}

/** The text tag that searches exactly these fields; the full-text tag when none does. */
export function tagForSearchFields(fields: readonly string[] | undefined): FormulaTag {
  if (!fields || fields.length === 0) return FULL_TEXT;
  const wanted = [...new Set(fields)].sort().join(',');
  for (const [tag, tagFields] of Object.entries(TEXT_TAG_FIELDS)) {
    if ([...tagFields!].sort().join(',') === wanted) return tag as FormulaTag;
  }
  return FULL_TEXT;
}

/** One row's text: the terms ORed, cut to the formula limits. '' when no term is left. */
export function keywordFormula(keyword: Pick<Keyword, 'keyword' | 'synonyms'>): string {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const raw of [keyword.keyword, ...keyword.synonyms]) {
    const term = formulaTerm(raw);
    if (!term || term === '""' || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    const next = [...terms, term];
    const text = next.length === 1 ? next[0]! : `(${next.join('+')})`;
    if (next.length > FORMULA_LIMITS.keywords || text.length > FORMULA_LIMITS.length) break;
    terms.push(term);
  }
  if (terms.length === 0) return '';
  return terms.length === 1 ? terms[0]! : `(${terms.join('+')})`;
}

/**
 * Rows ANDed in the combination: those whose keywords find the most documents (the claim's
 * general concepts); the others are asked for as one OR, so a document needs any one of them.
 * Chosen by bench/formula-combination.ts (claim 1 of the corpus's 281 Japanese gazettes, its
 * 8 keywords extracted without GPT, searched; "related" = other hits in the source's IPC
 * subclass, 2.9 % of the other gazettes at random; tuning / report halves):
 *   all rows ANDed (before)         related per claim 0.2 / 0.3, 100 % / 98 % of other hits;
 *                                   88 % / 77 % of claims find only their own gazette
 *   3 rows of most hits + OR (this) related 2.5 / 2.8, 59 % / 74 %; only itself 48 % / 44 %
 *   2 rows of most hits + OR        related 3.5 / 4.2, 44 % / 54 %
 *   3 rarest rows + OR              related 0.3 / 0.4 (rare words are the source's own)
 *   first 3 (extraction order) + OR related 0.7 / 0.9, 78 % / 90 %
 *   any 3 rows (OR of ANDs)         related 4.3 / 5.0, 42 % / 54 %
 *   any 2 rows                      related 6.0 / 6.9, 25 % / 33 %; on the 121 US claims
 *                                   against 7,207 records median 102 hits, 3 % / 12 % over 500
 * The rule kept most related documents while at least half of the other hits were related on
 * the tuning half; on the US claims it finds over 500 for none.
 */
export const CORE_ROWS = 3;

/**
 * The combination of rows 1…n from their keywords' hit counts. When a keyword is not counted
 * (null: typed in, or GPT's), the first CORE_ROWS rows are the core, in the list's order (the
 * extraction's best first: related 0.7 / 0.9 per claim at 78 % / 90 % on the bench). Up to
 * CORE_ROWS + 1 rows are all ANDed.
 */
export function combineRows(hitCounts: ReadonlyArray<number | null | undefined>): string {
  const ids = hitCounts.map((_, index) => index + 1);
  if (ids.length <= CORE_ROWS + 1) return ids.join('*');
  const counted = hitCounts.every((count) => typeof count === 'number');
  const rank = (id: number) => (counted ? hitCounts[id - 1]! : 0);
  const core = [...ids].sort((a, b) => rank(b) - rank(a) || a - b).slice(0, CORE_ROWS).sort((a, b) => a - b);
  const rest = ids.filter((id) => !core.includes(id));
  return `${core.join('*')}*(${rest.join('+')})`;
}

/**
 * Formula rows (ids from 1) and their combination (combineRows) from the keywords that are in
 * use, at most `maxRows` rows. `valid` is the parser's verdict for the region (a term without
 * any letter or digit is not).
 */
export function formulasFromKeywords(
  keywords: readonly Keyword[],
  region: FormulaRegion = 'jp',
  maxRows: number = FORMULA_LIMITS.rows,
): { formulas: FormulaRowInput[]; combination: string } {
  const formulas: FormulaRowInput[] = [];
  const hitCounts: Array<number | null> = [];
  for (const keyword of keywords) {
    if (keyword.isDisabled || keyword.isRemoved) continue;
    if (formulas.length >= Math.min(maxRows, FORMULA_LIMITS.rows)) break;
    const text = keywordFormula(keyword);
    if (!text) continue;
    const tag = tagForSearchFields(keyword.searchFields);
    formulas.push({ id: formulas.length + 1, text, tag, valid: parseFormula(text, tag, region).ok });
    hitCounts.push(keyword.hitCount ?? null);
  }
  return { formulas, combination: formulas.length ? combineRows(hitCounts) : '' };
}
