// Entry of the analysis worker thread: registers tsx's loader in this thread (a worker's
// `--import` runs too late for its own entry on Node 20), then loads the TypeScript module.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
