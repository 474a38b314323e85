// Examination simulation (§1, §4): the request is checked and resolved against the store (a
// document's claim, the fixed main cited documents, the population), stored as a `queries`
// row and run by the priorart job (type 6), which advances the row through the §4 progress
// codes and stores the result. A failure or cancel ends the row through the queue (endsQuery).
import { JOB_TYPES, type JobContext, type JobQueue } from '../jobs/types.ts';
import { compileDetailQuery } from '../patents/query/compile.ts';
import { findPatentByWrittenNumber } from '../patents/lookup.ts';
import { idsOfPublicationNumbers } from '../patents/repository.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { simulate, type ChartProgress, type SimulationResult } from './engine.ts';
import type { InferredIpc } from '../patents/ipc-inference.ts';
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

export async function startSimulation(deps: { db: Database; jobs: JobQueue }, user: { id: string; companyId: string }, request: SimulationRequest): Promise<string> {
  const { db } = deps;
  let stored = request;
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
export function resultOf(result: SimulationResult): Record<string, unknown> {
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
  };
}

/** Job type 6: the whole simulation, stage by stage. */
export async function runSimulationJob(context: JobContext): Promise<unknown> {
  const { db } = context;
  const { queryId } = context.job.payload as { queryId: string };
  const simulation = await findSimulationById(db, queryId);
  if (!simulation || simulation.status !== 0) return { skipped: true };
  const input = simulation.input;
  const subjectMatter = input.isSelectDocumentId ? (await claimOfDocument(db, input.documentId, input.claimNumber)).claim : input.subjectMatter;
  let ipc: InferredIpc | undefined;
  const charted: ChartProgress[] = [];
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
      populationIds: input.population?.documentIds ?? null,
      excludeDocumentId: input.isSelectDocumentId ? input.documentId : null,
      subLang: input.subLang ?? null,
      formulas: input.formulas?.length ? { rows: input.formulas, combination: input.combination ?? '' } : null,
      learningTexts: (input.formulas ?? []).map((row) => row.learningTexts),
    },
    {
      signal: context.signal,
      // The job's progress first: it rejects once the job is cancelled or no longer this worker's.
      stage: async (status, detail) => {
        if (detail.ipc) ipc = detail.ipc;
        await context.progress(PROGRESS[status]);
        await advanceSimulation(db, queryId, status, PROGRESS[status], ipc ? { ipc, charted } : undefined);
      },
      // Each charted document as it completes, for the waiting page (progress moves from 40 to 95 %).
      charted: async (chart, done, total) => {
        charted.push(chart);
        const percent = Math.round(PROGRESS[3] + ((PROGRESS[4] - PROGRESS[3]) * done) / Math.max(1, total));
        await context.progress(percent);
        await advanceSimulation(db, queryId, 3, percent, { ipc, charted });
      },
    },
  );
  if (!(await completeSimulation(db, queryId, resultOf(result), result.conclusion.rank))) return { cancelled: true };
  return { rank: result.conclusion.rank, candidates: result.candidates.length };
}

export function registerPriorartJobs(queue: JobQueue): void {
  queue.register(JOB_TYPES.priorart, runSimulationJob);
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
