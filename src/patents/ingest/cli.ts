// npm run ingest -- <files…>: JSON Lines (.jsonl, .jsonl.gz), USPTO XML, gazette text.
// Uses DATABASE_URL, else the embedded PostgreSQL, migrates, and prints a summary and
// every bad record (file, position, id, reason) without stopping.
import { SingleBar, Presets } from 'cli-progress';
import { loadConfig } from '../../platform/config.ts';
import { createDatabase, migrateToLatest } from '../../platform/database.ts';
import { startEmbeddedPostgres } from '../../platform/embedded-postgres.ts';
import { createLogger } from '../../platform/logger.ts';
import { createParallelIndexer } from './index-pool.ts';
import { ingestFiles } from './ingest.ts';

const files = process.argv.slice(2).filter((argument) => argument !== '--');
if (files.length === 0) {
  process.stderr.write('usage: npm run ingest -- <file.jsonl[.gz] | file.xml | file.txt> …\n');
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ ...config.embeddedPostgres, database: 'hatsumei', logger });
const db = createDatabase(config.databaseUrl ?? embedded!.url);
// Analysis on every core (INGEST_THREADS to choose how many threads).
const indexer = createParallelIndexer();
try {
  await migrateToLatest(db);
  const bar = new SingleBar({ format: '{file} |{bar}| {percentage}% | {value}/{total} records | {eta_formatted} left', hideCursor: true }, Presets.shades_classic);
  let started = false;
  const summary = await ingestFiles(db, files, {
    index: indexer.index,
    concurrency: indexer.concurrency,
    onProgress: (progress) => {
      if (!started) bar.start(progress.total, 0, { file: progress.file.split('/').pop() });
      started = true;
      bar.setTotal(progress.total);
      bar.update(progress.done, { file: progress.file.split('/').pop() });
    },
    onBadRecord: (bad) => process.stderr.write(`\nbad record: ${bad.file}:${bad.position}${bad.id ? ` (${bad.id})` : ''}: ${bad.reason}\n`),
  });
  bar.stop();
  const rate = summary.records / Math.max(summary.seconds, 0.001);
  process.stdout.write(`\nanalysis threads: ${indexer.threads}`);
  process.stdout.write(
    [
      '',
      `files ${summary.files}, records ${summary.records}: ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.bad.length} bad`,
      `${summary.seconds.toFixed(1)} s, ${rate.toFixed(0)} records/s, peak memory ${(summary.peakRssBytes / 1048576).toFixed(0)} MB`,
      '',
    ].join('\n'),
  );
  process.exitCode = summary.bad.length > 0 ? 1 : 0;
} finally {
  await indexer.close();
  await db.destroy();
  await embedded?.stop();
}
