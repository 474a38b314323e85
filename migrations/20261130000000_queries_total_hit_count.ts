// A detailed search's hit count as a column of its own, computed by PostgreSQL when the result
// is written. /history read it as result->>'totalHitCount' for each listed entry, which
// detoasts the whole result: a simulation's result is 70–80 KB compressed (its charts and list),
// so a page of 20 entries decompressed and parsed megabytes of JSON per request for one number
// (PostgreSQL CPU 2.0–2.3 ms of a /history request with three simulations among its entries,
// bench/pages, 2026-11-27). Only numbers are taken: anything else is no count (null).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE queries ADD COLUMN total_hit_count bigint GENERATED ALWAYS AS (
      CASE WHEN jsonb_typeof(result -> 'totalHitCount') = 'number' THEN (result ->> 'totalHitCount')::numeric::bigint END
    ) STORED`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE queries DROP COLUMN total_hit_count');
}
