// The figures the candidate list shows (the result page's list, the chart's menu, the list
// export): a document with a claim chart — the simulation's, or for a claim chart list (§9
// output type 3) one the chart-list job stored — is shown with its chart's match rate and
// verdicts, found paragraph by paragraph, as the chart the user can open says; the others keep
// the engine's whole-document estimate (the share of each element's terms the document holds
// beyond what chance gives a document of its length, evidence.ts LIST_ESTIMATE), coarser than a
// chart: it can read ○ where the chart finds △, or △ where it finds ○. Showing both for one
// document contradicted.
import type { Database } from '../platform/database.ts';
import { storedChartFigures, type StoredChartFigures } from './chart-list-repository.ts';
import type { CandidateDocument } from './engine.ts';
import type { Verdict } from './evidence.ts';
import type { StoredSimulation } from './repository.ts';
import type { StoredResult } from './result-view.ts';

/** A listed document with the figures it is shown with; `charted`: they are its chart's. */
export interface ListedCandidate extends Omit<CandidateDocument, 'verdicts'> {
  verdicts: Array<{ elementId: number; verdict: Verdict }>;
  charted: boolean;
}

/**
 * Every candidate with the figures shown for it, by those figures (match rate, then retrieval
 * score, then the engine's order): the list's rank (順位) is a place in this order.
 */
export function listedCandidates(result: Pick<StoredResult, 'candidates' | 'charts'>, stored: readonly StoredChartFigures[] = []): ListedCandidate[] {
  const charts = new Map<string, StoredChartFigures>(stored.map((figures) => [figures.documentId, figures]));
  for (const chart of result.charts) charts.set(chart.documentId, { documentId: chart.documentId, matchRate: chart.matchRate, verdicts: chart.evidence });
  return result.candidates
    .map((candidate, index) => {
      const chart = charts.get(candidate.documentId);
      const listed: ListedCandidate = chart
        ? { ...candidate, matchRate: chart.matchRate, verdicts: chart.verdicts.map(({ elementId, verdict }) => ({ elementId, verdict })), charted: true }
        : { ...candidate, verdicts: candidate.verdicts.map(({ elementId, verdict }) => ({ elementId, verdict })), charted: false };
      return { listed, index };
    })
    .sort((a, b) => b.listed.matchRate - a.listed.matchRate || b.listed.score - a.listed.score || a.index - b.index)
    .map(({ listed }) => listed);
}

/** listedCandidates with a claim chart list's stored charts read (their figures only, not their passages). */
export async function listedCandidatesOf(db: Database, simulation: StoredSimulation, result: StoredResult): Promise<ListedCandidate[]> {
  return listedCandidates(result, simulation.input.outputType === 3 ? await storedChartFigures(db, simulation.id) : []);
}
