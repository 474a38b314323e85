// A result's hit set (src/patents/hit-sets.ts): the list's pages in every order are the store's
// own order, document neighbours follow the list, one computation serves concurrent requests,
// and an ingest is seen at once.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { forgetHitSets, resultIdsAt, resultPage } from '../../src/patents/hit-sets.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { bestRankedDocuments, type PatentQuery } from '../../src/patents/search-repository.ts';
import { patentQueryOf } from '../../src/search/service.ts';
import { parseSimpleSearch } from '../../src/search/validation.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

let held: Array<Record<string, unknown>>;
const store = corpusDatabase(
  async () => {
    // 150 Japanese and 350 US records of the demo corpus; a few US records about batteries are held back for the ingest test.
    held = [];
    const taken = { jp: 0, us: 0 };
    const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 500, (record) => {
      const region = record.region as string;
      if (region !== 'us' && region !== 'jp') return false;
      if (region === 'us' && /\bbatter(y|ies)\b/i.test(String(record.abstract ?? '')) && held.length < 2) {
        held.push(record);
        return false;
      }
      if (taken[region] >= (region === 'jp' ? 150 : 350)) return false;
      taken[region]++;
      return true;
    });
    expect(held).toHaveLength(2);
    return [file];
  },
  { clean: true, timeout: 120_000 },
);

const queryOf = async (q: string, region: string): Promise<PatentQuery> => (await patentQueryOf(parseSimpleSearch({ q, region }), store.db)).query!;

test('every page in every order is the store’s own order, and the count is the store’s', async () => {
  for (const [q, region] of [['device', 'us'], ['method', 'us'], ['装置', 'jp']] as const) {
    const query = await queryOf(q, region);
    for (const order of ['relevance', 'newest', 'oldest'] as const) {
      const all = (await bestRankedDocuments(store.db, query, 10_000, order)).map((document) => document.id);
      expect(all.length).toBeGreaterThan(20);
      const pages: string[] = [];
      for (let offset = 0; offset < all.length; offset += 20) {
        const page = await resultPage(store.db, query, { offset, limit: 20, order, applicantLimit: 20 });
        expect(page.total).toBe(all.length);
        pages.push(...page.hits.map((hit) => hit.id));
      }
      expect(pages).toEqual(all);
    }
  }
});

test('the hits read from the word index are those a scan of every record finds, in the same order', async () => {
  // The hit set reads a query's rows from the GIN index of tsv_all (no vector is tested row by
  // row); a scan of the whole table testing each record's vector is what the words mean.
  for (const [q, region, exclude] of [['device|apparatus', 'us', ''], ['method', 'us', 'battery'], ['装置|電池', 'jp', ''], ['制御', 'jp', '車両']] as const) {
    const query = (await patentQueryOf(parseSimpleSearch({ q, region, exclude }), store.db)).query!;
    forgetHitSets();
    const listed = (await resultIdsAt(store.db, query, { offset: 0, limit: 10_000, order: 'relevance' })).ids;
    const scanned = await store.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_indexscan = off');
      await trx.raw('SET LOCAL enable_bitmapscan = off');
      const { rows } = await trx.raw(
        `SELECT id FROM patents
          WHERE region = ? AND kind = ANY(?::text[]) AND tsv_all @@ ?::tsquery AND ("right" IS NULL OR "right" <> 0)
          ORDER BY ts_rank_cd(tsv_rank, ?::tsquery) DESC, publication_date DESC NULLS LAST, id`,
        [region, query.kinds!, query.tsquery!, query.tsquery!],
      );
      return (rows as Array<{ id: string }>).map((row) => row.id);
    });
    expect(scanned.length).toBeGreaterThan(5);
    expect(listed).toEqual(scanned);
  }
});

test('a document’s previous and next are its neighbours in the list', async () => {
  const query = await queryOf('device', 'us');
  const list = (await resultPage(store.db, query, { offset: 0, limit: 60, order: 'newest', applicantLimit: 0 })).hits.map((hit) => hit.id);
  const { ids, total } = await resultIdsAt(store.db, query, { offset: 40, limit: 3, order: 'newest' });
  expect(ids).toEqual(list.slice(40, 43));
  expect(total).toBe((await resultPage(store.db, query, { offset: 0, limit: 0, order: 'newest', applicantLimit: 0 })).total);
});

test('requests for the same search at the same moment share one computation of its hits', async () => {
  forgetHitSets();
  const query = await queryOf('signal', 'us');
  let computed = 0;
  const count = (event: { sql: string }) => void (event.sql.startsWith('WITH hits') && computed++);
  store.db.on('query', count);
  try {
    const pages = await Promise.all([0, 20, 40, 0].map((offset) => resultPage(store.db, query, { offset, limit: 20, order: 'relevance', applicantLimit: 20 })));
    expect(new Set(pages.map((page) => page.total)).size).toBe(1);
    expect(computed).toBe(1);
  } finally {
    store.db.off('query', count);
  }
});

test('what an ingest writes is in the next page at once', async () => {
  // Lapsed rights included: the held records are old.
  const query = { ...(await queryOf('battery', 'us')), excludeExpired: false };
  const before = await resultPage(store.db, query, { offset: 0, limit: 100, order: 'relevance', applicantLimit: 20 });
  const file = path.join(os.tmpdir(), `hit-sets-${process.pid}.jsonl`);
  await writeFile(file, held.map((record) => JSON.stringify(record)).join('\n'));
  await ingestFiles(store.db, [file], { index: indexPatent });
  const after = await resultPage(store.db, query, { offset: 0, limit: 100, order: 'relevance', applicantLimit: 20 });
  expect(before.hits.some((hit) => held.some((record) => record.id === hit.id))).toBe(false);
  expect(after.total).toBe(before.total + held.length);
  expect(after.hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(held.map((record) => record.id as string)));
});
