// What the first IPC inference after a start would otherwise wait for (the detailed search's
// IPC field, the creation support's technical field): the term index each region's inference
// reads (ipc-inference.ts IPC_TEXT_INDEX) and, for US, the IPC classifier trained on it. Measured
// on the demo corpus (2026-11-27, this 2-core machine, over the full text): 1.3–1.5 s CPU and
// 30–76 MB a region on first use, 3–25 ms after. It runs after the search warm-up, behind the
// first requests.
import type { Region } from '../patents/record.ts';
import type { Database } from '../platform/database.ts';
import type { Logger } from '../platform/logger.ts';
import { inferIpcOfText } from './engine.ts';

const SAMPLES: Record<Region, string> = { jp: 'リチウムイオン二次電池の正極活物質', cn: '锂离子电池的正极材料', us: 'lithium-ion battery cathode materials' };

export async function warmUpPriorart(db: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    for (const [region, text] of Object.entries(SAMPLES) as Array<[Region, string]>) await inferIpcOfText(db, text, region);
    logger.info({ ms: Math.round(performance.now() - started) }, 'prior-art warmed up');
  } catch (error) {
    // Nothing lost: whatever failed is built again on first use.
    logger.warn({ err: error }, 'prior-art warm-up failed');
  }
}
