// The most likely IPC subclasses (and main groups) of a text: a vote of its nearest
// classified neighbours by BM25 (term-index.ts), each neighbour's vote weighted by its score (sharpened) and
// shared among its own classes, the first class counting double (the office's main class); for a
// text alone (an abstract-style description) also a vote of its nearest by tf-idf cosine and, for
// US, the probabilities of a trained classifier (ipc-classifier.ts).
// Used by the examination simulation to focus retrieval and shown to the user; the detailed
// search and creation support can ask for it too. Figures: bench/priorart-quality.ts.
import { turnTaker } from '../platform/turns.ts';
import { classifyIpc, ipcClassifierOf, type IpcClassifier } from './ipc-classifier.ts';
import type { Region } from './record.ts';
import { idfOf, rankByBm25, type ComparedText, type TermIndex } from './term-index.ts';

export interface InferredClass {
  /** 'H01M' (subclass) or 'H01M 10/00' (main group). */
  code: string;
  /** Share of the neighbours' vote, 0–1. */
  score: number;
}

export interface InferredIpc {
  subclasses: InferredClass[];
  mainGroups: InferredClass[];
  /** Why none was inferred: the region's classes name one field only, or no classified document is near the text (nearOnly). */
  none?: 'oneField' | 'far';
}

/**
 * Neighbours that vote, and how sharply a neighbour's vote falls with its score (weight =
 * (score / best score)^IPC_SHARPNESS). Chosen on the tuning half of the classified documents
 * (claims 1–3 as input, the document left out): k 20 with votes in proportion to the score gave
 * JP top-1 27.3 % / top-3 49.6 %, US 21.6 / 33.6 %; k 10 with the 4th power JP 49.6 / 57.6 %,
 * US 25.0 / 37.1 % (k 5–40 and powers 0–4 tried). Report-half figures: README.
 * Limits of the US figure: 227 US documents carry both IPC and claims (146 subclasses); 13–17 % of
 * them share no subclass with any other classified document (a ceiling of ~83–87 % top-1 for
 * any method learning from this corpus) and 2,041 of the 2,268 classified US documents are
 * abstract-only (mostly water treatment). Tried on the tuning half and not adopted for claims: tf-idf
 * cosine k-NN (US top-1 11–16 %; adopted for a title + abstract, see IPC_COSINE_WEIGHT_TEXT), multinomial naive Bayes (21–22 %), subclass centroids (Rocchio: tuning
 * 31.0 / 37.9 %, but report half only 19.8 / 34.2 % against 17.1 / 31.5 %, JP report top-1 59.2 →
 * 57.0 % and the JP known-item MRR below its 0.98 goal, 0.982 → 0.978).
 */
export const IPC_NEIGHBOURS = 10;
export const IPC_SHARPNESS = 4;

/** 'H01M 10/0525' → 'H01M'; 'H01M10/0525' too. */
export const subclassOf = (code: string): string => code.replace(/\s+/g, '').slice(0, 4).toUpperCase();

/** 'H01M 10/0525' → 'H01M 10/00'. */
export function mainGroupOf(code: string): string | null {
  const match = /^([A-H]\d{2}[A-Z])\s*0*(\d{1,4})\s*\/\s*\d+/i.exec(code.trim());
  return match ? `${match[1]!.toUpperCase()} ${match[2]}/00` : null;
}

