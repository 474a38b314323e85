// Companies, users, global settings and the PostgreSQL session store.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS citext');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');

  await knex.schema.createTable('companies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('code', 32).notNullable().unique(); // companyCD
    t.string('name', 200).notNullable();
    t.integer('user_limit').nullable(); // E406 / ME042 when reached; null = no cap
    t.specificType('allowed_networks', 'cidr[]').nullable(); // E503 / ME043 outside; null = anywhere
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()')); // uid
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.specificType('email', 'citext').notNullable().unique();
    t.string('name', 50).notNullable();
    t.text('password_hash').notNullable(); // argon2id
    t.enu('role', ['auth_user', 'auth_adopter'], { useNative: true, enumName: 'user_role' }).notNullable();
    t.enu('language_cd', ['lang_ja', 'lang_en'], { useNative: true, enumName: 'language_cd' })
      .notNullable()
      .defaultTo('lang_ja');
    t.text('profile_image').nullable(); // storage key under STORAGE_DIR
    // Feature flags (§6): simple search and history on, the rest off until granted.
    t.boolean('feature_simple').notNullable().defaultTo(true);
    t.boolean('feature_detail').notNullable().defaultTo(false);
    t.boolean('feature_priorart').notNullable().defaultTo(false);
    t.boolean('feature_patent_creation_support').notNullable().defaultTo(false);
    t.boolean('mfa_enabled').notNullable().defaultTo(true);
    t.boolean('mfa_registered').notNullable().defaultTo(false);
    t.text('mfa_secret').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_login_at', { useTz: true }).nullable();
    t.timestamp('last_exec_at', { useTz: true }).nullable();
    t.index(['company_id']);
  });

  await knex.schema.createTable('settings', (t) => {
    t.string('key', 100).primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Shape required by connect-pg-simple (sid, sess, expire).
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { precision: 6 }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sessions');
  await knex.schema.dropTableIfExists('settings');
  await knex.schema.dropTableIfExists('users');
  await knex.schema.dropTableIfExists('companies');
  await knex.raw('DROP TYPE IF EXISTS user_role');
  await knex.raw('DROP TYPE IF EXISTS language_cd');
}
