// Inside the landscape worker thread: one message per map.
import { parentPort } from 'node:worker_threads';
import { buildLandscape, type DocumentTerms, type LandscapeOptions } from './landscape.ts';

parentPort!.on('message', async ({ id, documents, options }: { id: number; documents: DocumentTerms[]; options: LandscapeOptions }) => {
  try {
    parentPort!.postMessage({ id, landscape: await buildLandscape(documents, options) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
