import path from 'node:path';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { createLogger } from '../src/platform/logger.ts';
import { DEFAULT_TEST_DATABASE_URL, resolveTestRedis, tcpReachable } from './helpers/services.ts';

export default async function globalSetup(): Promise<void> {
  process.env.TEST_REDIS_URL = await resolveTestRedis();
  if (process.env.TEST_DATABASE_URL) return;
  if (await tcpReachable(DEFAULT_TEST_DATABASE_URL)) {
    process.env.TEST_DATABASE_URL = DEFAULT_TEST_DATABASE_URL;
    return;
  }
  // A fresh machine without PostgreSQL: the same embedded server the app uses.
  const embedded = await startEmbeddedPostgres({
    dir: path.resolve('var', 'test-postgres'),
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339),
    database: 'postgres',
    logger: createLogger('warn'),
  });
  process.env.TEST_DATABASE_URL = embedded.url;
  (globalThis as { __embeddedTestDatabase?: typeof embedded }).__embeddedTestDatabase = embedded;
  process.stdout.write(`\nUsing an embedded PostgreSQL for the tests (${embedded.url.replace(/:[^:@/]+@/, ':***@')})\n`);
}
