// Inside the analysis worker thread: one request per batch of texts.
import { serveThreadRequests } from '../../platform/thread-server.ts';
import { analyzeField, type AnalysisRegion, type AnalyzeOptions } from './index.ts';

serveThreadRequests(async ({ texts, region, options }: { texts: string[]; region: AnalysisRegion; options: AnalyzeOptions & { distinct?: boolean } }) => {
  const tokens: string[][] = [];
  for (const text of texts) {
    const analysed = await analyzeField(text, region, options);
    tokens.push(options.distinct ? [...new Set(analysed)] : analysed);
  }
  return tokens;
});
