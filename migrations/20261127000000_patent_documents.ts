// Patent documents (§3 patent creation result / patent edit state): a drafted or uploaded
// application with its versions (prefabId = patent_documents.id, version, editDate), and the
// drawings its versions show. A version is never changed once written: an edit or a restore
// writes the next one, so every earlier version can be read and restored.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('patent_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // The creation (or edit) entry of history it came from; the document outlives a deleted entry.
    t.uuid('query_id').nullable().references('queries.id').onDelete('SET NULL');
    t.string('origin', 16).notNullable(); // creation, upload, empty
    t.string('lang', 2).notNullable(); // ja, en: the language of its text
    t.integer('latest_version').notNullable().defaultTo(1);
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE patent_documents ADD CONSTRAINT patent_documents_origin_check CHECK (origin IN ('creation', 'upload', 'empty'))`);
  await knex.raw(`ALTER TABLE patent_documents ADD CONSTRAINT patent_documents_lang_check CHECK (lang IN ('ja', 'en'))`);
  await knex.raw('CREATE INDEX patent_documents_query_idx ON patent_documents (query_id)');
  await knex.raw('CREATE INDEX patent_documents_user_idx ON patent_documents (user_id, updated_at DESC)');

  await knex.schema.createTable('patent_document_versions', (t) => {
    t.uuid('document_id').notNullable().references('patent_documents.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('sections').notNullable(); // PatentSections
    t.jsonb('drawings').notNullable(); // PatentDrawing[]: ids of patent_drawings, in figure order, with descriptions
    // What wrote it: generated (the draft), edited (the user), restored (an earlier version again), gpt (an accepted GPT edit).
    t.string('cause', 16).notNullable();
    t.integer('restored_from').nullable();
    t.uuid('edited_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('edit_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['document_id', 'version']);
  });

  // Drawings as uploaded (bytes checked by content); versions refer to them by id.
  await knex.schema.createTable('patent_drawings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('query_id').nullable().references('queries.id').onDelete('SET NULL');
    t.uuid('document_id').nullable().references('patent_documents.id').onDelete('CASCADE');
    t.string('file_name', 255).notNullable();
    t.string('mime_type', 16).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.binary('bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX patent_drawings_query_idx ON patent_drawings (query_id)');
  await knex.raw('CREATE INDEX patent_drawings_document_idx ON patent_drawings (document_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('patent_drawings');
  await knex.schema.dropTableIfExists('patent_document_versions');
  await knex.schema.dropTableIfExists('patent_documents');
}
