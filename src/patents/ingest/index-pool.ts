// Analysis on every core: ingest spends nearly all its time analysing text (Japanese
// segmentation above all), which is pure CPU and independent per record, so records are
// analysed in a pool of worker threads while the main thread reads files and writes to the
// database. Each thread builds its own dictionaries (kuromoji ~0.6 s and ~340 MB, jieba
// ~0.2 s) on its first Japanese or Chinese record.
import os from 'node:os';
import { Tinypool } from 'tinypool';
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
  if (threads <= 1) return { index: indexPatent, threads: 1, concurrency: 1, close: async () => {} };
  const pool = new Tinypool({
    filename: new URL('./index-worker.mjs', import.meta.url).href,
    minThreads: threads,
    // minThreads = maxThreads: threads live as long as the pool, so dictionaries are built once per thread.
    maxThreads: threads,
  });
  return {
    index: (record: PatentRecord) => pool.run(record) as Promise<IndexedText>,
    threads,
    // Records are collected in reading order: with few in flight, one long gazette at the head
    // kept the other threads waiting (40 % of their time with 2 per thread, bench/search); 8 per thread keeps them busy.
    concurrency: threads * 8,
    close: () => pool.destroy(),
  };
}
