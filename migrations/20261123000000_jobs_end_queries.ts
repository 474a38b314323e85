// A job whose end ends its query: when such a job fails or is cancelled by any path (handler
// error, recovery giving up on a dead worker, cancel), the user-visible `queries` row ends with
// it in the same statement. Before, a search whose worker died three times stayed "running 5 %"
// forever while its job said failed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('background_jobs', (t) => {
    t.boolean('ends_query').notNullable().defaultTo(false);
  });
  // The detailed search's search job (type 4) is the one that ends its query.
  await knex('background_jobs').where({ type: 4 }).whereNotNull('query_id').update({ ends_query: true });
  // Queries whose ending job already failed or was cancelled before this migration.
  await knex.raw(`
    UPDATE queries AS q
       SET status = b.status, errcode = CASE WHEN b.status = 8 THEN coalesce(b.errcode, 'E999') ELSE q.errcode END,
           finished_at = coalesce(b.finished_at, now()), updated_at = now()
      FROM background_jobs AS b
     WHERE b.query_id = q.id AND b.ends_query AND b.status IN (8, 9)
       AND q.finished_at IS NULL AND q.status NOT IN (8, 9)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('background_jobs', (t) => {
    t.dropColumn('ends_query');
  });
}
