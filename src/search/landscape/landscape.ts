// The patent map engine, pure (no database): documents' term vectors → tf-idf → truncated
// SVD (latent semantic analysis) → k-means clusters → a 2D layout (UMAP) → coordinates in a
// fixed square, plus each cluster's characteristic terms.
//
// - tf-idf: sublinear tf (1 + ln tf) × smooth idf, terms in fewer than 2 documents (they
//   make no two documents alike) or in more than half of them (the search terms themselves,
//   boilerplate) left out, rows L2-normalised.
// - SVD: randomized range finder (Halko, Martinsson & Tropp 2011) with two power iterations;
//   the sparse × dense products and the orthonormalisation of the n × l samples are written
//   here over typed arrays, the small dense step (SVD of the l × l Gram matrix) is
//   ml-matrix's. Documents become ~50-dimensional vectors U·Σ, L2-normalised, so Euclidean
//   distance orders pairs as cosine similarity does.
// - k-means (ml-kmeans, k-means++ from fixed seeds, best of two runs) on those vectors:
//   k ≈ √(n/4), between 2 and 12.
// - UMAP (umap-js) on the same vectors, with exact nearest neighbours computed here (cheaper
//   and deterministic at n ≤ 3000), started from the first two principal components instead
//   of umap-js's random start (better global arrangement, fewer epochs needed), seeded random
//   for negative sampling, 10 neighbours and a fixed epoch budget (umapEpochs): the layout
//   of 3,000 documents takes ~1.3 s on 2 cores (bench/map.ts). Below UMAP_MIN_DOCUMENTS the
//   first two SVD components are the map. Far-flung small groups are drawn in towards the
//   rest (pullInOutliers).
//
// Same input, same options → same map: every random draw comes from a seeded generator and
// every loop runs in input order.
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { kmeans } from 'ml-kmeans';
import { UMAP } from 'umap-js';

/** One document: its lexemes with term frequencies. */
export interface DocumentTerms {
  id: string;
  terms: ReadonlyArray<readonly [lexeme: string, tf: number]>;
}

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
const MAX_CLUSTERS = 12;
const UMAP_NEIGHBOURS = 10;

const now = () => performance.now();
const noPause = async () => {};

/** mulberry32: small, fast, good enough for sampling; seeded so maps are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    let u = 0;
    while (u === 0) u = random();
    const v = random();
    const radius = Math.sqrt(-2 * Math.log(u));
    spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  };
}

// ---------------------------------------------------------------------------------------
// tf-idf

/** A sparse matrix in compressed sparse row form: row i's entries are [rowStart[i], rowStart[i+1]). */
export interface CsrMatrix {
  rows: number;
  columns: number;
  rowStart: Int32Array;
  column: Int32Array;
  value: Float64Array;
}

export interface TfIdf {
  matrix: CsrMatrix;
  /** Lexeme of each column (sorted). */
  vocabulary: string[];
}

const HAS_LETTER = /\p{L}/u;

/** The document-frequency window of the features for n documents. */
export function documentFrequencyWindow(n: number): { min: number; max: number } {
  // More than half is "everywhere" for a real result set; a handful of documents keeps
  // terms shared by all but one, or nothing would be left to tell them apart.
  return { min: 2, max: n >= 10 ? Math.floor(n / 2) : n - 1 };
}

export function tfIdf(documents: readonly DocumentTerms[]): TfIdf {
  const n = documents.length;
  const df = new Map<string, number>();
  for (const document of documents) {
    for (const [lexeme] of document.terms) df.set(lexeme, (df.get(lexeme) ?? 0) + 1);
  }
  const window = documentFrequencyWindow(n);
  const vocabulary = [...df]
    .filter(([lexeme, count]) => count >= window.min && count <= window.max && HAS_LETTER.test(lexeme))
    .map(([lexeme]) => lexeme)
    .sort();
  const columnOf = new Map(vocabulary.map((lexeme, column) => [lexeme, column]));
  const idf = vocabulary.map((lexeme) => Math.log((1 + n) / (1 + df.get(lexeme)!)) + 1);

  const rowStart = new Int32Array(n + 1);
  const columns: number[] = [];
  const values: number[] = [];
  documents.forEach((document, row) => {
    const entries: Array<[number, number]> = [];
    for (const [lexeme, tf] of document.terms) {
      const column = columnOf.get(lexeme);
      if (column !== undefined && tf > 0) entries.push([column, (1 + Math.log(tf)) * idf[column]!]);
    }
    entries.sort((a, b) => a[0] - b[0]);
    let norm = 0;
    for (const [, value] of entries) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    for (const [column, value] of entries) {
      columns.push(column);
      values.push(value / norm);
    }
    rowStart[row + 1] = columns.length;
  });
  return {
    matrix: { rows: n, columns: vocabulary.length, rowStart, column: Int32Array.from(columns), value: Float64Array.from(values) },
    vocabulary,
  };
}

