// Entry of an ingest analysis thread (index-pool.ts): loads the analysis through tsx's require hook, then serves
// indexPatent (tsvectors in binary form, for the store), taking the pool's shared Japanese dictionary from the first task
// that brings it. The require hook compiles in this thread; tsx's ESM register() (a worker's `--import` runs too late for
// its own entry on Node 20) started a loader thread per analysis thread besides: a thread's start up to its first task
// took ~255 → ~187 ms of CPU (4 interleaved pairs), ~0.5 ms a gazette of jp-fulltext's 281 on 2 threads.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
const { indexPatent } = require('../indexing.ts');
const { useSharedDictionary } = require('../analysis/japanese.ts');

export default ({ record, dictionary }) => {
  if (dictionary) useSharedDictionary(dictionary);
  return indexPatent(record, 'binary');
};
