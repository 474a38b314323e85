// The demo corpus (data/demo-corpus) goes into an empty patent store on a newcomer's
// first start, in the background, with progress in the log.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../platform/config.ts';
import type { Database } from '../../platform/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createParallelIndexer } from '../ingest/index-pool.ts';
import { ingestFiles } from '../ingest/ingest.ts';
import { getSetting, setSetting } from '../../settings/repository.ts';

const DEMO_CORPUS_SETTING = 'demoCorpusLoaded';

export const DEMO_CORPUS_DIR = path.join(projectRoot, 'data', 'demo-corpus');

class Stopped extends Error {}

export function loadDemoCorpusInBackground(db: Database, logger: Logger, directory = DEMO_CORPUS_DIR): { done: Promise<void>; stop(): Promise<void> } {
  let stopping = false;
  const done = (async () => {
    // Loaded once; an interrupted load resumes (ingest is idempotent) at the next start.
    if (await getSetting(db, DEMO_CORPUS_SETTING)) return;
    const files = (await readdir(directory)).filter((file) => file.endsWith('.jsonl.gz')).map((file) => path.join(directory, file));
    if (files.length === 0) return;
    logger.info({ files }, 'loading the demo corpus into the empty patent store (search finds more as it goes)');
    let lastLog = 0;
    // Analysis threads for the load only: they and their dictionaries go when it is done.
    const indexer = createParallelIndexer();
    let summary;
    try {
      summary = await ingestFiles(db, files, {
        index: async (record) => {
          if (stopping) throw new Stopped();
          return indexer.index(record);
        },
        concurrency: indexer.concurrency,
        onProgress: (progress) => {
          if (Date.now() - lastLog < 10_000) return;
          lastLog = Date.now();
          logger.info({ records: progress.done, of: progress.total, percent: Math.floor((100 * progress.done) / Math.max(1, progress.total)) }, 'loading the demo corpus');
        },
      });
    } finally {
      await indexer.close();
    }
    await setSetting(db, DEMO_CORPUS_SETTING, { loadedAt: new Date().toISOString(), records: summary.records });
    logger.info({ records: summary.records, seconds: Math.round(summary.seconds), bad: summary.bad.length }, 'demo corpus loaded');
  })().catch((error) => {
    if (error instanceof Stopped) logger.info('demo corpus loading stopped; it resumes at the next start');
    else logger.error({ err: error }, 'the demo corpus could not be loaded');
  });
  return {
    done,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}