// ---------------------------------------------------------------------------------------
// Sparse × dense products (dense matrices are row-major Float64Arrays)

/** X (n × m sparse) · D (m × l dense) → n × l. */
export function sparseTimesDense(x: CsrMatrix, d: Float64Array, l: number): Float64Array {
  const out = new Float64Array(x.rows * l);
  for (let i = 0; i < x.rows; i++) {
    const target = i * l;
    for (let p = x.rowStart[i]!; p < x.rowStart[i + 1]!; p++) {
      const value = x.value[p]!;
      const source = x.column[p]! * l;
      for (let c = 0; c < l; c++) out[target + c]! += value * d[source + c]!;
    }
  }
  return out;
}

/** Xᵀ (m × n) · D (n × l dense) → m × l, without forming Xᵀ. */
export function sparseTransposeTimesDense(x: CsrMatrix, d: Float64Array, l: number): Float64Array {
  const out = new Float64Array(x.columns * l);
  for (let i = 0; i < x.rows; i++) {
    const source = i * l;
    for (let p = x.rowStart[i]!; p < x.rowStart[i + 1]!; p++) {
      const value = x.value[p]!;
      const target = x.column[p]! * l;
      for (let c = 0; c < l; c++) out[target + c]! += value * d[source + c]!;
    }
  }
  return out;
}

/**
 * An orthonormal basis of the columns of a rows × l row-major matrix: modified Gram–Schmidt,
 * run twice ("twice is enough") for orthogonality to working precision. A column that is
 * (numerically) in the span of the earlier ones becomes zero: the basis of a rank-deficient
 * sample simply has fewer useful columns. Written here over typed arrays because ml-matrix's
 * QrDecomposition spent half a second per map in element accessors at 3000 × 60.
 */
export function orthonormalize(data: Float64Array, rows: number, l: number, passes = 2): Float64Array {
  // Column-major copy: each column contiguous.
  const q = new Float64Array(rows * l);
  for (let i = 0; i < rows; i++) for (let c = 0; c < l; c++) q[c * rows + i] = data[i * l + c]!;
  const originalNorm = new Float64Array(l);
  for (let c = 0; c < l; c++) {
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += q[c * rows + i]! ** 2;
    originalNorm[c] = Math.sqrt(norm);
  }
  for (let c = 0; c < l; c++) {
    const column = c * rows;
    for (let pass = 0; pass < passes; pass++) {
      for (let previous = 0; previous < c; previous++) {
        const other = previous * rows;
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += q[column + i]! * q[other + i]!;
        if (dot !== 0) for (let i = 0; i < rows; i++) q[column + i]! -= dot * q[other + i]!;
      }
    }
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += q[column + i]! ** 2;
    norm = Math.sqrt(norm);
    const keep = norm > 1e-10 * Math.max(1e-300, originalNorm[c]!) && norm > 1e-300;
    for (let i = 0; i < rows; i++) q[column + i] = keep ? q[column + i]! / norm : 0;
  }
  const out = new Float64Array(rows * l);
  for (let i = 0; i < rows; i++) for (let c = 0; c < l; c++) out[i * l + c] = q[c * rows + i]!;
  return out;
}

// ---------------------------------------------------------------------------------------
// Truncated SVD

export interface TruncatedSvd {
  /** n × dimensions, row-major: the documents in the latent space (U·Σ). */
  embedding: Float64Array;
  dimensions: number;
  singularValues: number[];
}

