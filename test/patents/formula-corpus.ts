// A test database with real publications for the formula tests: a cut of the demo corpus in
// the repository (US text of every kind, the JP and CN bibliographic records, some Japanese
// gazette full text, Chinese text with CPC and with claims), plus the parser
// fixtures that carry what the corpus lacks (Japanese text, FI, F-terms, US classes,
// application numbers).
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { DEMO_CORPUS_DIR } from '../../src/patents/demo/load-demo-corpus.ts';
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import type { FormulaRegion, FormulaTag } from '../../src/patents/query/formula.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

export const FIXTURES = [
  'test/fixtures/patents/corpus-sample.jsonl',
  'test/fixtures/patents/jp/jplatpat-text-data-2024-108988.txt',
  'test/fixtures/patents/uspto/US08930553.xml',
  'test/fixtures/patents/uspto/US20050004437A1.xml',
  'test/fixtures/patents/uspto/ipg120327-designs.xml',
  'test/fixtures/patents/cn/literature-workflow-CN110346043A-front-page.txt',
  'test/fixtures/patents/cn/literature-workflow-CN112856361B-front-page.txt',
];

/** Records of each kind from the demo corpus, so every field the formulas search has data. */
function demoSample(quota: { classified: number; described: number; abstracts: number; jp: number; jpText: number; cnText: number; cnClaims: number; cn: number }) {
  const taken = { classified: 0, described: 0, abstracts: 0, jp: 0, jpText: 0, cnText: 0, cnClaims: 0, cn: 0 };
  return (record: Record<string, unknown>): boolean => {
    const has = (field: string) => Array.isArray(record[field]) ? (record[field] as unknown[]).length > 0 : Boolean(record[field]);
    const group: keyof typeof taken =
      record.region === 'jp'
        ? has('description') ? 'jpText' : 'jp'
        : record.region === 'cn'
          ? has('cpc') ? 'cnText' : has('claims') ? 'cnClaims' : 'cn'
          : has('ipc') || has('cpc') || has('claims') ? 'classified' : has('description') ? 'described' : 'abstracts';
    if (taken[group] >= quota[group]) return false;
    taken[group]++;
    return true;
  };
}

export interface FormulaTestStore {
  db: Database;
  close(): Promise<void>;
}

export async function formulaTestStore(options: { demo: boolean }): Promise<FormulaTestStore> {
  const database: TestDatabase = await createTestDatabase();
  const db = createDatabase(database.url);
  await migrateToLatest(db);
  // The fixtures last: where a record is in both, the parsed source file is the richer one.
  const files = options.demo ? [await cutCorpus(`${DEMO_CORPUS_DIR}/demo.jsonl.gz`, 1600, demoSample({ classified: 200, described: 160, abstracts: 700, jp: 166, jpText: 20, cnText: 60, cnClaims: 30, cn: 240 }))] : [];
  files.push(...FIXTURES);
  const summary = await ingestFiles(db, files, { index: indexPatent });
  if (summary.records - summary.bad.length < 30) throw new Error(`too few records loaded: ${JSON.stringify(summary.bad)}`);
  return {
    db,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

export type Row = { text: string; tag: FormulaTag };

/** The ids a detailed search finds in a region: rows (numbered from 1) and their combination. */
export async function hitsOf(db: Database, region: FormulaRegion, rows: Row[], combination = '', ipcLimit: string[] = []): Promise<Set<string>> {
  const condition = await compileDetailQuery({ formulas: rows.map((row, i) => ({ id: i + 1, ...row })), combination, ipcLimit }, region);
  const ids: string[] = await db('patents').where('region', region).whereRaw(condition.sql, condition.bindings as never).pluck('id');
  return new Set(ids);
}

export const intersection = (a: Set<string>, b: Set<string>) => new Set([...a].filter((id) => b.has(id)));
export const union = (a: Set<string>, b: Set<string>) => new Set([...a, ...b]);
export const difference = (a: Set<string>, b: Set<string>) => new Set([...a].filter((id) => !b.has(id)));
export const sorted = (set: Set<string>) => [...set].sort();
