import path from 'node:path';
import type { Config } from '@jest/types';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { createLogger } from '../src/platform/logger.ts';
import { chromiumPath, launchChromiumServer } from './helpers/browser.ts';
import { createMigratedTemplate } from './helpers/database.ts';
import { DEFAULT_TEST_DATABASE_URL, resolveTestRedis, tcpReachable } from './helpers/services.ts';

export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  process.env.TEST_REDIS_URL = await resolveTestRedis();
  process.env.TEST_DATABASE_URL ??= await databaseServer();
  // Set in this process before jest starts its workers: they inherit it.
  process.env.TEST_TEMPLATE_DATABASE = await createMigratedTemplate();
  if (runsBrowserTests(globalConfig)) await browserServer();
}

/** The whole suite, or paths that name browser tests: a run of other files does not wait for Chromium. */
function runsBrowserTests(globalConfig: Config.GlobalConfig): boolean {
  const patterns = globalConfig.testPathPatterns?.patterns ?? [];
  return patterns.length === 0 || patterns.some((pattern) => pattern.includes('browser'));
}

/** One Chromium for the run's browser test files to connect to (browser.ts chromiumForFile); none without Chromium. */
async function browserServer(): Promise<void> {
  const executable = chromiumPath();
  if (!executable || process.env.TEST_CHROMIUM_WS) return;
  const server = await launchChromiumServer(executable);
  (globalThis as { __chromiumServer?: typeof server }).__chromiumServer = server;
  process.env.TEST_CHROMIUM_WS = server.wsEndpoint();
}

async function databaseServer(): Promise<string> {
  if (await tcpReachable(DEFAULT_TEST_DATABASE_URL)) return DEFAULT_TEST_DATABASE_URL;
  // A fresh machine without PostgreSQL: the same embedded server the app uses.
  const embedded = await startEmbeddedPostgres({
    dir: path.resolve('var', 'test-postgres'),
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339),
    database: 'postgres',
    logger: createLogger('warn'),
  });
  (globalThis as { __embeddedTestDatabase?: typeof embedded }).__embeddedTestDatabase = embedded;
  process.stdout.write(`\nUsing an embedded PostgreSQL for the tests (${embedded.url.replace(/:[^:@/]+@/, ':***@')})\n`);
  return embedded.url;
}
