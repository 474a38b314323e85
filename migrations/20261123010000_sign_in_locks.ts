// Sign-in locks move to the rate-limit store, keyed by email address whether or not an account
// has it: a lock kept on the account row answered 429 for existing addresses after 5 failures
// but 401 forever for unknown ones, which told an attacker which addresses have accounts.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumns('failed_login_count', 'locked_until');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('failed_login_count').notNullable().defaultTo(0);
    t.timestamp('locked_until', { useTz: true }).nullable();
  });
}
