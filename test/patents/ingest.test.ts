// Ingest of real records cut from ../shared/corpus: stored whole, searchable, idempotent,
// and bad records reported without stopping.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { analyzeField, toLexemeArray, toTsqueryText } from '../../src/patents/analysis/index.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { createParallelIndexer } from '../../src/patents/ingest/index-pool.ts';
import { ingestFiles, type IngestProgress } from '../../src/patents/ingest/ingest.ts';
import { parsePublicationNumber } from '../../src/patents/numbers.ts';
import { findPatentById, findPatentsByNumber } from '../../src/patents/repository.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const FIXTURE = path.resolve('test/fixtures/patents/corpus-sample.jsonl');
let database: TestDatabase;
let db: Database;
let work: string;
let lines: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  await migrateToLatest(db);
  work = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-ingest-'));
  lines = (await readFile(FIXTURE, 'utf8')).trim().split('\n');
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
  await rm(work, { recursive: true, force: true });
});

test('every record of a gzipped JSON Lines file is stored with its fields', async () => {
  const file = path.join(work, 'sample.jsonl.gz');
  await writeFile(file, gzipSync(lines.join('\n')));
  const progress: number[] = [];
  const summary = await ingestFiles(db, [file], { index: indexPatent, batchSize: 7, onProgress: (p) => progress.push(p.records) });
  expect(summary).toMatchObject({ files: 1, records: lines.length, inserted: lines.length, updated: 0, unchanged: 0, bad: [] });
  expect(progress.at(-1)).toBe(lines.length);

  const source = JSON.parse(lines.find((line) => line.includes('"id":"US7783348B2"'))!);
  const stored = await findPatentById(db, 'US7783348B2');
  expect(stored).toMatchObject({
    id: 'US7783348B2',
    region: 'us',
    kind: source.kind,
    title: source.title,
    abstract: source.abstract,
    claims: source.claims,
    ipc: source.ipc ?? [],
    applicants: source.applicants ?? [],
    applicationDate: source.applicationDate,
    publicationDate: source.publicationDate,
    citations: source.citations ?? [],
    numberCore: '7783348',
    kindCode: 'B2',
  });
});

test('an ingest leaves no pending entries in the text indexes, so a search reads only the merged index', async () => {
  // The first test ingested the sample: each GIN index of patents must have had its pending list merged.
  // gin_clean_pending_list answers how many pending pages it merged now: none left by the ingest.
  const { rows } = await db.raw(`SELECT class.relname AS name, gin_clean_pending_list(index.indexrelid) AS pending
                                   FROM pg_index index JOIN pg_class class ON class.oid = index.indexrelid JOIN pg_am method ON method.oid = class.relam
                                  WHERE index.indrelid = 'patents'::regclass AND method.amname = 'gin'`);
  expect(rows.length).toBeGreaterThanOrEqual(5);
  expect(rows.filter((row: { pending: string }) => Number(row.pending) > 0)).toEqual([]);
});

test('the forms people type find the stored publication', async () => {
  for (const typed of ['US 7,783,348 B2', 'US7783348', 'us7783348b2']) {
    const found = await findPatentsByNumber(db, parsePublicationNumber(typed)!);
    expect(found[0]?.id).toBe('US7783348B2');
  }
  const cn = JSON.parse(lines.find((line) => line.includes('"region":"cn"'))!);
  expect((await findPatentsByNumber(db, parsePublicationNumber(cn.id.toLowerCase())!))[0]?.id).toBe(cn.id);
});

test('the analysed text is searchable per field and in all fields', async () => {
  const record = JSON.parse(lines.find((line) => line.includes('"id":"US7783348B2"'))!);
  const word = (record.title as string).split(/\s+/).find((w) => w.length > 5)!.toLowerCase().replace(/[^a-z]/g, '');
  const lexemes = async (patch: object, field: 'title' | 'abstract') => toLexemeArray(await analyzeField((patch as Record<string, string>)[field] ?? '', record.region));
  const [first] = await lexemes(record, 'title');
  const hits = await db('patents').select('id').whereRaw("tsv_title @@ ?::tsquery", [toTsqueryText([first!])]);
  expect(hits.map((h) => h.id)).toContain('US7783348B2');
  const all = await db('patents').select('id').whereRaw("tsv_all @@ ?::tsquery", [toTsqueryText(await analyzeField(word, 'us'))]);
  expect(all.map((h) => h.id)).toContain('US7783348B2');
  const chinese = JSON.parse(lines.find((line) => line.includes('"region":"cn"') && /[\u4e00-\u9fff]{4}/.test(JSON.parse(line).abstract ?? ''))!);
  const chineseTokens = await analyzeField(chinese.abstract, 'cn');
  const chineseHits = await db('patents').select('id').whereRaw("tsv_abstract @@ ?::tsquery", [toTsqueryText(chineseTokens.slice(0, 3))]);
  expect(chineseHits.map((h) => h.id)).toContain(chinese.id);
});

