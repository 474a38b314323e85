// Held-out classifiers for the IPC benchmarks: a trained classifier (src/patents/ipc-classifier.ts)
// must not judge a document it was trained on, and leaving one document out means one model per
// document. Instead the classified documents fall into FOLDS folds by a byte of their id's hash
// (not the byte that picks the tuning or report half), and each document is judged by the model
// trained without its fold: every model learns from four fifths of both halves.
import { createHash } from 'node:crypto';
import { trainIpcClassifier, type IpcClassifier, type TrainingOptions } from '../../src/patents/ipc-classifier.ts';
import type { TermIndex } from '../../src/patents/term-index.ts';

export const FOLDS = 5;
export const foldOf = (id: string): number => createHash('sha1').update(id).digest()[1]! % FOLDS;

/** One classifier per fold, and the CPU seconds each took on average. */
export async function foldClassifiers(index: TermIndex, options: TrainingOptions = {}): Promise<{ models: IpcClassifier[]; cpuSeconds: number }> {
  const models: IpcClassifier[] = [];
  let cpu = 0;
  for (let fold = 0; fold < FOLDS; fold++) {
    const exclude = new Set(index.ids.flatMap((id, doc) => (foldOf(id) === fold ? [doc] : [])));
    const started = process.cpuUsage();
    models.push(await trainIpcClassifier(index, { ...options, exclude }));
    const used = process.cpuUsage(started);
    cpu += (used.user + used.system) / 1e6;
  }
  return { models, cpuSeconds: cpu / FOLDS };
}
