// A trained IPC subclass classifier: softmax (multinomial logistic) regression over the
// classified documents' tf-idf vectors, beside the neighbour votes of ipc-inference.ts. A
// neighbour vote weighs every shared word alike; the classifier learns which words tell
// subclasses apart (water treatment's C02F from its filters' B01D). Trained on first use per
// index and kept with it (a WeakMap, so a rebuilt index trains anew), in the web process: the
// event loop gets its turns. Hand-written: npm's ml-logistic-regression (2.0, installed and read)
// trains one-vs-all by full-batch gradient descent over a dense ml-matrix, documents × vocabulary
// (2,268 × 12,543 doubles, 230 MB, multiplied 50,000 times per subclass by default, 279
// subclasses), takes one label per document and answers an argmax; sparse SGD is a few lines
// (linear-classifier.ts; here the features from the index and the subclass targets).
import { turnTaker } from '../platform/turns.ts';
import { subclassOf } from './ipc-inference.ts';
import { balancedEmphasis, fitLinearModel, probabilitiesOf, vectorOf, type LinearModel } from './linear-classifier.ts';
import { idfOf, type TermIndex } from './term-index.ts';

export interface IpcClassifier extends LinearModel {
  /** Subclass codes, the columns of `weights`. */
  classes: string[];
  /** Term id in the index → feature row. */
  features: Map<number, number>;
}

export interface TrainingOptions {
  /** Documents (index positions) not trained on: a benchmark's held-out fold. */
  exclude?: ReadonlySet<number>;
  epochs?: number;
  rate?: number;
  /** L2 weight decay per example. */
  decay?: number;
  /** A long document keeps its this many weightiest terms. */
  maxTerms?: number;
  /** A term must occur in this many training documents to be a feature. */
  minDocs?: number;
  /** An example counts (its main subclass's documents / the mean)^-balance: 0 as the corpus has them, 1 every subclass alike. */
  balance?: number;
}

/**
 * Hyperparameters, chosen on the tuning half by bench/ipc-classifier-tuning.ts (US title +
 * abstract as input, each document judged by a model trained without its fold; figures are
 * top-1/top-3 of the votes plus the classifier at its best weight, cosine weight 1):
 *   epochs 5 / 10 / 20 (balance 0.5):         69.7/86.2  70.4/86.2  70.2/85.3
 *   balance 0 / 0.5 / 1 (10 epochs):          69.8/85.0  70.4/86.2  69.8/85.0
 *   rate 0.5 / 2 / 8, decay 0 / 1e-5 / 1e-4 (balance 0): best cells 69.0–69.8 / 84.2–85.1
 *   maxTerms 100 / 300 (balance 0.5):         70.3/86.0  70.4/86.2
 * Balance weighs the examples of big subclasses down (38 % of the classified US documents carry
 * C02F, water treatment; 23 % B01D, separation). Training the whole US corpus's model
 * (2,268 classified documents, 12,543 features × 279 subclasses) took 2.3 s CPU, 14 MB of weights
 * kept, ~55 MB at its peak, over the full-text index; over the title + abstract index that now
 * serves a US text alone (ipc-inference.ts IPC_TEXT_INDEX) 4,212 features, 2.0 s CPU at
 * loadavg ~3, 4.7 MB of weights. The options above, measured again there (minDocs 1 / 2 ×
 * epochs 10 / 20 × balance 0 / 0.5), stay the best or within 0.3 points. Tried after that in
 * bench/ipc-features-tuning.ts (tuning half, title_abstract) and not adopted: word bigrams, raw
 * tf, minDocs 1 / 3, the first subclass's share 1 / 4, 30 epochs, one-vs-rest logistic,
 * complement naive Bayes, claims as extra examples, self-training on the unclassified documents,
 * the title counted twice or thrice: every cell within 70–72 top-1 / 86–87.4 top-3, 5–10
 * documents from these defaults (71.0/87.1).
 */
