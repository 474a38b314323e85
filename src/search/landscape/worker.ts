// The landscape computation (tf-idf → SVD → k-means → UMAP, ~2 s of CPU for 3,000
// documents) in a worker thread, so the web process keeps answering while a map is built.
// One long-lived worker, started on first use; maps queue on it.
import { threadClient } from '../../platform/thread-client.ts';
import type { DocumentTerms, Landscape, LandscapeOptions } from './landscape.ts';

const thread = threadClient<{ documents: readonly DocumentTerms[]; options: Omit<LandscapeOptions, 'pause'> }, Landscape>(
  new URL('./worker-bootstrap.mjs', import.meta.url),
  { name: 'Landscape worker' },
);

/** buildLandscape in the worker thread. */
export const buildLandscapeInWorker = (documents: readonly DocumentTerms[], options: Omit<LandscapeOptions, 'pause'> = {}): Promise<Landscape> =>
  thread.run({ documents, options });

/** Stops the worker (shutdown, tests). */
export const stopLandscapeWorker = (): Promise<void> => thread.stop();
