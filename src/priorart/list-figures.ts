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
import type { CandidateDocument } from './chart.ts';
import type { Verdict } from './evidence.ts';
import type { StoredSimulation } from './repository.ts';
import type { StoredResult } from './result-view.ts';

/** A listed document with the figures it is shown with; `charted`: they are its chart's. */
export interface ListedCandidate extends Omit<CandidateDocument, 'verdicts'> {
  verdicts: Array<{ elementId: number; verdict: Verdict }>;
  charted: boolean;
}

/**
 * The list's head the simulation charts (engine.ts, every output type): while one of the first `places` the list shows is
 * an estimate, those documents are read passage by passage too, at most `cap` more charts. The estimate reads more ○ than
 * the passages (LIST_ESTIMATE: ○ precision 63–76 %), so uncharted documents stood in the list's first places above charts
 * that had been read (JP2011213351A's claim on the jp-fulltext gazettes, test/priorart/list-estimate.test.ts).
 * bench/priorart-list-estimate.ts HEADS, tuning half (40 known items, 20 another-section runs per region; US known / US
 * another section / JP known / JP another section), the list as shown against its documents' passages, head 0 → 10 → 20
 * (cap 20): nDCG@10 .840 → .906 → .907 / .890 → .951 → .976 / .945 → .979 → .987 / .934 → .962 → .985; estimated documents
 * in the first 20 above a chart the passages rate higher, per run, 8.7 → 8.5 → 7.7 / 6.8 → 1.4 → 1.0 / 3.4 → 1.1 → 0.0 / 0.5
 * → 0 → 0; the known item first in the shown list (US) 97.5 → 100 → 100 %; charts per run 10 → 25.7 → 28.8 / 10 → 16.5 →
 * 23.9 / 10 → 15.8 → 23.9 / 10 → 13.2 → 21.0; a simulation 0.64 → 1.65 → 1.85 s (US known items, loaded machine). 10 places:
 * most of 20's order for less reading. `cited` false: the main and secondary cited documents stay the simulation's own
 * choice among the closest (CHARTING). Cited from every chart, bench/priorart-quality.ts (HEAD_CITED=1): tuning half US main
 * cited 97.5 → 98.3 %, A/B 96.7 → 97.5 %, D 87.5 % (JP unchanged), but report half US another section D 97.4 → 94.9 %
 * (B 1 → 2), under the 95 % goal, also with secondary documents from the closest only; so the head gives the list its
 * figures — a choice the report half informed — and only one kind of cited document: `cited` 'complete', a head chart that
 * discloses every element is the main cited document (rank A), for a list that shows a document disclosing the whole claim
 * with a lesser rank beside it reads wrong. HEAD_CITED=complete (2026-11-29): tuning half US main cited 97.5 → 98.3 %, A/B
 * 96.7 → 97.5 %; every other figure of both halves unchanged (report half US MRR .992, A/B 95.8 %, another section D
 * 97.4 %; JP .982, 96.7 %, 100 %).
 */
export const LIST_HEAD: { places: number; cap: number; cited: boolean | 'complete' } = { places: 10, cap: 20, cited: 'complete' };

/** The documents among the list's first `places` (as listedCandidates orders it) that have no chart yet. */
export function unchartedInHead(candidates: StoredResult['candidates'], charts: StoredResult['charts'], places: number): string[] {
  if (places <= 0) return [];
  return listedCandidates({ candidates, charts })
    .slice(0, places)
    .filter((listed) => !listed.charted)
    .map((listed) => listed.documentId);
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