/**
 * The top `k` singular triplets of X, by the randomized range finder: sample X·Ω with a
 * Gaussian Ω of k + 10 columns, sharpen with `powerIterations` rounds of X·Xᵀ, then the
 * exact SVD of the small projected problem. Only U·Σ is returned (what the map needs).
 */
export function randomizedSvd(x: CsrMatrix, k: number, random: () => number, powerIterations = 2): TruncatedSvd {
  const { rows: n, columns: m } = x;
  const l = Math.min(k + 10, n, m);
  if (l === 0) return { embedding: new Float64Array(0), dimensions: 0, singularValues: [] };
  const normal = gaussian(random);
  const omega = new Float64Array(m * l);
  for (let i = 0; i < omega.length; i++) omega[i] = normal();
  // The intermediate bases only need to stay well conditioned (one Gram–Schmidt pass);
  // the last one must be orthonormal to working precision (two passes).
  let q = orthonormalize(sparseTimesDense(x, omega, l), n, l, powerIterations > 0 ? 1 : 2);
  for (let iteration = 0; iteration < powerIterations; iteration++) {
    const z = orthonormalize(sparseTransposeTimesDense(x, q, l), m, l, 1);
    q = orthonormalize(sparseTimesDense(x, z, l), n, l, iteration === powerIterations - 1 ? 2 : 1);
  }
  // B = Qᵀ·X (l × m); its left singular vectors W and values σ come from the SVD of the
  // l × l Gram matrix B·Bᵀ = Btᵀ·Bt (its eigenvalues are σ²). Then U·Σ = Q·W·Σ.
  const bt = sparseTransposeTimesDense(x, q, l);
  const gram = new Matrix(l, l);
  for (let a = 0; a < l; a++) {
    for (let b = a; b < l; b++) {
      let sum = 0;
      for (let row = 0; row < m; row++) sum += bt[row * l + a]! * bt[row * l + b]!;
      gram.set(a, b, sum);
      gram.set(b, a, sum);
    }
  }
  const svd = new SingularValueDecomposition(gram, { autoTranspose: false });
  const eigen = svd.diagonal;
  const largest = eigen[0] ?? 0;
  let dimensions = 0;
  while (dimensions < Math.min(k, l) && (eigen[dimensions] ?? 0) > largest * 1e-10 && largest > 0) dimensions++;
  const w = svd.leftSingularVectors;
  const singularValues = eigen.slice(0, dimensions).map((value) => Math.sqrt(value));
  // Column signs of an SVD are arbitrary; fix them (largest |entry| of W positive) so the
  // map does not mirror between library versions.
  const sign = singularValues.map((_, c) => {
    let best = 0;
    for (let a = 0; a < l; a++) if (Math.abs(w.get(a, c)) > Math.abs(best)) best = w.get(a, c);
    return best < 0 ? -1 : 1;
  });
  // W·Σ (with the signs) as an l × dimensions array, then U·Σ = Q·(W·Σ).
  const ws = new Float64Array(l * dimensions);
  for (let a = 0; a < l; a++) for (let c = 0; c < dimensions; c++) ws[a * dimensions + c] = w.get(a, c) * singularValues[c]! * sign[c]!;
  const embedding = new Float64Array(n * dimensions);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < l; a++) {
      const qa = q[i * l + a]!;
      for (let c = 0; c < dimensions; c++) embedding[i * dimensions + c]! += qa * ws[a * dimensions + c]!;
    }
  }
  return { embedding, dimensions, singularValues };
}

/** Rows scaled to unit length (zero rows stay zero), as number[][] for the libraries. */
function normalizedRows(data: Float64Array, n: number, d: number): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from(data.subarray(i * d, (i + 1) * d));
    const norm = Math.sqrt(row.reduce((sum, v) => sum + v * v, 0));
    rows.push(norm > 0 ? row.map((v) => v / norm) : row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------
// Clusters

/** k for n documents: about √(n/4), at least 2 (1 for fewer than 3 documents), at most 12. */
export function clusterCount(n: number): number {
  if (n < 3) return 1;
  return Math.max(2, Math.min(MAX_CLUSTERS, Math.round(Math.sqrt(n / 4))));
}

function squaredDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return sum;
}

