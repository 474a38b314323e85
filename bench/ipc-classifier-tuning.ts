// bench/ipc-classifier-tuning: chooses the IPC classifier's hyperparameters (ipc-classifier.ts)
// and its weight beside the BM25 and cosine votes (ipc-inference.ts) on the TUNING half only
// (halves as bench/priorart-quality.ts splits them). Input: a classified document's title +
// abstract, the document left out of the votes; the classifier that judges it was trained
// without its fold (bench/lib/ipc-folds.ts), so no document is judged by a model that saw it.
//   PRIORART_DB=<loaded bench db> npx tsx bench/ipc-classifier-tuning.ts
//   (REGIONS=us,jp; GRID='{"epochs":[5,10],"balance":[0,0.5]}' crosses classifier options;
//   COSINE=0,1 CLASSIFIER=0,2,4 weights; PRIOR=0,0.2 divides each subclass's score by its number
//   of classified documents to that power, GATE=0.3 only where the best combined score (over the
//   weights' sum) is below it; HIER=0.1 adds that share of the IPC class's summed score (H01 for
//   H01M); COOC=1 reorders ranks 2–3 by score · (1 − P(first subclass | this one))^COOC, for
//   when the first is wrong; CPRIOR=0.25 divides the classifier's probabilities alone by that
//   power of the subclass's documents and renormalises (logit adjustment); BREAKDOWN=1 adds (documents with claims; abstract-only); DUMP=1
//   prints the top-3 misses; INPUT=claims for claims 1–3; INDEX=full votes and trains over that
//   index instead of the region's IPC_TEXT_INDEX (claims 1–3: full).)
// Also tried with it and rejected (US, tuning half, cosine 1, classifier 4 unless said):
//   - PRIOR 0.1–0.5 (full index: best cell 71.1/85.5 at 0.1 with cosine 0.5 against 70.4/86.2
//     without: within the noise of n 1,164, one more constant; 0.3 and above lower both; on
//     title_abstract 0.1: 71.6/86.9 against 71.0/87.1). GATE 0.2–0.4 with PRIOR 0.1–0.5: no cell
//     above 71.2/86.9 (full index); the documents with claims gain 3–6 points, the abstract-only lose.
//   - CPRIOR 0.25 / 0.5 / 0.75 / 1 (title_abstract, classifier 4): 71.6/86.9, 70.4/86.6,
//     69.7/86.0, 69.2/85.8 against 71.0/87.1: 0.25 is 7 documents better at top-1 and 2 worse at
//     top-3, the size of PRIOR 0.1's gain: noise, one more constant.
//   - HIER 0.1 / 0.3: 70.3/86.2, 70.3/85.7 against 70.4/86.2 (full index).
//   - COOC 0.5 / 1 / 2 (co-occurrence): 70.4/86.1, 85.7, 85.2 against 86.2: every strength
//     lowers top-3 (preferring subclasses that do co-occur with the first lowers it more: they
//     are wrong together).
//   - the long documents' cosine vectors cut to their 30 / 60 / 100 weightiest terms (best cells
//     70.4/85.8–86.0 against 70.4/86.2 whole), and the cosine vote's k and power chosen anew
//     beside the classifier (k 10 / 20 / 30 / 40 × power 1 / 2 / 3: every US best cell
//     69.8–70.9 / 85.7–86.3; JP no better than k 20, power 2 beyond one or two of its 136
//     documents), and INDEX=claims_abstract (US votes alone 69.2/86.0, with the classifier
//     70.0–70.9 / 86.5–87.1, the documents with claims no better, 19–21 %; JP 54.4/64.0 against
//     56.6/63.2). INDEX=title_abstract was adopted for US (IPC_TEXT_INDEX).
import { createHash } from 'node:crypto';
import { analyzeField } from '../src/patents/analysis/index.ts';
import { classifyIpc, CLASSIFIER_DEFAULTS, type TrainingOptions } from '../src/patents/ipc-classifier.ts';
import { cosineVote, ipcNeighbours, IPC_TEXT_INDEX, subclassOf, voteIpc } from '../src/patents/ipc-inference.ts';
import type { Region } from '../src/patents/record.ts';
import { termIndexOf, type ComparedText } from '../src/patents/term-index.ts';
import { foldClassifiers, foldOf } from './lib/ipc-folds.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';

