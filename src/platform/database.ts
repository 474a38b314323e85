// knex over pg. Migrations are listed in migrations/index.ts (a static list, so the
// same code runs under tsx, Vite and jest without a file-system loader).
import knexFactory, { type Knex } from 'knex';
import { migrations } from '../../migrations/index.ts';

export type Database = Knex;

/**
 * Planner cost of a random page read, set on every connection. PostgreSQL's default (4)
 * assumes spinning disks; with it the planner chose sequential scans for searches with
 * many hits, reading every document's full-text vector (125 ms instead of 8 ms for 3,768
 * hits of 16,771). 1.1 is the usual value for SSD storage; PG_RANDOM_PAGE_COST overrides.
 */
const RANDOM_PAGE_COST = Number(process.env.PG_RANDOM_PAGE_COST ?? 1.1);

export function createDatabase(url: string, poolMax = 10): Database {
  return knexFactory({
    client: 'pg',
    connection: url,
    pool: {
      min: 0,
      max: poolMax,
      afterCreate: (connection: { query(sql: string, done: (error?: Error) => void): void }, done: (error: Error | undefined, connection: unknown) => void) => {
        if (!(RANDOM_PAGE_COST > 0)) return done(undefined, connection);
        connection.query(`SET random_page_cost = ${RANDOM_PAGE_COST}`, (error) => done(error, connection));
      },
    },
    acquireConnectionTimeout: 10_000,
  });
}

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map((m) => m.name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations.find((m) => m.name === name);
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

export class MigrationError extends Error {}

/** Brings the schema up to date; refuses to start when the database has migrations this code does not know. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  try {
    const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
    return applied;
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (/corrupt|missing/i.test(message)) {
      throw new MigrationError(
        `The database was migrated by a newer or different version of Hatsumei: ${message}. ` +
          'Refusing to start. Deploy the code that contains these migrations, or restore a matching database.',
      );
    }
    throw new MigrationError(`Database migration failed: ${message}`);
  }
}

export async function databaseIsReachable(db: Database): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await db.raw('SELECT 1');
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}
