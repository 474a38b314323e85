// Detailed search (§1, §4 search flow): the form is checked and stored as a query row, a
// search job (type 4) compiles the chosen mode's formulas and stores the best-ranked hits,
// and a related fetch-documents job (type 5) lays out the result's patent map, so the
// result page opens on stored data. The user may leave meanwhile and come back from history.
import { compileDetailQuery } from '../patents/query/compile.ts';
import { idsOfPublicationNumbers } from '../patents/repository.ts';
import { countMatches, rankedDocumentIds, bestRankedDocuments, type PatentQuery, type SearchOrder } from '../patents/search-repository.ts';
import { JOB_TYPES, type JobContext, type JobQueue } from '../jobs/types.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { DETAIL_LIMIT, kindsOfFilter, searchResultViews, type ResultView, type SimpleSearchResult } from '../search/service.ts';
import { mapOfDocuments } from '../search/landscape/service.ts';
import type { PatentMap } from '../search/result-types.ts';
import type { DetailSearchInput } from './input.ts';
import { searchWordsOf } from './search-words.ts';
import {
  finishDetailSearch,
  findDetailSearch,
  findDetailSearchById,
  insertDetailSearch,
  saveDetailMap,
  updateDetailProgress,
  type DetailResult,
  type DetailSearch,
} from './repository.ts';

/** Hits a detailed search keeps, best first; the count covers all of them. */
export const STORED_HITS = 10_000;

/** The store query of a detailed search's form: compiled formulas, filters and the population. */
export async function patentQueryOfInput(input: DetailSearchInput): Promise<PatentQuery | undefined> {
  const chosen = input.modes[input.inputMode];
  const condition = await compileDetailQuery({ formulas: chosen.formulas, combination: chosen.combination, ipcLimit: input.ipcLimit }, input.lang);
  const kinds = kindsOfFilter(input.filter);
  if (kinds.length === 0) return undefined;
  return {
    condition,
    ...(input.population && { documentIds: input.population.documentIds }),
    region: input.lang,
    kinds,
    excludeExpired: !input.filter.expired,
    applicants: [],
  };
}

/**
 * Checks what the SQL side needs (the formulas compile, the population names documents we
 * have), stores the search and queues its job. Returns the query id the pages use.
 */
export async function startDetailSearch(
  deps: { db: Database; jobs: JobQueue },
  user: { id: string; companyId: string },
  input: DetailSearchInput,
): Promise<string> {
  await patentQueryOfInput(input); // throws the formula's own error before anything is stored
  let stored = input;
  if (input.population) {
    const { ids } = await idsOfPublicationNumbers(deps.db, input.population.documentIds);
    if (ids.length === 0) throw new AppError(400, 'E029', 'E029', {}, { field: 'population' });
    stored = { ...input, population: { fileName: input.population.fileName, documentIds: ids } };
  }
  const id = await insertDetailSearch(deps.db, { userId: user.id, companyId: user.companyId, input: stored });
  // The search job ends the search: its failure or cancel by any path fails or cancels it too.
  await deps.jobs.enqueue(deps.db, { userId: user.id, queryId: id, type: JOB_TYPES.search, payload: { queryId: id }, endsQuery: true });
  return id;
}

/**
 * Job type 4: runs the stored search and keeps its best-ranked hits. A failure (thrown) or a
 * cancel ends the search through the queue (`endsQuery`), in the same statement as the job.
 */
export async function runSearchJob(context: JobContext): Promise<unknown> {
  const { db } = context;
  const { queryId } = context.job.payload as { queryId: string };
  const search = await findDetailSearchById(db, queryId);
  if (!search || search.status !== 0) return { skipped: true };
  // The job's progress (which fails once the job is no longer this worker's) and the search's, for its pages.
  const report = async (percent: number) => {
    await context.progress(percent);
    await updateDetailProgress(db, queryId, percent);
  };
  await report(5);
  const query = await patentQueryOfInput(search.input);
  const totalHitCount = query ? await countMatches(db, query) : 0;
  await report(40);
  const documentIds = query && totalHitCount > 0 ? await rankedDocumentIds(db, query, STORED_HITS) : [];
  await context.progress(90);
  if (!(await finishDetailSearch(db, queryId, { status: 1, result: { totalHitCount, documentIds } }))) return { cancelled: true };
  if (documentIds.length > 0) {
    await context.enqueue({ type: JOB_TYPES.fetchDocuments, payload: { queryId }, queryId });
  }
  return { totalHitCount };
}

