// Examination simulation (§1, §4): the request is checked and resolved against the store (a
// document's claim, the fixed main cited documents, the population), stored as a `queries`
// row and run by the priorart job (type 6), which advances the row through the §4 progress
// codes and stores the result. A failure or cancel ends the row through the queue (endsQuery).
// A claim chart list (output type 3) then charts the rest of its list in job 7 (chart-list.ts),
// which the row's success does not wait for and its cancel does not undo.
// With GPT asked for and configured, a cross-language simulation also translates the invention
// with GPT (gpt-translation.ts); over the budget the request is refused while the user is still
// on the form (E098, as creation support does), and whatever happens to GPT in the job the
// simulation goes on with the dictionary and says so in its result.
import { findDetailSearchById } from '../detail-search/repository.ts';
import { hitIdsOfDetailSearch } from '../detail-search/service.ts';
import { assertWithinQuota, gptUserOf } from '../gpt-usage/service.ts';
import { JOB_TYPES, type JobContext, type JobQueue } from '../jobs/types.ts';
import { compileDetailQuery } from '../patents/query/compile.ts';
import { findPatentByWrittenNumber } from '../patents/lookup.ts';
import { idsOfPublicationNumbers } from '../patents/repository.ts';
import type { AppConfig } from '../platform/config.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { createGptClient, isGptConfigured, type GptClient } from '../platform/gpt.ts';
import type { Logger } from '../platform/logger.ts';
import { runChartListJob } from './chart-list.ts';
import { translateElementsWithGpt, type GptTranslationRecord } from './gpt-translation.ts';
import type { ChartProgress } from './charting.ts';
import { simulate, type SimulationResult } from './engine.ts';
import type { InferredIpc } from '../patents/ipc-inference.ts';
import type { Region } from '../patents/record.ts';
import { advanceSimulation, completeSimulation, findSimulation, findSimulationById, insertSimulation, type StoredSimulation } from './repository.ts';
import type { SimulationRequest } from './validation.ts';

/** Percent shown for each stage reached (1 processing … 4 evaluated); evaluation is the long one. */
const PROGRESS = { 1: 10, 2: 25, 3: 40, 4: 95 } as const;

const documentOf = findPatentByWrittenNumber;

/** The claim a simulation by document number compares: the document's claim `claimNumber`, convert-0000 when the store lacks either. */
export async function claimOfDocument(db: Database, documentId: string, claimNumber: number): Promise<{ documentId: string; title: string | null; claim: string; claimCount: number }> {
  const document = await documentOf(db, documentId);
  const claim = document?.claims?.[claimNumber - 1];
  if (!document || !claim) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
  return { documentId: document.id, title: document.title, claim, claimCount: document.claims?.length ?? 0 };
}

/** The user's own detailed search named as similar patent group; E072 for another's (or none). */
async function similarGroupOf(db: Database, userId: string, queryId: string) {
  const search = await findDetailSearchById(db, queryId);
  if (!search || search.userId !== userId) throw new AppError(404, 'E072', 'E072', {}, { field: 'similarGroup' });
  return search;
}

