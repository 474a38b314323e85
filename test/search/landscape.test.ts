// The patent map engine (src/search/landscape) on real records of the demo corpus
// (data/demo-corpus, cut from ../shared/corpus), analysed exactly as the index analyses them.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { analyzeField } from '../../src/patents/analysis/index.ts';
import type { Region } from '../../src/patents/record.ts';
import { readableTerms, surfaceFormsOf } from '../../src/search/landscape/labels.ts';
import {
  buildLandscape,
  clusterCount,
  orthonormalize,
  randomizedSvd,
  seededRandom,
  tfIdf,
  type DocumentTerms,
  type Landscape,
} from '../../src/search/landscape/landscape.ts';

interface CorpusRecord {
  id: string;
  region: Region;
  title: string | null;
  abstract: string | null;
  claims: string[] | null;
}

async function readDemoCorpus(): Promise<CorpusRecord[]> {
  const records: CorpusRecord[] = [];
  const lines = createInterface({ input: createReadStream('data/demo-corpus/demo.jsonl.gz').pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) records.push(JSON.parse(line) as CorpusRecord);
  return records;
}

/** The document's tsv_rank term frequencies as the repository reads them: title words count twice. */
async function termsOf(record: CorpusRecord): Promise<DocumentTerms> {
  const counts = new Map<string, number>();
  const add = (tokens: string[], weight: number) => tokens.forEach((t) => counts.set(t, (counts.get(t) ?? 0) + weight));
  add(await analyzeField(record.title ?? '', record.region), 2);
  add(await analyzeField(record.abstract ?? '', record.region), 1);
  add(await analyzeField((record.claims ?? []).join('\n'), record.region), 1);
  return { id: record.id, terms: [...counts] };
}

const textOf = (record: CorpusRecord) => [record.title, record.abstract].filter(Boolean).join('\n');

const TOPICS = {
  neural: /neural network/i,
  footwear: /\b(shoes?|footwear)\b/i,
  headwear: /\b(caps?|hats?|visors?)\b/i,
  computing: /\b(cloud|virtual machines?|data storage|databases?)\b/i,
} as const;
type Topic = keyof typeof TOPICS;

let corpus: CorpusRecord[];
/** US documents of four clearly different topics (by their titles), a few dozen each. */
let topical: Array<{ record: CorpusRecord; topic: Topic }>;
let topicalTerms: DocumentTerms[];
let map: Landscape;

beforeAll(async () => {
  corpus = await readDemoCorpus();
  const quota: Record<Topic, number> = { neural: 30, footwear: 30, headwear: 30, computing: 30 };
  topical = [];
  for (const record of corpus) {
    if (record.region !== 'us' || !record.abstract || !record.title) continue;
    const topics = (Object.keys(TOPICS) as Topic[]).filter((topic) => TOPICS[topic].test(record.title!));
    if (topics.length !== 1 || quota[topics[0]!] === 0) continue;
    // The corpus leans to neural networks (battery management by a neural network …): the
    // other topics take only documents that do not mention one.
    if (topics[0] !== 'neural' && /neural|machine learning/i.test(record.abstract)) continue;
    quota[topics[0]!]--;
    topical.push({ record, topic: topics[0]! });
  }
  topicalTerms = await Promise.all(topical.map(({ record }) => termsOf(record)));
  map = await buildLandscape(topicalTerms);
});

test('the sample holds the four topics', () => {
  expect(topical.length).toBeGreaterThanOrEqual(80);
  expect(new Set(topical.map((t) => t.topic)).size).toBe(4);
});

test('the same documents give the same map', async () => {
  const again = await buildLandscape(topicalTerms);
  expect(again.points).toEqual(map.points);
  expect(again.clusters).toEqual(map.clusters);
  expect(map.layout).toBe('umap');
});

test('every point lies within 0..1000 and every cluster has its documents and centre', () => {
  for (const point of map.points) {
    expect(point.x).toBeGreaterThanOrEqual(0);
    expect(point.x).toBeLessThanOrEqual(1000);
    expect(point.y).toBeGreaterThanOrEqual(0);
    expect(point.y).toBeLessThanOrEqual(1000);
    expect(point.cluster).toBeLessThan(map.clusters.length);
  }
  // the layout uses the square: both axes span most of it
  const xs = map.points.map((p) => p.x);
  const ys = map.points.map((p) => p.y);
  expect(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))).toBeGreaterThan(990);
  expect(map.clusters.length).toBe(clusterCount(topical.length));
  expect(map.clusters.reduce((sum, c) => sum + c.size, 0)).toBe(topical.length);
  map.clusters.forEach((cluster, i) => {
    expect(cluster.id).toBe(i);
    expect(cluster.members.every((m) => map.points[m]!.cluster === i)).toBe(true);
    if (i > 0) expect(cluster.size).toBeLessThanOrEqual(map.clusters[i - 1]!.size);
  });
});

