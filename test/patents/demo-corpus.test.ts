// The demo corpus shipped in the repo, and its loading on a newcomer's first start.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip, gzipSync } from 'node:zlib';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { DEMO_CORPUS_DIR, loadDemoCorpusInBackground } from '../../src/patents/demo/load-demo-corpus.ts';
import { validateRecord } from '../../src/patents/ingest/validate.ts';
import { countPatents } from '../../src/patents/repository.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const PERMISSIVE = /^(USPTO\/PatentPublicData|max-planck-innovation-competition\/go-uspto|funginstitute\/patentprocessor|WillKoehrsen\/recurrent-neural-networks|api-evangelist\/patents-|liaoleyuan\/chinese-patent-cpc-multilabel-classification)/;

test('the shipped demo corpus is within 25 MB, valid, real (with provenance) and permissively licensed only', async () => {
  const file = path.join(DEMO_CORPUS_DIR, 'demo.jsonl.gz');
  expect((await stat(file)).size).toBeLessThanOrEqual(25 * 1024 * 1024);
  const regions: Record<string, number> = {};
  for await (const line of readline.createInterface({ input: createReadStream(file).pipe(createGunzip()) })) {
    const record = validateRecord(JSON.parse(line));
    regions[record.region] = (regions[record.region] ?? 0) + 1;
    const sources = record.source!.split(' | ').map((s) => s.replace(/^github:/, ''));
    expect(sources.every((source) => PERMISSIVE.test(source))).toBe(true);
  }
  expect(Object.keys(regions).sort()).toEqual(['cn', 'jp', 'us']);
  expect(await readFile(path.join(DEMO_CORPUS_DIR, 'README.md'), 'utf8')).toContain('Nothing is invented');
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
