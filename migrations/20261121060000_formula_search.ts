// What the detailed-search formulas (src/patents/query) need on `patents`:
// - search_keys: every classification code's hierarchical prefixes (ipc:H01L, ipc:H01L21,
//   ipc:H01L21/0 …, also cpc:, fi:, fterm:, usc:) and the application number (appno:…),
//   written at ingest by src/patents/query/keys.ts, so a code or a number is one GIN lookup;
// - applicant_names / inventor_names: the names case-, width- and punctuation-folded, one
//   per line, with trigram indexes for partial matching (LIKE '%toyota%');
// - a GIN index on tsv_description (claims+description and description-only rows) and date
//   indexes for the date tags.
// Existing rows get their keys here, with the same functions the ingest uses.
import type { Knex } from 'knex';
import { namesIndexText, searchKeysOf } from '../src/patents/query/keys.ts';

const BATCH = 2000;

interface Row {
  id: string;
  ipc: string[];
  cpc: string[];
  fi: string[];
  fterm: string[];
  usc: string[];
  applicants: string[];
  inventors: string[];
  application_number: string | null;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(`ALTER TABLE patents
    ADD COLUMN search_keys text[] NOT NULL DEFAULT '{}',
    ADD COLUMN applicant_names text NOT NULL DEFAULT '',
    ADD COLUMN inventor_names text NOT NULL DEFAULT ''`);
  let after = '';
  for (;;) {
    const rows: Row[] = await knex('patents')
      .select('id', 'ipc', 'cpc', 'fi', 'fterm', 'usc', 'applicants', 'inventors', 'application_number')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if (rows.length === 0) break;
    const values = rows.map((row) => ({
      id: row.id,
      keys: searchKeysOf({ ...row, applicationNumber: row.application_number }),
      applicants: namesIndexText(row.applicants),
      inventors: namesIndexText(row.inventors),
    }));
    await knex.raw(
      `UPDATE patents p SET search_keys = v.keys, applicant_names = v.applicants, inventor_names = v.inventors
       FROM jsonb_to_recordset(?::jsonb) AS v(id text, keys text[], applicants text, inventors text)
       WHERE p.id = v.id`,
      [JSON.stringify(values)],
    );
    after = rows.at(-1)!.id;
  }
  await knex.raw('CREATE INDEX patents_search_keys_gin ON patents USING gin (search_keys)');
  await knex.raw('CREATE INDEX patents_applicant_names_trgm ON patents USING gin (applicant_names gin_trgm_ops)');
  await knex.raw('CREATE INDEX patents_inventor_names_trgm ON patents USING gin (inventor_names gin_trgm_ops)');
  await knex.raw('CREATE INDEX patents_tsv_description_gin ON patents USING gin (tsv_description)');
  await knex.raw('CREATE INDEX patents_region_application_idx ON patents (region, application_date)');
  await knex.raw('CREATE INDEX patents_region_registration_idx ON patents (region, registration_date)');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of ['patents_region_registration_idx', 'patents_region_application_idx', 'patents_tsv_description_gin']) {
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  }
  // Dropping the columns drops their indexes.
  await knex.raw('ALTER TABLE patents DROP COLUMN search_keys, DROP COLUMN applicant_names, DROP COLUMN inventor_names');
}
