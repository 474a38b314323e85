// bench/priorart-quality: how well the examination simulation (src/priorart) finds and judges
// prior art, on evaluation sets built from ../shared/corpus only. Documents are split by a hash
// of their id: the "tuning" half is where thresholds may be chosen, the "report" half is what
// the figures below are quoted from (both printed, so a gap shows over-fitting).
//   (a) US known item: a document's claim 1 as input, abstract + description the only indexed
//       text of every document (claims hidden, also from the evidence); MRR, recall@10/@100,
//       document as main cited, rank distribution; and the same input against only documents
//       of another IPC section (population), which should rank D.
//   (b) examiner/applicant citations (priorart-gold) and topic judgements (topic-qrels).
//   (c) IPC subclass inference top-1/top-3 on held-out classified documents (US and JP), two
//       inputs: claims 1–3 (documents with claims) and title + abstract (every classified one),
//       beside an always-the-commonest-subclasses baseline and a uniform random one; each also
//       split into the documents with claims and description and the abstract-only ones.
//   (d) Japanese known item (jp-fulltext), as (a).
//   (a) and (d) also print the charts' hubness (bench/lib/charted-hubs.ts): the share of charted
//   slots the 5 most charted documents take, charted vs retrieved documents' mean length, and the
//   share of charted documents (the known item left out) that share the input's IPC subclass;
//   and the share of ○ cells in the known item's own chart and in the other charted documents, for
//   short preambles, numerical limitations and all elements (against another IPC section only,
//   every ○ of all elements is a false one: the false-○ proxy).
//   npm run bench:priorart-quality   (N=<queries per set>, PRIORART_DB=<loaded bench db> to reuse one, KEEP_DB=1 to keep it, SETS=a,b,c,d, HALVES=report for (a)/(d) on one half, SHOW_UNRELATED=1, SHOW_CELLS=<what> / SHOW_OWN=<what> to print others' ○ / the known item's own cells not ○, CHARTED_AMONG / BEYOND_CHANCE / CHARTED_IPC / CHARTED_IPC_FROM for engine.ts CHARTING, NAME_WORDS / NAME_WORDS_JA for evidence.ts NAME_RULE, LIMITS=0 for its LIMIT_RULE, PROXIMITY / PROXIMITY_JP for its PROXIMITY_RULE, HEAD_NOUN / HEAD_NOUN_JA =0|1 for its HEAD_RULE)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { analyzeField } from '../src/patents/analysis/index.ts';
import { inferIpc, IPC_CLASSIFIER_WEIGHT_CLAIMS, IPC_CLASSIFIER_WEIGHT_TEXT, IPC_COSINE_WEIGHT_CLAIMS, IPC_COSINE_WEIGHT_TEXT, IPC_TEXT_INDEX, subclassOf } from '../src/patents/ipc-inference.ts';
import type { Region } from '../src/patents/record.ts';
import { termIndexOf, type ComparedText } from '../src/patents/term-index.ts';
import type { Database } from '../src/platform/database.ts';
import { simulate, type SimulationInput } from '../src/priorart/engine.ts';
import { GENERIC_HEADS } from '../src/priorart/element-head.ts';
import { HEAD_RULE, LIMIT_RULE, NAME_RULE, PROXIMITY_RULE } from '../src/priorart/evidence.ts';
import { quantitiesOf } from '../src/priorart/numeric-limits.ts';
import { ChartedHubs, storedLengths } from './lib/charted-hubs.ts';
import { foldClassifiers, foldOf } from './lib/ipc-folds.ts';
import { anotherSection, corpusDir, halfOf, knownItemRows, priorartCorpus, sectionsOf, type Half, type KnownItemRow as Row } from './lib/priorart-corpus.ts';

