// bench/search-analysed-marks: how many hits of a search's first page show a snippet with nothing
// marked, and what the page's snippets cost, on a loaded demo corpus, read only. A keyword is
// searched by its analysed words (従来技術 finds 「従来の技術」), and a snippet that marks only the
// keyword as written leaves such hits unexplained (search/analysed-marks.ts). The page's first view
// is timed with its hit set kept (each sample with other search words, the first written again,
// so no snippet is kept from the last): abstracts marked, claims and descriptions read for the
// unmarked ones.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_pages npx tsx bench/search-analysed-marks.ts
//
// 2026-11-28, demo corpus (447 JP, 7,207 US, 6,005 CN records), 2 shared cores under load (load
// average 5–6: the times are noisy). Before = the keyword as written only (the code before
// search/analysed-marks.ts); after = its analysed words too. Hits of the first page whose snippet
// has no mark, and the page's first view in ms: fastest of 22 samples (two runs of 11, before and
// after interleaved), the two runs' medians in brackets:
//
//   query                  page  unmarked  from desc.   first view ms
//   従来技術                  50   38 → 0    11 → 49     84 → 76    (121–149 → 99–121)
//   実施形態 変形例           50    4 → 0    41 → 45    105 → 103   (137–206 → 136–216)
//   接着剤 剥離               24    0 → 0    16 → 13     14 → 15    (19–25 → 17–19)
//   二次電池                  27   18 → 0     5 → 23     57 → 60    (91–96 → 76–86)
//   画像形成装置              50   46 → 0     0 → 44    170 → 178   (226–244 → 209–254)
//   锂离子电池                 8    1 → 0     0 → 0     1.4 → 0.9  (1.8–3.6 → 1.0–1.3)
//   图像处理                  35    1 → 1     0 → 0     1.2 → 1.4  (2.2–8.7 → 1.8–4.3)
//   running                   50    1 → 1     1 → 1     6.1 → 8.7  (12–22 → 16–20)
//   lithium batteries         14    0 → 0     7 → 7     7.1 → 7.4  (8–10 → 10–11)
//   preferred embodiment      50    0 → 0     0 → 0     6.6 → 7.8  (8–13 → 12–18)
//
// The hits still unmarked were found by their titles (CN116156341A 「图像传感器、具有其的图像处理系统…」,
// US6208981 "…controlling a running-gear…"), which the result shows above the snippet. English was
// marked by stem before (running marks run, runs). What the change adds, passages found and marked
// in the descriptions of hits that had none (44 of 画像形成装置's 50), is within the noise here: the
// places of an analysed word are kept only where the keyword's words meet (24,218 → 9,916 for that
// page's descriptions), and markRuns weighs them in one pass (before that the page took ~50 ms more).
//
// Later the same day keywords came to be matched as written or with their words in a row
// (analysis/keyword-bigrams.ts), not wherever their words occur: 従来技術 39 hits (all on one page,
// none unmarked, 38 explained from the description), 実施形態 変形例 47, 二次電池 14, 画像形成装置 6;
// first view 89 / 150 / 29 / 7 ms (fastest of 2), the rest as before.
import { performance } from 'node:perf_hooks';
import { resultPage } from '../src/patents/hit-sets.ts';
import { warmRankIndex } from '../src/patents/rank-index.ts';
import type { Region } from '../src/patents/record.ts';
import { PAGE_SIZE, patentQueryOf, searchResultViews } from '../src/search/service.ts';
import { parseSimpleSearch } from '../src/search/validation.ts';
import { readOnlyDatabase } from './lib/server.ts';

const QUERIES = [
  { q: '従来技術', region: 'jp' },
  { q: '実施形態 変形例', region: 'jp' },
  { q: '接着剤 剥離', region: 'jp' },
  { q: '二次電池', region: 'jp' },
  { q: '画像形成装置', region: 'jp' },
  { q: '锂离子电池', region: 'cn' },
  { q: '图像处理', region: 'cn' },
  { q: 'running', region: 'us' },
  { q: 'lithium batteries', region: 'us' },
  { q: 'preferred embodiment', region: 'us' },
];
const REPEAT = Number(process.env.REPEAT ?? 5);

const db = readOnlyDatabase();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => value.toFixed(1).padStart(7);

try {
  for (const region of new Set(QUERIES.map((query) => query.region as Region))) await warmRankIndex(db, region);
  console.log('query                  | hits  | page hits | unmarked | from claim | from desc | 1st view ms: min, median');
  for (const { q, region } of QUERIES) {
    const input = parseSimpleSearch({ q, region });
    const { query, terms } = await patentQueryOf(input, db);
    if (!query) continue;
    // The hit set and the page's rows kept first: what is measured is the page's snippets.
    const { total } = await resultPage(db, query, { offset: 0, limit: PAGE_SIZE, order: 'relevance', applicantLimit: 20 });
    const options = { view: 'list' as const, page: 1, order: 'relevance' as const, terms };
    const firsts: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const start = performance.now();
      // Search words written i + 1 times mark the same words but are other words to every cache.
      await searchResultViews(db, query, { ...options, terms: [...terms, ...Array<string>(i + 1).fill(terms[0]!)] });
      firsts.push(performance.now() - start);
    }
    const { items } = await searchResultViews(db, query, options);
    const unmarked = items.filter((item) => !item.snippet.some((part) => part.mark)).length;
    const fromClaim = items.filter((item) => item.snippetClaim !== undefined).length;
    const fromDescription = items.filter((item) => item.snippetDescription !== undefined).length;
    if (process.env.SHOW) for (const item of items.slice(0, Number(process.env.SHOW))) console.log('   ', item.id, item.snippet.map((part) => (part.mark ? `[${part.text}]` : part.text)).join('').slice(0, 160));
    console.log(
      `${q.padEnd(22)} | ${String(total).padStart(5)} | ${String(items.length).padStart(9)} | ${String(unmarked).padStart(8)} | ${String(fromClaim).padStart(10)} | ${String(fromDescription).padStart(9)} | ${ms(Math.min(...firsts))} ${ms(median(firsts))}`,
    );
  }
} finally {
  await db.destroy();
}
