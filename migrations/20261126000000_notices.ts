// News (SPEC §1 "manage news", /notice and /manage/notice): notices written by a company's
// managers (company_id null: a global notice, written by the operator for every company) and
// a read marker per user and notice, for the unread marks and the header's unread count.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').nullable().references('companies.id').onDelete('CASCADE');
    t.string('title_ja', 100).notNullable().defaultTo('');
    t.string('title_en', 100).notNullable().defaultTo('');
    t.text('body_ja').notNullable().defaultTo('');
    t.text('body_en').notNullable().defaultTo('');
    t.enu('importance', ['normal', 'important'], { useNative: true, enumName: 'notice_importance' }).notNullable().defaultTo('normal');
    // Null: a draft no user sees.
    t.timestamp('published_at', { useTz: true }).nullable();
    // The manager who wrote it; kept when that manager's account goes.
    t.uuid('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  // A notice has a title in at least one language.
  await knex.raw(`ALTER TABLE notices ADD CONSTRAINT notices_title_present CHECK (title_ja <> '' OR title_en <> '')`);
  // The users' list and unread count: published notices of one company (or the global ones).
  await knex.raw('CREATE INDEX notices_company_published ON notices (company_id, published_at DESC) WHERE published_at IS NOT NULL');
  await knex.schema.createTable('notice_reads', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('notice_id').notNullable().references('notices.id').onDelete('CASCADE');
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'notice_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notice_reads');
  await knex.schema.dropTableIfExists('notices');
  await knex.raw('DROP TYPE IF EXISTS notice_importance');
}
