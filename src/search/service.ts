// Simple search: keywords (with synonyms) and excluded words analysed like the indexed
// text, compiled into one tsquery, run with the region and kind filters.
import { analyzeField, toTsqueryText } from '../patents/analysis/index.ts';
import type { PatentKind, Region } from '../patents/record.ts';
import { bestRankedDocuments, countMatches, searchPatents, topApplicants, type PatentHit, type PatentQuery, type SearchOrder } from '../patents/search-repository.ts';
import { ipcYearGraphData } from './ipc-graphs.ts';
import type { IpcYearGraphData } from './result-types.ts';
import type { Database } from '../platform/database.ts';
import type { SimpleSearchInput } from './validation.ts';

export const PAGE_SIZE = 50;
/** Over this many hits the detail views (applicant ranking, later graphs and map) cover the best-ranked ones only: E022. */
export const DETAIL_LIMIT = 3000;

const KINDS_BY_FILTER: Record<'patent' | 'public' | 'utility', PatentKind[]> = {
  patent: ['patent', 'reissue', 'plant', 'design', 'sir'],
  public: ['application'],
  utility: ['utility'],
};

async function termQuery(term: string, region: Region): Promise<string | undefined> {
  const tokens = await analyzeField(term, region, { bigrams: false });
  return tokens.length ? `(${toTsqueryText(tokens, '&')})` : undefined;
}

/** (keyword | synonym …) & … & !(excluded | …), or undefined when nothing searchable remains (only stop words). */
export async function compileSimpleQuery(input: Pick<SimpleSearchInput, 'groups' | 'excluded' | 'region'>): Promise<{ tsquery?: string; terms: string[] }> {
  const groups: string[] = [];
  const terms: string[] = [];
  for (const group of input.groups) {
    const alternatives: string[] = [];
    for (const term of [group.keyword, ...group.synonyms]) {
      const compiled = await termQuery(term, input.region);
      if (compiled) {
        alternatives.push(compiled);
        terms.push(term);
      }
    }
    if (alternatives.length) groups.push(alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!);
  }
  if (groups.length === 0) return { terms };
  const excluded = (await Promise.all(input.excluded.map((word) => termQuery(word, input.region)))).filter((q): q is string => Boolean(q));
  const tsquery = groups.join(' & ') + (excluded.length ? ` & !(${excluded.join(' | ')})` : '');
  return { tsquery, terms };
}

export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface SearchResultItem extends Omit<PatentHit, 'abstract'> {
  snippet: SnippetPart[];
}

export const RESULT_VIEWS = ['list', 'map', 'applicants', 'graphs'] as const;
export type ResultView = (typeof RESULT_VIEWS)[number];

export interface SimpleSearchResult {
  totalHitCount: number;
  items: SearchResultItem[];
  /** Top 20 for the narrowing panel; top 100 in the applicants view. */
  applicants: Array<{ applicant: string; count: number }>;
  /** Graphs view only. */
  graphs?: IpcYearGraphData;
  page: number;
  pageCount: number;
  tooManyForDetails: boolean;
}

/** The abstract's opening, with the words that match a search term marked. */
async function snippetOf(abstract: string | null, region: Region, queryTokens: Set<string>, literalTerms: string[]): Promise<SnippetPart[]> {
  if (!abstract) return [];
  const text = abstract.length > 280 ? `${abstract.slice(0, 280)}…` : abstract;
  const parts: SnippetPart[] = [];
  for (const piece of text.split(/(\s+|[,.;:()"“”、。，；：（）])/)) {
    if (!piece) continue;
    const tokens = /\w/.test(piece) ? await analyzeField(piece, region, { bigrams: false }) : [];
    const literal = literalTerms.some((term) => term.length > 1 && piece.includes(term));
    parts.push({ text: piece, mark: literal || tokens.some((token) => queryTokens.has(token)) });
  }
  return parts;
}

/** The store query of a simple search, or undefined when it cannot match anything (only stop words, no type chosen). */
/** The publication kinds the §3 patent search filter lets through. */
export const kindsOfFilter = (filter: SimpleSearchInput['filter']): PatentKind[] =>
  (Object.keys(KINDS_BY_FILTER) as Array<keyof typeof KINDS_BY_FILTER>).filter((key) => filter[key]).flatMap((key) => KINDS_BY_FILTER[key]);

export async function patentQueryOf(input: SimpleSearchInput): Promise<{ query?: PatentQuery; terms: string[] }> {
  const kinds = kindsOfFilter(input.filter);
  const { tsquery, terms } = await compileSimpleQuery(input);
  if (!tsquery || kinds.length === 0) return { terms };
  return { query: { tsquery, region: input.region, kinds, excludeExpired: !input.filter.expired, applicants: input.applicants }, terms };
}

/**
 * CPC extends the IPC scheme (same sections, classes, subclasses and main groups), so a record
 * carrying only CPC — most Chinese and newer US records in the corpus — still has its place in the graphs.
 */
const withCpcForMissingIpc = <T extends { ipc: string[]; cpc: string[] }>(document: T): T => (document.ipc.length ? document : { ...document, ipc: document.cpc });

export async function runSimpleSearch(db: Database, input: SimpleSearchInput, view: ResultView = 'list'): Promise<SimpleSearchResult> {
  const { query, terms } = await patentQueryOf(input);
  if (!query) return { totalHitCount: 0, items: [], applicants: [], page: 1, pageCount: 0, tooManyForDetails: false };
  return searchResultViews(db, query, { view, page: input.page, order: input.order, terms });
}

/**
 * What a result view shows of a store query: the list's page of hits with snippets (the
 * words that match `terms` marked), the applicants, the graphs. Simple and detailed search
 * both render these.
 */
export async function searchResultViews(
  db: Database,
  query: PatentQuery,
  options: { view: ResultView; page: number; order: SearchOrder; terms: string[] },
): Promise<SimpleSearchResult> {
  const { view, page, order, terms } = options;
  // The page of hits with their snippets is drawn by the list only; the other views need the count.
  const { total, hits } =
    view === 'list' ? await searchPatents(db, query, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, order }) : { total: await countMatches(db, query), hits: [] };
  const queryTokens = new Set((await Promise.all(terms.map((term) => analyzeField(term, query.region, { bigrams: false })))).flat());
  const items = await Promise.all(
    hits.map(async ({ abstract, ...hit }) => ({ ...hit, snippet: await snippetOf(abstract, query.region, queryTokens, terms) })),
  );
  const showsApplicants = view === 'list' || view === 'applicants';
  return {
    totalHitCount: total,
    items,
    applicants: total && showsApplicants ? await topApplicants(db, query, view === 'applicants' ? 100 : 20) : [],
    ...(view === 'graphs' && total > 0 && { graphs: ipcYearGraphData((await bestRankedDocuments(db, query, DETAIL_LIMIT)).map(withCpcForMissingIpc)) }),
    page,
    pageCount: Math.ceil(total / PAGE_SIZE),
    tooManyForDetails: total > DETAIL_LIMIT,
  };
}