export async function startSimulation(deps: { db: Database; jobs: JobQueue; config?: Pick<AppConfig, 'gpt'> }, user: { id: string; companyId: string }, request: SimulationRequest): Promise<string> {
  const { db } = deps;
  // GPT asked for where none is configured: the dictionary alone, as without the option.
  let stored = { ...request, shouldUseGPT: request.shouldUseGPT && Boolean(deps.config && isGptConfigured(deps.config.gpt)) };
  // Over the budget is said now, while the user can still choose the dictionary alone, rather than after the wait.
  if (stored.shouldUseGPT) await assertWithinQuota(db, { userId: user.id, companyId: user.companyId }, deps.config!.gpt);
  if (request.similarGroup) await similarGroupOf(db, user.id, request.similarGroup.queryId);
  if (request.isSelectDocumentId) {
    const { documentId } = await claimOfDocument(db, request.documentId, request.claimNumber);
    stored = { ...stored, documentId };
  }
  if (request.fixedPatents.length) {
    const resolved = await Promise.all(request.fixedPatents.map((written) => documentOf(db, written)));
    if (resolved.some((document) => !document)) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'fixedPatents' });
    stored = { ...stored, fixedPatents: resolved.map((document) => document!.id) };
  }
  if (request.population) {
    const { ids } = await idsOfPublicationNumbers(db, request.population.documentIds);
    if (ids.length === 0) throw new AppError(400, 'E039', 'E039', {}, { field: 'population' });
    stored = { ...stored, population: { fileName: request.population.fileName, documentIds: ids } };
  }
  // The formulas compile for every searched region (E027 for one too complex) before anything is stored.
  for (const region of request.formulas.length ? [request.lang, ...(request.subLang ? [request.subLang] : [])] : []) {
    await compileDetailQuery({ formulas: request.formulas, combination: request.combination, ipcLimit: [] }, region);
  }
  const id = await insertSimulation(db, { userId: user.id, companyId: user.companyId, input: stored });
  await deps.jobs.enqueue(db, { userId: user.id, queryId: id, type: JOB_TYPES.priorart, payload: { queryId: id }, endsQuery: true });
  return id;
}

/** What the result page and API show of a finished simulation. */
export function resultOf(result: SimulationResult, translation?: { gptRequested: boolean; gpt: GptTranslationRecord[] }): Record<string, unknown> {
  return {
    elements: result.elements,
    ipc: result.ipc,
    candidates: result.candidates,
    charts: result.charts,
    mainDocumentId: result.conclusion.mainDocumentId,
    secondaryDocumentIds: result.conclusion.secondaryDocumentIds,
    rank: result.conclusion.rank,
    rank_description: result.conclusion.rankDescription,
    timings: result.timings,
    ...(translation && { translation }),
    ...(result.untranslated && { untranslated: result.untranslated }),
  };
}

export interface PriorartJobDeps {
  config: Pick<AppConfig, 'gpt'>;
  logger?: Logger;
  /** The GPT client (null: GPT off); made from config.gpt when not given. */
  gpt?: GptClient | null;
}

