// A real application for a test file: its own database, the real services, no mocks.
import { randomBytes } from 'node:crypto';
import { sign } from 'cookie-signature';
import type { Express } from 'express';
import { loadConfig, type AppConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { startRuntime, type Runtime } from '../../src/platform/runtime.ts';
import { SESSION_COOKIE } from '../../src/platform/sessions.ts';
import { insertCompany, insertUser, type NewUser } from '../../src/users/repository.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export interface TestApp {
  app: Express;
  runtime: Runtime;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * `corpus`: corpus files (cutCorpus's) the database holds from the start, ingested and indexed as
 * ingestInChild does; a copy of the run's database of those files (ingestedTemplate), so files
 * that cut the same records ingest them once per run.
 */
export async function startTestApp(environment: Record<string, string | undefined> = {}, options: { corpus?: string[] } = {}): Promise<TestApp> {
  const template = options.corpus ? await (await import('./ingest-process.ts')).ingestedTemplate(options.corpus) : undefined;
  const database = await createTestDatabase({ migrated: true, template });
  const config = loadConfig({
    NODE_ENV: 'test',
    ROLE: 'web',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATABASE_URL: database.url,
    // Rate-limit counters of one test app never meet another's (they may share a Redis).
    RATE_LIMIT_PREFIX: `test:${database.name}:`,
    ...environment,
  });
  const runtime = await startRuntime(config, createLogger(config.logLevel));
  return {
    app: runtime.app!,
    runtime,
    config,
    database,
    close: async () => {
      await runtime.close();
      await database.drop();
    },
  };
}

let companySequence = 0;

/**
 * One argon2id hash per password in a test file: the accounts a file creates mostly share the
 * default password, and a hash of it verifies that password whichever account holds it (the salt
 * is inside the hash). Hashing is deliberately slow, 90–310 ms each on the 2-core machine
 * (2026-11-29), and a browser file creates an account per test.
 */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
    // A failed hash is not kept: the next account tries again.
    hash.catch(() => passwordHashes.delete(password));
  }
  return hash;
}

export async function createAccount(
  testApp: TestApp,
  user: Partial<Omit<NewUser, 'companyId' | 'passwordHash'>> & { password?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const db = testApp.runtime.db;
  const companyId = await insertCompany(db, { code: `T${Date.now()}${companySequence++}`, name: 'テスト特許事務所' });
  const email = user.email ?? `user-${randomBytes(4).toString('hex')}@example.jp`;
  const password = user.password ?? 'Passw0rd!x';
  const id = await insertUser(db, {
    companyId,
    email,
    name: user.name ?? '山田 太郎',
    passwordHash: await passwordHashOf(password),
    role: user.role ?? 'auth_user',
    languageCD: user.languageCD,
    features: user.features,
  });
  return { id, email, password };
}

/** A signed-in user for each interface language, with the same features: for a page checked in both. */
export async function usersByLanguage(testApp: TestApp, features?: NewUser['features']): Promise<Record<'ja' | 'en', { id: string; cookie: string }>> {
  const signedIn = async (languageCD: 'lang_ja' | 'lang_en') => {
    const { id } = await createAccount(testApp, { languageCD, ...(features && { features }) });
    return { id, cookie: await sessionCookieFor(testApp, { userId: id }) };
  };
  return { ja: await signedIn('lang_ja'), en: await signedIn('lang_en') };
}

/**
 * A signed session cookie for an account that has passed sign-in and the second
 * factor, written straight into the app's session store (the sign-in flow itself
 * is tested on its own).
 */
export async function sessionCookieFor(
  testApp: TestApp,
  who: { userId?: string; managerId?: string },
  /** expiresInMs: the idle time left (default: all of it, as just after a renewal). */
  options: { expiresInMs?: number } = {},
): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  const maxAge = options.expiresInMs ?? testApp.config.sessionIdleMs;
  const data = {
    cookie: { originalMaxAge: testApp.config.sessionIdleMs, expires: new Date(Date.now() + maxAge).toISOString(), httpOnly: true, path: '/', sameSite: 'lax' },
    ...(who.userId && { userId: who.userId, userSecondFactorPassed: true }),
    ...(who.managerId && { managerId: who.managerId, managerSecondFactorPassed: true }),
  };
  const store = testApp.runtime.sessions!.store;
  await new Promise<void>((resolve, reject) => store.set(sid, data as never, (error) => (error ? reject(error) : resolve())));
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sign(sid, TEST_SESSION_SECRET)}`)}`;
}
