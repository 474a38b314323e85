// What a user ran: one row per detailed search (and, as those features arrive, simulation,
// creation and edit), with its input, status, result and the user's favourite flag and memo.
// History (/history) lists these rows; background jobs (background_jobs) advance them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('queries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // §3 search job kinds: detail, priorart, patent_creation_support, patent_edit
    t.string('kind', 32).notNullable();
    // §4: detail and edit 0 processing, 1 success, 8 failure, 9 cancelled; prior art and creation 0–5, 8, 9
    t.smallint('status').notNullable().defaultTo(0);
    t.smallint('progress').notNullable().defaultTo(0); // percent, for the executing page
    t.string('errcode', 32).nullable();
    t.string('lang', 2).notNullable().defaultTo('jp'); // region searched: jp, us, cn
    t.jsonb('input').notNullable(); // what the build screen restores
    t.jsonb('result').nullable(); // detail: { totalHitCount, documentIds } (null: no result yet)
    t.jsonb('map').nullable(); // the patent map of the result, computed by the fetch-documents job
    t.boolean('favorite').notNullable().defaultTo(false);
    t.text('memo').notNullable().defaultTo('');
    t.string('priorart_rank', 1).nullable(); // A–D, prior art only
    t.timestamp('exec_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE queries ADD CONSTRAINT queries_kind_check CHECK (kind IN ('detail', 'priorart', 'patent_creation_support', 'patent_edit'))`);
  await knex.raw(`ALTER TABLE queries ADD CONSTRAINT queries_lang_check CHECK (lang IN ('jp', 'us', 'cn'))`);
  await knex.raw('CREATE INDEX queries_user_exec_idx ON queries (user_id, exec_date DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('queries');
}
