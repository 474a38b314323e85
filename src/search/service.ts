// Simple search: keywords (with synonyms) and excluded words analysed like the indexed
// text, compiled into one tsquery, run with the region and kind filters.
import { analyzeField } from '../patents/analysis/index.ts';
import { keywordQueries } from '../patents/analysis/keyword-bigrams.ts';
import type { DescriptionTail, TailTerm } from '../patents/segments-repository.ts';
import { parsePublicationNumber, type PublicationNumber } from '../patents/numbers.ts';
import { applicationNumberKey, plausibleApplicationNumber } from '../patents/query/keys.ts';
import type { TextField } from '../patents/query/formula-rules.ts';
import type { PatentKind, Region } from '../patents/record.ts';
import { idsOfApplicationNumbers, idsOfPublicationNumbers } from '../patents/repository.ts';
import { resultPage } from '../patents/hit-sets.ts';
import { bestRankedDocuments, countMatches, type PatentHit, type PatentQuery, type SearchOrder } from '../patents/search-repository.ts';
import { analysedWordsOf } from './analysed-marks.ts';
import { highlighter, type Highlighter } from './highlight.ts';
import { fallbackSnippets, snippetOf, type SnippetPart, type SnippetSource } from './hit-snippets.ts';
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

/**
 * A keyword as the index reads it (keyword-bigrams.ts keywordQueries), and as relevance weighs it:
 * its tokens ANDed, which rank-index.ts ranks in memory (a phrase would send ranking to SQL).
 * Undefined when only stop words.
 */
export async function termQueries(term: string, region: Region): Promise<{ match: string; rank: string; phrase?: TailTerm['phrase'] } | undefined> {
  const { match, rank, phrase } = keywordQueries(term, await analyzeField(term, region, { bigrams: false }));
  return match ? { match: `(${match})`, rank: `(${rank})`, ...(phrase && { phrase }) } : undefined;
}

/** The tsquery a keyword is matched by. */
export const termQuery = async (term: string, region: Region): Promise<string | undefined> => (await termQueries(term, region))?.match;

/** A keyword as matched, its phrase branch apart (for the segments of long descriptions). */
const tailTerm = ({ match, phrase }: { match: string; phrase?: TailTerm['phrase'] }): TailTerm => ({ match, ...(phrase && { phrase }) });

/**
 * (keyword | synonym …) & … & !(excluded | …), or undefined when nothing searchable remains (only
 * stop words); rankTsquery the same of the keywords' rank forms where it differs.
 */
export async function compileSimpleQuery(
  input: Pick<SimpleSearchInput, 'groups' | 'excluded' | 'region'>,
): Promise<{ tsquery?: string; rankTsquery?: string; descriptionTail?: DescriptionTail; terms: string[] }> {
  const groups: Array<{ match: string; rank: string }> = [];
  const tail: DescriptionTail = { groups: [], excluded: [] };
  const terms: string[] = [];
  const either = (queries: Array<{ match: string; rank: string }>, side: 'match' | 'rank') => (queries.length > 1 ? `(${queries.map((q) => q[side]).join(' | ')})` : queries[0]![side]);
  for (const group of input.groups) {
    const alternatives: Array<{ match: string; rank: string }> = [];
    for (const term of [group.keyword, ...group.synonyms]) {
      const compiled = await termQueries(term, input.region);
      if (compiled) {
        alternatives.push(compiled);
        terms.push(term);
      }
    }
    if (alternatives.length) {
      groups.push({ match: either(alternatives, 'match'), rank: either(alternatives, 'rank') });
      tail.groups.push(alternatives.map(tailTerm));
    }
  }
  if (groups.length === 0) return { terms };
  const excludedTerms = (await Promise.all(input.excluded.map((word) => termQueries(word, input.region)))).filter((q) => q !== undefined);
  const excluded = excludedTerms.map((term) => term.match);
  tail.excluded = excludedTerms.map(tailTerm);
  const without = excluded.length ? ` & !(${excluded.join(' | ')})` : '';
  const tsquery = groups.map((group) => group.match).join(' & ') + without;
  const rankTsquery = groups.map((group) => group.rank).join(' & ') + without;
  // Phrases deep in a long description are matched in its segments (segments-repository.ts); without a phrase, tsv_all answers alone.
  const phrased = [...tail.groups.flat(), ...tail.excluded].some((term) => term.phrase);
  return { tsquery, ...(rankTsquery !== tsquery && { rankTsquery }), ...(phrased && { descriptionTail: tail }), terms };
}

export type { SnippetPart } from './hit-snippets.ts';

