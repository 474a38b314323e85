// What an ingest analysis thread serves (index-pool.ts): indexPatent, taking the pool's shared
// Japanese dictionary from the first task that brings it. Run as one plain-JS bundle of this
// module (index-pool.ts) or through tsx (index-worker.mjs).
import { useSharedDictionary } from '../analysis/japanese.ts';
import type { SharedMorphologyDictionary } from '../analysis/dictionary.ts';
import { indexPatent } from '../indexing.ts';
import type { PatentRecord } from '../record.ts';

export default ({ record, dictionary }: { record: PatentRecord; dictionary?: SharedMorphologyDictionary }) => {
  if (dictionary) useSharedDictionary(dictionary);
  return indexPatent(record);
};
