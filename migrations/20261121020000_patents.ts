// The patent corpus: one row per publication, text fields kept apart, structured fields
// as arrays, and tsvector columns filled by the application's analysers (src/patents/analysis)
// with the `simple` configuration, so PostgreSQL does boolean retrieval and ranking.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('patents', (t) => {
    t.string('id', 40).primary(); // corpus convention: US7783348B2, JP2000174797A, CN106844774A
    t.string('region', 2).notNullable();
    t.string('number_core', 30).notNullable(); // the number without country and kind (numbers.ts)
    t.string('kind_code', 4).nullable(); // B2, A1, A, U …
    t.string('kind', 12).notNullable(); // patent, application, utility, design, plant, reissue, sir
    t.text('title').nullable();
    t.text('abstract').nullable();
    t.jsonb('claims').nullable(); // ordered claim texts
    t.text('description').nullable(); // one paragraph or heading per line
    t.specificType('ipc', 'text[]').notNullable().defaultTo('{}');
    t.specificType('cpc', 'text[]').notNullable().defaultTo('{}');
    t.specificType('fi', 'text[]').notNullable().defaultTo('{}');
    t.specificType('fterm', 'text[]').notNullable().defaultTo('{}');
    t.specificType('usc', 'text[]').notNullable().defaultTo('{}');
    t.specificType('applicants', 'text[]').notNullable().defaultTo('{}');
    t.specificType('inventors', 'text[]').notNullable().defaultTo('{}');
    t.date('application_date').nullable();
    t.date('publication_date').nullable();
    t.date('registration_date').nullable();
    t.string('application_number', 40).nullable();
    t.smallint('right').nullable(); // §5 right tag: 0, 1, 2 (3: CN utility model)
    t.specificType('citations', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('procedures').nullable();
    t.text('source').nullable();
    t.specificType('tsv_title', 'tsvector').notNullable().defaultTo(knex.raw("''::tsvector"));
    t.specificType('tsv_abstract', 'tsvector').notNullable().defaultTo(knex.raw("''::tsvector"));
    t.specificType('tsv_claims', 'tsvector').notNullable().defaultTo(knex.raw("''::tsvector"));
    t.specificType('tsv_description', 'tsvector').notNullable().defaultTo(knex.raw("''::tsvector"));
    t.string('content_hash', 64).notNullable(); // re-ingesting an unchanged record writes nothing
    t.timestamp('ingested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE patents ADD CONSTRAINT patents_region_check CHECK (region IN ('jp', 'us', 'cn'))`);
  await knex.raw('CREATE INDEX patents_number_idx ON patents (region, number_core)');
  await knex.raw('CREATE INDEX patents_region_publication_idx ON patents (region, publication_date)');
  // Field-weighted document vector for ranking: title A, claims and abstract B, description D.
  await knex.raw(`ALTER TABLE patents ADD COLUMN tsv_all tsvector GENERATED ALWAYS AS (
    setweight(tsv_title, 'A') || setweight(tsv_abstract, 'B') || setweight(tsv_claims, 'B') || setweight(tsv_description, 'D')
  ) STORED`);
  for (const column of ['tsv_all', 'tsv_title', 'tsv_abstract', 'tsv_claims', 'ipc', 'applicants']) {
    await knex.raw(`CREATE INDEX patents_${column}_gin ON patents USING gin (${column})`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('patents');
}
