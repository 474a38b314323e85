// What the first search after a start would otherwise wait for, built in the background as
// soon as the web server listens: the Japanese analyser (kuromoji's dictionary, ~0.6 s and
// ~340 MB) and the Chinese one (jieba, ~0.2 s), then one search per region through the search
// service, so its code is compiled and the text indexes are read before a user asks, then each
// region's rank index, then one small map (the landscape worker thread, ~0.5 s to load its
// code, and its computation compiled). Measured on this 2-core machine: 0.57 s, 0.19 s and
// 0.48 s of a first Japanese search and first map, then 1 ms and 0 ms.
// HATSUMEI_WARM_UP=0 leaves them lazy (bench/start compares both).
import { analyzeField } from '../patents/analysis/index.ts';
import { warmRankIndex } from '../patents/rank-index.ts';
import type { Database } from '../platform/database.ts';
import type { Logger } from '../platform/logger.ts';
import { computePatentMap } from './landscape/service.ts';
import { runSimpleSearch } from './service.ts';
import { parseSimpleSearch } from './validation.ts';

const SAMPLES = [
  { region: 'jp', text: 'リチウムイオン二次電池の正極活物質' },
  { region: 'cn', text: '锂离子电池的正极材料' },
  { region: 'us', text: 'lithium-ion battery cathode materials' },
] as const;

/**
 * Words nearly every document of a region holds, for one small real map (MAP_WARM_UP_SIZE
 * documents, not cached): it starts the landscape worker and compiles its tf-idf, SVD, k-means
 * and UMAP and the label reading before a user's first map. An empty map only started the
 * worker. Measured in one process on the demo corpus (2026-11-27): the 210-document 装置 map
 * after an empty one took 1.0–1.2 s against 0.6–0.66 s computed again (svd +100–160 ms, labels
 * +190–225 ms, tf-idf +30, fetch +40); after this map 474–500 ms against 383–494 ms. bench/start
 * (a map asked ~2 s after /login answers, while the warm-up still runs): first map 753–898 ms
 * against 572–708 ms in a warm process, 981–1,138 ms without the warm-up. It takes ~1.1 s.
 */
const MAP_WARM_UP = { jp: '装置|方法', cn: '装置|方法', us: 'device|method|system' } as const;
const MAP_WARM_UP_SIZE = 300;

export async function warmUpSearch(db: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    for (const { region, text } of SAMPLES) await analyzeField(text, region);
    for (const { region, text } of SAMPLES) await runSimpleSearch(db, parseSimpleSearch({ q: text, region }));
    // The relevance of hits is computed in the process from each region's kept vectors (rank-index.ts): 0.7–5 s a region on the full corpus.
    for (const { region } of SAMPLES) await warmRankIndex(db, region);
    for (const { region } of SAMPLES) {
      const { map } = await computePatentMap(db, parseSimpleSearch({ q: MAP_WARM_UP[region], region }), MAP_WARM_UP_SIZE);
      if (map.mappedCount >= MAP_WARM_UP_SIZE / 2) break; // one map compiles the worker's code for every region
    }
    logger.info({ ms: Math.round(performance.now() - started) }, 'search warmed up');
  } catch (error) {
    // Nothing lost: whatever failed is built again on first use.
    logger.warn({ err: error }, 'search warm-up failed');
  }
}
