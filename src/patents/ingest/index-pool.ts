// Analysis on every core: ingest spends nearly all its time analysing text (Japanese
// segmentation above all), which is pure CPU and independent per record, so records are
// analysed in a pool of worker threads while the main thread reads files and writes to the
// database. Japanese records come with kuromoji's dictionary, loaded once by this thread into
// shared memory (analysis/dictionary.ts) and shared by every analysis thread: each thread building
// its own cost ~1.0–1.4 s of CPU and ~340 MB apiece, 2–2.8 s of the ~30 s of CPU the 281 gazettes
// of jp-fulltext took on 2 threads at load 5–9. With this and the bundled threads below, the ingest
// process's CPU per gazette went 110 → 101 ms and its peak RSS 1.2 → 0.8–0.9 GB (medians of 3
// interleaved runs, load 5–9). Chinese records: each thread builds jieba (~0.2 s).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/**
 * The analysis thread's code (index-worker-entry.ts and the analysers) as one plain-JS module,
 * its packages left as imports, written under dist/ (named by its content, so concurrent
 * processes agree) where those imports resolve. A thread that loads TypeScript through tsx
 * instead spent ~0.9 s of CPU starting (tsx's loader thread ~0.5 s, compiling its modules the
 * rest): 2 threads, ~1.8 s of the ~30 s of CPU the 281 gazettes of jp-fulltext cost. esbuild
 * is tsx's own (not declared here): without it, the threads run index-worker.mjs through tsx.
 */
async function workerModule(): Promise<string> {
  const fallback = new URL('./index-worker.mjs', import.meta.url).href;
  try {
    const { build } = await import('esbuild');
    const entry = fileURLToPath(new URL('./index-worker-entry.ts', import.meta.url));
    const built = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
    const code = built.outputFiles[0]!.contents;
    const directory = path.resolve(path.dirname(entry), '..', '..', '..', 'dist', 'ingest');
    const file = path.join(directory, `index-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      await mkdir(directory, { recursive: true });
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, code);
      await rename(partial, file);
    }
    return pathToFileURL(file).href;
  } catch {
    return fallback;
  }
}

/** A pool of `threads` analysis threads; with one thread, analysis stays in this thread (no copies, no second dictionary). */
export function createParallelIndexer(threads = defaultIngestThreads()): ParallelIndexer {
  if (threads <= 1) return { index: indexPatent, threads: 1, concurrency: 1, close: async () => {} };
  const started = workerModule().then(
    (filename) =>
      new Tinypool({
        filename,
        minThreads: threads,
        // minThreads = maxThreads: threads live as long as the pool, so dictionaries are built once per thread.
        maxThreads: threads,
      }),
  );
  // Loaded on the first Japanese record (zlib inflates on its own threads meanwhile); a record of
  // another region whose text turns out Japanese has its thread build its own, as before.
  let dictionary: Promise<SharedMorphologyDictionary> | undefined;
  const sharedDictionary = async (record: PatentRecord) =>
    record.region === 'jp' && !REFERENCE_SEGMENTER ? await (dictionary ??= loadSharedDictionary()) : undefined;
  return {
    // The dictionary's SharedArrayBuffers travel with each task as handles (no copy); a thread takes it once.
    index: async (record: PatentRecord) => {
      const dictionary = await sharedDictionary(record);
      return (await (await started).run({ record, dictionary })) as IndexedText;
    },
    threads,
    // Records are collected in reading order: with few in flight, one long gazette at the head
    // kept the other threads waiting (40 % of their time with 2 per thread, bench/search); 8 per thread keeps them busy.
    concurrency: threads * 8,
    close: async () => (await started).destroy(),
  };
}
