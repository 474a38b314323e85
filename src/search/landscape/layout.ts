// The patent map's 2D layout (landscape.ts composes the stages): UMAP over the documents'
// SVD vectors (exact nearest neighbours, PCA start), far-flung islands pulled in, and the
// points fitted into the map's square.
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { UMAP } from 'umap-js';
import { seededRandom } from './random.ts';

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

export async function umapLayout(vectors: number[][], seed: number, settings: UmapSettings, pause: () => Promise<void>): Promise<Array<[number, number]>> {
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
export function fitToRange(points: Array<[number, number]>, range: number): Array<[number, number]> {
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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
