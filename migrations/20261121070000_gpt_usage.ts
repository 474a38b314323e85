// GPT usage and quotas: one row per GPT call (who, which model, what for, tokens, dollars),
// and each company's budget per month (monthly quota, additional quota bought, carry-over),
// which the manager's GPT usage page shows and every GPT call checks first (E098).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gpt_usage', (t) => {
    t.bigIncrements('id');
    // The company pays; a deleted user's calls still count against it.
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('model', 100).notNullable();
    t.string('purpose', 64).notNullable(); // e.g. detail_search_keywords
    t.integer('prompt_tokens').notNullable();
    t.integer('completion_tokens').notNullable();
    t.decimal('cost_usd', 14, 8).notNullable(); // tokens × configured price; a call costs fractions of a cent
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX gpt_usage_company_created_idx ON gpt_usage (company_id, created_at)');
  await knex.raw('CREATE INDEX gpt_usage_user_created_idx ON gpt_usage (user_id, created_at)');

  await knex.schema.createTable('gpt_quotas', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.date('month').notNullable(); // first day of the billing month (Asia/Tokyo)
    t.decimal('monthly_quota_usd', 12, 2).notNullable();
    t.decimal('additional_quota_usd', 12, 2).notNullable().defaultTo(0);
    t.decimal('carry_over_usd', 12, 2).notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['company_id', 'month']);
  });
  await knex.raw(`ALTER TABLE gpt_quotas ADD CONSTRAINT gpt_quotas_month_check CHECK (extract(day FROM month) = 1)`);
  await knex.raw(
    'ALTER TABLE gpt_quotas ADD CONSTRAINT gpt_quotas_amounts_check CHECK (monthly_quota_usd >= 0 AND additional_quota_usd >= 0 AND carry_over_usd >= 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('gpt_quotas');
  await knex.schema.dropTableIfExists('gpt_usage');
}
