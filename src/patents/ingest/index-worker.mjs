// Entry of an ingest analysis thread (index-pool.ts): registers tsx's loader in this thread
// (a worker's `--import` runs too late for its own entry on Node 20), then serves indexPatent
// (tsvectors in binary form, for the store), taking the pool's shared Japanese dictionary from the first task that brings it.
import { register } from 'tsx/esm/api';

register();
const { indexPatent } = await import('../indexing.ts');
const { useSharedDictionary } = await import('../analysis/japanese.ts');

export default ({ record, dictionary }) => {
  if (dictionary) useSharedDictionary(dictionary);
  return indexPatent(record, 'binary');
};