/** k-means++ seeding (Arthur & Vassilvitskii 2007): each next centre drawn with probability ∝ D². */
function kmeansPlusPlus(vectors: number[][], k: number, random: () => number): number[][] {
  const n = vectors.length;
  const centres = [vectors[Math.floor(random() * n)]!];
  const closest = vectors.map((v) => squaredDistance(v, centres[0]!));
  while (centres.length < k) {
    const total = closest.reduce((sum, value) => sum + value, 0);
    let target = random() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++) {
      target -= closest[i]!;
      if (target < 0) {
        chosen = i;
        break;
      }
    }
    const centre = vectors[chosen]!;
    centres.push(centre);
    for (let i = 0; i < n; i++) closest[i] = Math.min(closest[i]!, squaredDistance(vectors[i]!, centre));
  }
  return centres.map((centre) => [...centre]);
}

/**
 * k-means over the vectors, best (lowest within-cluster sum of squares) of two runs from
 * seeded k-means++ starts (seeded here: ml-kmeans's own k-means++ costs ~0.1 s at n = 3000),
 * ml-kmeans doing the Lloyd iterations.
 */
function clusterVectors(vectors: number[][], k: number, seed: number): number[] {
  const n = vectors.length;
  const distinct = new Set(vectors.map((v) => v.join(','))).size;
  k = Math.min(k, distinct);
  if (k <= 1 || n === 0) return vectors.map(() => 0);
  const random = seededRandom(seed ^ 0x5eed);
  let best: { assignment: number[]; inertia: number } | null = null;
  for (let run = 0; run < 2; run++) {
    const result = kmeans(vectors, k, { initialization: kmeansPlusPlus(vectors, k, random), maxIterations: 40, tolerance: 1e-5 });
    let inertia = 0;
    result.clusters.forEach((cluster, i) => (inertia += squaredDistance(vectors[i]!, result.centroids[cluster]!)));
    if (!best || inertia < best.inertia - 1e-12) best = { assignment: result.clusters, inertia };
  }
  return best!.assignment;
}

/** Renumbers clusters largest first (ties: the one whose first document comes first), dropping empty ones. */
function renumberBySize(assignment: number[]): number[] {
  const stats = new Map<number, { size: number; first: number }>();
  assignment.forEach((cluster, i) => {
    const entry = stats.get(cluster);
    if (entry) entry.size++;
    else stats.set(cluster, { size: 1, first: i });
  });
  const order = [...stats].sort((a, b) => b[1].size - a[1].size || a[1].first - b[1].first).map(([cluster]) => cluster);
  const newId = new Map(order.map((cluster, index) => [cluster, index]));
  return assignment.map((cluster) => newId.get(cluster)!);
}

// ---------------------------------------------------------------------------------------
// Layout

/**
 * UMAP epochs: the optimisation costs about n × epochs, so the budget is fixed (≈ 180,000
 * point-epochs: 60 epochs at 3,000 documents, 180 at 1,000, at most 300). From a PCA start
 * the layout has settled by then: at 3,000 documents 60 epochs keep as many of each
 * document's 10 nearest neighbours as 200 did (bench/map.ts; umap-js's default is 500).
 */
export function umapEpochs(n: number): number {
  return Math.max(60, Math.min(300, Math.round(180_000 / Math.max(1, n))));
}

/**
 * Exact k nearest neighbours (self first, at distance 0) by Euclidean distance: each pair's
 * dot product once (n²/2 of them), offered to both rows' sorted lists.
 */
