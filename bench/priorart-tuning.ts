// bench/priorart-tuning: chooses the verdict and rank thresholds (evidence.ts DISCLOSED_AT,
// chart.ts LITTLE_FOUND) on the TUNING half only (the same split as bench/priorart-quality):
// every simulation's passage scores are kept, then the chart's conclusions are recomputed for
// a grid of thresholds. Objective: known items (claims hidden) main cited with rank A/B, and
// the same claims against documents of another IPC section ranked D.
//   npx tsx bench/priorart-tuning.ts   (N=<queries per region>, PRIORART_DB=<loaded bench db>,
//   DISCLOSED=0.4,0.5 PARTLY=… LITTLE=… to change the grid)
import { createHash } from 'node:crypto';
import type { Region } from '../src/patents/record.ts';
import { termIndexOf } from '../src/patents/term-index.ts';
import { concludeChart, type EvaluatedDocument } from '../src/priorart/chart.ts';
import { simulate, type SimulationResult } from '../src/priorart/engine.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';

const N = Number(process.env.N ?? 60);
const tuning = (id: string) => createHash('sha1').update(id).digest()[0]! % 2 === 0;
type Kept = { known: boolean; target: string; result: SimulationResult };

const { db, close } = await priorartCorpus();
const kept: Kept[] = [];
try {
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
      if (known) kept.push({ known: true, target: row.id, result: known });
      const own = new Set(row.ipc.map((code) => code.trim()[0]));
      if (own.size === 0) continue;
      const others = index.ids.filter((_, doc) => index.classes[doc]!.length > 0 && !index.classes[doc]!.some((code) => own.has(code.trim()[0]!)));
      const unrelated = await simulate(db, { ...input, populationIds: others }).catch(() => null);
      if (unrelated) kept.push({ known: false, target: row.id, result: unrelated });
    }
  }
} finally {
  await close();
}

const rows = [];
const grid = (name: string, fallback: number[]) => (process.env[name] ? process.env[name]!.split(',').map(Number) : fallback);
for (const disclosed of grid('DISCLOSED', [0.4, 0.5, 0.6, 0.7])) {
  for (const partly of grid('PARTLY', [0.5, 0.7])) {
    for (const little of grid('LITTLE', [0.5, 0.6, 0.7, 0.8, 0.9])) {
      let knownAB = 0, knownN = 0, unrelatedD = 0, unrelatedN = 0;
      for (const { known, target, result } of kept) {
        const documents: EvaluatedDocument[] = result.charts.map((chart) => ({
          documentId: chart.documentId,
          title: null,
          score: result.candidates.find((c) => c.documentId === chart.documentId)?.score ?? 0,
          subclasses: result.candidates.find((c) => c.documentId === chart.documentId)?.subclasses ?? [],
          verdicts: chart.evidence.map((e) => ({ elementId: e.elementId, verdict: e.score >= disclosed ? 'disclosed' : e.score >= disclosed * partly ? 'partly' : 'not_found' })),
        }));
        const conclusion = concludeChart(result.elements, documents, { littleFound: little });
        if (known) {
          knownN++;
          if (conclusion.mainDocumentId === target && (conclusion.rank === 'A' || conclusion.rank === 'B')) knownAB++;
        } else {
          unrelatedN++;
          if (conclusion.rank === 'D') unrelatedD++;
        }
      }
      rows.push({ disclosed, partly, little, 'known main A/B %': ((100 * knownAB) / knownN).toFixed(1), 'unrelated D %': ((100 * unrelatedD) / unrelatedN).toFixed(1), n: `${knownN}/${unrelatedN}` });
    }
  }
}
console.table(rows);