const N = Number(process.env.N ?? 120);
/** The IPC/CPC subclasses of a corpus row's codes. */
const subclassesOf = (codes: readonly string[] | null | undefined) => new Set((codes ?? []).map(subclassOf));
/** CHARTED_AMONG=<factor> (Infinity: all candidates), BEYOND_CHANCE=0|1, CHARTED_IPC=<weight> and CHARTED_IPC_FROM=<vote share> vary how charted documents are chosen (engine.ts CHARTING). */
const CHARTING = {
  ...(process.env.CHARTED_AMONG ? { among: Number(process.env.CHARTED_AMONG) } : {}),
  ...(process.env.BEYOND_CHANCE ? { beyondChance: process.env.BEYOND_CHANCE === '1' } : {}),
  ...(process.env.CHARTED_IPC ? { ipc: Number(process.env.CHARTED_IPC) } : {}),
  ...(process.env.CHARTED_IPC_FROM ? { ipcFrom: Number(process.env.CHARTED_IPC_FROM) } : {}),
  // HEAD=<places> (0: off) and HEAD_CAP=<charts> vary the list's head charting (list-figures.ts LIST_HEAD).
  ...(process.env.HEAD ? { head: Number(process.env.HEAD) } : {}),
  ...(process.env.HEAD_CAP ? { headCap: Number(process.env.HEAD_CAP) } : {}),
  // HEAD_CITED=1: cited from every chart; =complete: a head chart that discloses every element may be the main cited one.
  ...(process.env.HEAD_CITED ? { headCited: process.env.HEAD_CITED === 'complete' ? ('complete' as const) : process.env.HEAD_CITED === '1' } : {}),
};
const pct = (x: number, n: number) => (n ? `${((100 * x) / n).toFixed(1)} %` : '–');
/** NAME_WORDS=<n> (0: off) varies evidence.ts NAME_RULE: how many words a preamble naming the claimed thing may have to be wanted whole. */
if (process.env.NAME_WORDS) NAME_RULE.words = Number(process.env.NAME_WORDS);
/** NAME_WORDS_JA=<n>: the same for Japanese gazettes (NAME_RULE.japaneseWords). */
if (process.env.NAME_WORDS_JA) NAME_RULE.japaneseWords = Number(process.env.NAME_WORDS_JA);
/** LIMITS=0 turns evidence.ts LIMIT_RULE (numerical limitations met by a stated quantity) off. */
if (process.env.LIMITS === '0') LIMIT_RULE.on = false;
/** PROXIMITY=n sets evidence.ts PROXIMITY_RULE's window for every region, PROXIMITY_JP for Japanese gazettes. */
if (process.env.PROXIMITY) for (const region of ['jp', 'us', 'cn'] as const) PROXIMITY_RULE.sentences[region] = Number(process.env.PROXIMITY);
if (process.env.PROXIMITY_JP) PROXIMITY_RULE.sentences.jp = Number(process.env.PROXIMITY_JP);
/** HEAD_NOUN=0|1 sets evidence.ts HEAD_RULE for US (an English element's head noun wanted in its passage), HEAD_NOUN_JA for Japanese. */
if (process.env.HEAD_NOUN) HEAD_RULE.regions.us = process.env.HEAD_NOUN === '1';
if (process.env.HEAD_NOUN_JA) HEAD_RULE.regions.jp = process.env.HEAD_NOUN_JA === '1';
/** HEAD_UNLESS=<share>: a passage holding this share of the element's weight discloses it without the head. */
if (process.env.HEAD_UNLESS) HEAD_RULE.unless = Number(process.env.HEAD_UNLESS);
/** HEAD_GENERIC=0: a generic English head ("pallet fork assembly") stays the head instead of its modifier (element-head.ts GENERIC_HEADS). */
if (process.env.HEAD_GENERIC === '0') GENERIC_HEADS.modifier = false;
/** Cells of some elements (short preambles; numerical limitations; all) and their ○, in the known item's own chart and in the others' charts. */
class ElementCells {
  own = { cells: 0, disclosed: 0 };
  others = { cells: 0, disclosed: 0 };
  constructor(
    private readonly what: string,
    private readonly selects: (element: Awaited<ReturnType<typeof simulate>>['elements'][number]) => boolean,
  ) {}
  add(result: Awaited<ReturnType<typeof simulate>>, knownId: string | null) {
    const selected = new Set(result.elements.filter(this.selects).map((element) => element.id));
    for (const chart of result.charts) {
      const tally = chart.documentId === knownId ? this.own : this.others;
      for (const cell of chart.evidence) {
        if (!selected.has(cell.elementId)) continue;
        tally.cells++;
        // SHOW_OWN=all: every element of a known item's own chart that is not ○, with the passage it was read in.
        if (cell.verdict !== 'disclosed' && tally === this.own && process.env.SHOW_OWN && this.what.startsWith(process.env.SHOW_OWN)) {
          const element = result.elements.find((e) => e.id === cell.elementId)!;
          console.log(`  ${cell.verdict} ${knownId} «${element.text.slice(0, 100)}» ${cell.passage?.kind ?? ''} ${cell.passage?.number ?? ''} ${cell.score}`);
        }
        if (cell.verdict !== 'disclosed') continue;
        tally.disclosed++;
        // SHOW_CELLS=numerical: every ○ of such an element in another document's chart, to read what met it.
        if (tally === this.others && process.env.SHOW_CELLS && this.what.startsWith(process.env.SHOW_CELLS)) {
          const element = result.elements.find((e) => e.id === cell.elementId)!;
          const met = cell.limit?.met?.map((quantity) => quantity.text).join(', ') ?? '';
          console.log(`  ○ ${knownId} «${element.text.slice(0, 80)}» in ${chart.documentId} ${cell.passage?.kind ?? ''} ${cell.passage?.number ?? ''}: ${met}`);
        }
      }
    }
  }
  report(label: string) {
    console.log(`${label} ${this.what}: ○ in the known item's own chart ${pct(this.own.disclosed, this.own.cells)} of ${this.own.cells}, in other charted documents ${pct(this.others.disclosed, this.others.cells)} of ${this.others.cells}`);
  }
}
const nameCells = () => new ElementCells('short preambles (names)', (element) => Boolean(element.preamble) && element.text.split(/\s+/).length <= 4 && [...element.text].length <= 40);
const limitCells = () => new ElementCells('numerical limitations', (element) => quantitiesOf(element.text).length > 0);
/** Every element's cells: ○ in other charted documents, and against another IPC section only, is the false-○ proxy. */
const allCells = () => new ElementCells('all elements', () => true);

