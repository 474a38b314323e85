// Keywords → formula rows, for "make formulas from keywords" and GPT answers without usable
// formulas. Browser-safe (the builder island imports it): no Node imports.
//
// Each keyword that is neither disabled nor removed becomes one row: the keyword and its
// synonyms ORed, (battery+accumulator), in the text tag whose fields are the keyword's search
// fields (full text when none matches); the combination ANDs the rows, 1*2*3. A term with a
// character the formula language reads as an operator (non-volatile, A/B, C++) is quoted, and
// a row is kept within the formula limits (rows, characters, terms) by leaving out its last
// synonyms.
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
 * Formula rows (ids from 1) and their combination (1*2*…) from the keywords that are in use.
 * `valid` is the parser's verdict for the region (a term without any letter or digit is not).
 */
export function formulasFromKeywords(keywords: readonly Keyword[], region: FormulaRegion = 'jp'): { formulas: FormulaRowInput[]; combination: string } {
  const formulas: FormulaRowInput[] = [];
  for (const keyword of keywords) {
    if (keyword.isDisabled || keyword.isRemoved) continue;
    if (formulas.length >= FORMULA_LIMITS.rows) break;
    const text = keywordFormula(keyword);
    if (!text) continue;
    const tag = tagForSearchFields(keyword.searchFields);
    formulas.push({ id: formulas.length + 1, text, tag, valid: parseFormula(text, tag, region).ok });
  }
  return { formulas, combination: formulas.map((formula) => formula.id).join('*') };
}
