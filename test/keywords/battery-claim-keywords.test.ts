// Keywords extracted from a real Japanese claim (特開2016-126896, a wound lithium-ion battery's
// cathode) against the demo corpus's battery gazettes: what a searcher would put in a formula.
// Seen on /detail-search/build-query 「キーワードを抽出」: 正極 and 正極集電体 were never offered
// (read by their words alone, 正極 is 極 — as 負極 is — so the extraction took it for a term that
// searches something else), and 「巻回型リチウムイオン二次電池用」 came with its 用 ("for").
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import { countMatches } from '../../src/patents/search-repository.ts';
import { extractKeywords } from '../../src/detail-search/keywords/extract.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const CLAIM =
  '無孔のアルミニウム箔の少なくとも片面に網状のアルミニウム多孔体を積層し一体化させた正極集電体を備えることを特徴とする、巻回型リチウムイオン二次電池用正極。';
const SECOND_CLAIM = 'リチウム金属酸化物活物質及び前記活物質の表面に位置するコーティング層を含み、前記コーティング層は、硫黄化合物を含むものである、リチウム二次電池用正極活物質。';

const store = corpusDatabase(
  async () => {
    // Battery gazettes (正極 and 負極 both) and others, as the demo's Japanese corpus has them.
    let others = 0;
    return [await cutCorpus('data/demo-corpus/demo.jsonl.gz', 80, (record) => record.region === 'jp' && (/電池|電極/.test(JSON.stringify(record)) || others++ < 30))];
  },
  { pool: 4, clean: true, timeout: 120_000 },
);

const hitsOf = async (keyword: string) => {
  const condition = await compileDetailQuery({ formulas: [{ id: 1, text: keyword, tag: 'abst_claim_desc_title' }], combination: '', ipcLimit: [] }, 'jp');
  return countMatches(store.db, { condition, region: 'jp', excludeExpired: false, applicants: [] });
};

test('the cathode and its collector are offered; no keyword ends in 用', async () => {
  const extracted = await extractKeywords(store.db, `${CLAIM}\n${SECOND_CLAIM}`, 'jp', { limit: 12 });
  const keywords = extracted.map((k) => k.keyword);
  expect(keywords.some((keyword) => keyword.startsWith('正極'))).toBe(true);
  expect(keywords.filter((keyword) => /用$/.test(keyword))).toEqual([]);
  expect(keywords).toEqual(expect.arrayContaining(['巻回型リチウムイオン二次電池']));
});

test('a keyword’s document count is what its formula finds', async () => {
  const extracted = await extractKeywords(store.db, CLAIM, 'jp', { limit: 12 });
  for (const { keyword, df } of extracted) expect([keyword, df]).toEqual([keyword, await hitsOf(keyword)]);
});

test('a compound its words leave part of (制御部: 制御 and a suffix) is counted as its formula reads it', async () => {
  const extracted = await extractKeywords(store.db, '充電を制御する制御部と、電池の温度を測る温度センサとを備え、前記制御部は電池を制御する。', 'jp', { limit: 12 });
  expect(extracted.map((k) => k.keyword)).toContain('制御部');
  expect(extracted.length).toBeGreaterThan(0);
  for (const { keyword, df } of extracted) expect([keyword, df]).toEqual([keyword, await hitsOf(keyword)]);
});
