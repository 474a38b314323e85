// The patent map's clusters (landscape.ts composes the stages): k-means over the documents'
// SVD vectors, from seeded k-means++ starts, clusters numbered largest first.
import { kmeans } from 'ml-kmeans';
import { seededRandom } from './random.ts';

const MAX_CLUSTERS = 12;

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
export function clusterVectors(vectors: number[][], k: number, seed: number): number[] {
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
export function renumberBySize(assignment: number[]): number[] {
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
