// What the examination-simulation exports add to a stored result: the title and applicants of
// each listed document (the result keeps titles of the charted documents only).
import type { Database } from '../platform/database.ts';

export async function listedDocuments(db: Database, ids: readonly string[]): Promise<Map<string, { title: string | null; applicants: string[] }>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ id: string; title: string | null; applicants: string[] | null }> = await db('patents')
    .select('id', 'title', 'applicants')
    .whereRaw('id = ANY(?::text[])', [ids as string[]]);
  return new Map(rows.map((row) => [row.id, { title: row.title, applicants: row.applicants ?? [] }]));
}