const tuning = (id: string) => createHash('sha1').update(id).digest()[0]! % 2 === 0;
const claimsInput = process.env.INPUT === 'claims';
const grid: Record<string, number[]> = JSON.parse(process.env.GRID ?? '{}');
const configs: TrainingOptions[] = [{}];
for (const [key, values] of Object.entries(grid)) {
  const expanded = configs.splice(0).flatMap((config) => values.map((value) => ({ ...config, [key]: value })));
  configs.push(...expanded);
}
const list = (name: string, fallback: number[]) => (process.env[name] ? process.env[name]!.split(',').map(Number) : fallback);
const COSINE = list('COSINE', [0, 0.5, 1, 2]);
const CLASSIFIER = list('CLASSIFIER', [0, 0.25, 0.5, 1, 2, 4, 1000]);
const PRIOR = list('PRIOR', [0]);
const HIER = list('HIER', [0]);
const COOC = list('COOC', [0]);
const GATE = list('GATE', [0]);
const CPRIOR = list('CPRIOR', [0]);

const { db, close } = await priorartCorpus();
try {
  for (const region of (process.env.REGIONS ?? 'us,jp').split(',') as Region[]) {
    const index = await termIndexOf(db, region, (process.env.INDEX ?? (claimsInput ? 'full' : IPC_TEXT_INDEX[region])) as ComparedText);
    const position = new Map(index.ids.map((id, doc) => [id, doc]));
    const rows: Array<{ id: string; title: string | null; abstract: string | null; claims: string[] | null; ipc: string[] }> = await db('patents')
      .select('id', 'title', 'abstract', 'claims', 'ipc')
      .where({ region })
      .whereRaw('coalesce(array_length(ipc, 1), 0) > 0')
      .orderBy('id');
    // How many classified documents hold each subclass (a document's own classes not counted for it).
    const holders = new Map<string, number>();
    const pairs = new Map<string, number>();
    for (const row of rows) {
      const codes = [...new Set(row.ipc.map(subclassOf))];
      for (const code of codes) holders.set(code, (holders.get(code) ?? 0) + 1);
      for (const a of codes) for (const b of codes) if (a !== b) pairs.set(`${a} ${b}`, (pairs.get(`${a} ${b}`) ?? 0) + 1);
    }
    const sample = rows.filter((row) => tuning(row.id) && (claimsInput ? row.claims?.[0] : row.abstract));
    const inputs = [];
    for (const row of sample) {
      const terms = await analyzeField(claimsInput ? row.claims!.slice(0, 3).join('\n') : `${row.title ?? ''}\n${row.abstract}`, region);
      const leaveOut = position.get(row.id) ?? -1;
      const bm25 = new Map(voteIpc(index, await ipcNeighbours(index, terms, leaveOut), Number.MAX_SAFE_INTEGER).subclasses.map((e) => [e.code, e.score]));
      const cosine = (await cosineVote(index, terms, leaveOut)).subclasses;
      inputs.push({ row, terms, bm25, cosine, truth: new Set(row.ipc.map(subclassOf)) });
    }
    console.log(`${region}: ${sample.length} tuning-half documents (${claimsInput ? 'claims 1–3' : 'title + abstract'}), ${index.classes.filter((c) => c.length).length} classified`);
    for (const config of configs) {
      const { models, cpuSeconds } = await foldClassifiers(index, config);
      const probabilities = inputs.map(({ row, terms }) => classifyIpc(models[foldOf(row.id)]!, index, terms));
      const lines = [];
      for (const prior of PRIOR) for (const cw of COSINE) for (const hier of HIER) for (const cooc of COOC) for (const gate of GATE) for (const cprior of CPRIOR) {
        const cells = [];
        for (const kw of CLASSIFIER) {
          let top1 = 0, top3 = 0, long1 = 0, long3 = 0, longN = 0;
          inputs.forEach(({ row, bm25, cosine, truth }, i) => {
            const long = Boolean(row.claims?.[0]);
            if (long) longN++;
            const votes = new Map(bm25);
            for (const [code, v] of cosine) votes.set(code, (votes.get(code) ?? 0) + cw * v);
            // CPRIOR: the classifier's probabilities divided by its training prior to that power, renormalised (logit adjustment).
            let adjusted = probabilities[i]!;
            if (cprior) {
              const raw = [...adjusted].map(([code, v]) => [code, v / Math.pow(Math.max(1, (holders.get(code) ?? 0) - (truth.has(code) ? 1 : 0)), cprior)] as const);
              const sum = raw.reduce((a, [, v]) => a + v, 0);
              adjusted = new Map(raw.map(([code, v]) => [code, v / sum]));
            }
            for (const [code, v] of adjusted) votes.set(code, (votes.get(code) ?? 0) + kw * v);
            const top = Math.max(...votes.values()) / (1 + cw + kw);
            if (prior && (!gate || top < gate)) for (const [code, v] of votes) votes.set(code, v / Math.pow(Math.max(1, (holders.get(code) ?? 0) - (truth.has(code) ? 1 : 0)), prior));
            if (hier) {
              const byClass = new Map<string, number>();
              for (const [code, v] of votes) byClass.set(code.slice(0, 3), (byClass.get(code.slice(0, 3)) ?? 0) + v);
              for (const [code, v] of votes) votes.set(code, v + hier * byClass.get(code.slice(0, 3))!);
            }
            const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code);
            if (cooc && ranked.length > 1) {
              // Ranks 2–3 for when the first is wrong: a subclass's score times how rarely it comes with the first (its own document not counted).
              const first = ranked[0]!;
              const own = (code: string) => (truth.has(code) ? 1 : 0);
              const rest = ranked.slice(1).map((code) => {
                const n = (holders.get(code) ?? 0) - own(code);
                const both = (pairs.get(`${code} ${first}`) ?? 0) - own(code) * own(first);
                return [code, votes.get(code)! * Math.pow(1 - (n > 0 ? both / n : 0), cooc)] as const;
              });
              rest.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
              ranked.splice(1, ranked.length, ...rest.map(([code]) => code));
            }
            if (process.env.DUMP && kw === CLASSIFIER[0] && !ranked.slice(0, 3).some((code) => truth.has(code))) console.log(`miss ${row.id} ${long ? 'long' : 'abs'} truth ${[...truth].join(',')} (holders ${[...truth].map((c) => (holders.get(c) ?? 0) - 1).join(',')}) got ${ranked.slice(0, 3).map((c) => `${c}:${votes.get(c)!.toFixed(2)}`).join(' ')} | ${row.title}`);
            if (truth.has(ranked[0]!)) (top1++, long && long1++);
            if (ranked.slice(0, 3).some((code) => truth.has(code))) (top3++, long && long3++);
          });
          cells.push(`${kw}: ${((100 * top1) / inputs.length).toFixed(1)}/${((100 * top3) / inputs.length).toFixed(1)}` + (process.env.BREAKDOWN ? ` (${((100 * long1) / longN).toFixed(0)}/${((100 * long3) / longN).toFixed(0)}; ${((100 * (top1 - long1)) / (inputs.length - longN)).toFixed(1)}/${((100 * (top3 - long3)) / (inputs.length - longN)).toFixed(1)})` : ''));
        }
        lines.push(`  prior ${prior} cosine ${cw} hier ${hier} cooc ${cooc} gate ${gate} cprior ${cprior} | classifier ${cells.join('  ')}`);
      }
      console.log(`${region} ${JSON.stringify({ ...CLASSIFIER_DEFAULTS, ...config })}: ${cpuSeconds.toFixed(1)} s CPU per model, ${models[0]!.features.size} features × ${models[0]!.classes.length} subclasses`);
      console.log(lines.join('\n'));
    }
  }
} finally {
  await close();
}
