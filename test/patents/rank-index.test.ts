// The relevance computed in the process (src/patents/rank-index.ts) is PostgreSQL's own
// ts_rank_cd over tsv_rank, value for value, and the hit set ranked with it lists the hits in
// the order a ranking in SQL gives.
import { forgetHitSets, resultPage } from '../../src/patents/hit-sets.ts';
import { parseRankQuery } from '../../src/patents/rank-cd.ts';
import { forgetRankIndexes, rankIndexOf, ranksInMemory, warmRankIndex } from '../../src/patents/rank-index.ts';
import type { Region } from '../../src/patents/record.ts';
import { bestRankedDocuments, type PatentQuery } from '../../src/patents/search-repository.ts';
import { patentQueryOf } from '../../src/search/service.ts';
import { parseSimpleSearch } from '../../src/search/validation.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const store = corpusDatabase(
  async () => {
    const taken = { jp: 0, us: 0, cn: 0 };
    return [
      await cutCorpus('data/demo-corpus/demo.jsonl.gz', 700, (record) => {
        const region = record.region as Region;
        if (taken[region] >= 250) return false;
        taken[region]++;
        return true;
      }),
    ];
  },
  { clean: true, timeout: 120_000 },
);

const SEARCHES: Array<[q: string, region: Region, exclude: string]> = [
  ['device|apparatus|method', 'us', ''],
  ['system data|signal', 'us', ''],
  ['signal circuit|processor', 'us', 'battery'],
  ['装置|電池', 'jp', ''],
  ['制御 装置', 'jp', '車両'],
  ['方法|装置|系统 数据|信号', 'cn', ''],
];

const queryOf = async (q: string, region: Region, exclude = ''): Promise<PatentQuery> => (await patentQueryOf(parseSimpleSearch({ q, region, exclude }), store.db)).query!;

beforeAll(async () => {
  for (const region of ['us', 'jp', 'cn'] as const) await warmRankIndex(store.db, region);
}, 120_000);

afterAll(() => {
  forgetRankIndexes();
});

test('every hit’s rank is ts_rank_cd’s, for alternatives, conjunctions and excluded words', async () => {
  for (const [q, region, exclude] of SEARCHES) {
    const { tsquery } = await queryOf(q, region, exclude);
    const { rows } = await store.db.raw('SELECT id, ts_rank_cd(tsv_rank, ?::tsquery) AS rank FROM patents WHERE region = ? AND tsv_all @@ ?::tsquery ORDER BY id', [tsquery!, region, tsquery!]);
    expect([q, rows.length > 3]).toEqual([q, true]);
    const ids = (rows as Array<{ id: string }>).map((row) => row.id);
    expect(ranksInMemory(rankIndexOf(store.db, region)!, tsquery!, ids)).toEqual((rows as Array<{ rank: number }>).map((row) => row.rank));
  }
});

test('a hit set ranked in the process lists every order as the store ranks it', async () => {
  const statements: string[] = [];
  const record = (event: { sql: string }) => void statements.push(event.sql);
  store.db.on('query', record);
  try {
    for (const [q, region, exclude] of SEARCHES) {
      const query = await queryOf(q, region, exclude);
      forgetHitSets();
      for (const order of ['relevance', 'newest', 'oldest'] as const) {
        const stored = (await bestRankedDocuments(store.db, query, 10_000, order)).map((document) => document.id);
        const listed = (await resultPage(store.db, query, { offset: 0, limit: 10_000, order, applicantLimit: 20 })).hits.map((hit) => hit.id);
        expect(listed).toEqual(stored);
      }
    }
  } finally {
    store.db.off('query', record);
  }
  // The hit sets were ranked in the process, not by ts_rank_cd in their statement.
  const hitSets = statements.filter((sql) => sql.startsWith('WITH hits'));
  expect(hitSets).toHaveLength(SEARCHES.length);
  expect(hitSets.some((sql) => sql.includes('ts_rank_cd'))).toBe(false);
});

test('the applicant ranking and a list narrowed to an applicant are those ranked in SQL', async () => {
  for (const [q, region, exclude] of SEARCHES) {
    const query = await queryOf(q, region, exclude);
    const page = async (query: PatentQuery) => {
      forgetHitSets();
      const all = await resultPage(store.db, query, { offset: 0, limit: 10_000, order: 'relevance', applicantLimit: 20 });
      const oldest = await resultPage(store.db, query, { offset: 0, limit: 10_000, order: 'oldest', applicantLimit: 20 });
      return { ...all, hits: all.hits.map((hit) => [hit.id, hit.rank]), oldest: oldest.hits.map((hit) => [hit.id, hit.rank]) };
    };
    // Without an index (forgotten: this search is ranked in SQL and starts a build), then with it.
    forgetRankIndexes();
    const inSql = await page(query);
    await warmRankIndex(store.db, region);
    expect(await page(query)).toEqual(inSql);
    const top = inSql.applicants[0];
    if (!top) continue;
    const narrowed = { ...query, applicants: [top.applicant] };
    forgetRankIndexes();
    const narrowedInSql = await page(narrowed);
    await warmRankIndex(store.db, region);
    expect(narrowedInSql.total).toBe(top.count);
    expect(await page(narrowed)).toEqual(narrowedInSql);
  }
});

test('what it cannot reproduce is left to PostgreSQL: phrases, prefixes, weights, a document newer than the index', async () => {
  await warmRankIndex(store.db, 'us');
  expect(parseRankQuery("'wheel' <-> 'vehicl'")).toBeNull();
  expect(parseRankQuery("'wheel':*")).toBeNull();
  expect(parseRankQuery("'wheel':A & 'vehicl'")).toBeNull();
  expect(parseRankQuery("('wheel' | 'tire') & !('vehicl')")).not.toBeNull();
  expect(ranksInMemory(rankIndexOf(store.db, 'us')!, "'wheel'", ['US0000000NOTSTORED'])).toBeNull();
});
