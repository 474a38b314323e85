// The simulation's IPC comes from classified documents near the invention only (ipc-inference.ts
// IPC_NEAR_ENOUGH): where every classified document is far less similar than the nearest
// documents (a store whose near documents carry no class, as the demo's US records mostly do),
// their vote said nothing of the invention's field and still showed as its IPC.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { forgetTermIndexes } from '../../src/patents/term-index.ts';
import { simulate } from '../../src/priorart/engine.ts';
import { corpusTests, cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const ENGINE = 'JP2017048751A'; // 内燃機関の圧縮比調整装置 (F02D)
const database = corpusDatabase(null, { available, timeout: 60_000 });

/** A store of 120 real gazettes (the engine gazette among them) where only the pachinko machines (A63F) and semiconductor gazettes (H01L) keep their classes, or all do. */
async function store(classesOf: (ipc: string[]) => string[]): Promise<void> {
  let others = 0;
  const file = await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 120, (r) => r.id === ENGINE || (Array.isArray(r.claims) && others++ < 119));
  const records = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { ipc?: string[] });
  await writeFile(file, records.map((record) => JSON.stringify({ ...record, ipc: classesOf(record.ipc ?? []) })).join('\n') + '\n');
  await ingestFiles(database.db, [file], { index: indexPatent });
  forgetTermIndexes();
}

const claim = async () => ((await database.db('patents').where({ id: ENGINE }).first('claims')) as { claims: string[] }).claims[0]!;
const inferred = async () =>
  (await simulate(database.db, { lang: 'jp', subjectMatter: await claim(), isAutoElementCutter: true, compared: 'full', strategy: 'normal', outputType: 0, fixedDocumentIds: [], populationIds: null })).ipc;

corpusTest('classified documents far from the invention give it no IPC; near ones do', async () => {
  await store((ipc) => ipc.filter((code) => code.startsWith('A63F') || code.startsWith('H01L')));
  // Why is kept: the result page says no classified document is near, rather than showing no field at all.
  expect(await inferred()).toEqual({ subclasses: [], mainGroups: [], none: 'far' });
  await database.db('patents').del();
  await store((ipc) => ipc);
  const near = await inferred();
  expect(near.subclasses.map((entry) => entry.code)).toContain('F02D');
  expect(near.none).toBeUndefined();
}, 180_000);