/** The vote over neighbours already ranked (rankByBm25 results), for callers that ranked them anyway. */
export function voteIpc(index: TermIndex, neighbours: ReadonlyArray<{ doc: number; score: number }>, limit = 5): InferredIpc {
  const subclasses = new Map<string, number>();
  const groups = new Map<string, number>();
  let total = 0;
  const best = neighbours[0]?.score || 1;
  for (const { doc, score: raw } of neighbours.slice(0, IPC_NEIGHBOURS)) {
    const classes = index.classes[doc]!;
    if (classes.length === 0) continue;
    const score = Math.pow(raw / best, IPC_SHARPNESS);
    total += score;
    const weights = classes.map((_, i) => (i === 0 ? 2 : 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    const seen = new Set<string>();
    classes.forEach((code, i) => {
      const subclass = subclassOf(code);
      const share = (score * weights[i]!) / sum;
      if (!seen.has(subclass)) subclasses.set(subclass, (subclasses.get(subclass) ?? 0) + share);
      seen.add(subclass);
      const group = mainGroupOf(code);
      if (group) groups.set(group, (groups.get(group) ?? 0) + share);
    });
  }
  const ranked = (votes: Map<string, number>) =>
    [...votes]
      .map(([code, vote]) => ({ code, score: total ? vote / total : 0 }))
      .sort((a, b) => b.score - a.score || a.code.localeCompare(b.code))
      .slice(0, limit);
  return { subclasses: ranked(subclasses), mainGroups: ranked(groups) };
}

const classifiedDocs = new WeakMap<TermIndex, Set<number>>();
/** The documents of the index that carry a class: only they may vote (6 in 7 US documents of the shared corpus carry none, so the plain nearest 20 held 2–3 voters). */
export function classifiedOf(index: TermIndex): Set<number> {
  let docs = classifiedDocs.get(index);
  if (!docs) {
    docs = new Set(index.classes.flatMap((classes, doc) => (classes.length ? [doc] : [])));
    classifiedDocs.set(index, docs);
  }
  return docs;
}

/** The nearest classified documents of analysed text, for voteIpc; `leaveOut` (a document's own position) never votes. */
export async function ipcNeighbours(index: TermIndex, terms: readonly string[], leaveOut = -1): Promise<Array<{ doc: number; score: number }>> {
  return (await rankByBm25(index, terms, { limit: IPC_NEIGHBOURS + 1, only: classifiedOf(index) })).filter((entry) => entry.doc !== leaveOut).slice(0, IPC_NEIGHBOURS);
}

/**
 * A second vote, over tf-idf cosine ((1 + log tf) · idf, both sides of unit length): BM25 lets
 * the long documents (the few with claims and description) match every short text, so an
 * abstract-style input found them instead of its like. The nearest IPC_COSINE_NEIGHBOURS
 * classified documents vote (similarity)^IPC_COSINE_POWER for each of their subclasses and main
 * groups. k 20 and power 2 were the best of k 5–30 × powers 1–4 for a cosine k-NN alone on the
 * tuning half (title + abstract as input, the document left out; US top-1 68.3 %, top-3 85.7 %).
 */
export const IPC_COSINE_NEIGHBOURS = 20;
export const IPC_COSINE_POWER = 2;
/**
 * How much the cosine vote counts beside the BM25 one, per use; bench/priorart-quality.ts (c),
 * tuning half, top-1 / top-3, cosine weight 0 / 0.25 / 0.5 / 1:
 *   title + abstract, US  31.4/44.2  46.8/74.1  63.8/80.6  68.3/83.7   (2: 67.9/84.7)
 *   title + abstract, JP  51.5/59.6  52.9/62.5  55.1/63.2  56.6/63.2   (2: 55.9/65.4)
 *   claims 1–3, US        21.6/37.1  23.3/31.9  19.8/34.5  15.5/35.3   (2: 13.8/34.5)
 *   claims 1–3, JP        48.9/57.6  50.4/59.7  50.4/59.7  52.5/61.9   (2: 54.7/61.2)
 * A text alone (the detailed search's IPC field, creation support's technical field: an
 * abstract-style description) takes the cosine vote at full weight. The simulation's input is a
 * claim, where every weight above 0 cost US top-1 or top-3 on the tuning half: it keeps the
 * BM25 vote alone (and so the known-item figures of sets a and d).
 */
export const IPC_COSINE_WEIGHT_TEXT = 1;
export const IPC_COSINE_WEIGHT_CLAIMS = 0;

/**
 * How much the trained classifier (ipc-classifier.ts: softmax regression over tf-idf) counts
 * beside the two votes, per region, for a text alone. bench/ipc-classifier-tuning.ts, tuning
 * half, title + abstract, cosine weight 1, classifier weight 0 / 1 / 2 / 4 / 8 / alone:
 *   US  68.3/83.7  69.8/85.0  70.0/85.2  70.4/86.2  70.0/86.2  68.8/85.7
 *   JP  56.6/63.2  56.6/63.2  55.9/63.2  55.1/63.2  54.4/63.2
 * (cosine 0.5 with weight 2: US 70.9/85.5, but JP 55.1/63.2.) US: 2,268 classified documents,
 * ~9 per subclass; JP: 281 in 136 subclasses, too few per subclass to learn from, so it keeps the
 * votes alone (and spends no training). CN: no classified set to measure on (cn-text is all G06F).
 * The gain is in the abstract-only US documents (top-1 74.0 → 76.5 %, top-3 89.5 → 92.5 %); the
 * 116 with claims and description stay at 15–20 / 28–31 % (the ceiling analysis: README).
 */
export const IPC_CLASSIFIER_WEIGHT_TEXT: Readonly<Record<Region, number>> = { us: 4, jp: 0, cn: 0 };
/**
 * The index a text alone is inferred over (its votes and its classifier), per region. US: the
 * classified documents' title and abstract only, the same kind of text as the input: over the
 * full text the 227 documents with claims and description had long, diluted vectors (and BM25
 * lengths) unlike a short input, so a text of their field rarely found them, and their
 * classifier examples were their description's weightiest terms. bench/ipc-classifier-tuning.ts,
 * tuning half, title + abstract, cosine 1, classifier 0 / 2 / 4 / 8, full → title_abstract:
 *   all          68.3/83.7  70.0/85.2  70.4/86.2  70.0/86.2  →  69.2/85.6  71.2/86.5  71.0/87.1  70.4/87.0
 *   with claims  16/31      15/28      16/29      15/28      →  19/32      22/31      19/33      22/33
 * (every cosine 0.5 / 1 / 2 × classifier 2 / 4 / 8 cell better by 0.4–1.6 top-1, 0.3–1.3 top-3;
 * the classifier's options measured again on it, minDocs 1 / 2 × epochs 10 / 20 × balance 0 / 0.5:
 * the defaults stay the best or within 0.3; cosine and classifier weights stay 1 and 4, whose
 * top-3 is the best.) The report half does not confirm an accuracy gain (bench/priorart-quality.ts
 * (c): full 70.2/85.4, title_abstract 69.8/85.4; documents with claims 18/27 → 17.1/26.1 %):
 * kept because a text alone no longer needs the full-text index on first use. US, whole
 * corpus, loadavg ~3: title_abstract index 0.6 s CPU, ~23 MB, classifier 2.0 s CPU over 4,212
 * features; full index 5.3 s CPU, ~165 MB, classifier 3.1 s over 12,543 features (the
 * simulation builds the full index anyway, so with both alive it is ~23 MB more).
 * JP (136 tuning documents, all with claims and description; votes alone, cosine 1): full
 * 56.6/63.2, title_abstract 53.7/66.2: no clear gain, so JP keeps the full text (and one index).
 * CN: nothing classified to measure on: full.
 */
export const IPC_TEXT_INDEX: Readonly<Record<Region, ComparedText>> = { us: 'title_abstract', jp: 'full', cn: 'full' };
/**
 * The simulation's claims: 0. US claims 1–3, tuning half, BM25 vote alone plus the classifier at
 * 0 / 0.25 / 0.5 / 1 / 2 / 4: 21.6/37.1  24.1/37.1  25.9/37.9  24.1/36.2  23.3/34.5  18.1/31.0
 * (n 116: 0.5 is 5 documents better, not adopted, as it would move the known-item sets a and d).
 */
export const IPC_CLASSIFIER_WEIGHT_CLAIMS = 0;

/** Per index: each classified document's vector length (for the cosine), computed once. */
const cosineNorms = new WeakMap<TermIndex, Float64Array>();
async function normsOf(index: TermIndex): Promise<Float64Array> {
  let norms = cosineNorms.get(index);
  if (norms) return norms;
  const classified = classifiedOf(index);
  const squares = new Float64Array(index.ids.length);
  const turn = turnTaker();
  for (const [term, id] of index.terms) {
    if ((id & 1023) === 0) await turn();
    const idf = idfOf(index, term);
    const docs = index.postingDocs[id]!;
    const freqs = index.postingFreqs[id]!;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k]!;
      if (!classified.has(doc)) continue;
      const weight = (1 + Math.log(freqs[k]!)) * idf;
      squares[doc] = squares[doc]! + weight * weight;
    }
  }
  norms = squares.map(Math.sqrt);
  cosineNorms.set(index, norms);
  return norms;
}

