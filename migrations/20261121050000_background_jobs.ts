// Background jobs (§3 "background job", §4 job queue order): the queue itself. Each row is a
// job a user can see (status, progress, cancel); its order of dispatch lives here, and an
// Agenda job (agenda_jobs) only wakes a worker, which claims the next row in queue order.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('background_jobs', (t) => {
    t.uuid('uuid').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('query_id').nullable().references('queries.id').onDelete('CASCADE');
    // 1 synonym high frequency, 2 denied keyword high frequency, 3 extract keyword, 4 search, 5 fetch documents
    t.smallint('type').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    // The spec's "isExcuting": a worker holds the job now.
    t.boolean('is_executing').notNullable().defaultTo(false);
    t.boolean('is_prior_job').notNullable().defaultTo(false);
    // Jobs sharing a related uuid (or naming this job's uuid) are cancelled together.
    t.uuid('related_job_uuid').nullable();
    t.timestamp('enqueued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()); // the spec's "timestamp"
    // 0 processing (queued or running), 1 success, 8 failure, 9 cancelled
    t.smallint('status').notNullable().defaultTo(0);
    t.smallint('progress').notNullable().defaultTo(0);
    t.string('errcode', 32).nullable();
    t.jsonb('result').nullable();
    // Runs started so far; a job whose worker died is retried while this is below 3.
    t.smallint('attempts').notNullable().defaultTo(0);
    // Fencing token of the current run: a worker that lost the job (cancelled, or taken over
    // after its heartbeat went stale) can no longer write progress or a result.
    t.uuid('lease').nullable();
    t.string('worker', 200).nullable(); // which process runs it, for operators
    t.timestamp('heartbeat_at', { useTz: true }).nullable();
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
  await knex.raw('ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_type_check CHECK (type BETWEEN 1 AND 5)');
  await knex.raw('ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_status_check CHECK (status IN (0, 1, 8, 9))');
  await knex.raw('ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_progress_check CHECK (progress BETWEEN 0 AND 100)');
  // The dispatch order of §4 over waiting jobs only, so claiming the next job reads one index entry.
  await knex.raw(
    'CREATE INDEX background_jobs_waiting_idx ON background_jobs (is_prior_job DESC, type, enqueued_at) WHERE status = 0 AND NOT is_executing',
  );
  // Recovery looks for running jobs whose heartbeat went stale.
  await knex.raw('CREATE INDEX background_jobs_running_idx ON background_jobs (heartbeat_at) WHERE status = 0 AND is_executing');
  await knex.raw('CREATE INDEX background_jobs_user_idx ON background_jobs (user_id, enqueued_at)');
  await knex.raw('CREATE INDEX background_jobs_query_idx ON background_jobs (query_id) WHERE query_id IS NOT NULL');
  await knex.raw('CREATE INDEX background_jobs_related_idx ON background_jobs (related_job_uuid) WHERE related_job_uuid IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('background_jobs');
}