async function nearestNeighbours(vectors: number[][], k: number, pause: () => Promise<void>): Promise<{ indices: number[][]; distances: number[][] }> {
  const n = vectors.length;
  const d = vectors[0]?.length ?? 0;
  const flat = new Float64Array(n * d);
  vectors.forEach((v, i) => flat.set(v, i * d));
  const norms = vectors.map((v) => v.reduce((sum, x) => sum + x * x, 0));
  const others = k - 1;
  const bestIndex = new Int32Array(n * others);
  const bestDistance = new Float64Array(n * others).fill(Infinity);
  const count = new Int32Array(n);
  const offer = (row: number, candidate: number, distance: number) => {
    const base = row * others;
    const filled = count[row]!;
    if (filled === others && distance >= bestDistance[base + others - 1]!) return;
    // insertion into the row's sorted list; candidates come in index order, so earlier documents win ties
    let position = filled < others ? filled : others - 1;
    if (filled < others) count[row] = filled + 1;
    while (position > 0 && bestDistance[base + position - 1]! > distance) {
      bestDistance[base + position] = bestDistance[base + position - 1]!;
      bestIndex[base + position] = bestIndex[base + position - 1]!;
      position--;
    }
    bestDistance[base + position] = distance;
    bestIndex[base + position] = candidate;
  };
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % 300 === 0) await pause();
    const offsetI = i * d;
    for (let j = i + 1; j < n; j++) {
      // dot product, four lanes at a time (the hot loop: n²/2 × 50 multiply-adds)
      const offsetJ = j * d;
      let d0 = 0;
      let d1 = 0;
      let d2 = 0;
      let d3 = 0;
      let c = 0;
      for (; c + 3 < d; c += 4) {
        d0 += flat[offsetI + c]! * flat[offsetJ + c]!;
        d1 += flat[offsetI + c + 1]! * flat[offsetJ + c + 1]!;
        d2 += flat[offsetI + c + 2]! * flat[offsetJ + c + 2]!;
        d3 += flat[offsetI + c + 3]! * flat[offsetJ + c + 3]!;
      }
      for (; c < d; c++) d0 += flat[offsetI + c]! * flat[offsetJ + c]!;
      const dot = d0 + d1 + d2 + d3;
      const distance = Math.sqrt(Math.max(0, norms[i]! + norms[j]! - 2 * dot));
      offer(i, j, distance);
      offer(j, i, distance);
    }
  }
  const indices: number[][] = [];
  const distances: number[][] = [];
  for (let i = 0; i < n; i++) {
    const base = i * others;
    indices.push([i, ...bestIndex.subarray(base, base + count[i]!)]);
    distances.push([0, ...bestDistance.subarray(base, base + count[i]!)]);
  }
  return { indices, distances };
}

/** The vectors projected on their first two principal components. */
function principalComponents2d(vectors: number[][]): Array<[number, number]> {
  const n = vectors.length;
  const d = vectors[0]?.length ?? 0;
  const mean = new Float64Array(d);
  for (const v of vectors) for (let c = 0; c < d; c++) mean[c]! += v[c]! / n;
  const centred = vectors.map((v) => Float64Array.from(v, (x, c) => x - mean[c]!));
  const covariance = new Float64Array(d * d);
  for (const v of centred) {
    for (let a = 0; a < d; a++) {
      const va = v[a]!;
      for (let b = a; b < d; b++) covariance[a * d + b]! += va * v[b]!;
    }
  }
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) covariance[a * d + b] = covariance[b * d + a]!;
  const u = new SingularValueDecomposition(Matrix.from1DArray(d, d, covariance), { autoTranspose: false }).leftSingularVectors;
  const first = u.getColumn(0);
  const second = d > 1 ? u.getColumn(1) : new Array<number>(d).fill(0);
  return centred.map((v) => {
    let x = 0;
    let y = 0;
    for (let c = 0; c < d; c++) {
      x += v[c]! * first[c]!;
      y += v[c]! * second[c]!;
    }
    return [x, y];
  });
}

interface UmapSettings {
  epochs: number;
  neighbours: number;
  negativeSampleRate: number;
}

