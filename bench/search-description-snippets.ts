// bench/search-description-snippets: what a result page of 50 hits costs when its hits are
// explained by their descriptions (search/hit-snippets.ts), on a loaded demo corpus, read only.
// For each query its last page (matches only in the description rank last) with the hit set
// already kept: the page's first view (abstracts marked, claims read, descriptions read and their
// passages marked; each sample with other search words, as the same words written twice, so
// nothing is kept from the last) and the page shown again (kept snippets and fallbacks, no query).
// Then, for the same pages, the description part alone: one query for the descriptions, and their
// passages found by Highlighter.places and marked around the best place, against marking whole
// descriptions (what it avoids). PAGE_ONLY=1 measures the page views only (runs on the code before
// the description fallback, for the comparison).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_pages npx tsx bench/search-description-snippets.ts
import { performance } from 'node:perf_hooks';
import { resultPage } from '../src/patents/hit-sets.ts';
import { warmRankIndex } from '../src/patents/rank-index.ts';
import type { Region } from '../src/patents/record.ts';
import { highlighter } from '../src/search/highlight.ts';
import { PAGE_SIZE, patentQueryOf, searchResultViews } from '../src/search/service.ts';
import { parseSimpleSearch } from '../src/search/validation.ts';
import { readOnlyDatabase } from './lib/server.ts';

/** Words gazettes and US descriptions write in their descriptions far more than in abstracts and claims. */
const QUERIES = [
  { q: '特許文献', region: 'jp' },
  { q: '草刈機', region: 'jp' },
  { q: '従来技術', region: 'jp' },
  { q: '実施形態 変形例', region: 'jp' },
  { q: 'incorporated reference', region: 'us' },
  { q: 'preferred embodiment', region: 'us' },
  { q: 'economic', region: 'us' },
  { q: 'skilled in the art', region: 'us' },
];
const REPEAT = Number(process.env.REPEAT ?? 5);

const db = readOnlyDatabase();

const time = async <T>(run: () => Promise<T> | T): Promise<[T, number]> => {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => value.toFixed(1).padStart(7);

try {
  for (const region of new Set(QUERIES.map((query) => query.region as Region))) await warmRankIndex(db, region);
  console.log('query (ms, medians)      | hits  | page | from desc | unmarked | 1st view | again   | descriptions read | passages | whole-text marking');
  for (const { q, region } of QUERIES) {
    const input = parseSimpleSearch({ q, region });
    const { query, terms } = await patentQueryOf(input, db);
    if (!query) continue;
    // The hit set and the page's rows kept first: what is measured is the page's snippets.
    const { total } = await resultPage(db, query, { offset: 0, limit: 0, order: 'relevance', applicantLimit: 20 });
    const page = Math.max(1, Math.ceil(total / PAGE_SIZE) - (total % PAGE_SIZE < 25 && total > PAGE_SIZE ? 1 : 0));
    await resultPage(db, query, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, order: 'relevance', applicantLimit: 20 });
    const options = { view: 'list' as const, page, order: 'relevance' as const, terms };
    // Search words written i + 1 times mark the same words but are other words to every cache.
    const firsts: number[] = [];
    for (let i = 0; i < REPEAT; i++) firsts.push((await time(() => searchResultViews(db, query, { ...options, terms: [...terms, ...Array<string>(i + 1).fill(terms[0]!)] })))[1]);
    const [first] = await time(() => searchResultViews(db, query, options));
    const again: number[] = [];
    for (let i = 0; i < REPEAT; i++) again.push((await time(() => searchResultViews(db, query, options)))[1]);
    const fromDescription = first.items.filter((item) => 'snippetDescription' in item && item.snippetDescription);
    const unmarked = first.items.filter((item) => !item.snippet.some((part) => part.mark)).length;
    const pageRow = `${q.padEnd(24)} | ${String(total).padStart(5)} | ${String(page).padStart(4)} | ${String(fromDescription.length).padStart(9)} | ${String(unmarked).padStart(8)} | ${ms(median(firsts))}  | ${ms(median(again))}`;
    if (process.env.PAGE_ONLY) {
      console.log(pageRow);
      continue;
    }
    const { findPatentDescriptions } = await import('../src/patents/repository.ts');
    const { descriptionPassage } = await import('../src/search/description-snippet.ts');
    // The description part alone, for the hits whose snippet is from the description.
    const ids = fromDescription.map((item) => item.id);
    const marker = highlighter(terms);
    const reads: number[] = [];
    const passages: number[] = [];
    const whole: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const [descriptions, readMs] = await time(() => findPatentDescriptions(db, ids));
      reads.push(readMs);
      passages.push((await time(() => [...descriptions.values()].forEach((text) => descriptionPassage(text, marker, 280))))[1]);
      // A fresh highlighter each time would still hit the fold cache: texts differ by a character so each is folded anew.
      whole.push((await time(() => [...descriptions.values()].forEach((text) => marker.parts(`${text} ${i}`))))[1]);
    }
    console.log(`${pageRow} | ${ms(median(reads))}           | ${ms(median(passages))}  | ${ms(median(whole))}`);
  }
} finally {
  await db.destroy();
}
