// The patent map engine, pure (no database): documents' term vectors → tf-idf → truncated
// SVD (latent semantic analysis) → k-means clusters → a 2D layout (UMAP) → coordinates in a
// fixed square, plus each cluster's characteristic terms. This module composes the stages,
// each a module of its own: tfidf.ts, svd.ts, clusters.ts, layout.ts, cluster-terms.ts
// (random.ts: the seeded draws).
//
// - tf-idf: sublinear tf (1 + ln tf) × smooth idf, terms in fewer than 2 documents (they
//   make no two documents alike) or in more than half of them (the search terms themselves,
//   boilerplate) left out, rows L2-normalised.
// - SVD: randomized range finder (Halko, Martinsson & Tropp 2011) with two power iterations;
//   the sparse × dense products and the orthonormalisation of the n × l samples are written
//   in svd.ts over typed arrays, the small dense step (SVD of the l × l Gram matrix) is
//   ml-matrix's. Documents become ~50-dimensional vectors U·Σ, L2-normalised, so Euclidean
//   distance orders pairs as cosine similarity does.
// - k-means (ml-kmeans, k-means++ from fixed seeds, best of two runs) on those vectors:
//   k ≈ √(n/4), between 2 and 12.
// - UMAP (umap-js) on the same vectors, with exact nearest neighbours computed in layout.ts
//   (cheaper and deterministic at n ≤ 3000), started from the first two principal components instead
//   of umap-js's random start (better global arrangement, fewer epochs needed), seeded random
//   for negative sampling, 10 neighbours and a fixed epoch budget (umapEpochs): the layout
//   of 3,000 documents takes ~1.3 s on 2 cores (bench/map.ts). Below UMAP_MIN_DOCUMENTS the
//   first two SVD components are the map. Far-flung small groups are drawn in towards the
//   rest (pullInOutliers).
//
// Same input, same options → same map: every random draw comes from a seeded generator and
// every loop runs in input order.
import { characteristicTerms } from './cluster-terms.ts';
import { clusterCount, clusterVectors, renumberBySize } from './clusters.ts';
import { fitToRange, median, umapEpochs, umapLayout } from './layout.ts';
import { seededRandom } from './random.ts';
import { normalizedRows, randomizedSvd } from './svd.ts';
import { tfIdf, type DocumentTerms } from './tfidf.ts';

// The stages' own names, importable from the engine as before the split.
export { isLabelCandidate } from './cluster-terms.ts';
export { clusterCount } from './clusters.ts';
export { umapEpochs } from './layout.ts';
export { seededRandom } from './random.ts';
export { orthonormalize, randomizedSvd, sparseTimesDense, sparseTransposeTimesDense, type TruncatedSvd } from './svd.ts';
export { documentFrequencyWindow, tfIdf, type CsrMatrix, type DocumentTerms, type TfIdf } from './tfidf.ts';

export interface LandscapeOptions {
  /** Seed of every random draw (default 20260501). */
  seed?: number;
  /** Dimensions kept by the SVD (default 50). */
  dimensions?: number;
  /** Coordinates are scaled into 0..range on both axes (default 1000). */
  range?: number;
  /** Number of clusters; default ≈ √(n/4) clamped to 2..12. */
  clusters?: number;
  /** UMAP epochs; default by size (see umapEpochs). */
  epochs?: number;
  /** UMAP neighbourhood size (default 10). */
  neighbours?: number;
  /** UMAP negative samples per positive one (default 5, as umap-js). */
  negativeSampleRate?: number;
  /** Characteristic lexemes kept per cluster, best first (default 12). */
  candidates?: number;
  /** Awaited between stages and inside the long ones, so a server keeps answering other requests. */
  pause?: () => Promise<void>;
}

export interface LandscapeCluster {
  id: number;
  /** Where the cluster's label goes: the median of its points. */
  x: number;
  y: number;
  size: number;
  /** Characteristic lexemes, best first: high mean tf-idf in the cluster against all documents. */
  candidates: string[];
  /** Indices (into the input) of the cluster's documents, in input order. */
  members: number[];
}

