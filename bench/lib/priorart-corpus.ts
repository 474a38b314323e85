// The shared corpus (US, JP with gazette full text, CN with text) in a bench database of its
// own for the examination-simulation benchmarks. PRIORART_DB names an existing one to reuse
// (loading takes minutes); otherwise hatsumei_bench_12_<random> is made, loaded and, unless
// KEEP_DB=1, dropped at the end.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createParallelIndexer } from '../../src/patents/ingest/index-pool.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { root } from './server.ts';

export const corpusDir = path.resolve(root, '..', 'shared', 'corpus');
const FILES = ['us.jsonl.gz', 'jp.jsonl.gz', 'jp-fulltext.jsonl.gz', 'cn.jsonl.gz', 'cn-text.jsonl.gz'];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function priorartCorpus(): Promise<{ db: Database; close: () => Promise<void> }> {
  const existing = process.env.PRIORART_DB;
  const name = existing ?? `hatsumei_bench_12_${randomBytes(3).toString('hex')}`;
  if (!existing) await admin(`CREATE DATABASE ${name}`);
  const db = createDatabase(`postgres://postgres@127.0.0.1:5432/${name}`);
  await migrateToLatest(db);
  const count = Number((await db('patents').count({ n: '*' }))[0]!.n);
  if (count === 0) {
    const indexer = createParallelIndexer();
    try {
      for (const file of FILES) {
        const summary = await ingestFiles(db, [path.join(corpusDir, file)], { index: indexer.index, concurrency: indexer.concurrency });
        console.error(`loaded ${file}: ${summary.records} records in ${summary.seconds.toFixed(0)} s`);
      }
    } finally {
      await indexer.close();
    }
    await db.raw('ANALYZE patents');
  }
  console.error(`bench database ${name}`);
  return {
    db,
    close: async () => {
      await db.destroy();
      if (!existing && process.env.KEEP_DB !== '1') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
