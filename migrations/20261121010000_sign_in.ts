// Sign-in: second-factor replay protection and lockout on users, password-reset tokens,
// and inquiries with their attachments (both areas).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('mfa_last_time_step').nullable(); // a TOTP code is accepted once per 30-second step
    t.integer('failed_login_count').notNullable().defaultTo(0);
    t.timestamp('locked_until', { useTz: true }).nullable();
    t.timestamp('password_changed_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique(); // sha-256 of the token in the mailed link
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  // Rate-limit counters shared by every web process when there is no Redis.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 300).primary();
    t.integer('hits').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable().index();
  });

  await knex.schema.createTable('inquiries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.enu('area', ['user', 'manage'], { useNative: true, enumName: 'inquiry_area' }).notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('name', 50).notNullable();
    t.string('email', 255).notNullable();
    t.string('body', 500).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('mailed_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('inquiry_attachments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('inquiry_id').notNullable().references('inquiries.id').onDelete('CASCADE');
    t.string('file_name', 255).notNullable();
    t.string('content_type', 100).notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
    t.index(['inquiry_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('inquiry_attachments');
  await knex.schema.dropTableIfExists('inquiries');
  await knex.raw('DROP TYPE IF EXISTS inquiry_area');
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.dropTableIfExists('password_reset_tokens');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumns('mfa_last_time_step', 'failed_login_count', 'locked_until', 'password_changed_at');
  });
}