/** Job type 6: the whole simulation, stage by stage. */
export async function runSimulationJob(context: JobContext, deps?: PriorartJobDeps, gpt: GptClient | null = null): Promise<unknown> {
  const { db } = context;
  const { queryId } = context.job.payload as { queryId: string };
  const simulation = await findSimulationById(db, queryId);
  if (!simulation || simulation.status !== 0) return { skipped: true };
  const input = simulation.input;
  const subjectMatter = input.isSelectDocumentId ? (await claimOfDocument(db, input.documentId, input.claimNumber)).claim : input.subjectMatter;
  let ipc: InferredIpc | undefined;
  const charted: ChartProgress[] = [];
  let percent = 0;
  // The similar patent group: the search's hits, read now (recomputed if it kept none); with a population file, the documents in both.
  let populationIds = input.population?.documentIds ?? null;
  if (input.similarGroup) {
    const group = new Set(await hitIdsOfDetailSearch(db, await similarGroupOf(db, simulation.userId, input.similarGroup.queryId), context.signal));
    populationIds = populationIds ? populationIds.filter((id) => group.has(id)) : [...group];
  }
  const gptRecords: GptTranslationRecord[] = [];
  const gptUser = input.shouldUseGPT && gpt && deps ? await gptUserOf(db, simulation.userId) : null;
  const translate = input.shouldUseGPT
    ? async (elements: string[], region: Region) => {
        // One call per region; after a refusal for the budget or the deployment, no further calls.
        // A worker without GPT (configured apart from the web process that took the request) says so too.
        const refused = gptUser ? gptRecords.find((earlier) => earlier.failure === 'quota' || earlier.failure === 'unavailable') : { model: null, elements: null, failure: 'unavailable' as const };
        // The user's notice says GPT could not be used; the worker's operator is told why, once a simulation.
        if (!gptUser && gptRecords.length === 0) context.logger.warn({ queryId }, 'GPT translation was asked for, but this worker has no GPT configured: the dictionary alone translates');
        const record = refused
          ? { ...refused, region, model: null, elements: null }
          : await translateElementsWithGpt({ db, client: gpt!, settings: deps!.config.gpt, user: gptUser!, signal: context.signal }, elements, region);
        gptRecords.push(record);
        return record.elements;
      }
    : undefined;
  const result = await simulate(
    db,
    {
      lang: input.lang,
      subjectMatter,
      isAutoElementCutter: input.isSelectDocumentId ? true : input.isAutoElementCutter,
      compared: input.compared,
      strategy: input.strategy,
      outputType: input.outputType,
      fixedDocumentIds: input.fixedPatents,
      populationIds,
      excludeDocumentId: input.isSelectDocumentId ? input.documentId : null,
      subLang: input.subLang ?? null,
      formulas: input.formulas?.length ? { rows: input.formulas, combination: input.combination ?? '' } : null,
      learningTexts: (input.formulas ?? []).map((row) => row.learningTexts),
    },
    {
      signal: context.signal,
      translate,
      // The job's progress first: it rejects once the job is cancelled or no longer this worker's.
      stage: async (status, detail) => {
        if (detail.ipc) ipc = detail.ipc;
        await context.progress(PROGRESS[status]);
        await advanceSimulation(db, queryId, status, PROGRESS[status], ipc ? { ipc, charted } : undefined);
      },
      // Each charted document as it completes, for the waiting page (progress moves from 40 to 95 %).
      charted: async (chart, done, total) => {
        charted.push(chart);
        // Never back: the list's head may add charts to the total as they are read (engine.ts).
        percent = Math.max(percent, Math.round(PROGRESS[3] + ((PROGRESS[4] - PROGRESS[3]) * done) / Math.max(1, total)));
        await context.progress(percent);
        await advanceSimulation(db, queryId, 3, percent, { ipc, charted });
      },
    },
  );
  const translation = input.shouldUseGPT ? { gptRequested: true, gpt: gptRecords } : undefined;
  if (!(await completeSimulation(db, queryId, resultOf(result, translation), result.conclusion.rank))) return { cancelled: true };
  // A claim chart list (output type 3): the result shows now with its charts, the rest of the list is charted in the background.
  if (input.outputType === 3 && result.candidates.length > result.charts.length) await context.enqueue({ type: JOB_TYPES.priorartChartList, payload: { queryId } });
  return { rank: result.conclusion.rank, candidates: result.candidates.length };
}

export function registerPriorartJobs(queue: JobQueue, deps?: PriorartJobDeps): void {
  const gpt = !deps ? null : deps.gpt === undefined ? createGptClient(deps.config.gpt, deps.logger) : deps.gpt;
  queue.register(JOB_TYPES.priorart, (context) => runSimulationJob(context, deps, gpt));
  queue.register(JOB_TYPES.priorartChartList, runChartListJob);
}

export async function simulationOf(db: Database, userId: string, id: string): Promise<StoredSimulation> {
  const simulation = await findSimulation(db, userId, id);
  if (!simulation) throw new AppError(404, 'E072', 'E072');
  return simulation;
}

/** Cancels the user's running simulation: its job ends it (cancelled) in the same statement. */
export async function cancelSimulation(deps: { db: Database; jobs: JobQueue }, userId: string, id: string): Promise<StoredSimulation> {
  await simulationOf(deps.db, userId, id);
  for (const job of await deps.jobs.list(userId, { queryId: id })) {
    if (job.status === 0) await deps.jobs.cancel(userId, job.uuid);
  }
  return simulationOf(deps.db, userId, id);
}
