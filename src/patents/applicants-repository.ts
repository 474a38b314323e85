// The applicant table (migrations/20261123010000_applicants.ts): written at ingest, read by the
// applicant ranking, narrowing, the map's colours, exports and the appname formula tag. An
// applicant group is an applicant and its aliases: canonical_id points every member at one
// root, so coalesce(canonical_id, id) names the group.
import type { Knex } from 'knex';
import { aliasPairs, applicantKey, applicantsOf, displayNameFor } from './applicants.ts';
import type { Region } from './record.ts';

/** The group of an applicant row `a` (its root's id). */
export const GROUP_OF = 'coalesce(a.canonical_id, a.id)';

/**
 * The applicants of these publications, replacing what was stored for them: new applicants get
 * a row (key, the name first published), each publication its applicants once each in published
 * order, and names a record gives in two scripts become one group (aliasPairs).
 */
export async function writeApplicants(db: Knex, rows: ReadonlyArray<{ id: string; applicants: readonly string[] | null }>): Promise<void> {
  if (rows.length === 0) return;
  const perDocument = rows.map((row) => ({ id: row.id, applicants: applicantsOf(row.applicants) }));
  const firstName = new Map<string, string>();
  for (const { applicants } of perDocument) for (const { key, name } of applicants) if (!firstName.has(key)) firstName.set(key, name);
  const keys = [...firstName.keys()];
  if (keys.length) {
    await db.raw('INSERT INTO applicants (key, display_name) SELECT * FROM unnest(?::text[], ?::text[]) ON CONFLICT (key) DO NOTHING', [keys, keys.map((key) => firstName.get(key)!)]);
  }
  const ids = new Map<string, number>();
  if (keys.length) {
    for (const row of (await db('applicants').select('id', 'key').whereRaw('key = ANY(?::text[])', [keys])) as Array<{ id: number; key: string }>) ids.set(row.key, row.id);
  }
  await db('patent_applicants').whereRaw('patent_id = ANY(?::text[])', [rows.map((row) => row.id)]).delete();
  const links = perDocument.flatMap(({ id, applicants }) => applicants.map(({ key, name }, position) => ({ patent_id: id, applicant_id: ids.get(key)!, position, name })));
  for (let i = 0; i < links.length; i += 5000) await db('patent_applicants').insert(links.slice(i, i + 5000));
  for (const row of rows) for (const [latin, cjk] of aliasPairs(row.applicants ?? [])) await linkAliases(db, applicantKey(latin), applicantKey(cjk));
}

/** Makes two applicants one group, rooted at the second's root (the name in Japanese or Chinese script). */
async function linkAliases(db: Knex, key: string, rootKey: string): Promise<void> {
  const rows: Array<{ key: string; group: number }> = await db('applicants as a').select('a.key', db.raw(`${GROUP_OF} AS "group"`)).whereIn('a.key', [key, rootKey]);
  const from = rows.find((row) => row.key === key)?.group;
  const to = rows.find((row) => row.key === rootKey)?.group;
  if (from === undefined || to === undefined || from === to) return;
  await db('applicants').where('id', from).orWhere('canonical_id', from).update({ canonical_id: to });
  await db('applicants').where('id', to).update({ canonical_id: null });
}

/**
 * SQL (with `?` for the keys as text[]) for "patents.id is a publication of any of these
 * applicants, under any of their names": the keys are applicantKey()s of names as shown.
 */
export const PUBLICATIONS_OF_APPLICANTS_SQL = `id IN (
  SELECT pa.patent_id FROM patent_applicants pa JOIN applicants a ON a.id = pa.applicant_id
  WHERE ${GROUP_OF} IN (SELECT coalesce(b.canonical_id, b.id) FROM applicants b WHERE b.key = ANY(?::text[])))`;

/** The names each group's members were first published under, in row order. */
async function groupNames(db: Knex, groups: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (groups.length === 0) return names;
  const rows: Array<{ group: number; display_name: string }> = await db('applicants as a')
    .select(db.raw(`${GROUP_OF} AS "group"`), 'a.display_name')
    .whereRaw(`${GROUP_OF} = ANY(?::int[])`, [groups as number[]])
    .orderBy('a.id');
  for (const row of rows) (names.get(row.group) ?? names.set(row.group, []).get(row.group)!).push(row.display_name);
  return names;
}

/**
 * SQL (no bindings of its own besides `limit`) ranking the applicant groups of the publications
 * in `source` (a CTE or table with an `id` column and a `where` condition on it): each group
 * counted once per publication, most publications first, cut at `limit` with ties kept so
 * rankedApplicantNames can break them by name.
 */
export const applicantGroupsSql = (source: string, where = 'true'): string => `
  SELECT ${GROUP_OF} AS "group", count(DISTINCT pa.patent_id) AS count
    FROM ${source} m JOIN patent_applicants pa ON pa.patent_id = m.id JOIN applicants a ON a.id = pa.applicant_id
   WHERE ${where}
   GROUP BY 1 ORDER BY 2 DESC FETCH FIRST ? ROWS WITH TIES`;

/** The applicant groups of every publication of a region that has applicants (each group once). */
export async function applicantGroupsOfRegion(db: Knex, region: Region): Promise<Array<{ id: string; groups: number[] }>> {
  return (await db.raw(
    `SELECT pa.patent_id AS id, array_agg(DISTINCT ${GROUP_OF}) AS groups
       FROM patent_applicants pa JOIN applicants a ON a.id = pa.applicant_id JOIN patents p ON p.id = pa.patent_id
      WHERE p.region = ? GROUP BY pa.patent_id`,
    [region],
  )).rows;
}

/** Groups and their counts (applicantGroupsSql) named for the region, most publications first, ties by name. */
export async function rankedApplicantNames(
  db: Knex,
  groups: ReadonlyArray<{ group: number; count: number | string }>,
  region: Region,
  limit: number,
): Promise<Array<{ applicant: string; count: number }>> {
  const names = await groupNames(db, groups.map((row) => row.group));
  return groups
    .map((row) => ({ applicant: displayNameFor(names.get(row.group) ?? [], region), count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.applicant.localeCompare(b.applicant))
    .slice(0, limit);
}

/** Each publication's applicants as groups, named for the region, once each, in published order. */
export async function applicantNamesOf(db: Knex, ids: readonly string[], region: Region): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows: Array<{ patent_id: string; group: number }> = await db('patent_applicants as pa')
    .join('applicants as a', 'a.id', 'pa.applicant_id')
    .select('pa.patent_id', db.raw(`${GROUP_OF} AS "group"`))
    .whereRaw('pa.patent_id = ANY(?::text[])', [ids as string[]])
    .orderBy(['pa.patent_id', 'pa.position']);
  const names = await groupNames(db, [...new Set(rows.map((row) => row.group))]);
  const seen = new Map<string, Set<number>>();
  for (const row of rows) {
    const groups = seen.get(row.patent_id) ?? seen.set(row.patent_id, new Set()).get(row.patent_id)!;
    if (groups.has(row.group)) continue;
    groups.add(row.group);
    result.get(row.patent_id)?.push(displayNameFor(names.get(row.group) ?? [], region));
  }
  return result;
}
