// A CJK keyword is searched by its words and by the bigrams of what its words leave out
// (keyword-bigrams.ts): kuromoji drops suffixes (部 of 制御部, 軸 of 回転軸) and one-character words
// (二 of 二次電池), so 制御部 was searched as 制御 alone and 二次電池 as 二 & 電池, which found
// pachinko gazettes with a ボタン電池 and a 第二 anywhere. Checked on real demo-corpus gazettes in
// the simple search and the detailed search's formulas.
import request from 'supertest';
import { analyzeField, normalizeText } from '../../src/patents/analysis/index.ts';
import { keywordTokens, keywordTsquery } from '../../src/patents/analysis/keyword-bigrams.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { parseRankQuery } from '../../src/patents/rank-cd.ts';
import { compileSimpleQuery } from '../../src/search/service.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { hitsOf } from './formula-corpus.ts';

const tokens = async (keyword: string) => keywordTokens(keyword, await analyzeField(keyword, 'jp', { bigrams: false }));

test('what the words leave out is asked for by its bigrams; a keyword its words cover is searched by them alone', async () => {
  expect(await tokens('制御部')).toEqual(['制御', '御部']);
  expect(await tokens('二次電池')).toEqual(['電池', '二次']);
  expect(await tokens('一次側')).toEqual(['一次', '次側']);
  expect(await tokens('回転軸')).toEqual(['回転', '転軸']);
  expect(await tokens('変形例')).toEqual(['変形', '形例']);
  // A run of one character after kana is indexed as that character.
  expect(await tokens('取り付け部')).toEqual(['取り付け', '部']);
  // Covered by its words: 「従来の技術」 and 「画像を形成する装置」 still match.
  expect(await tokens('従来技術')).toEqual(['従来', '技術']);
  expect(await tokens('画像形成装置')).toEqual(['画像', '形成', '装置']);
  expect(await tokens('従来の技術')).toEqual(['従来', '技術']);
  // A long-vowel mark is its word's (ユーザー → ユーザ), and a keyword of one character is its own word.
  expect(await tokens('ユーザーインターフェース')).toEqual(['ユーザ', 'インターフェース']);
  expect(await tokens('軸')).toEqual(['軸']);
});

test('a keyword of several words is written as it is or its words in a row; one word leaving part out is the keyword as written; English is ANDed as before', async () => {
  const query = async (keyword: string, region: 'jp' | 'us' = 'jp') => keywordTsquery(keyword, await analyzeField(keyword, region, { bigrams: false }));
  expect(await query('従来技術')).toBe("(('従来' & '技術' & '来技') | (('従来' <-> '技術')))");
  expect(await query('二次電池')).toBe("'電池' & '二次' & '次電'");
  expect(await query('リチウムイオン二次電池')).toBe("(('リチウム' & 'イオン' & '電池' & 'リチ' & 'チウ' & 'ウム' & 'ムイ' & 'イオ' & 'オン' & 'ン二' & '二次' & '次電') | (('リチウム' <-> 'イオン' <-> '電池') & '二次'))");
  expect(await query('制御部')).toBe("'制御' & '御部'");
  expect(await query('e-mail', 'us')).toBe("'e' & 'mail' & 'email'");
});

test('a phrase is matched but ranked by its words ANDed, which the in-memory ranking reads (a phrase would rank in SQL)', async () => {
  const compiled = await compileSimpleQuery({ groups: [{ keyword: '従来技術', synonyms: ['先行技術'] }, { keyword: '制御部', synonyms: [] }], excluded: ['遊技機'], region: 'jp' });
  expect(compiled.tsquery).toContain("('従来' <-> '技術')");
  expect(parseRankQuery(compiled.tsquery!)).toBeNull();
  expect(compiled.rankTsquery).toBe("(('従来' & '技術') | ('先行' & '技術')) & ('制御' & '御部') & !(('遊技' & '技機'))");
  expect(parseRankQuery(compiled.rankTsquery!)).not.toBeNull();
});

describe('on real gazettes', () => {
  let testApp: TestApp;
  let cookie: string;
  const texts = new Map<string, string>();
  const writes = (id: string, keyword: string) => texts.get(id)!.includes(keyword);
  beforeAll(async () => {
    testApp = await startTestApp();
    const kept = { part: 0, partless: 0, battery: 0, pachinko: 0 };
    const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 12, (record) => {
      if (record.region !== 'jp' || !record.description) return false;
      const text = normalizeText(JSON.stringify(record));
      // 制御部 written, 制御 without 制御部, 二次電池 written, and the pachinko gazette with 二 and 電池 apart.
      const kind = record.id === 'JP2015164460A' ? 'pachinko' : text.includes('二次電池') ? 'battery' : text.includes('制御部') ? 'part' : text.includes('制御') ? 'partless' : null;
      if (!kind || kept[kind] >= (kind === 'pachinko' ? 1 : 3)) return false;
      kept[kind]++;
      texts.set(String(record.id), text);
      return true;
    });
    expect((await ingestFiles(testApp.runtime.db, [file], { index: indexPatent })).bad).toEqual([]);
    cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  }, 180_000);
  afterAll(() => testApp?.close());

  const simple = async (q: string) => {
    const html = (await request(testApp.app).get(`/search?q=${encodeURIComponent(q)}&region=jp`).set('Cookie', cookie).expect(200)).text;
    return new Set([...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!));
  };

  test('the simple search for 制御部 finds the gazettes that write it, not those with 制御 alone', async () => {
    const found = await simple('制御部');
    const writing = [...texts.keys()].filter((id) => writes(id, '制御部'));
    expect(writing.length).toBeGreaterThanOrEqual(3);
    expect([...found].sort()).toEqual(writing.sort());
    expect([...texts.keys()].some((id) => writes(id, '制御') && !writes(id, '制御部'))).toBe(true);
  });

  test('the simple search for 二次電池 does not find the pachinko gazette that has a ボタン電池 and a 第二', async () => {
    expect(texts.has('JP2015164460A')).toBe(true);
    const found = await simple('二次電池');
    expect(found.has('JP2015164460A')).toBe(false);
    for (const id of texts.keys()) if (writes(id, '二次電池')) expect(found.has(id)).toBe(true);
  });

  test('a detailed-search formula term reads the same: 制御部 in the full text', async () => {
    const found = await hitsOf(testApp.runtime.db, 'jp', [{ text: '制御部', tag: 'abst_claim_desc_title' }]);
    expect([...found].sort()).toEqual([...texts.keys()].filter((id) => writes(id, '制御部')).sort());
  });
});