test('documents of different topics land in different clusters', () => {
  const majority = new Map<Topic, number>();
  for (const topic of Object.keys(TOPICS) as Topic[]) {
    const clusters = topical.flatMap((t, i) => (t.topic === topic ? [map.points[i]!.cluster] : []));
    const counts = new Map<number, number>();
    for (const c of clusters) counts.set(c, (counts.get(c) ?? 0) + 1);
    const [cluster, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    majority.set(topic, cluster);
    // most of a topic's documents share one cluster (a broad topic may split in two)
    expect(count / clusters.length).toBeGreaterThanOrEqual(0.6);
  }
  // each topic's main cluster is its own and mostly holds that topic …
  expect(new Set(majority.values()).size).toBe(4);
  for (const [topic, cluster] of majority) {
    const topics = map.clusters[cluster]!.members.map((i) => topical[i]!.topic);
    expect(topics.filter((t) => t === topic).length / topics.length).toBeGreaterThanOrEqual(0.8);
  }
  // … and nearly every document is in a cluster where its topic is the main one
  const mainTopic = map.clusters.map((cluster) => {
    const topics = cluster.members.map((i) => topical[i]!.topic);
    return (Object.keys(TOPICS) as Topic[]).sort((a, b) => topics.filter((t) => t === b).length - topics.filter((t) => t === a).length)[0];
  });
  const placed = topical.filter((t, i) => mainTopic[map.points[i]!.cluster] === t.topic).length;
  expect(placed / topical.length).toBeGreaterThanOrEqual(0.85);
});

test('documents of different topics lie far apart on the map, those of one topic close together', () => {
  const topics = Object.keys(TOPICS) as Topic[];
  const centre = (topic: Topic) => {
    const points = topical.flatMap((t, i) => (t.topic === topic ? [map.points[i]!] : []));
    const xs = points.map((p) => p.x).sort((a, b) => a - b);
    const ys = points.map((p) => p.y).sort((a, b) => a - b);
    return { x: xs[xs.length >> 1]!, y: ys[ys.length >> 1]!, points };
  };
  const centres = new Map(topics.map((topic) => [topic, centre(topic)]));
  for (const a of topics) {
    const own = centres.get(a)!;
    // median distance of a topic's documents to their own centre
    const spread = own.points.map((p) => Math.hypot(p.x - own.x, p.y - own.y)).sort((x, y) => x - y)[own.points.length >> 1]!;
    for (const b of topics) {
      if (a === b) continue;
      const other = centres.get(b)!;
      const apart = Math.hypot(own.x - other.x, own.y - other.y);
      expect(apart).toBeGreaterThan(150);
      expect(apart).toBeGreaterThan(2 * spread);
    }
  }
});

test('cluster labels are readable words of the documents, naming their topic', async () => {
  const labelled = await Promise.all(
    map.clusters.map(async (cluster) => {
      const texts = cluster.members.map((i) => textOf(topical[i]!.record));
      const terms = readableTerms(cluster.candidates, await surfaceFormsOf(texts, 'us'), 3);
      return { cluster, texts, terms };
    }),
  );
  for (const { texts, terms } of labelled) {
    expect(terms.length).toBeGreaterThanOrEqual(2);
    expect(terms.length).toBeLessThanOrEqual(3);
    const words = new Set(texts.join(' ').toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g));
    for (const term of terms) {
      // a whole word as written in the documents (not a stem such as "batteri" or "recogn")
      expect(term).toMatch(/^[A-Za-z][A-Za-z0-9-]+$/);
      expect(words.has(term.toLowerCase())).toBe(true);
    }
  }
  const clusterOf = (topic: Topic) => {
    const counts = new Map<number, number>();
    topical.forEach((t, i) => t.topic === topic && counts.set(map.points[i]!.cluster, (counts.get(map.points[i]!.cluster) ?? 0) + 1));
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };
  const labelOf = (topic: Topic) => labelled[clusterOf(topic)]!.terms.join(' ').toLowerCase();
  expect(labelOf('footwear')).toMatch(/shoe|footwear|sole|upper/);
  expect(labelOf('headwear')).toMatch(/cap|hat|visor|head|brim|crown/);
  expect(labelOf('computing')).toMatch(/cloud|virtual|machine|database|data|server|comput/);
  expect(labelOf('neural')).toMatch(/neural|neuron|network|learn|train/);
});

