// bench/priorart-list-estimate: how well the candidate list's whole-document estimate (the
// figures every listed document without a chart is shown with, and the list's order; for
// output types 1 and 2 all the user gets) agrees with the chart's own judgement, passage by
// passage (evidence.ts evidenceOf). The known items of bench/priorart-quality (a) US and (d) JP,
// claim 1 against abstract + description (claims hidden, also from the evidence), and the same
// claims against documents of another IPC section only. For every run the first K candidates by
// retrieval score are read passage by passage as the reference; each estimate variant is scored
// by
//   ○ precision   of the cells it reads ○ among those K, the share the passages find ○ (and ○ or △)
//   ○ recall      of the cells the passages find ○, the share it reads ○
//   agreement     the share of cells with the passages' verdict
//   nDCG@10 / ρ   its order of the K (match rate, then retrieval score) against the passages' match rates
//   known item    its place in the list as shown (list-figures.ts: charts' figures for the charted)
//   top-10 length mean characters (abstract + description) of the list's first ten
// and, per list head charted (HEADS=0,20,…: engine.ts CHARTING.head, list-figures.ts LIST_HEAD), the list as shown:
//   shown nDCG@10  its first ten against the passages' match rates (ideal: the best of those and the K)
//   misplaced      per run, pairs in its first 20 where an estimated document stands above a chart its passages rate higher
//   estimated      per run, documents of its first 20 shown with the estimate (no chart)
//   charts, time   charts per run, simulation time per run
//   npx tsx bench/priorart-list-estimate.ts   (N=<queries per set and half, 40>, K=40, UNRELATED=<runs per half, 20>,
//   SETS=a,d, HALVES=tuning,report, VARIANTS=plain×1,chance×1.2,… (below), PRIORART_DB=<loaded bench db>)
import type { Region } from '../src/patents/record.ts';
import { findPatentTexts } from '../src/patents/repository.ts';
import { termIndexOf, type TermIndex } from '../src/patents/term-index.ts';
import { matchRateOf, type CandidateDocument } from '../src/priorart/chart.ts';
import { simulate, type SimulationInput, type SimulationResult } from '../src/priorart/engine.ts';
import { documentCoverage, evidenceOf, termsOfElements, type LIST_ESTIMATE, type Verdict } from '../src/priorart/evidence.ts';
import { listedCandidates } from '../src/priorart/list-figures.ts';
import { storedLengths } from './lib/charted-hubs.ts';
import { anotherSection, halfOf, knownItemRows, priorartCorpus, sectionsOf, type Half } from './lib/priorart-corpus.ts';

const N = Number(process.env.N ?? 40);
const K = Number(process.env.K ?? 40);
const UNRELATED = Number(process.env.UNRELATED ?? 20);
const STRATEGY = 'normal' as const;
const HEADS = (process.env.HEADS ?? '0,20').split(',').map(Number);

/**
 * The estimate variants, VARIANTS=plain×1,chance×1.2,…: the share of each element's weight the whole
 * document holds (plain) or holds beyond chance (chance), judged at DISCLOSED_AT × the factor
 * (evidence.ts LIST_ESTIMATE).
 */
const variants = (process.env.VARIANTS ?? 'plain×1,chance×1,chance×1.2,chance×1.4').split(',').map((name) => {
  const [kind, scale] = name.split('×');
  return { name, estimate: { beyondChance: kind === 'chance', scale: Number(scale ?? 1) } as typeof LIST_ESTIMATE };
});

interface Tally {
  runs: number;
  estimatedDisclosed: number; alsoDisclosed: number; alsoFound: number;
  passageDisclosed: number; recalled: number;
  cells: number; agreeing: number;
  ndcg: number; rho: number;
  knownRuns: number; knownRr: number; knownFirst: number; knownTop10: number;
  top10Length: number;
}
const tally = (): Tally => ({ runs: 0, estimatedDisclosed: 0, alsoDisclosed: 0, alsoFound: 0, passageDisclosed: 0, recalled: 0, cells: 0, agreeing: 0, ndcg: 0, rho: 0, knownRuns: 0, knownRr: 0, knownFirst: 0, knownTop10: 0, top10Length: 0 });

