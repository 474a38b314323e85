// Entry of an ingest analysis thread when its bundle cannot be built (index-pool.ts): registers
// tsx's loader in this thread (a worker's `--import` runs too late for its own entry on Node 20),
// then serves index-worker-entry.ts.
import { register } from 'tsx/esm/api';

register();
const { default: serve } = await import('./index-worker-entry.ts');

export default serve;