async function umapLayout(vectors: number[][], seed: number, settings: UmapSettings, pause: () => Promise<void>): Promise<Array<[number, number]>> {
  const random = seededRandom(seed);
  const neighbours = Math.min(settings.neighbours, vectors.length - 1);
  const knn = await nearestNeighbours(vectors, neighbours, pause);
  await pause();
  const umap = new UMAP({ nComponents: 2, nNeighbors: neighbours, minDist: 0.15, nEpochs: settings.epochs, negativeSampleRate: settings.negativeSampleRate, random });
  umap.setPrecomputedKNN(knn.indices, knn.distances);
  const total = umap.initializeFit(vectors);
  // Start from PCA (scaled to umap-js's own ±10 start box) instead of uniform noise. The
  // embedding array is the one the optimiser moves, so it is overwritten in place.
  const start = principalComponents2d(vectors);
  const extent = Math.max(1e-12, ...start.map(([x, y]) => Math.max(Math.abs(x), Math.abs(y))));
  const embedding = umap.getEmbedding();
  start.forEach(([x, y], i) => {
    embedding[i]![0] = (x / extent) * 10;
    embedding[i]![1] = (y / extent) * 10;
  });
  for (let epoch = 0; epoch < total; epoch++) {
    umap.step();
    if (epoch % 20 === 19) await pause();
  }
  return umap.getEmbedding().map((row) => [row[0]!, row[1]!]);
}

/**
 * UMAP throws small tight groups (near-identical documents) far out, which would shrink the
 * rest of the map into a corner. The layout's islands (points linked by small gaps) whose
 * centre lies outside the ellipse holding 95 % of the points are moved in, whole (their
 * shape kept), to at most 20 % beyond it; the further out an island was, the further out it
 * stays (a smooth, increasing pull).
 */
function pullInOutliers(points: Array<[number, number]>): Array<[number, number]> {
  const n = points.length;
  if (n < 50) return points;
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
  const cx = median(points.map(([x]) => x));
  const cy = median(points.map(([, y]) => y));
  // The ellipse: semi-axes from the spread along each axis.
  const ax = quantile(points.map(([x]) => Math.abs(x - cx)), 0.95);
  const ay = quantile(points.map(([, y]) => Math.abs(y - cy)), 0.95);
  if (!(ax > 0 && ay > 0)) return points;
  const reach = ([x, y]: [number, number]) => Math.hypot((x - cx) / ax, (y - cy) / ay);
  const limit = quantile(points.map(reach), 0.95);
  const margin = limit * 0.2;
  // single-linkage islands over a grid of cells as wide as the link distance
  const link = ((ax + ay) / 2) * 0.06;
  const parent = Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const cells = new Map<string, number[]>();
  points.forEach(([x, y], i) => {
    const key = `${Math.floor(x / link)},${Math.floor(y / link)}`;
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  });
  points.forEach(([x, y], i) => {
    const gx = Math.floor(x / link);
    const gy = Math.floor(y / link);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of cells.get(`${gx + dx},${gy + dy}`) ?? []) {
          if (j <= i || Math.hypot(points[j]![0] - x, points[j]![1] - y) > link) continue;
          const [a, b] = [root(i), root(j)];
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
  });
  const islands = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = root(i);
    const members = islands.get(r);
    if (members) members.push(i);
    else islands.set(r, [i]);
  }
  const moved = points.map(([x, y]): [number, number] => [x, y]);
  for (const members of islands.values()) {
    const mx = members.reduce((sum, i) => sum + points[i]![0], 0) / members.length;
    const my = members.reduce((sum, i) => sum + points[i]![1], 0) / members.length;
    const distance = reach([mx, my]);
    if (distance <= limit) continue;
    // along the ray from the centre, in the ellipse's own scale
    const factor = (limit + margin * Math.tanh((distance - limit) / margin)) / distance - 1;
    const shiftX = (mx - cx) * factor;
    const shiftY = (my - cy) * factor;
    for (const i of members) moved[i] = [points[i]![0] + shiftX, points[i]![1] + shiftY];
  }
  return moved;
}

/**
 * Scales the layout into 0..range on both axes with one factor (shapes are kept, the shorter
 * side is centred), then spreads exactly coinciding points (identical documents: an
 * application and its grant) on a small spiral so each stays pointable.
 */