async function knownItem(db: Database, region: Region, label: string) {
  const rows = await knownItemRows(db, region);
  const index = await termIndexOf(db, region, 'abstract_description');
  const unrelatedTried = Math.min(N, 40);
  const stored = await storedLengths(db, region);
  for (const half of (process.env.HALVES ?? 'tuning,report').split(',') as Half[]) {
    const sample = rows.filter((row) => halfOf(row.id) === half).slice(0, N);
    let rr = 0, at10 = 0, at100 = 0, main = 0, ab = 0, unrelatedD = 0, unrelatedN = 0, ms = 0;
    const ranks: Record<string, number> = { A: 0, B: 0, C: 0, D: 0 };
    const unrelatedRanks: Record<string, number> = { A: 0, B: 0, C: 0, D: 0 };
    const hubs = new ChartedHubs(stored);
    const unrelatedHubs = new ChartedHubs(stored);
    const names = nameCells();
    const unrelatedNames = nameCells();
    const limits = limitCells();
    const unrelatedLimits = limitCells();
    const all = allCells();
    const unrelatedAll = allCells();
    for (const [i, row] of sample.entries()) {
      const input: SimulationInput = { lang: region, subjectMatter: row.claims[0]!, isAutoElementCutter: true, compared: 'abstract_description', strategy: 'normal', outputType: 1, fixedDocumentIds: [], populationIds: null, charting: CHARTING };
      const started = performance.now();
      const result = await simulate(db, input).catch((error) => ({ error }));
      ms += performance.now() - started;
      if ('error' in result) continue;
      hubs.add(result, row.id, subclassesOf(row.ipc ?? row.cpc));
      names.add(result, row.id);
      limits.add(result, row.id);
      all.add(result, row.id);
      const position = result.candidates.findIndex((candidate) => candidate.documentId === row.id);
      if (position >= 0) rr += 1 / (position + 1);
      if (position >= 0 && position < 10) at10++;
      if (position >= 0 && position < 100) at100++;
      if (result.conclusion.mainDocumentId === row.id) {
        main++;
        if (result.conclusion.rank === 'A' || result.conclusion.rank === 'B') ab++;
      }
      ranks[result.conclusion.rank]!++;
      // The same claim against documents of other IPC sections only.
      const own = sectionsOf(row.ipc ?? row.cpc);
      if (i < unrelatedTried && own.size > 0) {
        const unrelated = await simulate(db, { ...input, populationIds: anotherSection(index, own) }).catch(() => null);
        if (unrelated) {
          unrelatedN++;
          unrelatedHubs.add(unrelated, row.id, subclassesOf(row.ipc ?? row.cpc));
          unrelatedNames.add(unrelated, null);
          unrelatedLimits.add(unrelated, null);
          unrelatedAll.add(unrelated, null);
          unrelatedRanks[unrelated.conclusion.rank]!++;
          if (unrelated.conclusion.rank === 'D') unrelatedD++;
          // SHOW_UNRELATED=1: which claim was not ranked D against another section, and by what.
          else if (process.env.SHOW_UNRELATED === '1') console.log(`  ${row.id} → ${unrelated.conclusion.rank} by ${unrelated.conclusion.mainDocumentId}: ${unrelated.elements.map((element) => element.text.slice(0, 40)).join(' | ')}`);
        }
      }
    }
    const n = sample.length;
    console.log(
      `${label} known item [${half}] n=${n}: MRR ${(rr / n).toFixed(3)} (goal ≥ 0.98), recall@10 ${pct(at10, n)}, recall@100 ${pct(at100, n)}, main cited ${pct(main, n)}, main cited with rank A/B ${pct(ab, n)} (goal ≥ 95 %), ranks ${JSON.stringify(ranks)}, ${(ms / n).toFixed(0)} ms/query`,
    );
    console.log(`${label} another IPC section only [${half}] n=${unrelatedN}: rank D ${pct(unrelatedD, unrelatedN)} (goal ≥ 95 %), ranks ${JSON.stringify(unrelatedRanks)}`);
    hubs.report(`${label} known item [${half}]`);
    unrelatedHubs.report(`${label} another IPC section only [${half}]`);
    names.report(`${label} known item [${half}]`);
    unrelatedNames.report(`${label} another IPC section only [${half}]`);
    limits.report(`${label} known item [${half}]`);
    unrelatedLimits.report(`${label} another IPC section only [${half}]`);
    all.report(`${label} known item [${half}]`);
    unrelatedAll.report(`${label} another IPC section only [${half}]`);
  }
}