/** Average ranks (ties share theirs), for Spearman's ρ. */
function ranksOf(values: number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((a, b) => b.value - a.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    for (let j = start; j <= end; j++) ranks[order[j]!.i] = (start + end) / 2;
    start = end + 1;
  }
  return ranks;
}
function spearman(x: number[], y: number[]): number {
  const rx = ranksOf(x), ry = ranksOf(y);
  const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const mx = mean(rx), my = mean(ry);
  let num = 0, dx = 0, dy = 0;
  for (let i = 0; i < x.length; i++) {
    num += (rx[i]! - mx) * (ry[i]! - my);
    dx += (rx[i]! - mx) ** 2;
    dy += (ry[i]! - my) ** 2;
  }
  return dx && dy ? num / Math.sqrt(dx * dy) : 0;
}
const dcg = (gains: number[]) => gains.slice(0, 10).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
const rateOf = (verdicts: readonly Verdict[]) => matchRateOf({ documentId: '', title: null, score: 0, subclasses: [], verdicts: verdicts.map((verdict, i) => ({ elementId: i, verdict })) });

/** One run's figures for every variant, the first K candidates read passage by passage; their verdicts, by document. */
async function measure(db: Parameters<typeof simulate>[0], region: Region, index: TermIndex, result: SimulationResult, known: string | null, lengths: Map<string, { length: number }>, tallies: Map<string, Tally>, timing: { ms: number; docs: number }): Promise<Map<string, Verdict[]>> {
  const elements = await termsOfElements(index, result.elements, region);
  const position = new Map(index.ids.map((id, doc) => [id, doc]));
  const top = result.candidates.slice(0, K);
  const texts = new Map((await findPatentTexts(db, top.map((candidate) => candidate.documentId))).map((text) => [text.id, text]));
  const passages = new Map<string, Verdict[]>();
  for (const candidate of top) {
    const started = performance.now();
    const evidence = await evidenceOf({ ...texts.get(candidate.documentId)!, claims: null }, elements, region, STRATEGY);
    timing.ms += performance.now() - started;
    timing.docs++;
    passages.set(candidate.documentId, evidence.map((e) => e.verdict));
  }
  for (const { name, estimate } of variants) {
    const t = tallies.get(name)!;
    t.runs++;
    const candidates: CandidateDocument[] = result.candidates.map((candidate) => {
      const verdicts = documentCoverage(index, position.get(candidate.documentId)!, elements, STRATEGY, estimate);
      return { ...candidate, verdicts, matchRate: rateOf(verdicts.map((v) => v.verdict)) };
    });
    const estimated = new Map(candidates.map((candidate) => [candidate.documentId, candidate]));
    for (const candidate of top) {
      const reference = passages.get(candidate.documentId)!;
      estimated.get(candidate.documentId)!.verdicts.forEach(({ verdict }, i) => {
        t.cells++;
        if (verdict === reference[i]) t.agreeing++;
        if (reference[i] === 'disclosed') t.passageDisclosed++;
        if (verdict !== 'disclosed') return;
        t.estimatedDisclosed++;
        if (reference[i] === 'disclosed') (t.alsoDisclosed++, t.recalled++);
        if (reference[i] !== 'not_found') t.alsoFound++;
      });
    }
    // The K by the estimate (then retrieval score) against the passages' match rates.
    const truth = top.map((candidate) => rateOf(passages.get(candidate.documentId)!));
    const guess = top.map((candidate) => estimated.get(candidate.documentId)!.matchRate + candidate.score * 1e-6);
    const byGuess = top.map((_, i) => i).sort((a, b) => guess[b]! - guess[a]!);
    const ideal = dcg([...truth].sort((a, b) => b - a));
    t.ndcg += ideal ? dcg(byGuess.map((i) => truth[i]!)) / ideal : 1;
    t.rho += spearman(guess, truth);
    // The list as shown: the charted documents with their charts' figures.
    const listed = listedCandidates({ candidates, charts: result.charts });
    t.top10Length += listed.slice(0, 10).reduce((sum, candidate) => sum + (lengths.get(candidate.documentId)?.length ?? 0), 0) / Math.max(1, Math.min(10, listed.length));
    if (known) {
      t.knownRuns++;
      const at = listed.findIndex((candidate) => candidate.documentId === known);
      if (at >= 0) t.knownRr += 1 / (at + 1);
      if (at === 0) t.knownFirst++;
      if (at >= 0 && at < 10) t.knownTop10++;
    }
  }
  return passages;
}

