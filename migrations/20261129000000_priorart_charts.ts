// The per-document claim charts of a "claim chart list" simulation (§9 output type 3): the
// result row keeps its 30 best charts, the chart-list job (type 7) charts the rest of the
// list here, one row per document, so the queries row does not grow to megabytes.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('priorart_charts', (t) => {
    t.uuid('query_id').notNullable().references('queries.id').onDelete('CASCADE');
    t.text('document_id').notNullable();
    // Its place in the candidate list (retrieval order), which the job follows.
    t.integer('position').notNullable();
    // A ChartedDocument (src/priorart/engine.ts): evidence per element with verdict, passage, words.
    t.jsonb('chart').notNullable();
    t.primary(['query_id', 'document_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('priorart_charts');
}
