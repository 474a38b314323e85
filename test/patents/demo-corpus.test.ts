// The demo corpus shipped in the repo, and its loading on a newcomer's first start.
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip, gzipSync } from 'node:zlib';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { JPO_GAZETTE, PERMISSIVE, sourceRepositories } from '../../src/patents/demo/build-demo-corpus.ts';
import { DEMO_CORPUS_DIR, loadDemoCorpusInBackground } from '../../src/patents/demo/load-demo-corpus.ts';
import { validateRecord } from '../../src/patents/ingest/validate.ts';
import { countPatents } from '../../src/patents/repository.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const allowed = (repositories: readonly string[]) => new RegExp(`^(${repositories.map((r) => r.replace(/[/.-]/g, '\\$&')).join('|')})`);

test('the shipped demo corpus is within 25 MB, valid, real (with provenance), licensed for redistribution, and holds all Japanese and Chinese text', async () => {
  const file = path.join(DEMO_CORPUS_DIR, 'demo.jsonl.gz');
  expect((await stat(file)).size).toBeLessThanOrEqual(25_000_000);
  const regions: Record<string, number> = {};
  const ids = new Set<string>();
  let japaneseFullText = 0;
  let chineseClaims = 0;
  for await (const line of readline.createInterface({ input: createReadStream(file).pipe(createGunzip()) })) {
    const record = validateRecord(JSON.parse(line));
    expect(ids.has(record.id)).toBe(false); // one line per publication
    ids.add(record.id);
    regions[record.region] = (regions[record.region] ?? 0) + 1;
    const sources = sourceRepositories(record);
    // Gazette text only for Japanese records; everything else from permissively licensed repositories.
    expect(sources.every((source) => allowed(PERMISSIVE).test(source) || (record.region === 'jp' && allowed(JPO_GAZETTE).test(source)))).toBe(true);
    if (record.region === 'jp' && record.description?.includes('【０００１】') && record.claims?.length) japaneseFullText++;
    if (record.region === 'cn' && record.claims?.some((claim) => /[\u4e00-\u9fff]/.test(claim))) chineseClaims++;
  }
  expect(regions).toEqual({ jp: 447, cn: 6005, us: expect.any(Number) });
  // Every record of jp-fulltext (281, 61 of them without paragraph numbers) and the 664 Chinese records with claims.
  expect(japaneseFullText).toBeGreaterThanOrEqual(215);
  expect(chineseClaims).toBe(664);
  const readme = await readFile(path.join(DEMO_CORPUS_DIR, 'README.md'), 'utf8');
  expect(readme).toContain('Nothing is invented');
  for (const licence of await readdir(path.join(DEMO_CORPUS_DIR, 'licenses'))) expect(readme).toContain(`licenses/${licence}`);
}, 60_000);

describe('loading on first start', () => {
  let database: TestDatabase;
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url);
    await migrateToLatest(db);
    dir = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-demo-'));
    await writeFile(path.join(dir, 'demo.jsonl.gz'), gzipSync(await readFile('test/fixtures/patents/corpus-sample.jsonl')));
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a stopped load leaves the corpus to the next start, which completes it once', async () => {
    const logger = createLogger('silent');
    const interrupted = loadDemoCorpusInBackground(db, logger, dir);
    await interrupted.stop();
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total(await countPatents(db))).toBeLessThan(32);
    await loadDemoCorpusInBackground(db, logger, dir).done;
    expect(total(await countPatents(db))).toBe(32);
    // Loaded: later starts do nothing, even if a manager has since removed documents.
    await db('patents').where('region', 'cn').delete();
    await loadDemoCorpusInBackground(db, logger, dir).done;
    expect((await countPatents(db)).cn).toBeUndefined();
  });
});