interface ShownTally { runs: number; ndcg: number; misplaced: number; estimated: number; charts: number; ms: number; knownRuns: number; knownRr: number; knownFirst: number }
const shownTally = (): ShownTally => ({ runs: 0, ndcg: 0, misplaced: 0, estimated: 0, charts: 0, ms: 0, knownRuns: 0, knownRr: 0, knownFirst: 0 });

/** The list as a simulation with its head charted shows it, against the passages (read on demand, cached per run). */
async function measureShown(result: SimulationResult, ms: number, known: string | null, truthOf: (ids: string[]) => Promise<Map<string, number>>, t: ShownTally) {
  const listed = listedCandidates(result);
  const first = listed.slice(0, 20);
  const truth = await truthOf([...new Set([...first.map((c) => c.documentId), ...result.candidates.slice(0, K).map((c) => c.documentId)])]);
  const gains = (ids: string[]) => ids.map((id) => truth.get(id) ?? 0);
  const ideal = dcg([...truth.values()].sort((a, b) => b - a));
  t.runs++;
  t.ndcg += ideal ? dcg(gains(first.slice(0, 10).map((c) => c.documentId))) / ideal : 1;
  first.forEach((upper, i) => {
    if (upper.charted) return;
    t.estimated++;
    for (const lower of first.slice(i + 1)) if (lower.charted && (truth.get(lower.documentId) ?? 0) > (truth.get(upper.documentId) ?? 0)) t.misplaced++;
  });
  t.charts += result.charts.length;
  t.ms += ms;
  if (known) {
    t.knownRuns++;
    const at = listed.findIndex((c) => c.documentId === known);
    if (at >= 0) t.knownRr += 1 / (at + 1);
    if (at === 0) t.knownFirst++;
  }
}
function reportShown(label: string, tallies: Map<number, ShownTally>) {
  for (const [head, t] of tallies) {
    const known = t.knownRuns ? `, known item MRR ${(t.knownRr / t.knownRuns).toFixed(3)}, first ${pct(t.knownFirst, t.knownRuns)}` : '';
    console.log(`${label} head ${String(head).padEnd(3)} runs ${t.runs}: shown nDCG@10 ${(t.ndcg / t.runs).toFixed(3)}, misplaced ${(t.misplaced / t.runs).toFixed(2)}, estimated in the first 20 ${(t.estimated / t.runs).toFixed(1)}, charts ${(t.charts / t.runs).toFixed(1)}, ${(t.ms / t.runs).toFixed(0)} ms a simulation${known}`);
  }
}

const pct = (x: number, n: number) => (n ? `${((100 * x) / n).toFixed(1)} %` : '–');
function report(label: string, tallies: Map<string, Tally>) {
  for (const [name, t] of tallies) {
    const known = t.knownRuns ? `, known item in the list: MRR ${(t.knownRr / t.knownRuns).toFixed(3)}, first ${pct(t.knownFirst, t.knownRuns)}, top 10 ${pct(t.knownTop10, t.knownRuns)}` : '';
    console.log(
      `${label} ${name.padEnd(16)} runs ${t.runs}: ○ precision ${pct(t.alsoDisclosed, t.estimatedDisclosed)} (○/△ ${pct(t.alsoFound, t.estimatedDisclosed)}) of ${t.estimatedDisclosed}, ○ recall ${pct(t.recalled, t.passageDisclosed)}, agreement ${pct(t.agreeing, t.cells)}, nDCG@10 ${(t.ndcg / t.runs).toFixed(3)}, ρ ${(t.rho / t.runs).toFixed(3)}${known}, top-10 length ${(t.top10Length / t.runs).toFixed(0)}`,
    );
  }
}

