// The patent store: the only place SQL on the patents table lives.
import { createHash } from 'node:crypto';
import type { Database } from '../platform/database.ts';
import { kindMatches, parsePublicationNumber, type PublicationNumber } from './numbers.ts';
import type { PatentRecord } from './record.ts';
import { writeApplicants } from './applicants-repository.ts';
import { APPLICATION_NUMBER_PREFIX, namesIndexText, searchKeysOf } from './query/keys.ts';

/**
 * Analysed text per field as a tsvector: its text form (analysis/index.ts toTsvectorText) or its binary
 * form (toTsvectorBinary, bound as bytes: node-postgres sends a Buffer or typed array in binary format).
 */
export interface IndexedText {
  title: string | Uint8Array;
  abstract: string | Uint8Array;
  claims: string | Uint8Array;
  description: string | Uint8Array;
  /** The description's tokens past what tsv_all places, in windows (description-segments.ts); none for most. */
  descriptionSegments: Array<string | Uint8Array>;
}

export interface PatentRow {
  record: PatentRecord;
  numberCore: string;
  kindCode: string | null;
  indexed: IndexedText;
}

const toDate = (yyyymmdd: string | null | undefined): string | null =>
  yyyymmdd && /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}` : null;

export const contentHash = (record: PatentRecord): string => createHash('sha256').update(JSON.stringify(record)).digest('hex');

export interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** A tsvector bind parameter: text, or the binary form as a Buffer (a worker thread's Buffer arrives as a plain Uint8Array). */
const tsvectorValue = (db: Database, value: string | Uint8Array) =>
  db.raw('?::tsvector', [typeof value === 'string' || Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)]);

/**
 * Inserts new publications and updates changed ones (idempotent: an unchanged record writes nothing).
 * One transaction: a written record's description segments are replaced with it, or neither is.
 */
export async function upsertPatents(db: Database, rows: PatentRow[]): Promise<UpsertResult> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  return db.transaction((trx) => upsertPatentRows(trx, rows));
}

async function upsertPatentRows(db: Database, rows: PatentRow[]): Promise<UpsertResult> {
  const values = rows.map(({ record, numberCore, kindCode, indexed }) => ({
    id: record.id,
    region: record.region,
    number_core: numberCore,
    kind_code: kindCode,
    kind: record.kind,
    title: record.title,
    abstract: record.abstract,
    claims: record.claims ? JSON.stringify(record.claims) : null,
    description: record.description,
    ipc: record.ipc ?? [],
    cpc: record.cpc ?? [],
    fi: record.fi ?? [],
    fterm: record.fterm ?? [],
    usc: record.usc ?? [],
    applicants: record.applicants ?? [],
    inventors: record.inventors ?? [],
    application_date: toDate(record.applicationDate),
    publication_date: toDate(record.publicationDate),
    registration_date: toDate(record.registrationDate),
    application_number: record.applicationNumber ?? null,
    right: record.right ?? null,
    citations: record.citations ?? [],
    procedures: record.procedures ? JSON.stringify(record.procedures) : null,
    source: record.source,
    tsv_title: tsvectorValue(db, indexed.title),
    tsv_abstract: tsvectorValue(db, indexed.abstract),
    tsv_claims: tsvectorValue(db, indexed.claims),
    tsv_description: tsvectorValue(db, indexed.description),
    // Exact-match keys of the detailed-search formulas (classification prefixes, application number, folded names).
    search_keys: searchKeysOf(record),
    applicant_names: namesIndexText(record.applicants),
    inventor_names: namesIndexText(record.inventors),
    content_hash: contentHash(record),
  }));
  const result = await db.raw<{ rows: Array<{ id: string; inserted: boolean }> }>(
    `? ON CONFLICT (id) DO UPDATE SET ${Object.keys(values[0]!)
      .filter((column) => column !== 'id')
      .map((column) => `"${column}" = EXCLUDED."${column}"`)
      .join(', ')}, updated_at = now()
     WHERE patents.content_hash <> EXCLUDED.content_hash
     RETURNING id, (xmax = 0) AS inserted`,
    [db('patents').insert(values)],
  );
  // The applicant table follows the publications written (unchanged ones keep theirs).
  const written = new Set(result.rows.map((row) => row.id));
  await replaceDescriptionSegments(db, rows.filter(({ record }) => written.has(record.id)));
  await writeApplicants(db, rows.filter(({ record }) => written.has(record.id)).map(({ record }) => ({ id: record.id, applicants: record.applicants })));
  const inserted = result.rows.filter((row) => row.inserted).length;
  const updated = result.rows.length - inserted;
  return { inserted, updated, unchanged: rows.length - inserted - updated };
}

/** Segment rows per insert statement (3 bind parameters each, PostgreSQL takes at most 65,535). */
const SEGMENT_ROWS_PER_INSERT = 2000;

/** The written records' description segments in place of their old ones (updated records), none for those tsv_all holds whole. */
async function replaceDescriptionSegments(db: Database, rows: PatentRow[]): Promise<void> {
  if (rows.length === 0) return;
  const writtenIds = rows.map(({ record }) => record.id);
  await db.raw('DELETE FROM patent_description_segments WHERE patent_id = ANY(?::text[])', [writtenIds]);
  const segments = rows.flatMap(({ record, indexed }) => indexed.descriptionSegments.map((tsv, seq) => ({ patent_id: record.id, seq, tsv: tsvectorValue(db, tsv) })));
  for (let at = 0; at < segments.length; at += SEGMENT_ROWS_PER_INSERT) {
    await db('patent_description_segments').insert(segments.slice(at, at + SEGMENT_ROWS_PER_INSERT));
  }
}

/**
 * After an ingest: fresh planner statistics (or the planner keeps estimating an empty table and
 * scans instead of using the text indexes; the applicant tables too: with stale counts the
 * applicant ranking of a result hashed the whole link table, 11 ms of a 3,768-hit result page
 * on the full corpus, 3.7 ms after), and the GIN indexes' pending lists merged. An insert adds
 * to a GIN index's pending list (fastupdate), which every search then reads in full until a
 * vacuum merges it; with autovacuum off or not yet due, the demo corpus left 364 pending pages
 * on tsv_all: a 2,221-hit search's index scan read 370 buffers in 1.26 ms, 8 in 0.31 ms once
 * merged (EXPLAIN ANALYZE, 2026-11-27). Merging the demo's ten GIN indexes took 0.49 s.
 */
export async function settlePatentIndexes(db: Database): Promise<void> {
  await db.raw('ANALYZE patents, patent_applicants, applicants, patent_description_segments');
  await db.raw(`SELECT gin_clean_pending_list(index.indexrelid)
                  FROM pg_index index JOIN pg_class class ON class.oid = index.indexrelid JOIN pg_am method ON method.oid = class.relam
                 WHERE index.indrelid IN ('patents'::regclass, 'patent_description_segments'::regclass) AND method.amname = 'gin'`);
}

export interface StoredPatent extends PatentRecord {
  numberCore: string;
  kindCode: string | null;
}

const selectColumns = [
  'id', 'region', 'kind', 'title', 'abstract', 'claims', 'description', 'ipc', 'cpc', 'fi', 'fterm', 'usc', 'applicants', 'inventors',
  'application_date as applicationDate', 'publication_date as publicationDate', 'registration_date as registrationDate',
  'application_number as applicationNumber', 'right', 'citations', 'procedures', 'source', 'number_core as numberCore', 'kind_code as kindCode',
];

const fromRow = (row: Record<string, unknown>): StoredPatent => {
  const date = (value: unknown) => (value instanceof Date ? `${value.getFullYear()}${String(value.getMonth() + 1).padStart(2, '0')}${String(value.getDate()).padStart(2, '0')}` : null);
  return {
    ...(row as unknown as StoredPatent),
    applicationDate: date(row.applicationDate),
    publicationDate: date(row.publicationDate),
    registrationDate: date(row.registrationDate),
  };
};

export async function findPatentById(db: Database, id: string): Promise<StoredPatent | undefined> {
  const row = await db('patents').select(selectColumns).where({ id }).first();
  return row ? fromRow(row) : undefined;
}

/**
 * Publications with this number; those of the kind asked for first (B2 for B2, B1 or B2 for
 * 特許…, see kindMatches), then the others (a number may have A and B publications).
 */
export async function findPatentsByNumber(db: Database, number: PublicationNumber): Promise<StoredPatent[]> {
  const rows = await db('patents')
    .select(selectColumns)
    .where({ region: number.region, number_core: number.core })
    .orderByRaw("CASE WHEN kind_code LIKE ? || '%' THEN 0 WHEN kind_code IS NULL THEN 1 ELSE 2 END, publication_date DESC NULLS LAST", [number.kind ?? ''])
    .limit(10);
  return rows.map(fromRow);
}

/** Publications of an application (its number as applicationNumberKey gives it: 特願2008-123456 → 2008123456), newest first. */
export async function findPatentsByApplicationNumber(db: Database, key: string): Promise<StoredPatent[]> {
  const rows = await db('patents')
    .select(selectColumns)
    .whereRaw('search_keys @> ?::text[]', [[APPLICATION_NUMBER_PREFIX + key]])
    .orderByRaw('publication_date DESC NULLS LAST, id')
    .limit(10);
  return rows.map(fromRow);
}

export async function countPatents(db: Database): Promise<Record<string, number>> {
  const rows = await db('patents').select('region').count<{ region: string; count: string }[]>({ count: '*' }).groupBy('region');
  return Object.fromEntries(rows.map((row) => [row.region, Number(row.count)]));
}

/**
 * The publications of numbers as people write them (a population file): every publication of
 * a number without a kind, the publication of that kind otherwise. Numbers that are not
 * publication numbers, or not in the store, come back as `unknown`.
 */
export async function idsOfPublicationNumbers(db: Database, numbers: readonly string[]): Promise<{ ids: string[]; unknown: string[] }> {
  const parsed = numbers.map((text) => ({ text, number: parsePublicationNumber(text) }));
  const cores = new Map<string, Set<string>>();
  for (const { number } of parsed) if (number) (cores.get(number.region) ?? cores.set(number.region, new Set()).get(number.region)!).add(number.core);
  const found = new Map<string, Array<{ id: string; kind: string | null }>>();
  for (const [region, set] of cores) {
    const rows: Array<{ id: string; number_core: string; kind_code: string | null }> = await db('patents')
      .select('id', 'number_core', 'kind_code')
      .where('region', region)
      .whereRaw('number_core = ANY(?::text[])', [[...set]]);
    for (const row of rows) {
      const key = `${region}:${row.number_core}`;
      (found.get(key) ?? found.set(key, []).get(key)!).push({ id: row.id, kind: row.kind_code });
    }
  }
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const { text, number } of parsed) {
    const publications = number ? (found.get(`${number.region}:${number.core}`) ?? []) : [];
    const chosen = publications.filter((p) => kindMatches(number?.kind, p.kind));
    if (chosen.length === 0) unknown.push(text);
    for (const publication of chosen) ids.add(publication.id);
  }
  return { ids: [...ids], unknown };
}

/** The publications of Japanese (or the region's) application numbers, keys as applicationNumberKey gives them. */
export async function idsOfApplicationNumbers(db: Database, region: string, keys: readonly string[]): Promise<string[]> {
  const rows: Array<{ id: string }> = await db('patents')
    .select('id')
    .where('region', region)
    .whereRaw('search_keys && ?::text[]', [keys.map((key) => APPLICATION_NUMBER_PREFIX + key)])
    .orderBy('id');
  return rows.map((row) => row.id);
}

/** The texts the examination simulation compares, of these publications (in no particular order). */
export async function findPatentTexts(
  db: Database,
  ids: readonly string[],
): Promise<Array<{ id: string; title: string | null; claims: string[] | null; abstract: string | null; description: string | null; ipc: string[] | null; cpc: string[] | null }>> {
  if (ids.length === 0) return [];
  return db('patents').select('id', 'title', 'claims', 'abstract', 'description', 'ipc', 'cpc').whereRaw('id = ANY(?::text[])', [ids as string[]]);
}

/** The claims of these publications, by id (a search result shows a claim where the abstract names none of its words). */
export async function findPatentClaims(db: Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ id: string; claims: unknown }> = await db('patents').select('id', 'claims').whereRaw('id = ANY(?::text[])', [ids as string[]]);
  return new Map(rows.map((row) => [row.id, Array.isArray(row.claims) ? row.claims.filter((claim): claim is string => typeof claim === 'string') : []]));
}

/** The descriptions of these publications, by id (a search result shows a passage where neither abstract nor claims name its words); none for those without. */
export async function findPatentDescriptions(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ id: string; description: string }> = await db('patents').select('id', 'description').whereRaw('id = ANY(?::text[]) AND description IS NOT NULL', [ids as string[]]);
  return new Map(rows.map((row) => [row.id, row.description]));
}

/** Titles of these publications (a simulation's candidate list names every document it lists). */
export async function findPatentTitles(db: Database, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows: Array<{ id: string; title: string | null }> = await db('patents').select('id', 'title').whereRaw('id = ANY(?::text[])', [ids as string[]]);
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The list's date orders (search-repository.ts orderBy): newest first and oldest first, undated last, then by id. */
export const NEWEST_FIRST = 'publication_date DESC NULLS LAST, id';
export const OLDEST_FIRST = 'publication_date ASC NULLS LAST, id';

/** Every publication of a region with its place (from 0) in each date order, as the database collates the ids. */
export async function publicationOrders(db: Database, region: string): Promise<Array<{ id: string; newest: number; oldest: number }>> {
  return (await db.raw(
    `SELECT id, (row_number() OVER (ORDER BY ${NEWEST_FIRST}))::int - 1 AS newest, (row_number() OVER (ORDER BY ${OLDEST_FIRST}))::int - 1 AS oldest
       FROM patents WHERE region = ?`,
    [region],
  )).rows;
}

/** How many publications a region holds and when one last changed: what an in-memory index of it is valid for. */
export async function regionVersion(db: Database, region: string): Promise<{ count: number; updated: string }> {
  return (await db('patents').where({ region }).select(db.raw('count(*)::int AS count'), db.raw("coalesce(max(updated_at), 'epoch')::text AS updated")).first()) as { count: number; updated: string };
}

/** A keyset page of a region's publications with these stored vectors as text (tsv_* columns), by id after `after`. */
export async function vectorPage(db: Database, region: string, vectors: readonly string[], after: string, limit: number): Promise<Array<Record<string, unknown>>> {
  const columns = vectors.map((column) => `${column}::text AS ${column}`).join(', ');
  return (await db.raw(`SELECT id, ipc, cpc, ${columns} FROM patents WHERE region = ? AND id > ? ORDER BY id LIMIT ${Number(limit)}`, [region, after])).rows;
}
