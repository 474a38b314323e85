// A test file's own database holding a cut of a corpus (corpus.ts cutCorpus): created, migrated
// and loaded before the file's tests, dropped after them. Beside corpus.ts rather than in it:
// most files that read the corpus need no database, and this brings in ingest and indexing.
import { forgetTermIndexes } from '../../src/patents/term-index.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { ingestInChild } from './ingest-process.ts';

export interface CorpusDatabaseOptions {
  /** corpusTests(…).available: false creates nothing (the file's corpus tests are skipped). */
  available?: boolean;
  /** The connection pool's size; createDatabase's own otherwise. */
  pool?: number;
  /** Every record must be read, none bad. */
  clean?: boolean;
  /** How long creating and loading may take, in milliseconds; jest's test timeout otherwise. */
  timeout?: number;
}

export interface CorpusDatabase {
  /** The database, from the file's beforeAll on. */
  readonly db: Database;
}

/**
 * Registers the file's beforeAll and afterAll: a migrated test database into which the files
 * `records` gives (cut once the database is there) are ingested and indexed; no records when
 * `records` is null (the tests store their own).
 */
export function corpusDatabase(records: (() => Promise<string[]>) | null, options: CorpusDatabaseOptions = {}): CorpusDatabase {
  const { available = true } = options;
  let database: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    if (!available) return;
    database = await createTestDatabase({ migrated: true });
    db = createDatabase(database.url, options.pool);
    await migrateToLatest(db);
    if (!records) return;
    // In a plain Node child process (ingest-process.ts): the same ingest, outside jest's slow vm context.
    const summary = await ingestInChild(database.url, await records());
    if (options.clean) expect(summary.bad).toEqual([]);
    // A term index built before the records came in would not hold them.
    forgetTermIndexes();
  }, options.timeout);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('corpusDatabase: no database before beforeAll, nor without the corpus');
      return db;
    },
  };
}