export interface StageTimings {
  tfidf: number;
  svd: number;
  kmeans: number;
  umap: number;
}

export interface Landscape {
  /** Aligned with the input documents. */
  points: Array<{ x: number; y: number; cluster: number }>;
  /** Largest first; `cluster` of a point indexes this array. */
  clusters: LandscapeCluster[];
  /** Terms kept as features after the document-frequency cuts. */
  vocabulary: number;
  /** Dimensions of the document vectors the clusters and layout were computed on. */
  dimensions: number;
  layout: 'umap' | 'svd' | 'trivial';
  timings: StageTimings;
}

export const DEFAULT_SEED = 20260501;
export const DEFAULT_RANGE = 1000;
/** Under this many documents the first two SVD components are the map (UMAP needs neighbours). */
export const UMAP_MIN_DOCUMENTS = 24;
const UMAP_NEIGHBOURS = 10;

const now = () => performance.now();
const noPause = async () => {};
const round = (value: number) => Math.round(value * 100) / 100;

export async function buildLandscape(documents: readonly DocumentTerms[], options: LandscapeOptions = {}): Promise<Landscape> {
  const seed = options.seed ?? DEFAULT_SEED;
  const range = options.range ?? DEFAULT_RANGE;
  const pause = options.pause ?? noPause;
  const n = documents.length;
  const timings: StageTimings = { tfidf: 0, svd: 0, kmeans: 0, umap: 0 };

  let started = now();
  const tfidf = tfIdf(documents);
  timings.tfidf = now() - started;
  await pause();

  started = now();
  const svd = randomizedSvd(tfidf.matrix, options.dimensions ?? 50, seededRandom(seed));
  const vectors = normalizedRows(svd.embedding, n, svd.dimensions);
  timings.svd = now() - started;
  await pause();

  started = now();
  const assignment = renumberBySize(svd.dimensions > 0 ? clusterVectors(vectors, options.clusters ?? clusterCount(n), seed) : documents.map(() => 0));
  const clusterTotal = n === 0 ? 0 : Math.max(...assignment) + 1;
  timings.kmeans = now() - started;
  await pause();

  started = now();
  let layout: Landscape['layout'];
  let raw: Array<[number, number]>;
  if (n >= UMAP_MIN_DOCUMENTS && svd.dimensions >= 2) {
    layout = 'umap';
    raw = await umapLayout(
      vectors,
      seed,
      { epochs: options.epochs ?? umapEpochs(n), neighbours: options.neighbours ?? UMAP_NEIGHBOURS, negativeSampleRate: options.negativeSampleRate ?? 5 },
      pause,
    );
  } else if (svd.dimensions >= 1 && n >= 2) {
    layout = 'svd';
    raw = vectors.map((v) => [v[0] ?? 0, v[1] ?? 0]);
  } else {
    // One document, or nothing to tell documents apart: a small circle around the middle.
    layout = 'trivial';
    raw = documents.map((_, i) => (n === 1 ? [0, 0] : [Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)]));
  }
  const fitted = n === 1 ? [[range / 2, range / 2] as [number, number]] : fitToRange(raw, range);
  timings.umap = now() - started;

  const points = fitted.map(([x, y], i) => ({ x: round(x), y: round(y), cluster: assignment[i]! }));
  const candidates = characteristicTerms(tfidf, assignment, clusterTotal, options.candidates ?? 12);
  const clusters: LandscapeCluster[] = Array.from({ length: clusterTotal }, (_, id) => {
    const members = assignment.flatMap((cluster, i) => (cluster === id ? [i] : []));
    return {
      id,
      x: round(median(members.map((i) => points[i]!.x))),
      y: round(median(members.map((i) => points[i]!.y))),
      size: members.length,
      candidates: candidates[id] ?? [],
      members,
    };
  });
  return { points, clusters, vocabulary: tfidf.vocabulary.length, dimensions: svd.dimensions, layout, timings };
}
