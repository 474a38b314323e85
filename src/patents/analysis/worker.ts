// Text analysis in a worker thread, for long analysis in the process that answers pages: the
// examination simulation (ROLE all runs it in the web process) analyses every passage of the
// documents it charts, and one gazette paragraph or a 30-element invention is a single
// synchronous kuromoji pass of 100–400 ms on a loaded machine, with no turn for other requests
// in between (bench/priorart-pages profile: the longest holds of the event loop, up to ~1.1 s).
// Same analyser, same tokens; one long-lived thread started on first use, stopped after a
// while unused (its kuromoji dictionary is ~340 MB).
import { threadClient } from '../../platform/thread-client.ts';
import type { AnalysisRegion, AnalyzeOptions } from './index.ts';

/** The thread goes after this long without work (started again, ~0.6 s of dictionary, on the next). */
const IDLE_MS = 5 * 60_000;

type Options = AnalyzeOptions & { distinct?: boolean };
const thread = threadClient<{ texts: readonly string[]; region: AnalysisRegion; options: Options }, string[][]>(
  new URL('./worker-bootstrap.mjs', import.meta.url),
  { name: 'Analysis worker', idleMs: IDLE_MS },
);

/** analyzeField of each text, in the worker thread; `distinct`: each token once, in order of first appearance (less to copy back). */
export function analyzeFieldsInWorker(texts: readonly string[], region: AnalysisRegion, options: Options = {}): Promise<string[][]> {
  return texts.length === 0 ? Promise.resolve([]) : thread.run({ texts, region, options });
}

/** Stops the worker (shutdown, tests, idle); analysis still waiting on it fails. */
export const stopAnalysisWorker = (): Promise<void> => thread.stop();