/** Lays out the patent map of a finished search's best-ranked documents and stores it with the search. */
async function layOutDetailMap(db: Database, search: DetailSearch & { result: DetailResult }, signal?: AbortSignal): Promise<PatentMap> {
  const documents = await bestRankedDocuments(db, storedResultQuery(search), DETAIL_LIMIT);
  signal?.throwIfAborted();
  const { map } = await mapOfDocuments(db, documents, { region: search.lang, queryId: search.id }, Promise.resolve(search.result.totalHitCount));
  signal?.throwIfAborted();
  await saveDetailMap(db, search.id, map);
  return map;
}

/** Job type 5: the patent map of a finished search, stored with it. */
export async function runFetchDocumentsJob(context: JobContext): Promise<unknown> {
  const { queryId } = context.job.payload as { queryId: string };
  const search = await findDetailSearchById(context.db, queryId);
  if (!search?.result || search.result.documentIds.length === 0) return { skipped: true };
  await context.progress(10);
  const map = await layOutDetailMap(context.db, { ...search, result: search.result }, context.signal);
  return { mappedCount: map.mappedCount };
}

export function registerDetailSearchJobs(queue: JobQueue): void {
  queue.register(JOB_TYPES.search, runSearchJob);
  queue.register(JOB_TYPES.fetchDocuments, runFetchDocumentsJob);
}

/**
 * A detailed search's hits, best first (at most STORED_HITS): the stored list, or — for a
 * search that has none stored (still running, failed, cancelled) — its input run again now.
 * The examination simulation's similar patent group is read this way.
 */
export async function hitIdsOfDetailSearch(db: Database, search: DetailSearch, signal?: AbortSignal): Promise<string[]> {
  if (search.status === 1 && search.result) return search.result.documentIds;
  const query = await patentQueryOfInput(search.input);
  signal?.throwIfAborted();
  return query ? rankedDocumentIds(db, query, STORED_HITS) : [];
}

/** The stored hits as a store query: the list keeps their order, narrowing by applicant works as in simple search. */
export function storedResultQuery(search: DetailSearch, applicants: string[] = []): PatentQuery {
  return {
    documentIds: search.result?.documentIds ?? [],
    rankByDocumentOrder: true,
    region: search.lang,
    excludeExpired: false,
    applicants,
  };
}

export interface DetailResultView {
  search: DetailSearch;
  result: SimpleSearchResult;
}

/** A result view of the user's own stored search; undefined when there is none to show. */
export async function detailResultView(
  db: Database,
  userId: string,
  id: string,
  options: { view: ResultView; page: number; order: SearchOrder; applicants: string[] },
): Promise<DetailResultView | undefined> {
  const search = await findDetailSearch(db, userId, id);
  if (!search) return undefined;
  if (search.status !== 1 || !search.result) return { search, result: { totalHitCount: 0, items: [], applicants: [], page: 1, pageCount: 0, tooManyForDetails: false } };
  const result = await searchResultViews(db, storedResultQuery(search, options.applicants), { ...options, ...searchWordsOf(search.input) });
  // The list covers the stored hits; the count says how many the formula found.
  return { search, result: { ...result, totalHitCount: options.applicants.length ? result.totalHitCount : search.result.totalHitCount } };
}

/** Cancels a running search and its jobs (§4: the job and its related jobs). */
export async function cancelDetailSearch(deps: { db: Database; jobs: JobQueue }, userId: string, id: string): Promise<DetailSearch> {
  const search = await findDetailSearch(deps.db, userId, id);
  if (!search) throw new AppError(404, 'E072', 'E072');
  for (const job of await deps.jobs.list(userId, { queryId: id })) {
    if (job.status === 0) await deps.jobs.cancel(userId, job.uuid);
  }
  await finishDetailSearch(deps.db, id, { status: 9 });
  return (await findDetailSearch(deps.db, userId, id))!;
}

/**
 * The patent map of the user's finished search: the one the fetch-documents job stored, or
 * laid out now (and stored) when the job has not got to it yet.
 */
export async function detailPatentMap(db: Database, userId: string, id: string): Promise<PatentMap | undefined> {
  const search = await findDetailSearch(db, userId, id, { withMap: true });
  if (!search || search.status !== 1 || !search.result) return undefined;
  if (search.map) return search.map;
  if (search.result.documentIds.length === 0) return { queryId: id, totalHitCount: 0, mappedCount: 0, points: [], clusters: [] };
  return layOutDetailMap(db, { ...search, result: search.result });
}
