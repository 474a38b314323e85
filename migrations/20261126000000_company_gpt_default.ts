// The company's default GPT use, set by its managers on /manage/setting: whether the "use GPT"
// choices of its users start switched on. On by default, as GPT assistance was before.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.boolean('gpt_default_use').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('gpt_default_use');
  });
}
