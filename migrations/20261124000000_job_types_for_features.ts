// Room in background_jobs.type for the features that arrive after the detailed search: the
// examination simulation (6 priorart, 7 priorartEvidence), creation support (8
// draftSpecification) and document editing (9 and on). The queue refuses a type it has no
// handler for (JOB_TYPES in src/jobs/types.ts); the database only keeps the column sane.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE background_jobs DROP CONSTRAINT background_jobs_type_check');
  await knex.raw('ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_type_check CHECK (type BETWEEN 1 AND 20)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM background_jobs WHERE type > 5');
  await knex.raw('ALTER TABLE background_jobs DROP CONSTRAINT background_jobs_type_check');
  await knex.raw('ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_type_check CHECK (type BETWEEN 1 AND 5)');
}
