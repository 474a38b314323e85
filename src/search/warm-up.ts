// What the first search after a start would otherwise wait for, built in the background as
// soon as the web server listens: the Japanese analyser (kuromoji's dictionary, ~0.6 s and
// ~340 MB), the Chinese one (jieba, ~0.2 s) and the landscape worker thread (~0.5 s to load
// its code), then one search per region through the search service, so its code is compiled
// and the text indexes are read before a user asks, then each region's rank index. Measured on
// this 2-core machine: 0.57 s, 0.19 s and 0.48 s of a first Japanese search and first map, then
// 1 ms and 0 ms.
// HATSUMEI_WARM_UP=0 leaves them lazy (bench/start compares both).
import { analyzeField } from '../patents/analysis/index.ts';
import { warmRankIndex } from '../patents/rank-index.ts';
import type { Database } from '../platform/database.ts';
import type { Logger } from '../platform/logger.ts';
import { buildLandscapeInWorker } from './landscape/worker.ts';
import { runSimpleSearch } from './service.ts';
import { parseSimpleSearch } from './validation.ts';

const SAMPLES = [
  { region: 'jp', text: 'リチウムイオン二次電池の正極活物質' },
  { region: 'cn', text: '锂离子电池的正极材料' },
  { region: 'us', text: 'lithium-ion battery cathode materials' },
] as const;

export async function warmUpSearch(db: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    for (const { region, text } of SAMPLES) await analyzeField(text, region);
    await buildLandscapeInWorker([]);
    for (const { region, text } of SAMPLES) await runSimpleSearch(db, parseSimpleSearch({ q: text, region }));
    // The relevance of hits is computed in the process from each region's kept vectors (rank-index.ts): 0.7–5 s a region on the full corpus.
    for (const { region } of SAMPLES) await warmRankIndex(db, region);
    logger.info({ ms: Math.round(performance.now() - started) }, 'search warmed up');
  } catch (error) {
    // Nothing lost: whatever failed is built again on first use.
    logger.warn({ err: error }, 'search warm-up failed');
  }
}