test('ingesting again changes nothing; a changed record is updated', async () => {
  const file = path.join(work, 'again.jsonl');
  await writeFile(file, lines.join('\n'));
  const again = await ingestFiles(db, [file], { index: indexPatent });
  expect(again).toMatchObject({ records: lines.length, inserted: 0, updated: 0, unchanged: lines.length });
  const changed = lines.map((line) => (line.includes('"id":"US7783348B2"') ? line.replace(/"title":"[^"]*"/, '"title":"Corrected title"') : line));
  await writeFile(file, changed.join('\n'));
  const update = await ingestFiles(db, [file], { index: indexPatent });
  expect(update).toMatchObject({ inserted: 0, updated: 1, unchanged: lines.length - 1 });
  expect((await findPatentById(db, 'US7783348B2'))?.title).toBe('Corrected title');
});

test('bad records are reported with their position and reason, and the good ones still go in', async () => {
  const good = JSON.parse(lines[0]!);
  const file = path.join(work, 'mixed.jsonl');
  await writeFile(
    file,
    [
      '{"id": "US1", broken json',
      JSON.stringify({ ...good, id: undefined }),
      JSON.stringify({ ...good, id: 'US9999999B2', region: 'de' }),
      JSON.stringify({ ...good, id: 'US9999998B2', publicationDate: '2020-01-01' }),
      JSON.stringify({ ...good, id: 'JP2020999997A' }), // a JP number in a US record
      JSON.stringify({ ...good, id: 'US9999996B2', title: null, abstract: null, claims: null, description: null }),
      JSON.stringify({ ...good, id: 'US9999995B2', claims: 'not a list' }),
      JSON.stringify({ ...good, id: 'US9999994B2\u001f' }),
      JSON.stringify(JSON.parse(lines[1]!)),
    ].join('\n'),
  );
  const bad: string[] = [];
  const summary = await ingestFiles(db, [file], { index: indexPatent, onBadRecord: (b) => bad.push(`${b.position}:${b.reason}`) });
  expect(summary.records).toBe(1);
  expect(summary.bad.map((b) => b.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(bad[0]).toMatch(/^1:not valid JSON/);
  expect(summary.bad[0]!.id).toBe('US1');
  expect(bad[1]).toBe('2:id is missing');
  expect(bad[2]).toMatch(/region "de"/);
  expect(bad[3]).toMatch(/publicationDate "2020-01-01" is not yyyyMMdd/);
  expect(bad[4]).toMatch(/does not belong to region us/);
  expect(bad[5]).toMatch(/no text at all/);
  expect(bad[6]).toMatch(/claims is not a list/);
  expect(bad[7]).toBe('8:id "US9999994B2\\u001f" holds a control character');
  expect(await findPatentById(db, 'US9999999B2')).toBeUndefined();
});

test('USPTO XML (several documents per file) and gazette text files go through the same ingest', async () => {
  const fixtures = path.resolve('test/fixtures/patents');
  const { readdir } = await import('node:fs/promises');
  const xml = (await readdir(path.join(fixtures, 'uspto'))).filter((f) => f.endsWith('.xml')).map((f) => path.join(fixtures, 'uspto', f));
  const summary = await ingestFiles(db, xml, { index: indexPatent });
  expect(summary.bad).toEqual([]);
  expect(summary.records).toBeGreaterThanOrEqual(5); // two single documents and a weekly excerpt with three designs
  const grant = await findPatentById(db, 'US8930553B2');
  expect(grant?.claims?.length).toBeGreaterThan(0);
  expect(grant?.ipc?.length).toBeGreaterThan(0);
  expect(grant?.source).toBe('file:US08930553.xml');

  const jp = path.join(fixtures, 'jp', 'jplatpat-text-data-2024-108988.txt');
  const jpSummary = await ingestFiles(db, [jp], { index: indexPatent });
  expect(jpSummary.records + jpSummary.bad.length).toBe(1);
  if (jpSummary.records === 1) {
    const found = await findPatentsByNumber(db, parsePublicationNumber('特開2024-108988')!);
    expect(found[0]?.id).toBe('JP2024108988A');
  } else {
    expect(jpSummary.bad[0]!.reason).toMatch(/no text at all/); // a bibliography-only page has no title text to search
  }
});

test('analysis in worker threads stores what analysis in this thread stores, and progress counts records against the total', async () => {
  // The same file ingested twice into an emptied table, analysed here and then in two threads.
  const file = path.join(work, 'threads.jsonl');
  await writeFile(file, lines.join('\n'));
  const vectors = async () =>
    (await db('patents').select('id', db.raw('tsv_title::text AS t'), db.raw('tsv_abstract::text AS a'), db.raw('tsv_claims::text AS c'), db.raw('tsv_description::text AS d')).orderBy('id')).map(
      (row: Record<string, string>) => `${row.id} ${row.t} ${row.a} ${row.c} ${row.d}`,
    );
  await db('patents').delete();
  await ingestFiles(db, [file], { index: indexPatent });
  const inThread = await vectors();
  await db('patents').delete();
  const indexer = createParallelIndexer(2);
  const progress: IngestProgress[] = [];
  try {
    const summary = await ingestFiles(db, [file], { index: indexer.index, concurrency: indexer.concurrency, batchSize: 5, onProgress: (p) => progress.push(p) });
    expect(summary).toMatchObject({ records: lines.length, inserted: lines.length, bad: [] });
  } finally {
    await indexer.close();
  }
  expect(await vectors()).toEqual(inThread);
  // The total is known from the start; done only grows, and reaches it.
  expect(new Set(progress.map((p) => p.total))).toEqual(new Set([lines.length]));
  expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
  expect(progress.at(-1)!.done).toBe(lines.length);
  expect(progress.some((p) => p.done > 0 && p.done < lines.length)).toBe(true);
}, 60_000);
