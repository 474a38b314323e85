// The tokens of long descriptions that the tsvectors of `patents` cannot place (positions stop at
// 16,383), as tsvectors of overlapping windows (src/patents/description-segments.ts), so phrase
// and proximity searches find what is written deep in a long description. Written with the
// record by upsertPatents.
//
// Stored records got none: those whose tsv_all reaches the cap are marked changed (their content
// hash cleared), and the demo corpus is marked not loaded, so the next ingest (the demo load at
// the next start) writes their segments; every other record is unchanged and written as before.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE patent_description_segments (
    patent_id text NOT NULL REFERENCES patents (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    tsv tsvector NOT NULL,
    PRIMARY KEY (patent_id, seq)
  )`);
  // lz4 where the server has it, as for the tsvectors of patents (20261129000000_patents_lz4_toast.ts).
  const { rows } = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)`);
  if (rows.length > 0) await knex.raw('ALTER TABLE patent_description_segments ALTER COLUMN tsv SET COMPRESSION lz4');
  await knex.raw('CREATE INDEX patent_description_segments_tsv_gin ON patent_description_segments USING gin (tsv)');
  // The publications with a segment matching a tsquery, always through the GIN index. The planner
  // does not count the detoasting of the (large, toasted) vectors, so on a table of a few hundred
  // segments it scanned them all: the demo's 779 segments (28 MB) took 46–103 ms a phrase, through
  // the index 0.3–0.9 ms (EXPLAIN ANALYZE, 2026-11-28). A function's SET holds for its query alone.
  await knex.raw(`CREATE FUNCTION patent_segment_ids(query tsquery) RETURNS text[]
    LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
    AS $$ SELECT coalesce(array_agg(DISTINCT patent_id), '{}') FROM patent_description_segments WHERE tsv @@ query $$`);
  const { rowCount } = await knex.raw(`UPDATE patents SET content_hash = ''
    WHERE EXISTS (SELECT 1 FROM unnest(tsv_all) lexeme WHERE 16383 = ANY (lexeme.positions))`);
  if (rowCount > 0) await knex.raw(`DELETE FROM settings WHERE key = 'demoCorpusLoaded'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION patent_segment_ids(tsquery)');
  await knex.raw('DROP TABLE patent_description_segments');
}