/** The cosine vote: subclass and main-group shares, 0–1. */
export async function cosineVote(index: TermIndex, terms: readonly string[], leaveOut: number): Promise<{ subclasses: Map<string, number>; groups: Map<string, number> }> {
  const norms = await normsOf(index);
  const classified = classifiedOf(index);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const scores = new Map<number, number>();
  let queryNorm = 0;
  const turn = turnTaker();
  for (const [term, count] of counts) {
    await turn();
    const id = index.terms.get(term);
    if (id === undefined) continue;
    const idf = idfOf(index, term);
    const weight = (1 + Math.log(count)) * idf;
    queryNorm += weight * weight;
    const docs = index.postingDocs[id]!;
    const freqs = index.postingFreqs[id]!;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k]!;
      if (doc === leaveOut || !classified.has(doc)) continue;
      scores.set(doc, (scores.get(doc) ?? 0) + weight * (1 + Math.log(freqs[k]!)) * idf);
    }
  }
  const nearest = [...scores]
    .map(([doc, dot]) => ({ doc, similarity: dot / (Math.sqrt(queryNorm) * norms[doc]! || 1) }))
    .sort((a, b) => b.similarity - a.similarity || a.doc - b.doc)
    .slice(0, IPC_COSINE_NEIGHBOURS);
  const subclasses = new Map<string, number>();
  const groups = new Map<string, number>();
  let total = 0;
  for (const { doc, similarity } of nearest) {
    const weight = Math.pow(similarity, IPC_COSINE_POWER);
    total += weight;
    const codes = index.classes[doc]!;
    for (const subclass of new Set(codes.map(subclassOf))) subclasses.set(subclass, (subclasses.get(subclass) ?? 0) + weight);
    for (const group of new Set(codes.map(mainGroupOf).filter((g): g is string => g !== null))) groups.set(group, (groups.get(group) ?? 0) + weight);
  }
  for (const votes of [subclasses, groups]) for (const [code, vote] of votes) votes.set(code, total ? vote / total : 0);
  return { subclasses, groups };
}

