// The managers' audit log (issue 14 part 6): who did what to whom and when. The names and
// emails are copied as they were at the time, so an entry still reads after either account
// is deleted (the ids then become NULL). details holds what changed, never secrets.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('manager_audit_log', (t) => {
    t.bigIncrements('id');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('manager_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('manager_name', 50).notNullable();
    t.string('manager_email', 255).notNullable();
    t.string('action', 40).notNullable();
    t.uuid('target_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('target_name', 50).nullable();
    t.string('target_email', 255).nullable();
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX manager_audit_log_company_idx ON manager_audit_log (company_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX manager_audit_log_target_idx ON manager_audit_log (target_user_id, created_at DESC) WHERE target_user_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('manager_audit_log');
}
