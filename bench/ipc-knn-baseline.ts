// bench/ipc-knn-baseline: the "measured fact to start from" (a k-NN vote over tf-idf
// cosine, k 10–20: US subclass top-1 ≈ 0.66, top-3 ≈ 0.85) reproduced, to tell which protocol
// it was measured on. Every classified document of the region, its title + abstract both as the
// input and as the neighbours' text (its own tf-idf over the classified documents, smooth idf,
// unit length), the document left out, neighbours' every subclass voted (similarity-weighted or
// not), halves as bench/priorart-quality.ts splits them. Measured (US, 2,268 documents): top-1
// 63–67 %, top-3 80–85 % on either half for k 10–20, i.e. the figure; with claims 1–3 as input instead
// the same method reached 11–16 % top-1 (ipc-inference.ts).
//   PRIORART_DB=<loaded bench db> REGION=us npx tsx bench/ipc-knn-baseline.ts
import { createHash } from 'node:crypto';
import { analyzeField } from '../src/patents/analysis/index.ts';
import { subclassOf } from '../src/patents/ipc-inference.ts';
import type { Region } from '../src/patents/record.ts';
import { priorartCorpus } from './lib/priorart-corpus.ts';

type Half = 'tuning' | 'report';
const halfOf = (id: string): Half => (createHash('sha1').update(id).digest()[0]! % 2 === 0 ? 'tuning' : 'report');
const region = (process.env.REGION ?? 'us') as Region;
const { db, close } = await priorartCorpus();
try {
  const rows: Array<{ id: string; title: string | null; abstract: string | null; ipc: string[] }> = await db('patents')
    .select('id', 'title', 'abstract', 'ipc')
    .where({ region })
    .whereRaw('coalesce(array_length(ipc, 1), 0) > 0')
    .orderBy('id');
  const labels = rows.map((row) => new Set(row.ipc.map(subclassOf)));
  const tokens = await Promise.all(rows.map((row) => analyzeField(`${row.title ?? ''}\n${row.abstract ?? ''}`, region)));
  const df = new Map<string, number>();
  for (const list of tokens) for (const token of new Set(list)) df.set(token, (df.get(token) ?? 0) + 1);
  const n = rows.length;
  for (const sublinear of [false, true]) {
    const vectors = tokens.map((list) => {
      const tf = new Map<string, number>();
      for (const token of list) tf.set(token, (tf.get(token) ?? 0) + 1);
      const vector = new Map<string, number>();
      let norm = 0;
      for (const [token, count] of tf) {
        const weight = (sublinear ? 1 + Math.log(count) : count) * (Math.log((1 + n) / (1 + df.get(token)!)) + 1);
        vector.set(token, weight);
        norm += weight * weight;
      }
      for (const [token, weight] of vector) vector.set(token, weight / (Math.sqrt(norm) || 1));
      return vector;
    });
    const postings = new Map<string, Array<[number, number]>>();
    vectors.forEach((vector, doc) => { for (const [token, weight] of vector) postings.set(token, [...(postings.get(token) ?? []), [doc, weight]]); });
    const nearest = vectors.map((vector, self) => {
      const scores = new Float64Array(n);
      for (const [token, weight] of vector) for (const [doc, other] of postings.get(token)!) scores[doc] = scores[doc]! + weight * other;
      scores[self] = 0;
      return [...scores.keys()].filter((doc) => scores[doc]! > 0).sort((a, b) => scores[b]! - scores[a]!).slice(0, 20).map((doc) => ({ doc, similarity: scores[doc]! }));
    });
    for (const k of [10, 15, 20]) {
      for (const weighted of [false, true]) {
        const tally: Record<Half, { n: number; top1: number; top3: number }> = { tuning: { n: 0, top1: 0, top3: 0 }, report: { n: 0, top1: 0, top3: 0 } };
        rows.forEach((row, i) => {
          const votes = new Map<string, number>();
          for (const { doc, similarity } of nearest[i]!.slice(0, k)) for (const code of labels[doc]!) votes.set(code, (votes.get(code) ?? 0) + (weighted ? similarity : 1));
          const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code);
          const t = tally[halfOf(row.id)];
          t.n++;
          if (labels[i]!.has(ranked[0] ?? '')) t.top1++;
          if (ranked.slice(0, 3).some((code) => labels[i]!.has(code))) t.top3++;
        });
        const f = (t: { n: number; top1: number; top3: number }) => `top-1 ${((100 * t.top1) / t.n).toFixed(1)} %, top-3 ${((100 * t.top3) / t.n).toFixed(1)} % (n ${t.n})`;
        console.log(`${region} tf-idf cosine k-NN, title + abstract, ${sublinear ? 'sublinear' : 'raw'} tf, k ${k}, ${weighted ? 'similarity-weighted' : 'one vote each'}: tuning ${f(tally.tuning)}; report ${f(tally.report)}`);
      }
    }
  }
} finally {
  await close();
}
