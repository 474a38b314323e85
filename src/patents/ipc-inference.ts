// The most likely IPC subclasses (and main groups) of a text: a vote of its nearest
// classified neighbours by BM25 (term-index.ts), each neighbour's vote weighted by its score (sharpened) and
// shared among its own classes, the first class counting double (the office's main class).
// Used by the examination simulation to focus retrieval and shown to the user; the detailed
// search and creation support can ask for it too. Figures: bench/priorart-quality.ts.
import { rankByBm25, type TermIndex } from './term-index.ts';

export interface InferredClass {
  /** 'H01M' (subclass) or 'H01M 10/00' (main group). */
  code: string;
  /** Share of the neighbours' vote, 0–1. */
  score: number;
}

export interface InferredIpc {
  subclasses: InferredClass[];
  mainGroups: InferredClass[];
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
 * abstract-only (mostly water treatment). Tried on the tuning half and not adopted: tf-idf cosine
 * k-NN (US top-1 11–16 %), multinomial naive Bayes (21–22 %), subclass centroids (Rocchio: tuning
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

/** The IPC of analysed text (the tokens the index's region analyses with). */
export async function inferIpc(index: TermIndex, terms: readonly string[], limit = 5): Promise<InferredIpc> {
  return voteIpc(index, await ipcNeighbours(index, terms), limit);
}