export interface InferOptions {
  limit?: number;
  /** A document's own position in the index, which never votes (benchmarks, "similar to this document"). */
  leaveOut?: number;
  /** IPC_COSINE_WEIGHT_TEXT (the default) or IPC_COSINE_WEIGHT_CLAIMS. */
  cosineWeight?: number;
  /** The region's IPC_CLASSIFIER_WEIGHT_TEXT (the default) or IPC_CLASSIFIER_WEIGHT_CLAIMS. */
  classifierWeight?: number;
  /** Infer nothing when the classified documents are not near the text (IPC_NEAR_ENOUGH): the simulation's field. */
  nearOnly?: boolean;
  /** A classifier trained without the documents a benchmark holds out; the index's own (trained on first use) by default. */
  classifier?: IpcClassifier;
}

/**
 * The IPC of analysed text (the tokens the index's region analyses with): the BM25 vote, the
 * cosine vote (cosineWeight) and the classifier's probabilities (classifierWeight, subclasses
 * only) added, scores again 0–1.
 */
/**
 * Whether a region's classified documents tell subclasses apart at all. The demo's Chinese
 * records carry one class only (cn-text's CPC G06F): their vote named G06F 82 % for a washer-dryer
 * (CN107541890A), shown as the invention's field and nudging its candidates towards computers.
 * Such a region infers nothing.
 */