test('Chinese labels are words the segmenter finds, not character-bigram noise', async () => {
  const records = corpus.filter((r) => r.region === 'cn' && r.abstract && /[\u4e00-\u9fff]/.test(r.abstract)).slice(0, 80);
  expect(records.length).toBeGreaterThanOrEqual(40);
  const result = await buildLandscape(await Promise.all(records.map(termsOf)));
  let checked = 0;
  for (const cluster of result.clusters) {
    const texts = cluster.members.map((i) => textOf(records[i]!));
    const terms = readableTerms(cluster.candidates, await surfaceFormsOf(texts, 'cn'), 3);
    const words = new Set((await Promise.all(texts.map((text) => analyzeField(text, 'cn', { bigrams: false })))).flat());
    for (const term of terms) {
      if (!/[\u4e00-\u9fff]/.test(term)) continue;
      expect(words.has(term)).toBe(true);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(0);
});

test('few documents: no UMAP, still a map within range; one document sits in the middle', async () => {
  const few = topicalTerms.filter((_, i) => i % 12 === 0).slice(0, 8);
  const small = await buildLandscape(few);
  expect(small.layout).toBe('svd');
  expect(small.points).toHaveLength(few.length);
  expect(small.clusters.length).toBe(2);
  for (const p of small.points) {
    expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(1000);
  }
  const one = await buildLandscape(topicalTerms.slice(0, 1));
  expect(one.points).toEqual([{ x: 500, y: 500, cluster: 0 }]);
  expect(one.clusters).toHaveLength(1);
  const two = await buildLandscape(topicalTerms.slice(0, 2));
  expect(two.points).toHaveLength(2);
  expect(two.points[0]).not.toEqual(two.points[1]);
  expect(await buildLandscape([])).toMatchObject({ points: [], clusters: [] });
});

test('identical documents do not hide each other', async () => {
  const twins = [...topicalTerms.slice(0, 40), { ...topicalTerms[0]!, id: 'twin-a' }, { ...topicalTerms[0]!, id: 'twin-b' }];
  const result = await buildLandscape(twins);
  const spots = new Set(result.points.map((p) => `${p.x},${p.y}`));
  expect(spots.size).toBe(twins.length);
});

describe('the numerical parts', () => {
  test('tf-idf leaves out terms of one document and of more than half of them, rows have unit length', () => {
    const docs: DocumentTerms[] = Array.from({ length: 10 }, (_, i) => ({
      id: `d${i}`,
      terms: [['everywhere', 1], [`only${i}`, 3], [i < 3 ? 'few' : 'many', 2], ['5', 1]],
    }));
    const { vocabulary, matrix } = tfIdf(docs);
    expect(vocabulary).toEqual(['few']); // "many" is in 7 of 10, "everywhere" in all, "only…" in one, "5" is no word
    for (let i = 0; i < 3; i++) expect(matrix.value[matrix.rowStart[i]!]).toBeCloseTo(1);
    expect(matrix.rowStart[10]).toBe(3);
  });

  test('orthonormalize gives orthonormal columns spanning the input', () => {
    const random = seededRandom(7);
    const rows = 40;
    const l = 6;
    const data = Float64Array.from({ length: rows * l }, () => random() - 0.5);
    const q = orthonormalize(data, rows, l);
    for (let a = 0; a < l; a++) {
      for (let b = 0; b < l; b++) {
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += q[i * l + a]! * q[i * l + b]!;
        expect(dot).toBeCloseTo(a === b ? 1 : 0, 10);
      }
    }
  });

  test('the randomized SVD finds the leading singular values of a real term matrix', async () => {
    const { matrix } = tfIdf(topicalTerms);
    const svd = randomizedSvd(matrix, 20, seededRandom(1));
    const dense = Matrix.zeros(matrix.rows, matrix.columns);
    for (let i = 0; i < matrix.rows; i++) for (let p = matrix.rowStart[i]!; p < matrix.rowStart[i + 1]!; p++) dense.set(i, matrix.column[p]!, matrix.value[p]!);
    const exact = new SingularValueDecomposition(dense.transpose(), { computeLeftSingularVectors: false, computeRightSingularVectors: false }).diagonal;
    expect(svd.dimensions).toBe(20);
    // tf-idf spectra are flat, so the last of the k values are approximate; the leading ones are accurate
    svd.singularValues.slice(0, 10).forEach((value, i) => expect(Math.abs(value - exact[i]!) / exact[i]!).toBeLessThan(i < 3 ? 0.005 : 0.03));
  });

  test('k grows with √n between 2 and 12', () => {
    expect([1, 2, 3, 10, 100, 400, 1000, 3000].map(clusterCount)).toEqual([1, 1, 2, 2, 5, 10, 12, 12]);
  });
});
