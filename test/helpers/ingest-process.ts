// Corpus cuts ingested by a child process (plain Node, as `npm run ingest` runs), not inside the
// jest worker: jest runs every module in a vm context where each global lookup (Math, Object…)
// goes through the context's interceptors, and the analysers' hot loops are full of them —
// ingesting 150 Japanese demo records took 8.3 s in jest and 3.6 s in plain Node (2026-11-28).
// The same ingestFiles with the same indexPatent writes the same rows; what the test checks
// comes after, in its own process, from the database.
import { spawn } from 'node:child_process';
import { projectRoot } from '../../src/platform/config.ts';
import { forgetHitSets } from '../../src/patents/hit-sets.ts';
import type { IngestSummary } from '../../src/patents/ingest/ingest.ts';
import { forgetRankIndexes } from '../../src/patents/rank-index.ts';
import { forgetTermIndexes } from '../../src/patents/term-index.ts';

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
