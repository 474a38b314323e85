// The prior-art warm-up (src/priorart/warm-up.ts): after it, an IPC inference finds each
// region's term index built and answers from it; a failure is only logged.
import { IPC_TEXT_INDEX } from '../../src/patents/ipc-inference.ts';
import { forgetTermIndexes, keptTermIndexes } from '../../src/patents/term-index.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import type { Logger } from '../../src/platform/logger.ts';
import { warmUpPriorart } from '../../src/priorart/warm-up.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

test('warming up builds the index each region\'s IPC inference of a text reads, so the first one does not wait for it', async () => {
  forgetTermIndexes();
  const said: string[] = [];
  const logger = { info: (_: unknown, message: string) => said.push(message), warn: (_: unknown, message: string) => said.push(message) } as unknown as Logger;
  await warmUpPriorart(db, logger);
  expect(keptTermIndexes().sort()).toEqual((['cn', 'jp', 'us'] as const).map((region) => `${region}/${IPC_TEXT_INDEX[region]}`));
  expect(said).toEqual(['prior-art warmed up']);
});

test('a failing warm-up is only logged: whatever failed is built on first use', async () => {
  forgetTermIndexes();
  const broken = createDatabase('postgres://postgres@127.0.0.1:1/nowhere');
  const said: string[] = [];
  const logger = { info: () => said.push('info'), warn: () => said.push('warn') } as unknown as Logger;
  await expect(warmUpPriorart(broken, logger)).resolves.toBeUndefined();
  expect(said).toEqual(['warn']);
  expect(keptTermIndexes()).toEqual([]);
  await broken.destroy();
});