const discriminating = new WeakMap<TermIndex, boolean>();
function tellsSubclassesApart(index: TermIndex): boolean {
  let known = discriminating.get(index);
  if (known === undefined) {
    let first: string | undefined;
    known = index.classes.some((codes) => codes.some((code) => (first ??= subclassOf(code)) !== subclassOf(code)));
    discriminating.set(index, known);
  }
  return known;
}

/**
 * The nearest classified document must score at least this share of the nearest document of all
 * (BM25, the text's own left out) for the classified ones to say the text's field. On the shared
 * corpus (claim 1 of every classified document with claims, left out; both halves) the share is
 * never under 0.5 (US 0.5–1.0, JP 0.9–1.0), so the benchmarks' figures are unchanged. In the
 * demo store, where 21 of 1,018 US documents carry a class, a Japanese lithium-ion battery claim
 * on US documents scored 0.44 and was given B32B 32 %, B26B 13 % (laminates, cutting tools), which
 * also nudged its candidates towards them; half of the demo's US claims score under 0.32.
 */
export const IPC_NEAR_ENOUGH = 0.5;

export async function inferIpc(index: TermIndex, terms: readonly string[], options: InferOptions = {}): Promise<InferredIpc> {
  if (!tellsSubclassesApart(index)) return { subclasses: [], mainGroups: [], none: 'oneField' };
  const { limit = 5, leaveOut = -1, cosineWeight = IPC_COSINE_WEIGHT_TEXT, classifierWeight = IPC_CLASSIFIER_WEIGHT_TEXT[index.region] } = options;
  const neighbours = await ipcNeighbours(index, terms, leaveOut);
  if (options.nearOnly) {
    const nearest = (await rankByBm25(index, terms, { limit: 2 })).find((entry) => entry.doc !== leaveOut);
    if (nearest && (neighbours[0]?.score ?? 0) < IPC_NEAR_ENOUGH * nearest.score) return { subclasses: [], mainGroups: [], none: 'far' };
  }
  if (cosineWeight === 0 && classifierWeight === 0) return voteIpc(index, neighbours, limit);
  const all = voteIpc(index, neighbours, Number.MAX_SAFE_INTEGER);
  const cosine = cosineWeight > 0 ? await cosineVote(index, terms, leaveOut) : { subclasses: new Map<string, number>(), groups: new Map<string, number>() };
  const classified = classifierWeight > 0 ? classifyIpc(options.classifier ?? (await ipcClassifierOf(index)), index, terms) : new Map<string, number>();
  const combined = (own: InferredClass[], others: Array<[Map<string, number>, number]>) => {
    const votes = new Map(own.map((entry) => [entry.code, entry.score]));
    let total = 1;
    for (const [other, weight] of others) {
      if (weight === 0) continue;
      total += weight;
      for (const [code, vote] of other) votes.set(code, (votes.get(code) ?? 0) + weight * vote);
    }
    return [...votes]
      .map(([code, vote]) => ({ code, score: vote / total }))
      .sort((a, b) => b.score - a.score || a.code.localeCompare(b.code))
      .slice(0, limit);
  };
  return {
    subclasses: combined(all.subclasses, [[cosine.subclasses, cosineWeight], [classified, classifierWeight]]),
    mainGroups: combined(all.mainGroups, [[cosine.groups, cosineWeight]]),
  };
}
