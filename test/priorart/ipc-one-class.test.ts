// A region whose classified documents all carry one subclass infers no IPC: the demo's Chinese
// records carry CPC G06F only (cn-text), and their vote named G06F 82 % for the washer-dryer of
// CN107541890A, shown as the invention's field. A region with classes to tell apart still infers.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { inferIpc, IPC_TEXT_INDEX, subclassOf } from '../../src/patents/ipc-inference.ts';
import { termIndexOf } from '../../src/patents/term-index.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const DEMO = 'data/demo-corpus/demo.jsonl.gz';
const store = corpusDatabase(
  async () => {
    const classified = (record: Record<string, unknown>) => [record.ipc, record.cpc].some((codes) => Array.isArray(codes) && codes.length > 0);
    // The washer (unclassified) and 150 classified Chinese records; 60 classified Japanese gazettes of ordinary length.
    const chinese = await cutCorpus(DEMO, 151, (record) => record.region === 'cn' && (record.id === 'CN107541890A' || classified(record)));
    const japanese = await cutCorpus(DEMO, 60, (record) => record.region === 'jp' && classified(record) && String(record.description ?? '').length < 30_000);
    return [chinese, japanese];
  },
  { timeout: 300_000 },
);

const claimOf = (id: string) =>
  (JSON.parse(gunzipSync(readFileSync(DEMO)).toString('utf8').split('\n').find((line) => line.includes(`"id":"${id}"`))!) as { claims: string[] }).claims[0]!;

test('Chinese records that are all G06F name no field for a washer-dryer; Japanese gazettes of many fields still do', async () => {
  const cn = await termIndexOf(store.db, 'cn', IPC_TEXT_INDEX.cn);
  expect(new Set(cn.classes.flat().map(subclassOf))).toEqual(new Set(['G06F']));
  const washer = await analyzeField(claimOf('CN107541890A'), 'cn');
  expect(await inferIpc(cn, washer)).toEqual({ subclasses: [], mainGroups: [], none: 'oneField' });

  const jp = await termIndexOf(store.db, 'jp', IPC_TEXT_INDEX.jp);
  expect(new Set(jp.classes.flat().map(subclassOf)).size).toBeGreaterThan(10);
  const wafer = await analyzeField(claimOf('JP2017191825A'), 'jp');
  const inferred = await inferIpc(jp, wafer);
  expect(inferred.subclasses.length).toBeGreaterThan(0);
}, 120_000);
