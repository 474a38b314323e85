// The combination of the formulas made from keywords (「キーワードから検索式を作成」 and the
// extraction without GPT): the three rows whose keywords find the most documents are ANDed and
// any one of the others is enough (bench/formula-combination.ts chose it). On real gazettes
// (../shared/corpus jp-fulltext, all 281 loaded): claim 1's formulas find the gazette itself and
// others of its IPC subclass, where ANDing every row found the gazette alone. GPT answers whose
// formulas are unusable get their rows from its keywords, combined alike in GPT's order.
import path from 'node:path';
import type { Keyword } from '../../src/detail-search/input.ts';
import { emptyDetailSearchInput } from '../../src/detail-search/input.ts';
import { formulasFromKeywords } from '../../src/detail-search/keywords/formulas-from-keywords.ts';
import { extractKeywordsForUser } from '../../src/detail-search/keywords/service.ts';
import { patentQueryOfInput } from '../../src/detail-search/service.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { rankedDocumentIds } from '../../src/patents/search-repository.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createGptClient, type GptSettings } from '../../src/platform/gpt.ts';
import { insertCompany, insertUser } from '../../src/users/repository.ts';
import { generateKeywordsWithGpt } from '../../src/detail-search/keywords/gpt-keywords.ts';
import { corpusTests, cutCorpus, gazettesWithClaims } from '../helpers/corpus.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const keyword = (word: string, hitCount: number | null): Keyword => ({ keywordId: word, keyword: word, hitCount, origin: 'auto', isDisabled: false, isRemoved: false, synonyms: [] });

describe('rows combined by their hit counts', () => {
  test('eight keywords: the three of most hits ANDed, any one of the other five (four keywords: all ANDed)', () => {
    const made = formulasFromKeywords(
      [keyword('レンズ', 49), keyword('屈折力', 4), keyword('物体側', 7), keyword('ズームレンズ系', 2), keyword('短焦点距離端', 1), keyword('長焦点距離端', 1), keyword('像側', 4), keyword('非球面', 5)],
      'jp',
    );
    // The rows keep the keywords' order; the combination names them.
    expect(made.formulas.map((row) => row.text)).toEqual(['レンズ', '屈折力', '物体側', 'ズームレンズ系', '短焦点距離端', '長焦点距離端', '像側', '非球面']);
    expect(made.combination).toBe('1*3*8*(2+4+5+6+7)');
    // Up to four rows are all ANDed, as before; disabled and removed keywords make no row.
    expect(formulasFromKeywords([keyword('電池', 120), keyword('正極', 30), keyword('負極', 28), keyword('セパレータ', 9)]).combination).toBe('1*2*3*4');
    const off = { ...keyword('玩具', 500), isDisabled: true };
    const gone = { ...keyword('燃料', 400), isRemoved: true };
    expect(formulasFromKeywords([off, keyword('電池', 120), gone, keyword('正極', 30), keyword('負極', 28), keyword('セパレータ', 9)]).combination).toBe('1*2*3*4');
  });

  test('a keyword not counted yet (typed in, GPT’s): the first three rows of the list are ANDed', () => {
    expect(formulasFromKeywords([keyword('a', 1), keyword('b', 3), keyword('c', null), keyword('d', 10), keyword('e', 20)], 'us').combination).toBe('1*2*3*(4+5)');
    expect(formulasFromKeywords(['a', 'b', 'c', 'd', 'e', 'f'].map((word) => keyword(word, null)), 'us').combination).toBe('1*2*3*(4+5+6)');
  });

  test('at most the rows asked for (room left for the denied keywords’ row), combined among themselves', () => {
    const many = Array.from({ length: 40 }, (_, i) => keyword(`word${i + 1}`, i + 1));
    const made = formulasFromKeywords(many, 'us', 29);
    expect(made.formulas).toHaveLength(29);
    expect(made.combination).toBe(`27*28*29*(${Array.from({ length: 26 }, (_, i) => i + 1).join('+')})`);
  });
});

