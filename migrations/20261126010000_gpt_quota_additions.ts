// The manager's GPT usage page: who added additional quota, how much and when (the amount is
// also summed into gpt_quotas.additional_quota_usd, which the budget check reads), and the
// reservations that make the budget check atomic: a GPT call reserves its estimated cost
// before it is made and the reservation is settled to the recorded usage afterwards.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gpt_quota_additions', (t) => {
    t.bigIncrements('id');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.date('month').notNullable(); // the billing month it was added to (Asia/Tokyo)
    t.decimal('amount_usd', 12, 2).notNullable();
    // The manager who added it; the record stays when that account goes.
    t.uuid('added_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE gpt_quota_additions ADD CONSTRAINT gpt_quota_additions_amount_check CHECK (amount_usd > 0)');
  await knex.raw('CREATE INDEX gpt_quota_additions_company_month_idx ON gpt_quota_additions (company_id, month)');

  await knex.schema.createTable('gpt_quota_reservations', (t) => {
    t.bigIncrements('id');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.date('month').notNullable();
    t.decimal('cost_usd', 14, 8).notNullable();
    // A reservation whose process died is ignored after a while (src/gpt-usage/repository.ts).
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX gpt_quota_reservations_company_month_idx ON gpt_quota_reservations (company_id, month)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('gpt_quota_reservations');
  await knex.schema.dropTableIfExists('gpt_quota_additions');
}
