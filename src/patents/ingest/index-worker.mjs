// Entry of an ingest analysis thread (index-pool.ts): registers tsx's loader in this thread
// (a worker's `--import` runs too late for its own entry on Node 20), then serves indexPatent.
import { register } from 'tsx/esm/api';

register();
const { indexPatent } = await import('../indexing.ts');

export default (record) => indexPatent(record);
