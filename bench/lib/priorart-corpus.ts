// The shared corpus (US, JP with gazette full text, CN with text) in a bench database of its
// own for the examination-simulation benchmarks. PRIORART_DB names an existing one to reuse
// (loading takes minutes); otherwise hatsumei_bench_12_<random> is made, loaded and, unless
// KEEP_DB=1, dropped at the end.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createParallelIndexer } from '../../src/patents/ingest/index-pool.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import type { Region } from '../../src/patents/record.ts';
import type { TermIndex } from '../../src/patents/term-index.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { root } from './server.ts';

export const corpusDir = path.resolve(root, '..', 'shared', 'corpus');
/** Documents are split by a hash of their id: thresholds are chosen on the tuning half, figures quoted from the report half. */
export type Half = 'tuning' | 'report';
export const halfOf = (id: string): Half => (createHash('sha1').update(id).digest()[0]! % 2 === 0 ? 'tuning' : 'report');

export interface KnownItemRow { id: string; claims: string[]; ipc: string[] | null; cpc: string[] | null }

/** The known items of a region: documents with a description and a claim 1 of 80–5,000 characters, by id. */
export function knownItemRows(db: Database, region: Region): Promise<KnownItemRow[]> {
  return db('patents')
    .select('id', 'claims', 'ipc', 'cpc')
    .where({ region })
    .whereNotNull('description')
    .whereRaw("jsonb_typeof(claims) = 'array' and length(claims->>0) between 80 and 5000")
    .orderBy('id');
}

/** The IPC sections (A–H) of these codes. */
export const sectionsOf = (codes: string[] | null): Set<string> => new Set((codes ?? []).map((code) => code.trim()[0]?.toUpperCase()).filter((section): section is string => Boolean(section)));

/** The classified documents of an index in none of these sections (the population of an "another IPC section" run). */
export const anotherSection = (index: TermIndex, own: ReadonlySet<string>): string[] =>
  index.ids.filter((_, doc) => index.classes[doc]!.length > 0 && !index.classes[doc]!.some((code) => own.has(code.trim()[0]!.toUpperCase())));

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
