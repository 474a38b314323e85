// Ranking reads the vector of every matching row. tsv_all includes the description
// (large, stored out of line), which made ranking thousands of hits slow; ranking now
// reads this compact vector of title, abstract and claims.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE patents ADD COLUMN tsv_rank tsvector GENERATED ALWAYS AS (
    setweight(tsv_title, 'A') || setweight(tsv_abstract, 'B') || setweight(tsv_claims, 'C')
  ) STORED`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE patents DROP COLUMN tsv_rank');
}
