// Japanese era numbers in one form (src/patents/numbers.ts): the corpus writes some with the
// serial unpadded (JPH086916A for 特開平8-6916), which a typed 特開平8-6916 (core H08006916)
// never met. Stored cores are recomputed with the function the ingest uses.
import type { Knex } from 'knex';
import { coreOfId } from '../src/patents/numbers.ts';

export async function up(knex: Knex): Promise<void> {
  const rows: Array<{ id: string; number_core: string }> = await knex('patents').select('id', 'number_core').where('region', 'jp').whereRaw("number_core ~ '^[HS]'");
  for (const row of rows) {
    let core: string;
    try {
      core = coreOfId(row.id).core;
    } catch {
      continue; // an id the new rules do not read keeps its core
    }
    if (core !== row.number_core) await knex('patents').where('id', row.id).update({ number_core: core });
  }
}

export async function down(): Promise<void> {
  // The padded form finds what the unpadded one found: nothing to undo.
}
