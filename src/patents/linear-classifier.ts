// The one trainer of the IPC classifier (ipc-classifier.ts): a linear model over sparse,
// unit-length vectors, fitted by stochastic gradient descent. It knows nothing of terms or
// subclasses, so the product (features from a term index) and bench/ipc-features-tuning.ts
// (features of its own: word pairs, other weightings, extra examples) train the same way.
import { turnTaker } from '../platform/turns.ts';

export interface SparseVector {
  ids: Int32Array;
  values: Float32Array;
}

/** What one example teaches: its vector, its classes' shares (summing to 1) and how much it counts. */
export interface TrainingExample {
  vector: SparseVector;
  targets: ReadonlyArray<readonly [number, number]>;
  emphasis: number;
}

/**
 * `softmax`: multinomial logistic regression, the product's. `one-vs-rest`: a sigmoid per class,
 * target 1 for each of the example's classes (tried in bench/ipc-features-tuning.ts, not adopted).
 */
export type ClassifierLink = 'softmax' | 'one-vs-rest';

export interface FitOptions {
  epochs: number;
  rate: number;
  /** L2 weight decay per example. */
  decay: number;
  link?: ClassifierLink;
}

export interface LinearModel {
  classCount: number;
  /** features × classes, row-major. */
  weights: Float32Array;
  bias: Float32Array;
}

/** A small deterministic generator (mulberry32) for the training order, so figures repeat. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** (1 + log tf) · idf pairs (feature row, weight) as a unit-length vector; the `maxTerms` weightiest kept. */
export function vectorOf(weighted: Array<[number, number]>, maxTerms = Infinity): SparseVector {
  if (weighted.length > maxTerms) weighted = weighted.sort((a, b) => b[1] - a[1]).slice(0, maxTerms);
  let norm = 0;
  for (const [, w] of weighted) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  return { ids: Int32Array.from(weighted, ([row]) => row), values: Float32Array.from(weighted, ([, w]) => w / norm) };
}

/**
 * An example's weight when the corpus's classes are uneven: (its class's count among `mains` /
 * the mean count)^-balance; 0 as the corpus has them, 1 every class alike.
 */
export function balancedEmphasis(mains: readonly string[], balance: number): (main: string) => number {
  const counts = new Map<string, number>();
  for (const main of mains) counts.set(main, (counts.get(main) ?? 0) + 1);
  const mean = mains.length / counts.size;
  return (main) => Math.pow(counts.get(main)! / mean, -balance);
}

function scoresOf(model: LinearModel, x: SparseVector, into: Float64Array): void {
  const classes = model.classCount;
  into.set(model.bias);
  for (let k = 0; k < x.ids.length; k++) {
    const row = x.ids[k]! * classes;
    const value = x.values[k]!;
    for (let c = 0; c < classes; c++) into[c] = into[c]! + model.weights[row + c]! * value;
  }
}

function softmax(into: Float64Array, classes: number): void {
  let max = -Infinity;
  for (let c = 0; c < classes; c++) max = Math.max(max, into[c]!);
  let sum = 0;
  for (let c = 0; c < classes; c++) sum += into[c] = Math.exp(into[c]! - max);
  for (let c = 0; c < classes; c++) into[c] = into[c]! / sum;
}

function sigmoids(into: Float64Array, classes: number): void {
  for (let c = 0; c < classes; c++) into[c] = 1 / (1 + Math.exp(-into[c]!));
}

/** Each class's probability for `x`, 0–1, summing to 1 (one-vs-rest: its sigmoids normalised). */
export function probabilitiesOf(model: LinearModel, x: SparseVector, into: Float64Array, link: ClassifierLink = 'softmax'): void {
  scoresOf(model, x, into);
  if (link === 'softmax') return softmax(into, model.classCount);
  sigmoids(into, model.classCount);
  let sum = 0;
  for (let c = 0; c < model.classCount; c++) sum += into[c]!;
  for (let c = 0; c < model.classCount; c++) into[c] = into[c]! / sum;
}

/**
 * Fits weights for `featureCount` features × `classCount` classes: examples in an order shuffled
 * anew each epoch (seeded, so runs repeat), step rate / (1 + epoch) × the example's emphasis.
 * It takes the event loop's turns as it goes, since the web process trains on first use.
 */
export async function fitLinearModel(examples: readonly TrainingExample[], featureCount: number, classCount: number, options: FitOptions): Promise<LinearModel> {
  const { epochs, rate, decay, link = 'softmax' } = options;
  const turn = turnTaker();
  const classes = classCount;
  const model: LinearModel = { classCount, weights: new Float32Array(featureCount * classes), bias: new Float32Array(classes) };
  const p = new Float64Array(classes);
  const order = examples.map((_, i) => i);
  const next = random(12);
  let shrink = 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const example = examples[i]!;
      const step = (rate / (1 + epoch)) * example.emphasis;
      await turn();
      const x = example.vector;
      scoresOf(model, x, p);
      // p becomes the gradient of the loss by the scores: prediction − target.
      if (link === 'softmax') {
        softmax(p, classes);
        for (const [c, share] of example.targets) p[c] = p[c]! - share;
      } else {
        sigmoids(p, classes);
        for (const [c] of example.targets) p[c] = p[c]! - 1;
      }
      for (let k = 0; k < x.ids.length; k++) {
        const row = x.ids[k]! * classes;
        const value = step * x.values[k]!;
        for (let c = 0; c < classes; c++) model.weights[row + c] = model.weights[row + c]! - value * p[c]!;
      }
      for (let c = 0; c < classes; c++) model.bias[c] = model.bias[c]! - step * p[c]!;
      shrink *= 1 - step * decay;
    }
    // Weight decay applied once per epoch (its product over the epoch's examples): the same
    // shrinkage as per example, without touching every weight each time.
    for (let k = 0; k < model.weights.length; k++) model.weights[k] = model.weights[k]! * shrink;
    shrink = 1;
  }
  return model;
}