export const CLASSIFIER_DEFAULTS: Required<Omit<TrainingOptions, 'exclude'>> = { epochs: 10, rate: 2, decay: 1e-5, maxTerms: 300, minDocs: 2, balance: 0.5 };

/**
 * A document's subclasses as training targets: shares summing to 1, its first-listed (the
 * office's main class) counting `first` times, as in the vote.
 */
export function subclassShares(codes: readonly string[], classIds: ReadonlyMap<string, number>, first = 2): Array<readonly [number, number]> {
  const shares = new Map<number, number>();
  codes.forEach((code, i) => shares.set(classIds.get(subclassOf(code))!, (shares.get(classIds.get(subclassOf(code))!) ?? 0) + (i === 0 ? first : 1)));
  const sum = [...shares.values()].reduce((a, b) => a + b, 0);
  return [...shares].map(([c, share]) => [c, share / sum] as const);
}

export async function trainIpcClassifier(index: TermIndex, options: TrainingOptions = {}): Promise<IpcClassifier> {
  const { exclude, epochs, rate, decay, maxTerms, minDocs, balance } = { ...CLASSIFIER_DEFAULTS, ...options };
  const turn = turnTaker();
  const training: number[] = [];
  const classIds = new Map<string, number>();
  index.classes.forEach((codes, doc) => {
    if (codes.length === 0 || exclude?.has(doc)) return;
    training.push(doc);
    for (const code of codes) if (!classIds.has(subclassOf(code))) classIds.set(subclassOf(code), classIds.size);
  });
  const inTraining = new Uint8Array(index.ids.length);
  for (const doc of training) inTraining[doc] = 1;
  // Features: terms of at least minDocs training documents; each document's weighted terms.
  const features = new Map<number, number>();
  const terms: Array<Array<[number, number]>> = index.ids.map(() => []);
  for (const [term, id] of index.terms) {
    if ((id & 1023) === 0) await turn();
    const docs = index.postingDocs[id]!;
    let count = 0;
    for (let k = 0; k < docs.length && count < minDocs; k++) count += inTraining[docs[k]!]!;
    if (count < minDocs) continue;
    const row = features.size;
    features.set(id, row);
    const idf = idfOf(index, term);
    const freqs = index.postingFreqs[id]!;
    for (let k = 0; k < docs.length; k++) if (inTraining[docs[k]!]) terms[docs[k]!]!.push([row, (1 + Math.log(freqs[k]!)) * idf]);
  }
  const mainOf = (doc: number) => subclassOf(index.classes[doc]![0]!);
  const emphasisOf = balancedEmphasis(training.map(mainOf), balance);
  const examples = training.map((doc) => ({ vector: vectorOf(terms[doc]!, maxTerms), targets: subclassShares(index.classes[doc]!, classIds), emphasis: emphasisOf(mainOf(doc)) }));
  const model = await fitLinearModel(examples, features.size, classIds.size, { epochs, rate, decay });
  return { classes: [...classIds.keys()], features, ...model };
}

const trained = new WeakMap<TermIndex, Promise<IpcClassifier>>();
/** The index's classifier, trained on its every classified document on first use. */
export function ipcClassifierOf(index: TermIndex): Promise<IpcClassifier> {
  let model = trained.get(index);
  if (!model) {
    model = trainIpcClassifier(index);
    trained.set(index, model);
    model.catch(() => trained.get(index) === model && trained.delete(index));
  }
  return model;
}

/** Each subclass's probability for analysed text, 0–1, summing to 1. */
export function classifyIpc(model: IpcClassifier, index: TermIndex, terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) {
    const id = index.terms.get(term);
    if (id !== undefined && model.features.has(id)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const weighted: Array<[number, number]> = [];
  for (const [term, count] of counts) weighted.push([model.features.get(index.terms.get(term)!)!, (1 + Math.log(count)) * idfOf(index, term)]);
  const p = new Float64Array(model.classes.length);
  probabilitiesOf(model, vectorOf(weighted), p);
  return new Map(model.classes.map((code, c) => [code, p[c]!]));
}