export interface SearchResultItem extends Omit<PatentHit, 'abstract'>, SnippetSource {
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

/** The publication kinds the §3 patent search filter lets through. */
export const kindsOfFilter = (filter: SimpleSearchInput['filter']): PatentKind[] =>
  (Object.keys(KINDS_BY_FILTER) as Array<keyof typeof KINDS_BY_FILTER>).filter((key) => filter[key]).flatMap((key) => KINDS_BY_FILTER[key]);

/** A keyword that is a number: a publication number in any form, or a Japanese application number (特願, 実願). */
type TypedNumber = { publication: PublicationNumber } | { application: string };

function numberOf(keyword: string, region: Region): TypedNumber | undefined {
  const text = keyword.normalize('NFKC');
  if (/^(特願|実願)/.test(text)) {
    const key = applicationNumberKey(text);
    return key && plausibleApplicationNumber(key) ? { application: key } : undefined;
  }
  const publication = parsePublicationNumber(text);
  if (publication) return { publication };
  // Without a country: the selected region's, when it looks like a number and not a word (2020-123456, 6183980).
  if (/^\d{4}-\d{1,6}$|^\d{7,11}$/.test(text)) {
    const number = parsePublicationNumber(`${region.toUpperCase()}${text}`);
    return number && { publication: number };
  }
  return undefined;
}

/**
 * When every keyword is a number (特許第6183980号, 特開2002-366927, 特願2008-123456, WO2020/123456,
 * US 7,783,348 B2 …), the search is for those documents: their ids and their region (the first
 * number's; the page then shows that region). Null when any keyword is a word.
 */
export async function numberSearchOf(db: Database, input: Pick<SimpleSearchInput, 'groups' | 'region'>): Promise<{ ids: string[]; region: Region } | null> {
  if (input.groups.length === 0 || input.groups.some((group) => group.synonyms.length > 0)) return null;
  // The whole input as one number first: "US 7,783,348 B2" is typed with spaces.
  const whole = input.groups.length > 1 ? numberOf(input.groups.map((group) => group.keyword).join(' '), input.region) : undefined;
  const numbers = whole ? [whole] : input.groups.map((group) => numberOf(group.keyword, input.region));
  if (numbers.some((number) => !number)) return null;
  const typed = numbers as TypedNumber[];
  const region = typed.map((number) => ('publication' in number ? number.publication.region : 'jp')).at(0)!;
  const publications = typed.filter((n): n is { publication: PublicationNumber } => 'publication' in n && n.publication.region === region).map((n) => n.publication.id);
  const applications = typed.filter((n): n is { application: string } => 'application' in n).map((n) => n.application);
  const ids = [...(await idsOfPublicationNumbers(db, publications)).ids, ...(applications.length ? await idsOfApplicationNumbers(db, region, applications) : [])];
  return { ids: [...new Set(ids)], region };
}

/**
 * The store query of a simple search, or none when it cannot match anything (only stop words, no
 * type chosen). With `db`, keywords that are all numbers find those documents, whatever the type
 * filters say (a number names the document wanted).
 */
export async function patentQueryOf(input: SimpleSearchInput, db?: Database): Promise<{ query?: PatentQuery; terms: string[]; region: Region }> {
  const numbers = db ? await numberSearchOf(db, input) : null;
  if (numbers) {
    return { query: { documentIds: numbers.ids, rankByDocumentOrder: true, region: numbers.region, excludeExpired: false, applicants: input.applicants }, terms: [], region: numbers.region };
  }
  const kinds = kindsOfFilter(input.filter);
  const { tsquery, rankTsquery, descriptionTail, terms } = await compileSimpleQuery(input);
  if (!tsquery || kinds.length === 0) return { terms, region: input.region };
  return { query: { tsquery, rankTsquery, descriptionTail, region: input.region, kinds, excludeExpired: !input.filter.expired, applicants: input.applicants }, terms, region: input.region };
}

/**
 * CPC extends the IPC scheme (same sections, classes, subclasses and main groups), so a record
 * carrying only CPC — most Chinese and newer US records in the corpus — still has its place in the graphs.
 */
const withCpcForMissingIpc = <T extends { ipc: string[]; cpc: string[] }>(document: T): T => (document.ipc.length ? document : { ...document, ipc: document.cpc });

export async function runSimpleSearch(db: Database, input: SimpleSearchInput, view: ResultView = 'list'): Promise<SimpleSearchResult> {
  const { query, terms } = await patentQueryOf(input, db);
  if (!query) return { totalHitCount: 0, items: [], applicants: [], page: 1, pageCount: 0, tooManyForDetails: false };
  return searchResultViews(db, query, { view, page: input.page, order: input.order, terms });
}

/**
 * What a result view shows of a store query: the list's page of hits with snippets (the
 * words that match `terms` marked, from the `fields` they were searched in), the applicants, the graphs. Simple and detailed search
 * both render these.
 */
export async function searchResultViews(
  db: Database,
  query: PatentQuery,
  options: { view: ResultView; page: number; order: SearchOrder; terms: string[]; fields?: readonly TextField[] },
): Promise<SimpleSearchResult> {
  const { view, page, order, terms, fields } = options;
  const showsApplicants = view === 'list' || view === 'applicants';
  // The list's page of hits (with snippets), the count and the applicants come from the search's hit set (one pass, kept a minute); the other views need the count.
  const { total, hits, applicants } = showsApplicants
    ? await resultPage(db, query, { offset: (page - 1) * PAGE_SIZE, limit: view === 'list' ? PAGE_SIZE : 0, order, applicantLimit: view === 'applicants' ? 100 : 20 })
    : { total: await countMatches(db, query), hits: [], applicants: [] };
  let marker: Highlighter | undefined;
  const termsKey = terms.join('\u0001');
  // The keywords' analysed words are marked too (「従来の技術」 for 従来技術): they are what the search matched.
  const analysed = hits.length > 0 ? await analysedWordsOf(terms, query.region) : undefined;
  const marked = () => (marker ??= highlighter(terms, analysed ? { analysed } : {}));
  const items: SearchResultItem[] = hits.map(({ abstract, ...hit }) => ({ ...hit, snippet: snippetOf(abstract, termsKey, marked) }));
  await fallbackSnippets(db, items, termsKey, marked, fields);
  return {
    totalHitCount: total,
    items,
    applicants,
    ...(view === 'graphs' && total > 0 && { graphs: ipcYearGraphData((await bestRankedDocuments(db, query, DETAIL_LIMIT)).map(withCpcForMissingIpc)) }),
    page,
    pageCount: Math.ceil(total / PAGE_SIZE),
    tooManyForDetails: total > DETAIL_LIMIT,
  };
}
