// bench/priorart-tuning: chooses the verdict and rank thresholds (evidence.ts DISCLOSED_AT,
// chart.ts LITTLE_FOUND) on the TUNING half only (the same split as bench/priorart-quality):
// every simulation's passage scores are kept, then the chart's conclusions are recomputed for
// a grid of thresholds. Objective: known items (claims hidden) main cited with rank A/B, and
// the same claims against documents of another IPC section ranked D. Then the key-term rule
// (evidence.ts KEY_TERM_RULE) at the current thresholds: every simulation again per variant (the
// rule also changes which documents are charted when it applies to the whole-document coverage).
//   npx tsx bench/priorart-tuning.ts   (N=<queries per region>, PRIORART_DB=<loaded bench db>,
//   DISCLOSED=0.4,0.5 PARTLY=… LITTLE=… to change the grid, VARIANTS=off,words1,terms2+coverage,…: key source, how many keys, +coverage)
import { createHash } from 'node:crypto';
import type { Region } from '../src/patents/record.ts';
import { termIndexOf } from '../src/patents/term-index.ts';
import { concludeChart, type EvaluatedDocument } from '../src/priorart/chart.ts';
import { simulate, type SimulationResult } from '../src/priorart/engine.ts';
import { KEY_TERM_RULE } from '../src/priorart/evidence.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';

const N = Number(process.env.N ?? 60);
const tuning = (id: string) => createHash('sha1').update(id).digest()[0]! % 2 === 0;
type Kept = { known: boolean; target: string; result: SimulationResult };

const { db, close } = await priorartCorpus();

/** What the figures read of a result: 9 variants × 240 whole results (500 candidates, passages) exhaust the heap. */
const trimmed = (result: SimulationResult): SimulationResult => {
  const charted = new Set(result.charts.map((chart) => chart.documentId));
  return {
    ...result,
    candidates: result.candidates.filter((candidate) => charted.has(candidate.documentId)),
    charts: result.charts.map((chart) => ({ ...chart, evidence: chart.evidence.map((e) => ({ ...e, passage: null, words: [] })) })),
  };
};

/** Every tuning-half known item and its unrelated twin, simulated under the current KEY_TERM_RULE. */
async function simulateAll(): Promise<Kept[]> {
  const kept: Kept[] = [];
  for (const region of ['us', 'jp'] as Region[]) {
    const rows: Array<{ id: string; claims: string[]; ipc: string[] }> = await db('patents')
      .select('id', 'claims', 'ipc')
      .where({ region })
      .whereNotNull('description')
      .whereRaw("jsonb_typeof(claims) = 'array' and length(claims->>0) between 80 and 5000")
      .orderBy('id');
    const index = await termIndexOf(db, region, 'abstract_description');
    for (const row of rows.filter((r) => tuning(r.id)).slice(0, N)) {
      const input = { lang: region, subjectMatter: row.claims[0]!, isAutoElementCutter: true, compared: 'abstract_description' as const, strategy: 'normal' as const, outputType: 1 as const, fixedDocumentIds: [], populationIds: null };
      const known = await simulate(db, input).catch(() => null);
      if (known) kept.push({ known: true, target: row.id, result: trimmed(known) });
      const own = new Set(row.ipc.map((code) => code.trim()[0]));
      if (own.size === 0) continue;
      const others = index.ids.filter((_, doc) => index.classes[doc]!.length > 0 && !index.classes[doc]!.some((code) => own.has(code.trim()[0]!)));
      const unrelated = await simulate(db, { ...input, populationIds: others }).catch(() => null);
      if (unrelated) kept.push({ known: false, target: row.id, result: trimmed(unrelated) });
    }
  }
  return kept;
}

/** Known items main cited with rank A/B, unrelated ones ranked D, by `conclude`. */
function figures(kept: Kept[], conclude: (result: SimulationResult) => SimulationResult['conclusion']) {
  let knownAB = 0, knownN = 0, unrelatedD = 0, unrelatedN = 0;
  const byRegion: Record<string, { ab: number; n: number; d: number; u: number }> = {};
  for (const { known, target, result } of kept) {
    const conclusion = conclude(result);
    const region = (byRegion[target.slice(0, 2)] ??= { ab: 0, n: 0, d: 0, u: 0 });
    if (known) {
      knownN++;
      region.n++;
      if (conclusion.mainDocumentId === target && (conclusion.rank === 'A' || conclusion.rank === 'B')) {
        knownAB++;
        region.ab++;
      }
    } else {
      unrelatedN++;
      region.u++;
      if (conclusion.rank === 'D') {
        unrelatedD++;
        region.d++;
      }
    }
  }
  const pct = (x: number, n: number) => ((100 * x) / n).toFixed(1);
  return {
    'known main A/B %': pct(knownAB, knownN),
    'unrelated D %': pct(unrelatedD, unrelatedN),
    n: `${knownN}/${unrelatedN}`,
    ...Object.fromEntries(Object.entries(byRegion).map(([region, f]) => [region, `A/B ${pct(f.ab, f.n)} D ${pct(f.d, f.u)}`])),
  };
}

const variants = (process.env.VARIANTS ?? 'off,words1,words2,terms1,terms2,words1+coverage,words2+coverage,terms1+coverage,terms2+coverage').split(',');
const keptBy = new Map<string, Kept[]>();
try {
  for (const variant of variants) {
    const [, from, keys] = /^(words|terms)(\d)/.exec(variant) ?? [];
    KEY_TERM_RULE.keys = Number(keys ?? 0);
    KEY_TERM_RULE.from = from === 'terms' ? 'terms' : 'words';
    KEY_TERM_RULE.coverage = variant.endsWith('+coverage');
    keptBy.set(variant, await simulateAll());
    // Printed as it comes: a run is long.
    console.error(`variant ${variant} (${new Date().toISOString()}): ${JSON.stringify(figures(keptBy.get(variant)!, (result) => result.conclusion))}`);
  }
} finally {
  await close();
}
// The threshold grid recomputes verdicts from scores alone: the first variant's (off by default).
const kept = keptBy.get(variants[0]!)!;

const rows = [];
const grid = (name: string, fallback: number[]) => (process.env[name] ? process.env[name]!.split(',').map(Number) : fallback);
for (const disclosed of grid('DISCLOSED', [0.4, 0.5, 0.6, 0.7])) {
  for (const partly of grid('PARTLY', [0.5, 0.7])) {
    for (const little of grid('LITTLE', [0.5, 0.6, 0.7, 0.8, 0.9])) {
      const conclude = (result: SimulationResult) => {
        const documents: EvaluatedDocument[] = result.charts.map((chart) => ({
          documentId: chart.documentId,
          title: null,
          score: result.candidates.find((c) => c.documentId === chart.documentId)?.score ?? 0,
          subclasses: result.candidates.find((c) => c.documentId === chart.documentId)?.subclasses ?? [],
          verdicts: chart.evidence.map((e) => ({ elementId: e.elementId, verdict: e.score >= disclosed ? 'disclosed' : e.score >= disclosed * partly ? 'partly' : 'not_found' })),
        }));
        return concludeChart(result.elements, documents, { littleFound: little });
      };
      rows.push({ disclosed, partly, little, ...figures(kept, conclude) });
    }
  }
}
console.table(rows);
if (process.env.GRID !== '0') console.table(rows);
// The key-term variants at the product's thresholds: the engine's own conclusions.
console.table(variants.map((variant) => ({ variant, ...figures(keptBy.get(variant)!, (result) => result.conclusion) })));
