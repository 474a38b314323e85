// Output type 3, "claim chart list up to 500" (§9): a chart per listed document. The
// simulation (job 6) charts the best 30 and its result shows at once; this job (type 7),
// enqueued by it, charts the rest of the list in the list's order (whole-document match rate,
// then retrieval score: the first pages fill first), in batches stored in priorart_charts, so
// the user never waits a day for the spec's "next day" output. Cancelling it keeps the result and the charts
// made so far. The column API, the list's badge and the list export read the stored charts.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { JOB_TYPES, type JobContext, type JobQueue } from '../jobs/types.ts';
import type { Region } from '../patents/record.ts';
import { findPatentTexts } from '../patents/repository.ts';
import { termIndexOf } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import { countStoredCharts, insertStoredCharts, storedChartIds, storedChartIdsAfter } from './chart-list-repository.ts';
import type { ChartedDocument } from './chart.ts';
import { chartOf } from './charting.ts';
import { gptTextsOf, translatorOf } from './engine.ts';
import { termsOfElements, type ElementTerms } from './evidence.ts';
import { findSimulationById, type StoredSimulation } from './repository.ts';
import type { StoredResult } from './result-view.ts';

/** The list a claim chart list charts (§9 output type 3: up to 500). */
export const CHART_LIST_SIZE = 500;

export interface ChartListProgress {
  charted: number;
  listed: number;
  /** The chart-list job is still waiting or running. */
  running: boolean;
  /** The list position of the last chart seen: the result page asks for the documents charted after it (chartedIds). */
  cursor: number;
  /** Asked with a cursor: the documents the job charted after it, for the chart's menu to mark without a reload. */
  chartedIds?: string[];
}

/**
 * A claim chart list's charts so far: the result's and those this job stored, and whether it
 * still runs; with `chartedAfter` (a cursor it answered before), also the documents charted since.
 */
export async function chartListProgress(deps: { db: Database; jobs: JobQueue }, simulation: StoredSimulation, result: StoredResult, chartedAfter?: number): Promise<ChartListProgress> {
  const [stored, jobs, since] = await Promise.all([
    countStoredCharts(deps.db, simulation.id),
    deps.jobs.list(simulation.userId, { queryId: simulation.id, activeOnly: true }),
    chartedAfter === undefined ? null : storedChartIdsAfter(deps.db, simulation.id, chartedAfter),
  ]);
  const listed = Math.min(CHART_LIST_SIZE, result.candidates.length);
  const progress = { charted: Math.min(listed, result.charts.length + stored.count), listed, running: jobs.some((job) => job.type === JOB_TYPES.priorartChartList) };
  // The cursor comes with the ids it covers (read in their own query), so a batch stored between the two queries is answered next time, not skipped.
  return since ? { ...progress, cursor: since.cursor, chartedIds: since.ids } : { ...progress, cursor: stored.lastPosition };
}
/**
 * Documents charted (and stored) together; the job reports progress and yields between
 * batches. Within a batch the documents are read at once, so the main thread scores one while
 * the analysis worker tokenises the next. bench/priorart.ts ("chart list in the background"),
 * full shared corpus, 4 runs interleaved, load 5–10 on the 2 cores: US, the 470 documents
 * after the simulation's 30, batches of 10 29.2 / 9.7 / 7.4 / 6.8 s (median 8.6 s) against
 * one by one 24.8 / 15.3 / 8.1 / 9.1 s (12.2 s); JP, 250 documents, 25.9 / 9.8 / 9.5 / 7.1 s
 * (9.7 s) against 30.2 / 10.4 / 5.8 / 9.5 s (10.0 s). Larger batches only delay the first
 * stored charts and a cancel's stop.
 */
export const CHART_BATCH = 10;

/** What charting needs of a simulation: its region and options (a stored one, or the bench's). */
export type ChartSubject = Pick<StoredSimulation, 'lang'> & { input: Pick<StoredSimulation['input'], 'compared' | 'strategy'> };

