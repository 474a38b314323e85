// One ingest of the given files into a fresh bench database, in its own process (fresh
// dictionaries and caches, the analyser chosen by the environment: INGEST_THREADS,
// HATSUMEI_JAPANESE_SEGMENTER); prints one JSON line with the figures. Used by bench/search.
import { createDatabase, migrateToLatest } from '../../src/platform/database.ts';
import { createParallelIndexer } from '../../src/patents/ingest/index-pool.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { countPostgresCpu } from './postgres-cpu.ts';
import { prepareDatabase } from './server.ts';

const files = process.argv.slice(2);
const database = await prepareDatabase();
const db = createDatabase(database.url());
const indexer = createParallelIndexer();
try {
  await migrateToLatest(db);
  const postgres = await countPostgresCpu(db, new URL(database.url()).pathname.slice(1));
  const cpu = process.cpuUsage();
  const summary = await ingestFiles(db, files, { index: indexer.index, concurrency: indexer.concurrency });
  const used = process.cpuUsage(cpu);
  const postgresCpuSeconds = await postgres.stop();
  process.stdout.write(
    `${JSON.stringify({ records: summary.records, seconds: summary.seconds, threads: indexer.threads, bad: summary.bad.length, peakRssBytes: summary.peakRssBytes, mainThreadCpuSeconds: (used.user + used.system) / 1e6, postgresCpuSeconds })}\n`,
  );
} finally {
  await indexer.close();
  await db.destroy();
  await database.cleanup();
}
