// The detailed search's export gives each hit its match rate (一致率): its relevance to the
// formulas' words as a share of the best hit's. A hit found only in its description matches by its
// description (weighed below the claims), not by nothing: its rate is more than 0 and below a hit
// whose abstract and claims name the words.
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { emptyDetailSearchInput } from '../../src/detail-search/input.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { detailSearcher, finishedDetailSearch, type DetailSearcher } from '../helpers/detail-search.ts';

let testApp: TestApp;
let who: DetailSearcher;

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  // JP2010000001A (バリカン式刈刃装置) names 剪枝機 only in its description; JP2013031232A (充電装置) names 電池 in its abstract and claims.
  const files = await Promise.all(['JP2010000001A', 'JP2013031232A'].map((id) => cutCorpus('data/demo-corpus/demo.jsonl.gz', 1, (record) => record.id === id)));
  await ingestFiles(testApp.runtime.db, files, { index: indexPatent });
  who = await detailSearcher(testApp);
}, 120_000);
afterAll(() => testApp.close());

/** The exported CSV's rows of a one-row search, by document number: [rank, match rate]. */
async function exportedRates(text: string): Promise<Map<string, [number, number]>> {
  const input = emptyDetailSearchInput('jp');
  input.modes[0] = { formulas: [{ id: 1, text, tag: 'abst_claim_desc_title', valid: true }], combination: '' };
  const id = await finishedDetailSearch(testApp, who, input);
  const csv = (await request(testApp.app).get(`/detail-search/export.csv?id=${id}`).set('Cookie', who.cookie).expect(200)).text;
  const [heading, ...rows] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(heading).toMatch(/^順位,一致率,文献番号,/);
  return new Map(rows.map((row) => row.split(',')).map(([rank, rate, number]) => [number!, [Number(rank), Number(rate)]]));
}

test('a hit found only in its description has a match rate above 0, below the hit whose claims name the words', async () => {
  const rates = await exportedRates('剪枝機+電池');
  expect(rates.get('JP 2013-031232 A')).toEqual([1, 100]);
  const [rank, rate] = rates.get('JP 2010-000001 A')!;
  expect(rank).toBe(2);
  expect(rate).toBeGreaterThan(0);
  expect(rate).toBeLessThan(100);
});

test('a search whose only hit is found in its description gives it the full rate', async () => {
  expect(await exportedRates('剪枝機/DE')).toEqual(new Map([['JP 2010-000001 A', [1, 100]]]));
});
