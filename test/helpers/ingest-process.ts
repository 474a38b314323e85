// Corpus cuts ingested by a child process (plain Node, as `npm run ingest` runs), not inside the
// jest worker: jest runs every module in a vm context where each global lookup (Math, Object…)
// goes through the context's interceptors, and the analysers' hot loops are full of them —
// ingesting 150 Japanese demo records took 8.3 s in jest and 3.6 s in plain Node (2026-11-28).
// The same ingestFiles with the same indexPatent writes the same rows; what the test checks
// comes after, in its own process, from the database.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { projectRoot } from '../../src/platform/config.ts';
import { forgetHitSets } from '../../src/patents/hit-sets.ts';
import type { IngestSummary } from '../../src/patents/ingest/ingest.ts';
import { forgetRankIndexes } from '../../src/patents/rank-index.ts';
import { forgetTermIndexes } from '../../src/patents/term-index.ts';
import { createTestDatabase, dropDatabase, withAdmin } from './database.ts';

/** ingestFiles(db, files, { index: indexPatent }) on the database at `databaseUrl`, in a child process. */
export async function ingestInChild(databaseUrl: string, files: string[]): Promise<IngestSummary> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/ingest-child.ts', ...files], {
    cwd: projectRoot,
    env: { ...process.env, INGEST_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`ingest child process exited with ${code}:\n${err}${out}`);
  // What ingestFiles forgets in its own process after each batch: this process may hold them too.
  forgetHitSets();
  forgetRankIndexes();
  forgetTermIndexes();
  return JSON.parse(out.trim().split('\n').pop()!) as IngestSummary;
}

/** Marks a database of ingestedTemplate's whose ingest finished (a half-made one is made again). */
const INGESTED = 'ingested corpus template';

/**
 * The name of a database that holds these corpus files, ingested by ingestInChild into a copy of
 * the run's migrated template, for test databases to be copied from (createTestDatabase's
 * `template`). One per run and content of the files: files that cut the same records share it (an
 * advisory lock makes the other jest workers wait for the first one's ingest). The copy is the
 * database ingesting those files gives, 0.4 s to copy where ingesting the 150 Japanese and 121 US
 * records of the examination-simulation tests took 6.9–18 s (2-core machine, 2026-11-29).
 * global-teardown drops them with the migrated template.
 */
export async function ingestedTemplate(files: string[]): Promise<string> {
  const base = process.env.TEST_TEMPLATE_DATABASE;
  if (!base) throw new Error('ingestedTemplate: no TEST_TEMPLATE_DATABASE (jest global-setup did not run)');
  const hash = createHash('sha256');
  for (const file of files) hash.update(createHash('sha256').update(await readFile(file)).digest());
  const name = `${base}_${hash.digest('hex').slice(0, 16)}`;
  await withAdmin(async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      const { rows } = await client.query("SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1", [name]);
      if (rows[0]?.note === INGESTED) return;
      if (rows.length) await dropDatabase(name);
      const database = await createTestDatabase({ template: base });
      try {
        await ingestInChild(database.url, files);
        await client.query(`ALTER DATABASE ${database.name} RENAME TO ${name}`);
      } catch (error) {
        await database.drop();
        throw error;
      }
      await client.query(`COMMENT ON DATABASE ${name} IS '${INGESTED}'`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  });
  return name;
}
