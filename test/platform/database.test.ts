// Migrations at start, the tables of the foundation, demo accounts, and refusal to run
// against a database migrated by code we do not have.
import { createLogger } from '../../src/platform/logger.ts';
import { createDatabase, migrateToLatest, MigrationError, type Database } from '../../src/platform/database.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { startRuntime } from '../../src/platform/runtime.ts';
import { verifyPassword } from '../../src/platform/passwords.ts';
import { DEMO_MANAGER, DEMO_USER, ensureDemoAccounts } from '../../src/demo/accounts.ts';
import { findAccountById } from '../../src/users/repository.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let db: Database;
const logger = createLogger('silent');

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

test('migrations create the foundation tables, and running them again changes nothing', async () => {
  expect((await migrateToLatest(db)).length).toBeGreaterThan(0);
  for (const table of ['companies', 'users', 'settings', 'sessions']) expect(await db.schema.hasTable(table)).toBe(true);
  for (const column of ['email', 'name', 'password_hash', 'role', 'language_cd', 'profile_image', 'feature_simple', 'feature_detail', 'feature_priorart', 'feature_patent_creation_support', 'mfa_enabled', 'mfa_registered', 'mfa_secret', 'created_at', 'last_login_at', 'last_exec_at']) {
    expect(await db.schema.hasColumn('users', column)).toBe(true);
  }
  expect(await migrateToLatest(db)).toEqual([]);
});

test('demo accounts: a user with every feature and a manager, argon2id hashes, created once', async () => {
  expect(await ensureDemoAccounts(db, logger)).toBe(true);
  const users = await db('users').select('id', 'email', 'role', 'password_hash').orderBy('role');
  expect(users.map((u) => [u.email, u.role])).toEqual([
    [DEMO_USER.email, 'auth_user'],
    [DEMO_MANAGER.email, 'auth_adopter'],
  ]);
  expect(users[0].password_hash).toMatch(/^\$argon2id\$/);
  expect(await verifyPassword(users[0].password_hash, DEMO_USER.password)).toBe(true);
  expect(await verifyPassword(users[1].password_hash, DEMO_MANAGER.password)).toBe(true);
  expect(await verifyPassword(users[0].password_hash, DEMO_MANAGER.password)).toBe(false);
  const account = await findAccountById(db, users[0].id);
  expect(account?.enable).toEqual({ simple: true, detail: true, priorart: true, patent_creation_support: true });
  expect(account?.authorityCD).toBe('auth_user');
  expect(account?.mfa).toEqual({ enable: true, isregist: false });
  expect((await findAccountById(db, users[1].id))?.enable).toBeUndefined();
  expect(await ensureDemoAccounts(db, logger)).toBe(false);
  expect(await db('users').count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '2' }]);
});

test('new users default to simple search only (§6)', async () => {
  const [company] = await db('companies').insert({ code: 'C-DEFAULTS', name: 'x' }).returning('id');
  const [user] = await db('users')
    .insert({ company_id: company.id, email: 'defaults@example.jp', name: 'n', password_hash: 'h', role: 'auth_user' })
    .returning(['feature_simple', 'feature_detail', 'feature_priorart', 'feature_patent_creation_support', 'language_cd']);
  expect(user).toEqual({ feature_simple: true, feature_detail: false, feature_priorart: false, feature_patent_creation_support: false, language_cd: 'lang_ja' });
});

test('the app refuses to start when the database has a migration this code lacks', async () => {
  await db('knex_migrations').insert({ name: '20991231000000_from_the_future', batch: 99, migration_time: new Date() });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, SESSION_SECRET: 's'.repeat(40) });
  await expect(startRuntime(config, logger)).rejects.toThrow(MigrationError);
  await expect(startRuntime(config, logger)).rejects.toThrow(/20991231000000_from_the_future.*Refusing to start/);
});
