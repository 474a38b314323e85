// Claim charts read passage by passage: one document's (the simulation's and the claim chart list job's, chart-list.ts,
// alike), and the simulation's charting of its closest documents and then of the list's head (list-figures.ts LIST_HEAD).
import type { Region } from '../patents/record.ts';
import { findPatentTexts } from '../patents/repository.ts';
import type { ComparedText } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import { matchRateOf, type CandidateDocument, type ChartedDocument } from './chart.ts';
import { evidenceOf, type DocumentText, type ElementEvidence, type ElementTerms, type Strategy } from './evidence.ts';
import { unchartedInHead } from './list-figures.ts';

/**
 * A document's chart: each element's evidence, found passage by passage, and its match rate, made once here: the rate the
 * conclusion gives it (concludeChart's matchRates, from the same verdicts), which the list's head orders by before then.
 */
export async function chartOf(text: DocumentText & { title: string | null }, region: Region, terms: readonly ElementTerms[], strategy: Strategy, signal?: AbortSignal): Promise<ChartedDocument> {
  const evidence = await evidenceOf(text, terms, region, strategy, signal);
  const matchRate = Math.round(matchRateOf({ documentId: text.id, title: text.title, score: 0, subclasses: [], verdicts: evidence }) * 1000) / 1000;
  return { documentId: text.id, region, title: text.title, matchRate, evidence };
}

/** How the simulation charts: its options, each listed document's region and element terms, the list's head (CHARTING). */
export interface CandidateCharting {
  compared: ComparedText;
  strategy: Strategy;
  regionOf: ReadonlyMap<string, { region: Region; elementTerms?: ElementTerms[] }>;
  /** How many elements the invention has (the waiting page's progress names them). */
  elements: number;
  head: number;
  headCap: number;
}

/** A charted document as soon as it is evaluated: how many of the elements it discloses. */
export interface ChartProgress {
  documentId: string;
  title: string | null;
  region: Region;
  disclosed: number;
  partly: number;
  elements: number;
}

export interface ChartingHooks {
  /** Called as each charted document's evaluation completes (the waiting page lists them as they come). */
  charted?: (chart: ChartProgress, done: number, total: number) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * The simulation's charts, in the order made: the closest documents (`ids`), then the list's head — the documents the
 * list would show in its first places on the whole-document estimate, read passage by passage until those places are
 * all charts (or the cap), so no estimate stands above a chart there. Each is reported as it comes (hooks.charted).
 */
export async function chartCandidates(db: Database, ids: readonly string[], candidates: CandidateDocument[], charting: CandidateCharting, hooks: ChartingHooks): Promise<ChartedDocument[]> {
  const { signal } = hooks;
  const charts: ChartedDocument[] = [];
  // The waiting page's progress counts the head's charts too (most simulations chart about that many more).
  let planned = ids.length + charting.head;
  const chartAll = async (ids: readonly string[]) => {
    const texts = new Map((await findPatentTexts(db, ids)).map((text) => [text.id, text]));
    for (const id of ids) {
      signal?.throwIfAborted();
      const stored = texts.get(id);
      const searched = charting.regionOf.get(id);
      if (!stored || !searched) continue;
      const text = charting.compared === 'abstract_description' ? { ...stored, claims: null } : stored;
      const chart = await chartOf(text, searched.region, searched.elementTerms!, charting.strategy, signal);
      charts.push(chart);
      const count = (verdict: ElementEvidence['verdict']) => chart.evidence.filter((e) => e.verdict === verdict).length;
      await hooks.charted?.({ documentId: id, title: text.title, region: searched.region, disclosed: count('disclosed'), partly: count('partly'), elements: charting.elements }, charts.length, planned);
    }
  };
  await chartAll(ids);
  for (let cap = charts.length + charting.headCap; charts.length < cap; ) {
    const unread = unchartedInHead(candidates, charts, charting.head).slice(0, cap - charts.length);
    if (unread.length === 0) break;
    planned = Math.max(planned, charts.length + unread.length);
    const before = charts.length;
    await chartAll(unread);
    // A listed document whose text the store no longer holds gets no chart: stop rather than ask for it again.
    if (charts.length === before) break;
  }
  return charts;
}
