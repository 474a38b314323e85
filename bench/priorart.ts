// bench/priorart: the time of a whole simulation at the full shared corpus, per stage
// (elements, IPC, extraction, evaluation, chart), for a claim of about 10 elements, as a claim
// chart (output 0, goal ≤ 15 s), a list of 2,000 (output 2, goal ≤ 30 s) and a claim chart
// list of 500 (output 3, goal ≤ 3 min); the first run includes building the term index of the
// region (after a start or an ingest), the next ones reuse it. After the claim chart list, the
// rest of its 500 charted as the chart-list job (type 7) does in the background, in batches
// of CHART_BATCH and, for comparison, one by one (goal: all 500 charted ≤ 3 min). Peak memory
// (RSS) at the end; the load (uptime) before and after, as the figures depend on it.
//   npm run bench:priorart   (PRIORART_DB=<loaded bench db> to reuse one; CHART_LIST_ONLY=1: the claim chart list alone)
import { execFileSync } from 'node:child_process';
import { forgetTermIndexes } from '../src/patents/term-index.ts';
import { CHART_BATCH, chartRest } from '../src/priorart/chart-list.ts';
import type { StoredResult } from '../src/priorart/result-view.ts';
import { resultOf } from '../src/priorart/service.ts';
import { cutElements } from '../src/priorart/elements.ts';
import { simulate, type OutputType } from '../src/priorart/engine.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';

const GOALS: Record<OutputType, number> = { 0: 15_000, 1: 30_000, 2: 30_000, 3: 180_000 };
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const chartListOnly = process.env.CHART_LIST_ONLY === '1';
console.log(`load before: ${uptime()}`);
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const { db, close } = await priorartCorpus();
try {
  for (const region of ['us', 'jp'] as const) {
    // A claim of about 10 elements from the corpus itself (the first one with 9–11).
    const rows: Array<{ id: string; claims: string[] }> = await db('patents').select('id', 'claims').where({ region }).whereRaw("jsonb_typeof(claims) = 'array' and length(claims->>0) between 300 and 3000").orderBy('id').limit(400);
    const claim = rows.find((row) => Math.abs(cutElements(row.claims[0]!, true).length - 10) <= 1) ?? rows[0]!;
    const elements = cutElements(claim.claims[0]!, true).length;
    forgetTermIndexes();
    const runs = chartListOnly ? ([['claim chart list of 500', 3]] as const) : ([['claim chart (cold index)', 0], ['claim chart', 0], ['list of 2,000', 2], ['claim chart list of 500', 3]] as const);
    for (const [label, outputType] of runs) {
      const started = performance.now();
      const result = await simulate(db, { lang: region, subjectMatter: claim.claims[0]!, isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType, fixedDocumentIds: [], populationIds: null, excludeDocumentId: claim.id });
      const ms = performance.now() - started;
      console.log(
        `${region} ${claim.id} claim 1 (${elements} elements), ${label}: ${(ms / 1000).toFixed(2)} s (goal ≤ ${GOALS[outputType] / 1000} s), stages ms ${JSON.stringify(result.timings)}, ${result.candidates.length} candidates, ${result.charts.length} charted, rank ${result.conclusion.rank}`,
      );
      if (outputType !== 3) continue;
      // The rest of the list as job 7 charts it (storing left out: one insert per batch), then one by one to compare.
      const stored = resultOf(result) as unknown as StoredResult;
      // CHART_BATCH_FIRST=1 (default) or 0: which comes first, to interleave runs.
      for (const batchSize of process.env.CHART_BATCH_FIRST === '0' ? [1, CHART_BATCH] : [CHART_BATCH, 1]) {
        const load = uptime().replace(/.*load average: /, '');
        const begun = performance.now();
        let documents = 0;
        await chartRest(db, { lang: region, input: { compared: 'full', strategy: 'normal' } }, stored, { batchSize, batch: async (charts) => void (documents += charts.length) });
        const background = performance.now() - begun;
        console.log(
          `${region} chart list in the background, batches of ${batchSize}: ${documents} more charted in ${(background / 1000).toFixed(1)} s (${(background / Math.max(1, documents)).toFixed(0)} ms a document); all ${result.charts.length + documents} charted ${((ms + background) / 1000).toFixed(1)} s after the start (goal ≤ ${GOALS[3] / 1000} s), load ${load}`,
        );
      }
    }
  }
} finally {
  clearInterval(sample);
  await close();
}
console.log(`peak RSS ${(peak / 1048576).toFixed(0)} MB`);
console.log(`load after: ${uptime()}`);