describe('GPT answers without a usable formula', () => {
  let database: TestDatabase;
  let db: Database;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url, 2);
    await migrateToLatest(db);
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
    await db.destroy();
    await database.drop();
  });

  test('the rows made from GPT’s keywords: its first three ANDed, any one of the others', async () => {
    const settings = loadConfig({ NODE_ENV: 'test', OPENAI_API_KEY: 'sk-test-combination', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-test-mini' }).gpt;
    const companyId = await insertCompany(db, { code: `COMB${Date.now()}`, name: 'テスト特許事務所' });
    const userId = await insertUser(db, { companyId, email: `comb-${Date.now()}@example.jp`, name: '特許 花子', passwordHash: 'x', role: 'auth_user' });
    const words = ['ズームレンズ', '屈折力', '物体側', '像側', '非球面', '短焦点距離端'];
    fake.answerWith(() => ({ content: { keywords: words.map((word) => ({ keyword: word, synonyms: [] })), formulas: [{ text: '((', tag: 'abst' }], combination: '1' } }));
    const result = await generateKeywordsWithGpt(db, { client: createGptClient(settings)!, settings, user: { userId, companyId }, subjectMatter: 'ズームレンズ系', region: 'jp' });
    expect(result.formulas.map((row) => row.text)).toEqual(words);
    expect(result.combination).toBe('1*2*3*(4+5+6)');
  });
});

const { dir: CORPUS, available, describe: corpusDescribe } = corpusTests('jp-fulltext.jsonl.gz');
const subclassesOf = (ipc: string[]) => [...new Set(ipc.map((code) => code.replace(/\s+/g, '').slice(0, 4)))];

corpusDescribe('claim 1 of real gazettes, keywords extracted without GPT', () => {
  let database: TestDatabase;
  let db: Database;
  const ipcOf = new Map<string, string[]>();

  beforeAll(async () => {
    if (!available) return;
    database = await createTestDatabase();
    db = createDatabase(database.url);
    await migrateToLatest(db);
    const file = await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 1000);
    expect((await ingestFiles(db, [file], { index: indexPatent })).bad).toEqual([]);
    for (const row of (await db('patents').select('id', 'ipc')) as Array<{ id: string; ipc: string[] }>) ipcOf.set(row.id, subclassesOf(row.ipc));
  }, 300_000);
  afterAll(async () => {
    if (!available) return;
    await db.destroy();
    await database.drop();
  });

  /** The hits of the rows with a combination, as the detailed search runs them (expired publications too: prior art). */
  async function hits(formulas: ReturnType<typeof formulasFromKeywords>['formulas'], combination: string): Promise<string[]> {
    const form = emptyDetailSearchInput('jp');
    form.filter.expired = true;
    form.modes[0] = { formulas, combination };
    return rankedDocumentIds(db, (await patentQueryOfInput(form))!, 500);
  }

  // A zoom lens (G02B), an oxide-semiconductor display (G02F/H01L), a pachinko machine (A63F).
  test.each(['JP2012220873A', 'JP2014089444A', 'JP2022085473A'])('%s: the gazette itself and others of its subclass, not the gazette alone', async (id) => {
    const [gazette] = await gazettesWithClaims<{ id: string; claims: string[] }>(CORPUS, id);
    const { keywords } = await extractKeywordsForUser(db, { gpt: null, gptSettings: {} as GptSettings }, '', { subjectMatter: gazette!.claims[0]!, lang: 'jp', useGpt: false });
    const made = formulasFromKeywords(keywords, 'jp');
    expect(made.formulas.length).toBeGreaterThan(4);
    expect(made.formulas.every((row) => row.valid)).toBe(true);

    // The core: the rows of most hits, ANDed; the other rows ORed, one of them required.
    const counts = keywords.map((k) => k.hitCount!);
    const core = made.combination.split('*(')[0]!.split('*').map(Number);
    const rest = made.combination.match(/\*\(([\d+]+)\)$/)![1]!.split('+').map(Number);
    expect(core).toHaveLength(3);
    expect([...core, ...rest].sort((a, b) => a - b)).toEqual(made.formulas.map((row) => row.id));
    expect(Math.min(...core.map((row) => counts[row - 1]!))).toBeGreaterThanOrEqual(Math.max(...rest.map((row) => counts[row - 1]!)));

    const found = await hits(made.formulas, made.combination);
    expect(found).toContain(id);
    const own = ipcOf.get(id)!;
    const related = found.filter((other) => other !== id && ipcOf.get(other)!.some((subclass) => own.includes(subclass)));
    expect(related.length).toBeGreaterThan(0);
    // Every row ANDed (as formulas were made before) finds the gazette and nothing else.
    expect(await hits(made.formulas, made.formulas.map((row) => row.id).join('*'))).toEqual([id]);
  }, 60_000);
});
