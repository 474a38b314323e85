// Analysis on every core: ingest spends nearly all its time analysing text (Japanese
// segmentation above all), which is pure CPU and independent per record, so records are
// analysed in a pool of worker threads while the main thread reads files and writes to the
// database. Japanese records come with kuromoji's dictionary, loaded once by this thread into
// shared memory (analysis/dictionary.ts) and shared by every analysis thread: each thread building
// its own cost ~1.0–1.4 s of CPU and ~340 MB apiece, 2–2.8 s of the ~30 s of CPU the 281 gazettes
// of jp-fulltext took on 2 threads at load 5–9; peak RSS 1.2 → 0.8–0.9 GB. Chinese records: each
// thread builds jieba (~0.2 s). (Running the threads' code as an esbuild bundle instead of through
// tsx saved ~0.45 s of CPU per thread start; not kept: a build step and an undeclared dependency
// for a fixed cost that a gazette of thousands of documents does not notice.)
import os from 'node:os';
import { Tinypool } from 'tinypool';
import { loadSharedDictionary, type SharedMorphologyDictionary } from '../analysis/dictionary.ts';
import { REFERENCE_SEGMENTER } from '../analysis/japanese.ts';
import { indexPatent } from '../indexing.ts';
import type { PatentRecord } from '../record.ts';
import type { IndexedText } from '../repository.ts';
import type { Indexer } from './ingest.ts';

export interface ParallelIndexer {
  index: Indexer;
  /** Threads analysing. */
  threads: number;
  /** Records to keep in flight (ingestFiles' concurrency). */
  concurrency: number;
  close(): Promise<void>;
}

/** INGEST_THREADS, else one thread per core. */
export function defaultIngestThreads(): number {
  const configured = Number.parseInt(process.env.INGEST_THREADS ?? '', 10);
  return Number.isFinite(configured) && configured > 0 ? configured : os.availableParallelism();
}

/** A pool of `threads` analysis threads; with one thread, analysis stays in this thread (no copies, no second dictionary). */
export function createParallelIndexer(threads = defaultIngestThreads()): ParallelIndexer {
  if (threads <= 1) return { index: (record) => indexPatent(record, 'binary'), threads: 1, concurrency: 1, close: async () => {} };
  const pool = new Tinypool({
    filename: new URL('./index-worker.mjs', import.meta.url).href,
    minThreads: threads,
    // minThreads = maxThreads: threads live as long as the pool, so dictionaries are built once per thread.
    maxThreads: threads,
  });
  // Loaded on the first Japanese record (zlib inflates on its own threads meanwhile); a record of
  // another region whose text turns out Japanese has its thread build its own, as before.
  let dictionary: Promise<SharedMorphologyDictionary> | undefined;
  const sharedDictionary = async (record: PatentRecord) =>
    record.region === 'jp' && !REFERENCE_SEGMENTER ? await (dictionary ??= loadSharedDictionary()) : undefined;
  return {
    // The dictionary's SharedArrayBuffers travel with each task as handles (no copy); a thread takes it once.
    index: async (record: PatentRecord) => (await pool.run({ record, dictionary: await sharedDictionary(record) })) as IndexedText,
    threads,
    // Records are collected in reading order: with few in flight, one long gazette at the head
    // kept the other threads waiting (40 % of their time with 2 per thread, bench/search); 8 per thread keeps them busy.
    concurrency: threads * 8,
    close: () => pool.destroy(),
  };
}