function fitToRange(points: Array<[number, number]>, range: number): Array<[number, number]> {
  if (points.length === 0) return [];
  const pulled = pullInOutliers(points);
  const xs = pulled.map(([x]) => x);
  const ys = pulled.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY);
  const scale = span > 1e-12 ? range / span : 0;
  const offsetX = (range - (maxX - minX) * scale) / 2;
  const offsetY = (range - (maxY - minY) * scale) / 2;
  const fitted = xs.map((x, i): [number, number] => [offsetX + (x - minX) * scale, offsetY + (ys[i]! - minY) * scale]);
  const seen = new Map<string, number>();
  const spread = range / 250;
  return fitted.map(([x, y]) => {
    const key = `${Math.round(x / (spread / 2))},${Math.round(y / (spread / 2))}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    if (index === 0) return [x, y];
    const angle = index * 2.399963; // golden angle
    const radius = spread * Math.sqrt(index);
    return [Math.min(range, Math.max(0, x + radius * Math.cos(angle))), Math.min(range, Math.max(0, y + radius * Math.sin(angle)))];
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---------------------------------------------------------------------------------------
// Characteristic terms

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const DIGIT = /\p{N}/u;

/**
 * Words of patent drafting that say nothing about a topic, as index lexemes (Snowball stems
 * for English): "first … second …", "the present invention", "comprising", "embodiments".
 */
const DRAFTING_WORDS: ReadonlySet<string> = new Set([
  'first', 'second', 'third', 'fourth', 'fifth', 'embodi', 'invent', 'present', 'compris', 'includ', 'provid', 'configur',
  'plural', 'least', 'accord', 'describ', 'disclos', 'claim', 'herein', 'one', 'two', 'three', 'may', 'also', 'further',
  'exampl', 'particular', 'respect', 'therebi', 'via', 'wherebi', 'within', 'use', 'said', 'shown', 'figur', 'fig',
  'associ', 'correspond', 'relat',
  '第一', '第二', '第三', '包括', '实施', '实施例', '用于', '进行', '通过', '根据', '具有', '设置',
  '第1', '第2', '備える', '有する', '含む', '請求', '記載', '構成', '発明', '実施', '形態',
]);

/** Lexemes that can name a cluster: words, not numbers, single CJK characters or drafting words. */
export function isLabelCandidate(lexeme: string): boolean {
  if (!HAS_LETTER.test(lexeme) || DRAFTING_WORDS.has(lexeme)) return false;
  if (CJK.test(lexeme)) return [...lexeme].length >= 2;
  return lexeme.length >= 3 && !DIGIT.test(lexeme);
}

function characteristicTerms(tfidf: TfIdf, assignment: number[], clusters: number, limit: number): string[][] {
  const { matrix, vocabulary } = tfidf;
  const n = matrix.rows;
  const total = new Float64Array(matrix.columns);
  const perCluster = Array.from({ length: clusters }, () => new Float64Array(matrix.columns));
  const documentsPerCluster = Array.from({ length: clusters }, () => new Int32Array(matrix.columns));
  const sizes = new Array<number>(clusters).fill(0);
  for (let i = 0; i < n; i++) {
    const cluster = assignment[i]!;
    sizes[cluster]!++;
    for (let p = matrix.rowStart[i]!; p < matrix.rowStart[i + 1]!; p++) {
      const column = matrix.column[p]!;
      total[column]! += matrix.value[p]!;
      perCluster[cluster]![column]! += matrix.value[p]!;
      documentsPerCluster[cluster]![column]!++;
    }
  }
  return perCluster.map((sums, cluster) => {
    const size = sizes[cluster]!;
    // A label must be common in the cluster: in at least 2 documents (or 10 % of a big one).
    const minimum = Math.min(size, Math.max(2, Math.ceil(size * 0.1)));
    const scored: Array<[number, number]> = [];
    for (let column = 0; column < sums.length; column++) {
      if (documentsPerCluster[cluster]![column]! < minimum || !isLabelCandidate(vocabulary[column]!)) continue;
      const inside = sums[column]! / size;
      const overall = total[column]! / n;
      scored.push([column, inside - overall]);
    }
    scored.sort((a, b) => b[1] - a[1] || (vocabulary[a[0]]! < vocabulary[b[0]]! ? -1 : 1));
    return scored.slice(0, limit).map(([column]) => vocabulary[column]!);
  });
}

// ---------------------------------------------------------------------------------------

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