async function citations(db: Database) {
  const gold = (await readFile(path.join(corpusDir, 'priorart-gold.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { query: string; cited: string[] });
  const index = await termIndexOf(db, 'us', 'full');
  const find = (written: string) => index.ids.findIndex((id) => id === written || id.startsWith(written));
  let pairs = 0, found10 = 0, found100 = 0, rr = 0;
  for (const { query, cited } of gold) {
    const row = (await db('patents').select('id', 'claims').where({ id: query }).first()) as Row | undefined;
    if (!row?.claims?.[0]) continue;
    const result = await simulate(db, { lang: 'us', subjectMatter: row.claims[0], isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 1, fixedDocumentIds: [], populationIds: null, excludeDocumentId: row.id }).catch(() => null);
    for (const written of cited) {
      const doc = find(written);
      if (doc < 0) continue;
      pairs++;
      const position = result?.candidates.findIndex((candidate) => candidate.documentId === index.ids[doc]) ?? -1;
      if (position >= 0) rr += 1 / (position + 1);
      if (position >= 0 && position < 10) found10++;
      if (position >= 0 && position < 100) found100++;
    }
  }
  console.log(`(b) citations (priorart-gold, query claim 1 vs full text): ${pairs} pairs, cited found in top 10 ${found10}, top 100 ${found100}, MRR ${(pairs ? rr / pairs : 0).toFixed(3)}`);
  const topics = (await readFile(path.join(corpusDir, 'topic-qrels.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { queryId: string; title: string; description: string; relevant: string[]; nonRelevant: string[] });
  for (const topic of topics) {
    const result = await simulate(db, { lang: 'us', subjectMatter: `${topic.title}\n${topic.description}`, isAutoElementCutter: false, compared: 'full', strategy: 'normal', outputType: 1, fixedDocumentIds: [], populationIds: null }).catch(() => null);
    const top = new Set(result?.candidates.slice(0, 20).map((candidate) => candidate.documentId) ?? []);
    const judged = (ids: string[]) => ids.filter((written) => [...top].some((id) => id === written || id.startsWith(written))).length;
    console.log(`(b) topic ${topic.queryId}: of the top 20, ${judged(topic.relevant)} judged relevant (of ${topic.relevant.length}), ${judged(topic.nonRelevant)} judged non-relevant (of ${topic.nonRelevant.length})`);
  }
}

/** Expected top-1/top-3 hits of a uniform random draw of distinct subclasses among `s`, for a document of `t` subclasses. */
const randomHits = (t: number, s: number) => ({ top1: t / s, top3: 1 - ((s - t) * (s - t - 1) * (s - t - 2)) / (s * (s - 1) * (s - 2)) });

interface IpcRow extends Row { title: string | null; abstract: string | null }

async function ipcAccuracy(db: Database, region: Region) {
  const rows: IpcRow[] = await db('patents').select('id', 'title', 'abstract', 'claims', 'ipc', 'cpc').where({ region }).whereRaw('coalesce(array_length(ipc, 1), 0) > 0').orderBy('id');
  const truthOf = (row: IpcRow) => new Set(row.ipc!.map(subclassOf));
  const allSubclasses = new Set(rows.flatMap((row) => [...truthOf(row)])).size;
  // Majority baseline: the subclasses most documents of the tuning half carry, always the same three.
  const frequency = new Map<string, number>();
  for (const row of rows) if (halfOf(row.id) === 'tuning') for (const code of truthOf(row)) frequency.set(code, (frequency.get(code) ?? 0) + 1);
  const majority = [...frequency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code).slice(0, 3);
  // Two protocols, each document left out: claims 1–3 (what a simulation's input looks like; only
  // documents with claims, over the full text as the simulation's claims) and title + abstract (an
  // abstract-style description; every classified document; over the region's IPC_TEXT_INDEX, as
  // the engine's inferIpcOfText).
  const protocols = [
    { name: 'claims 1–3', has: (row: IpcRow) => Boolean(row.claims?.[0]), text: (row: IpcRow) => row.claims.slice(0, 3).join('\n'), cap: N * 4, compared: 'full' as ComparedText, cosineWeight: IPC_COSINE_WEIGHT_CLAIMS, classifierWeight: IPC_CLASSIFIER_WEIGHT_CLAIMS },
    { name: 'title + abstract', has: (row: IpcRow) => Boolean(row.abstract), text: (row: IpcRow) => `${row.title ?? ''}\n${row.abstract}`, cap: Infinity, compared: IPC_TEXT_INDEX[region], cosineWeight: IPC_COSINE_WEIGHT_TEXT, classifierWeight: IPC_CLASSIFIER_WEIGHT_TEXT[region] },
  ];
  // The trained classifier judges a document only by a model that never saw it (bench/lib/ipc-folds.ts).
  for (const protocol of protocols) {
    const index = await termIndexOf(db, region, protocol.compared);
    const position = new Map(index.ids.map((id, doc) => [id, doc]));
    const folds = protocol.classifierWeight > 0 ? await foldClassifiers(index) : null;
    if (folds) console.log(`(c) IPC classifier ${region} over ${protocol.compared}: ${folds.models[0]!.features.size} features × ${folds.models[0]!.classes.length} subclasses, ${folds.cpuSeconds.toFixed(1)} s CPU per model (trained on 4/5 of the classified documents)`);
    for (const half of ['tuning', 'report'] as Half[]) {
      const sample = rows.filter((row) => halfOf(row.id) === half && protocol.has(row)).slice(0, protocol.cap);
      let top1 = 0, top3 = 0, top1Main = 0, major1 = 0, major3 = 0, random1 = 0, random3 = 0;
      const long = { n: 0, top1: 0, top3: 0 };
      for (const row of sample) {
        const terms = await analyzeField(protocol.text(row), region);
        const classifier = folds?.models[foldOf(row.id)];
        const predicted = (await inferIpc(index, terms, { leaveOut: position.get(row.id) ?? -1, cosineWeight: protocol.cosineWeight, classifierWeight: protocol.classifierWeight, classifier })).subclasses.map((entry) => entry.code);
        const truth = truthOf(row);
        const hit1 = truth.has(predicted[0] ?? '');
        const hit3 = predicted.slice(0, 3).some((code) => truth.has(code));
        if (hit1) top1++;
        if (hit3) top3++;
        if (row.claims?.[0]) {
          long.n++;
          if (hit1) long.top1++;
          if (hit3) long.top3++;
        }
        if (predicted[0] === subclassOf(row.ipc![0]!)) top1Main++;
        if (truth.has(majority[0]!)) major1++;
        if (majority.some((code) => truth.has(code))) major3++;
        const random = randomHits(truth.size, allSubclasses);
        random1 += random.top1;
        random3 += random.top3;
      }
      const n = sample.length;
      console.log(
        `(c) IPC subclass ${region} [${half}] n=${n} (input: ${protocol.name}, index ${protocol.compared}, the document itself left out, cosine vote weight ${protocol.cosineWeight}, classifier weight ${protocol.classifierWeight}): top-1 ${pct(top1, n)} (goal ≥ 75 %), top-3 ${pct(top3, n)} (goal ≥ 90 %), top-1 = first-listed subclass ${pct(top1Main, n)}; documents with claims ${pct(long.top1, long.n)} / ${pct(long.top3, long.n)} (n ${long.n}), abstract-only ${pct(top1 - long.top1, n - long.n)} / ${pct(top3 - long.top3, n - long.n)}; baselines: always ${majority.join(', ')} ${pct(major1, n)} / ${pct(major3, n)}, uniform random over ${allSubclasses} subclasses ${pct(random1, n)} / ${pct(random3, n)}`,
      );
    }
  }
}

const SETS = new Set((process.env.SETS ?? 'a,b,c,d').split(','));
const { db, close } = await priorartCorpus();
try {
  const counts = (await db('patents').select('region').count({ n: '*' }).groupBy('region')) as Array<{ region: string; n: string }>;
  console.log(`bench/priorart-quality — corpus ${counts.map((c) => `${c.region} ${c.n}`).join(', ')}; ${N} queries per set and half`);
  if (SETS.has('a')) await knownItem(db, 'us', '(a) US');
  if (SETS.has('d')) await knownItem(db, 'jp', '(d) JP');
  if (SETS.has('b')) await citations(db);
  if (SETS.has('c')) await ipcAccuracy(db, 'us');
  if (SETS.has('c')) await ipcAccuracy(db, 'jp');
} finally {
  await close();
}
