// The search warm-up (src/search/warm-up.ts): after it, a first search finds the analysers and
// the map's worker thread built, and nothing it did failed.
import { jiebaBuildCount } from '../../src/patents/analysis/chinese.ts';
import { kuromojiBuildCount } from '../../src/patents/analysis/japanese.ts';
import { forgetHitSets } from '../../src/patents/hit-sets.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import type { Logger } from '../../src/platform/logger.ts';
import { stopLandscapeWorker } from '../../src/search/landscape/worker.ts';
import { warmUpSearch } from '../../src/search/warm-up.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  await migrateToLatest(db);
});

afterAll(async () => {
  await stopLandscapeWorker();
  await db.destroy();
  await database.drop();
});

test('warming up builds the Japanese and Chinese analysers and runs a search per region without failing', async () => {
  expect(kuromojiBuildCount()).toBe(0);
  expect(jiebaBuildCount()).toBe(0);
  const said: Array<{ level: string; message: string }> = [];
  const logger = {
    info: (_: unknown, message: string) => said.push({ level: 'info', message }),
    warn: (_: unknown, message: string) => said.push({ level: 'warn', message }),
  } as unknown as Logger;
  await warmUpSearch(db, logger);
  expect(kuromojiBuildCount()).toBe(1);
  expect(jiebaBuildCount()).toBe(1);
  expect(said).toEqual([{ level: 'info', message: 'search warmed up' }]);
});

test('a failing warm-up is only logged: whatever failed is built on first use', async () => {
  forgetHitSets(); // the first test's searches are kept: they would answer without the database
  const broken = createDatabase('postgres://postgres@127.0.0.1:1/nowhere');
  const said: string[] = [];
  const logger = { info: () => said.push('info'), warn: () => said.push('warn') } as unknown as Logger;
  await expect(warmUpSearch(broken, logger)).resolves.toBeUndefined();
  expect(said).toEqual(['warn']);
  await broken.destroy();
});