/** Charts documents of a simulation's candidate list as the evaluation stage does, each region's element terms made once. */
export function chartMakerOf(db: Database, subject: ChartSubject, result: Pick<StoredResult, 'elements' | 'candidates' | 'translation'>) {
  const terms = new Map<Region, Promise<ElementTerms[]>>();
  const termsOf = (region: Region) => {
    if (!terms.has(region)) {
      terms.set(
        region,
        (async () => {
          const index = await termIndexOf(db, region, subject.input.compared);
          // GPT's translation made for the simulation (stored with it) is used again: no second call.
          const gptElements = result.translation?.gpt.find((record) => record.region === region)?.elements;
          const translate = translatorOf(result.elements.map((element) => element.text).join('\n'), region, index, gptElements ? gptTextsOf(result.elements, gptElements) : undefined);
          return termsOfElements(index, result.elements, region, translate);
        })(),
      );
    }
    return terms.get(region)!;
  };
  const regionOf = new Map(result.candidates.map((candidate) => [candidate.documentId, candidate.region ?? subject.lang]));
  /** The charts of `documentIds` that the store holds, in their order. */
  return async (documentIds: readonly string[], signal?: AbortSignal): Promise<ChartedDocument[]> => {
    const texts = new Map((await findPatentTexts(db, documentIds)).map((text) => [text.id, text]));
    const charts = await Promise.all(
      documentIds.map(async (documentId) => {
        const text = texts.get(documentId);
        if (!text) return null;
        // The document's own region (a candidate of the second region, subLang, is read in its language).
        const region = regionOf.get(documentId) ?? subject.lang;
        return chartOf(text, region, await termsOf(region), subject.input.strategy, signal);
      }),
    );
    return charts.filter((chart): chart is ChartedDocument => chart !== null);
  };
}

/**
 * The order the job charts in and the documents it charts: the whole-document match rate, then
 * retrieval score, at most CHART_LIST_SIZE. The list as shown (list-figures.ts) orders a charted
 * document by its chart's figures instead; the job keeps this order, which does not depend on
 * its own charts (it would otherwise re-sort itself as it stores them).
 */
export function chartListOrder(result: Pick<StoredResult, 'candidates'>): string[] {
  return result.candidates
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => b.candidate.matchRate - a.candidate.matchRate || b.candidate.score - a.candidate.score || a.index - b.index)
    .slice(0, CHART_LIST_SIZE)
    .map(({ candidate }) => candidate.documentId);
}

/**
 * Charts the listed documents not yet charted, batch by batch; `batch` receives each batch's
 * charts with their list positions (stores them, reports progress) and may throw to stop.
 */
export async function chartRest(
  db: Database,
  subject: ChartSubject,
  result: Pick<StoredResult, 'elements' | 'candidates' | 'charts' | 'translation'>,
  options: {
    skip?: ReadonlySet<string>;
    signal?: AbortSignal;
    batch: (charts: Array<{ position: number; chart: ChartedDocument }>, done: number, total: number) => Promise<void>;
    /** CHART_BATCH unless the bench compares another. */
    batchSize?: number;
  },
): Promise<number> {
  const size = options.batchSize ?? CHART_BATCH;
  const charted = new Set([...result.charts.map((chart) => chart.documentId), ...(options.skip ?? [])]);
  const order = chartListOrder(result);
  const position = new Map(order.map((id, i) => [id, i + 1]));
  const rest = order.filter((id) => !charted.has(id));
  const chartsOf = chartMakerOf(db, subject, result);
  let done = 0;
  for (let start = 0; start < rest.length; start += size) {
    options.signal?.throwIfAborted();
    const charts = await chartsOf(rest.slice(start, start + size), options.signal);
    done = Math.min(rest.length, start + size);
    await options.batch(charts.map((chart) => ({ position: position.get(chart.documentId)!, chart })), done, rest.length);
    // Pages and other jobs get the event loop between batches.
    await nextTurn();
  }
  return done;
}

/** Job type 7: the rest of a claim chart list simulation's list, charted and stored. */
export async function runChartListJob(context: JobContext): Promise<unknown> {
  const { db } = context;
  const { queryId } = context.job.payload as { queryId: string };
  const simulation = await findSimulationById(db, queryId);
  // Only a finished claim chart list of the job's own user (the queue enqueued it on the owner's behalf).
  if (!simulation || simulation.status !== 5 || !simulation.result || simulation.userId !== context.job.userId || simulation.input.outputType !== 3) return { skipped: true };
  const result = simulation.result as unknown as StoredResult;
  // A retried job goes on where the last run stopped.
  const skip = await storedChartIds(db, queryId, chartListOrder(result));
  const charted = await chartRest(db, simulation, result, {
    skip,
    signal: context.signal,
    batch: async (charts, done, total) => {
      await insertStoredCharts(db, queryId, charts);
      await context.progress((100 * done) / Math.max(1, total));
    },
  });
  return { charted: skip.size + charted, listed: Math.min(CHART_LIST_SIZE, result.candidates.length) };
}
