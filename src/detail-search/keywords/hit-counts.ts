// Hit counts of keywords: how many publications of the region the keyword or any of its
// synonyms finds in its search fields — compiled by the formula compiler itself, so the count
// is exactly what the keyword's formula row (formulasFromKeywords) finds before filters.
import { compileFormulaNode } from '../../patents/query/compile.ts';
import { countMatches } from '../../patents/search-repository.ts';
import { TEXT_TAG_FIELDS, type FormulaNode } from '../../patents/query/formula.ts';
import type { Database } from '../../platform/database.ts';
import type { Keyword, Region } from '../input.ts';
import { regionDocumentCount, SEARCH_FIELDS, type SearchField } from '../../patents/term-statistics.ts';
import { tagForSearchFields } from './formulas-from-keywords.ts';

export { SEARCH_FIELDS, type SearchField } from '../../patents/term-statistics.ts';

/** A keyword finding more than this share of the region's publications narrows nothing: isHighFrequency. */
export const HIGH_FREQUENCY_SHARE = 0.1;

export interface KeywordHitCounts {
  /** Publications found by the keyword or any synonym. */
  hitCount: number;
  /** The most any one of them finds alone (keyword or synonym). */
  wordInfoMaxCount: number;
  isHighFrequency: boolean;
  searchFields: SearchField[];
}

/**
 * The fields a keyword is counted in: those of the text tag its formula row gets
 * (tagForSearchFields), so the count is the row's; all four when its searchFields match no tag.
 */
export function searchFieldsOf(fields: readonly string[] | undefined): SearchField[] {
  const chosen = SEARCH_FIELDS.filter((field) => fields?.includes(field));
  const tagFields = TEXT_TAG_FIELDS[tagForSearchFields(chosen)] ?? SEARCH_FIELDS;
  return SEARCH_FIELDS.filter((field) => tagFields.includes(field));
}

/** Every kind and status counts: a keyword's hits before the search's filters. */
const countNode = async (db: Database, region: Region, node: FormulaNode): Promise<number> =>
  countMatches(db, { condition: await compileFormulaNode(node, region), region, excludeExpired: false, applicants: [] });

const textNode = (text: string, fields: SearchField[]): FormulaNode => ({ type: 'text', fields: [...fields], text });

/** Hit counts of one keyword with its synonyms. */
export async function keywordHitCounts(
  db: Database,
  region: Region,
  keyword: Pick<Keyword, 'keyword' | 'synonyms' | 'searchFields'>,
  context: { regionDocuments?: number } = {},
): Promise<KeywordHitCounts> {
  const fields = searchFieldsOf(keyword.searchFields);
  const terms = [...new Set([keyword.keyword, ...keyword.synonyms].map((term) => term.trim()).filter(Boolean))];
  const regionDocuments = context.regionDocuments ?? (await regionDocumentCount(db, region));
  if (terms.length === 0) return { hitCount: 0, wordInfoMaxCount: 0, isHighFrequency: false, searchFields: fields };
  const single = await Promise.all(terms.map((term) => countNode(db, region, textNode(term, fields))));
  const hitCount = terms.length === 1 ? single[0]! : await countNode(db, region, { type: 'or', children: terms.map((term) => textNode(term, fields)) });
  return {
    hitCount,
    wordInfoMaxCount: Math.max(...single),
    isHighFrequency: regionDocuments > 0 && hitCount > HIGH_FREQUENCY_SHARE * regionDocuments,
    searchFields: fields,
  };
}

/**
 * The keywords with hitCount, wordInfoMaxCount, isHighFrequency and searchFields filled in
 * (removed keywords are passed through untouched: nobody sees them).
 */
export async function withHitCounts(db: Database, region: Region, keywords: readonly Keyword[], options: { signal?: AbortSignal; onEach?: (done: number) => Promise<void> } = {}): Promise<Keyword[]> {
  const regionDocuments = await regionDocumentCount(db, region);
  const out: Keyword[] = [];
  for (const keyword of keywords) {
    options.signal?.throwIfAborted();
    if (keyword.isRemoved) out.push(keyword);
    else out.push({ ...keyword, ...(await keywordHitCounts(db, region, keyword, { regionDocuments })) });
    await options.onEach?.(out.length);
  }
  return out;
}
