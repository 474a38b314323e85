// Inside the analysis worker thread: one message per batch of texts.
import { parentPort } from 'node:worker_threads';
import { analyzeField, type AnalysisRegion, type AnalyzeOptions } from './index.ts';

parentPort!.on('message', async ({ id, texts, region, options }: { id: number; texts: string[]; region: AnalysisRegion; options: AnalyzeOptions & { distinct?: boolean } }) => {
  try {
    const tokens: string[][] = [];
    for (const text of texts) {
      const analysed = await analyzeField(text, region, options);
      tokens.push(options.distinct ? [...new Set(analysed)] : analysed);
    }
    parentPort!.postMessage({ id, tokens });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