const { db, close } = await priorartCorpus();
try {
  const sets = new Set((process.env.SETS ?? 'a,d').split(','));
  for (const [set, region, label] of [['a', 'us', '(a) US'], ['d', 'jp', '(d) JP']] as Array<[string, Region, string]>) {
    if (!sets.has(set)) continue;
    const rows = await knownItemRows(db, region);
    const index = await termIndexOf(db, region, 'abstract_description');
    const lengths = await storedLengths(db, region);
    for (const half of (process.env.HALVES ?? 'tuning,report').split(',') as Half[]) {
      const known = new Map(variants.map(({ name }) => [name, tally()]));
      const unrelated = new Map(variants.map(({ name }) => [name, tally()]));
      const timing = { ms: 0, docs: 0 };
      const knownShown = new Map(HEADS.map((head) => [head, shownTally()]));
      const unrelatedShown = new Map(HEADS.map((head) => [head, shownTally()]));
      /** Each head's simulation of the input and its list as shown, the passages read once per input (`read`: measure's). */
      const shownOfHeads = async (input: SimulationInput, known: string | null, tallies: Map<number, ShownTally>, read: Map<string, Verdict[]>) => {
        const truth = new Map([...read].map(([id, verdicts]) => [id, rateOf(verdicts)]));
        let elements: Awaited<ReturnType<typeof termsOfElements>> | undefined;
        const truthOf = async (ids: string[]) => {
          const unread = ids.filter((id) => !truth.has(id));
          const texts = await findPatentTexts(db, unread);
          for (const text of texts) {
            const evidence = await evidenceOf({ ...text, claims: null }, elements!, region, STRATEGY);
            truth.set(text.id, rateOf(evidence.map((e) => e.verdict)));
          }
          return truth;
        };
        for (const head of HEADS) {
          const started = performance.now();
          const result = await simulate(db, { ...input, charting: { head } }).catch(() => null);
          if (!result) return;
          const ms = performance.now() - started;
          elements ??= await termsOfElements(index, result.elements, region);
          await measureShown(result, ms, known, truthOf, tallies.get(head)!);
        }
      };
      let unrelatedRuns = 0;
      for (const row of rows.filter((r) => halfOf(r.id) === half).slice(0, N)) {
        const input: SimulationInput = { lang: region, subjectMatter: row.claims[0]!, isAutoElementCutter: true, compared: 'abstract_description', strategy: STRATEGY, outputType: 1, fixedDocumentIds: [], populationIds: null };
        const result = await simulate(db, { ...input, charting: { head: 0 } }).catch(() => null);
        if (result) await shownOfHeads(input, row.id, knownShown, await measure(db, region, index, result, row.id, lengths, known, timing));
        const own = sectionsOf(row.ipc ?? row.cpc);
        if (unrelatedRuns >= UNRELATED || own.size === 0) continue;
        const unrelatedInput = { ...input, populationIds: anotherSection(index, own) };
        const other = await simulate(db, { ...unrelatedInput, charting: { head: 0 } }).catch(() => null);
        if (!other) continue;
        unrelatedRuns++;
        await shownOfHeads(unrelatedInput, null, unrelatedShown, await measure(db, region, index, other, null, lengths, unrelated, timing));
      }
      report(`${label} known item [${half}]`, known);
      report(`${label} another IPC section [${half}]`, unrelated);
      reportShown(`${label} known item [${half}] as shown`, knownShown);
      reportShown(`${label} another IPC section [${half}] as shown`, unrelatedShown);
      console.log(`${label} [${half}] passages read: ${timing.docs} documents, ${(timing.ms / Math.max(1, timing.docs)).toFixed(0)} ms each`);
    }
  }
} finally {
  await close();
}
