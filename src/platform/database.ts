// knex over pg. Migrations are listed in migrations/index.ts (a static list, so the
// same code runs under tsx, Vite and jest without a file-system loader).
import { createHash, randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
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
  const db = knexFactory({
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
  // The pool of indexScanRunner, made on first use and closed with the database.
  let indexScans: pg.Pool | undefined;
  let destroyed = false;
  indexScanPools.set(db, () => {
    if (destroyed) return undefined;
    if (!indexScans) {
      indexScans = new pg.Pool({ connectionString: url, max: INDEX_SCAN_CONNECTIONS, options: `-c enable_seqscan=off${RANDOM_PAGE_COST > 0 ? ` -c random_page_cost=${RANDOM_PAGE_COST}` : ''}` });
      indexScans.on('error', () => undefined); // surfaced through the statement that used it
    }
    return indexScans;
  });
  // knex's own destroy is read-only; it ends its client's pool through client.destroy.
  const client = db.client as { destroy(callback?: unknown): Promise<unknown> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback?: unknown) => {
    destroyed = true;
    const pool = indexScans;
    indexScans = undefined;
    await pool?.end();
    return destroy(callback);
  };
  return db;
}

/** Connections kept for statements that must read a GIN index (searches: one statement each, a few ms). */
const INDEX_SCAN_CONNECTIONS = 4;
const indexScanPools = new WeakMap<Database, () => pg.Pool | undefined>();

/**
 * A pool beside the database's whose connections never plan a sequential scan (enable_seqscan
 * off for the whole connection), for statements that must match through a GIN index
 * (search-repository.ts says why). Before, each such statement ran in a transaction of its own to
 * SET LOCAL the same: BEGIN, SET, the statement, COMMIT, four round trips through knex. One
 * prepared statement on such a connection instead (a 3,366-hit match, 300 runs, interleaved):
 * PostgreSQL CPU 2.07–2.17 → 1.73–1.77 ms, client CPU 0.34–0.61 → 0.16–0.35 ms, wall 2.44–2.76 → 1.84–2.05 ms.
 */
export function indexScanRunner(db: Database): StatementRunner | null {
  // A transaction has none: its statements stay on its own connection.
  const pool = indexScanPools.get(db)?.();
  if (!pool) return null;
  // Announced as knex announces its own statements, so whoever watches the database's statements sees these too.
  return {
    query: (config) => {
      db.emit('query', { method: 'raw', sql: config.text, bindings: config.values });
      return pool.query(config as pg.QueryConfig);
    },
  };
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

/** A pg connection or pool: what runs a statement given by name, text and values. */
export interface StatementRunner {
  query(config: { name?: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

const statementNames = new Map<string, string>();

/**
 * The rows of a statement run as a named prepared statement: PostgreSQL parses and plans it once
 * per connection (after five runs a generic plan is kept) instead of at every run. For hot reads
 * whose planning costs as much as their execution (the history page: 0.45 ms planning, 0.40 ms
 * execution, EXPLAIN ANALYZE 2026-11-27). The name is the SQL's hash, so a statement of another
 * shape (another filter) is another statement; values stay bound parameters.
 */
export async function preparedRows<Row>(db: Database, query: Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  const { sql, bindings } = query.toSQL().toNative();
  const connection = (await db.client.acquireConnection()) as StatementRunner;
  try {
    return (await runPrepared(connection, sql, bindings)).rows as Row[];
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * A hot read whose SQL is the same at every run, only its values changing: knex builds and
 * compiles it once (its builder and compiler cost more client CPU than the round trip, and the
 * signed-in account is read on every request), then each run is preparedRows' named prepared
 * statement with that run's values. `build` is called once with marker strings for its
 * arguments; each binding that is a marker takes the run's argument, the others (a LIMIT) stay.
 * Only for arguments bound as they are (where, join, subquery values): an argument knex does
 * not bind as a whole value is refused when the statement is first compiled.
 * An account read, interleaved 6 × 1,000 in the jest process (2026-11-29): knex .first() node
 * 558 µs + PostgreSQL backend 305 µs; preparedRows of the builder 421 + 113 µs; this 248 + 97 µs.
 */
export function preparedStatement<Args extends string[], Row>(
  build: (db: Database, ...args: Args) => Knex.QueryBuilder | Knex.Raw,
): (db: Database, ...args: Args) => Promise<Row[]> {
  let compiled: { sql: string; bindings: Array<{ arg: number } | { value: unknown }> } | undefined;
  return async (db, ...args) => {
    if (!compiled) {
      const markers = args.map((_, i) => `\u0001preparedStatement argument ${i} ${randomUUID()}`) as Args;
      const { sql, bindings } = build(db, ...markers).toSQL().toNative();
      const positions = bindings.map((value) => {
        const arg = markers.indexOf(value as string);
        return arg >= 0 ? { arg } : { value };
      });
      const missing = markers.findIndex((marker, i) => sql.includes(marker) || !positions.some((p) => 'arg' in p && p.arg === i));
      if (missing >= 0) throw new Error(`preparedStatement: argument ${missing} is not bound as a value`);
      compiled = { sql, bindings: positions };
    }
    const values = compiled.bindings.map((p) => ('arg' in p ? args[p.arg] : p.value));
    const connection = (await db.client.acquireConnection()) as StatementRunner;
    try {
      return (await runPrepared(connection, compiled.sql, values)).rows as Row[];
    } finally {
      await db.client.releaseConnection(connection);
    }
  };
}

/** `sql` run on a connection or pool as the named prepared statement preparedRows describes. */
export async function runPrepared(runner: StatementRunner, sql: string, values: readonly unknown[]): Promise<{ rows: unknown[] }> {
  let name = statementNames.get(sql);
  if (!name) {
    name = `h${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= 1_000) statementNames.clear();
    statementNames.set(sql, name);
  }
  try {
    return await runner.query({ name, text: sql, values });
  } catch (error) {
    // A migration changed a table under a statement this connection prepared: "cached plan must
    // not change result type" (0A000). Runs once more unprepared; the next run prepares it afresh
    // under another name (the stale one stays unused until the connection closes).
    if ((error as { code?: string }).code !== '0A000') throw error;
    statementNames.set(sql, `${name}_${Date.now().toString(36)}`);
    return await runner.query({ text: sql, values });
  }
}
