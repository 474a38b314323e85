// Applicants normalised once, at ingest: one row per applicant (applicants.key is
// src/patents/applicants.ts applicantKey: case, width, punctuation and legal forms folded), the
// name it was first published under, and its alias (canonical_id: the applicant it is the same
// as, where a record names it in two scripts); patent_applicants lists each publication's
// applicants once each, in published order. Existing rows are filled with the same functions
// the ingest uses (src/patents/applicants-repository.ts).
import type { Knex } from 'knex';
import { writeApplicants } from '../src/patents/applicants-repository.ts';

const BATCH = 2000;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('applicants', (t) => {
    t.increments('id');
    t.text('key').notNullable().unique();
    t.text('display_name').notNullable();
    // Same applicant as that one (and as whatever it is the same as): a chain ends at a row without one.
    t.integer('canonical_id').nullable().references('applicants.id').onDelete('SET NULL');
  });
  await knex.raw('CREATE INDEX applicants_canonical_idx ON applicants (canonical_id)');
  await knex.raw('CREATE INDEX applicants_key_trgm ON applicants USING gin (key gin_trgm_ops)');
  await knex.schema.createTable('patent_applicants', (t) => {
    t.string('patent_id', 40).notNullable().references('patents.id').onDelete('CASCADE');
    t.integer('applicant_id').notNullable().references('applicants.id').onDelete('CASCADE');
    t.smallint('position').notNullable();
    // As published in this document.
    t.text('name').notNullable();
    t.primary(['patent_id', 'applicant_id']);
  });
  await knex.raw('CREATE INDEX patent_applicants_applicant_idx ON patent_applicants (applicant_id, patent_id)');
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; applicants: string[] }> = await knex('patents').select('id', 'applicants').where('id', '>', after).orderBy('id').limit(BATCH);
    if (rows.length === 0) break;
    await writeApplicants(knex, rows);
    after = rows.at(-1)!.id;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('patent_applicants');
  await knex.schema.dropTableIfExists('applicants');
}
