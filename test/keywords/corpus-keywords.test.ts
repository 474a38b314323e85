// Keywords without GPT, on real patent text: extraction from Japanese and English subject
// matter, synonym candidates mined from a real corpus (data/demo-corpus, in the repository,
// plus the two Japanese gazette excerpts of test/fixtures), and hit counts checked against a
// count made here from the analysed text of every document.
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { analyzeField, normalizeText } from '../../src/patents/analysis/index.ts';
import { readJpGazette } from '../../src/patents/ingest/parsers/jp-gazette.ts';
import { compileDetailQuery } from '../../src/patents/query/compile.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { insertCompany, insertUser } from '../../src/users/repository.ts';
import type { Keyword } from '../../src/detail-search/input.ts';
import { cleanCjkText, extractKeywords } from '../../src/detail-search/keywords/extract.ts';
import { definitionPairs, katakanaVariants, mineSynonyms, spellingVariants } from '../../src/detail-search/keywords/synonyms.ts';
import { HIGH_FREQUENCY_SHARE, keywordHitCounts, withHitCounts } from '../../src/detail-search/keywords/hit-counts.ts';
import { formulasFromKeywords, formulaTerm, keywordFormula } from '../../src/detail-search/keywords/formulas-from-keywords.ts';
import { keywordJobHandlers } from '../../src/detail-search/keywords/jobs.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const fixtures = path.resolve('test/fixtures/patents');
/** The sample records end with a trailer the source repository's script added; it is not gazette text. */
const gazette = (name: string) => {
  const text = readFileSync(path.join(fixtures, 'jp', name), 'utf8');
  return text.slice(0, text.indexOf('meta.local_path:'));
};
const laserMachine = readJpGazette(gazette('lee2379-sample_record_ai_2020151725.txt'));
const balloonCatheter = readJpGazette(gazette('lee2379-sample_record_2020151139.txt'));
const osteoarthritis = JSON.parse(readFileSync(path.join(fixtures, 'corpus-sample.jsonl'), 'utf8').split('\n')[0]!) as { id: string; abstract: string; claims: string[] };

const jpRecord = (id: string, content: ReturnType<typeof readJpGazette>, file: string) => ({
  id,
  region: 'jp',
  kind: 'application',
  title: null,
  abstract: content.abstract,
  claims: content.claims,
  description: null,
  ipc: null,
  cpc: null,
  applicants: null,
  inventors: null,
  applicationDate: null,
  publicationDate: null,
  citations: null,
  source: `github:Lee2379/jp-patent-intelligence-rag@d5b279a7868db50a59e10b83202680573602d1e9:docs/${file}`,
});

/** Records that define the abbreviations and use the spellings the synonym tests look for, and US records as they come. */
const MINED = /\((?:ANN|GPU|API)s?\)|colour|aluminium|sulphur/;
const PLAIN_US_RECORDS = 400;
/** Japanese gazettes writing the wafer ウェハ, ウエハ or ウエーハ (16, 11 and 1 of the demo corpus's 447). */
const WAFER = /ウェハ|ウエハ|ウエーハ/;
const WAFER_RECORDS = 30;

const store = corpusDatabase(
  async () => {
    let plain = 0;
    let wafers = 0;
    const cut = await cutCorpus(
      'data/demo-corpus/demo.jsonl.gz',
      5000,
      (record) => MINED.test(JSON.stringify(record)) || (record.region === 'us' && plain++ < PLAIN_US_RECORDS) || (record.region === 'jp' && WAFER.test(JSON.stringify(record)) && wafers++ < WAFER_RECORDS),
    );
    const japanese = path.join(await mkdtemp(path.join(os.tmpdir(), 'hatsumei-jp-')), 'jp.jsonl');
    await writeFile(
      japanese,
      [jpRecord('JP2020151725A', laserMachine, 'sample_record_ai_2020151725.txt'), jpRecord('JP2020151139A', balloonCatheter, 'sample_record_2020151139.txt')]
        .map((record) => JSON.stringify(record))
        .join('\n'),
    );
    return [cut, japanese];
  },
  { pool: 4, clean: true, timeout: 120_000 },
);
/** The analysed text of every US document, field by field, as the index has it. */
const analysed = new Map<string, Record<'title' | 'abstract' | 'claims' | 'description', string[]>>();

beforeAll(async () => {
  const rows: Array<{ id: string; title: string | null; abstract: string | null; claims: string[] | null; description: string | null }> = await store.db('patents')
    .where('region', 'us')
    .select('id', 'title', 'abstract', 'claims', 'description');
  for (const row of rows) {
    analysed.set(row.id, {
      title: await analyzeField(row.title, 'us'),
      abstract: await analyzeField(row.abstract, 'us'),
      claims: await analyzeField((row.claims ?? []).join('\n'), 'us'),
      description: await analyzeField(row.description, 'us'),
    });
  }
}, 120_000);

const hasRun = (tokens: string[], run: string[]) => tokens.some((_, start) => run.every((token, i) => tokens[start + i] === token));

/** Documents (US) in which a term occurs in one of the fields, counted here from the analysed text. */
async function directCount(terms: string[], fields: Array<'title' | 'abstract' | 'claims' | 'description'>): Promise<number> {
  const runs = await Promise.all(terms.map((term) => analyzeField(term, 'us', { bigrams: false })));
  let count = 0;
  for (const document of analysed.values()) {
    if (fields.some((field) => runs.some((run) => run.length > 0 && hasRun(document[field], run)))) count++;
  }
  return count;
}

describe('extraction from real subject matter', () => {
  test('Japanese (特開2020-151725): the compounds that name the invention, no boilerplate or reference numerals', async () => {
    const text = `${laserMachine.abstract}\n${laserMachine.claims!.join('\n')}`;
    const keywords = (await extractKeywords(store.db, text, 'jp')).map((k) => k.keyword);
    expect(keywords).toEqual(expect.arrayContaining(['レーザ加工機', 'アシストガス', '機械学習装置']));
    const plain = cleanCjkText(text);
    for (const keyword of keywords) {
      expect(plain).toContain(normalizeText(keyword));
      expect(keyword).not.toMatch(/[0-9０-９]/);
    }
    expect(keywords).not.toEqual(expect.arrayContaining(['課題', '解決手段', '選択図', '請求項']));
    expect(keywords.length).toBeLessThanOrEqual(8);
  });

  test('Japanese (特開2020-151139): the catheter and its parts', async () => {
    const keywords = (await extractKeywords(store.db, `${balloonCatheter.abstract}\n${balloonCatheter.claims!.join('\n')}`, 'jp')).map((k) => k.keyword);
    expect(keywords.some((k) => k.includes('カテーテル'))).toBe(true);
    expect(keywords).toEqual(expect.arrayContaining(['チューブ']));
  });

  test('English (US 7,783,348 B2): device terms, as written in the text, not claim language', async () => {
    const text = `${osteoarthritis.abstract}\n${osteoarthritis.claims[0]}`;
    const extracted = await extractKeywords(store.db, text, 'us');
    const keywords = extracted.map((k) => k.keyword);
    expect(keywords).toEqual(expect.arrayContaining(['knee joint']));
    expect(keywords.some((k) => k.startsWith('electromagnetic'))).toBe(true);
    for (const keyword of keywords) {
      expect(text.toLowerCase()).toContain(keyword.toLowerCase());
      expect(keyword).not.toMatch(/^(comprising|configured|device|method|first|second|wherein|said|plurality)$/);
    }
    // Best first; df is counted in the corpus.
    expect(extracted.map((k) => k.score)).toEqual([...extracted.map((k) => k.score)].sort((a, b) => b - a));
  });

  test('Chinese (CN 116327231 A): nouns and noun compounds, no boilerplate', async () => {
    const wanfang = JSON.parse(readFileSync(path.join(fixtures, 'cn', 'wanfang-CN116327231A.json'), 'utf8')) as { abstractNote: string };
    const keywords = (await extractKeywords(store.db, wanfang.abstractNote, 'cn')).map((k) => k.keyword);
    expect(keywords).toEqual(expect.arrayContaining(['液压缸', '底板']));
    for (const keyword of keywords) expect(normalizeText(wanfang.abstractNote)).toContain(keyword);
    expect(keywords).not.toEqual(expect.arrayContaining(['本发明', '技术领域', '实现', '提高', '效果']));
  });

  test('empty or symbol-only text gives no keywords', async () => {
    expect(await extractKeywords(store.db, '', 'jp')).toEqual([]);
    expect(await extractKeywords(store.db, '【課題】（１）、。', 'jp')).toEqual([]);
  });
});

describe('synonym candidates mined from the corpus', () => {
  test('abbreviations and their long forms, both ways', async () => {
    const ann = await mineSynonyms(store.db, 'ANN', 'us');
    expect(ann[0]).toMatchObject({ term: 'artificial neural network', source: 'definition' });
    expect(ann[0]!.documents).toBeGreaterThan(5);
    expect((await mineSynonyms(store.db, 'artificial neural network', 'us')).map((c) => c.term)).toContain('ANN');
    expect((await mineSynonyms(store.db, 'GPU', 'us')).map((c) => c.term)).toContain('graphics processing unit');
    expect((await mineSynonyms(store.db, 'application programming interface', 'us')).map((c) => c.term)).toContain('API');
  });

  test('spelling variants the corpus uses, counted where the keyword is not', async () => {
    const colour = (await mineSynonyms(store.db, 'color', 'us')).find((c) => c.term === 'colour');
    expect(colour).toMatchObject({ source: 'variant' });
    // Documents that say colour but never color, counted from the analysed text.
    let only = 0;
    for (const document of analysed.values()) {
      const tokens = Object.values(document).flat();
      if (tokens.includes('colour') && !tokens.includes('color')) only++;
    }
    expect(only).toBeGreaterThan(0);
    expect(colour!.documents).toBe(only);
    expect((await mineSynonyms(store.db, 'aluminum', 'us')).map((c) => c.term)).toContain('aluminium');
    // Katakana written with a full-size vowel and an inner ー: a search for ウェハ misses both.
    const wafer = await mineSynonyms(store.db, 'ウェハ', 'jp');
    expect(wafer.filter((c) => c.source === 'variant').map((c) => c.term)).toEqual(expect.arrayContaining(['ウエハ', 'ウエーハ']));
  });

  test('nothing the index already reads the same way, nothing excluded, nothing the corpus lacks', async () => {
    const found = await mineSynonyms(store.db, 'color', 'us', { exclude: ['colour'] });
    expect(found.map((c) => c.term)).not.toContain('colour');
    expect(await mineSynonyms(store.db, 'zyxwvut', 'us')).toEqual([]);
    expect(await mineSynonyms(store.db, 'the', 'us')).toEqual([]);
  });

  test('definition patterns: abbreviations, CJK glosses and aliases', async () => {
    expect(await definitionPairs('The panels can be liquid crystal display (LCD) panels; a neural network (ANN) and rely on near field chip (RFID).')).toEqual([
      { a: 'liquid crystal display', b: 'LCD' },
    ]);
    expect(await definitionPairs('液晶表示装置（ＬＣＤ）と、半導体(semiconductor)の基板処理装置（以下、「処理装置」という）。RFID(无线射频识别)')).toEqual([
      { a: '液晶表示装置', b: 'LCD' },
      { a: '半導体', b: 'semiconductor' },
      { a: '基板処理装置', b: '処理装置' },
      { a: 'RFID', b: '无线射频识别' },
    ]);
  });

  test('variant spellings', () => {
    expect(spellingVariants('color filter')).toContain('colour filter');
    expect(spellingVariants('web site')).toContain('website');
    expect(spellingVariants('optimise')).toContain('optimize');
    expect(katakanaVariants('インターフェース')).toEqual(expect.arrayContaining(['インタフェース', 'インターフェイス']));
    expect(katakanaVariants('ヴァイオリン')).toContain('バイオリン');
    // Gazettes write ウエハ and ウエーハ as well as ウェハ (demo corpus: 11, 1 and 16 documents).
    expect(katakanaVariants('ウェハ')).toEqual(expect.arrayContaining(['ウエハ', 'ウエーハ']));
    expect(katakanaVariants('ウエーハ')).toEqual(expect.arrayContaining(['ウエハ', 'ウェーハ', 'ウェハ']));
    expect(katakanaVariants('フィルム')).toContain('フイルム');
    // A full-size vowel that no consonant before it could take small stays: アイロン has no アィロン.
    expect(katakanaVariants('アイロン')).not.toContain('アィロン');
  });
});

describe('hit counts', () => {
  test('a word and its synonym in all fields: the documents that have either', async () => {
    const counts = await keywordHitCounts(store.db, 'us', { keyword: 'colour', synonyms: ['color'] });
    expect(counts.hitCount).toBe(await directCount(['colour', 'color'], ['title', 'abstract', 'claims', 'description']));
    expect(counts.wordInfoMaxCount).toBe(Math.max(await directCount(['colour'], ['title', 'abstract', 'claims', 'description']), await directCount(['color'], ['title', 'abstract', 'claims', 'description'])));
    expect(counts.searchFields).toEqual(['title', 'abstract', 'claims', 'description']);
    expect(counts.hitCount).toBeGreaterThan(counts.wordInfoMaxCount - 1);
  });

  test('a phrase in the title, abstract and claims: the documents where its words stand side by side there', async () => {
    const fields = ['title', 'abstract', 'claims'] as const;
    const counts = await keywordHitCounts(store.db, 'us', { keyword: 'neural network', synonyms: ['ANN'], searchFields: [...fields] });
    expect(counts.searchFields).toEqual([...fields]);
    expect(counts.hitCount).toBe(await directCount(['neural network', 'ANN'], [...fields]));
    expect(counts.hitCount).toBeGreaterThan(0);
    // The full text finds more.
    expect((await keywordHitCounts(store.db, 'us', { keyword: 'neural network', synonyms: ['ANN'] })).hitCount).toBeGreaterThan(counts.hitCount);
  });

  test('the count is what the keyword’s formula row finds', async () => {
    const keyword: Keyword = { keywordId: 'k1', keyword: 'non-volatile memory', hitCount: null, origin: 'user', isDisabled: false, isRemoved: false, synonyms: ['flash memory', 'EEPROM'] };
    const { formulas, combination } = formulasFromKeywords([keyword], 'us');
    expect(formulas[0]).toMatchObject({ text: '("non-volatile memory"+flash memory+EEPROM)', tag: 'abst_claim_desc_title', valid: true });
    const condition = await compileDetailQuery({ formulas, combination, ipcLimit: [] }, 'us');
    const [{ count }] = (await store.db('patents').where('region', 'us').whereRaw(condition.sql, condition.bindings as never[]).count<{ count: string }[]>({ count: '*' })) as [{ count: string }];
    const counts = await keywordHitCounts(store.db, 'us', keyword);
    expect(counts.hitCount).toBe(Number(count));
    expect(counts.hitCount).toBeGreaterThan(0);
  });

  test('high frequency: more than a tenth of the region’s documents', async () => {
    const regionTotal = analysed.size;
    const common = await keywordHitCounts(store.db, 'us', { keyword: 'data', synonyms: [] });
    expect(common.hitCount).toBeGreaterThan(HIGH_FREQUENCY_SHARE * regionTotal);
    expect(common.isHighFrequency).toBe(true);
    const rare = await keywordHitCounts(store.db, 'us', { keyword: 'aluminium', synonyms: [] });
    expect(rare.hitCount).toBeGreaterThan(0);
    expect(rare.hitCount).toBeLessThan(HIGH_FREQUENCY_SHARE * regionTotal);
    expect(rare.isHighFrequency).toBe(false);
  });

  test('removed keywords are passed through; terms without words count nothing', async () => {
    const removed: Keyword = { keywordId: 'r', keyword: 'data', hitCount: 7, origin: 'user', isDisabled: false, isRemoved: true, synonyms: [] };
    const symbols: Keyword = { keywordId: 's', keyword: '!!!', hitCount: null, origin: 'user', isDisabled: true, isRemoved: false, synonyms: [] };
    const [first, second] = await withHitCounts(store.db, 'us', [removed, symbols]);
    expect(first).toBe(removed);
    expect(second).toMatchObject({ hitCount: 0, wordInfoMaxCount: 0, isHighFrequency: false });
  });
});

describe('keywords → formula rows', () => {
  const keyword = (text: string, synonyms: string[] = [], extra: Partial<Keyword> = {}): Keyword => ({
    keywordId: text,
    keyword: text,
    hitCount: null,
    origin: 'user',
    isDisabled: false,
    isRemoved: false,
    synonyms,
    ...extra,
  });

  test('one row per keyword in use, ANDed; operators quoted; fields as the tag', () => {
    const result = formulasFromKeywords(
      [
        keyword('リチウムイオン電池', ['リチウム二次電池', 'LIB']),
        keyword('disabled', [], { isDisabled: true }),
        keyword('removed', [], { isRemoved: true }),
        keyword('A/B testing', ['C++']),
        keyword('anode', [], { searchFields: ['claims'] }),
      ],
      'jp',
    );
    expect(result).toEqual({
      formulas: [
        { id: 1, text: '(リチウムイオン電池+リチウム二次電池+LIB)', tag: 'abst_claim_desc_title', valid: true },
        { id: 2, text: '("A/B testing"+"C++")', tag: 'abst_claim_desc_title', valid: true },
        { id: 3, text: 'anode', tag: 'claim', valid: true },
      ],
      combination: '1*2*3',
    });
    expect(formulasFromKeywords([])).toEqual({ formulas: [], combination: '' });
  });

  test('terms: quotes only when needed, never a quote inside; limits kept', () => {
    expect(formulaTerm('battery')).toBe('battery');
    expect(formulaTerm('say "hello"')).toBe('say hello');
    expect(formulaTerm('ＡＢ－Ｃ')).toBe('"ＡＢ－Ｃ"');
    expect(keywordFormula({ keyword: 'x', synonyms: ['x', 'X'] })).toBe('x');
    const long = keywordFormula({ keyword: 'a'.repeat(200), synonyms: ['b'.repeat(200), 'c'.repeat(200)] });
    expect(long.length).toBeLessThanOrEqual(500);
    expect(long).toBe(`(${'a'.repeat(200)}+${'b'.repeat(200)})`);
  });
});

describe('the hit-count jobs (types 1 and 2)', () => {
  const context = (userId: string, payload: unknown) => ({
    db: store.db,
    logger: pino({ level: 'silent' }),
    signal: new AbortController().signal,
    progress: async () => {},
    job: { userId, payload },
  });
  const handlers = () => keywordJobHandlers({ gpt: null, gptSettings: loadConfig({ NODE_ENV: 'test' }).gpt });

  test('type 1: a keyword without synonyms gets the corpus’s, one with synonyms keeps them; all get hit counts', async () => {
    const companyId = await insertCompany(store.db, { code: `KW${Date.now()}`, name: 'テスト' });
    const userId = await insertUser(store.db, { companyId, email: `kw-${Date.now()}@example.jp`, name: '特許 太郎', passwordHash: 'x', role: 'auth_user' });
    const input: Keyword[] = [
      { keywordId: 'a', keyword: 'ANN', hitCount: null, origin: 'user', isDisabled: false, isRemoved: false, synonyms: [] },
      { keywordId: 'b', keyword: 'colour', hitCount: null, origin: 'auto', isDisabled: false, isRemoved: false, synonyms: ['color'] },
    ];
    const { keywords } = (await handlers()[1](context(userId, { keywords: input, lang: 'us' }))) as { keywords: Keyword[] };
    expect(keywords[0]!.synonyms).toContain('artificial neural network');
    expect(keywords[0]!.hitCount).toBe((await keywordHitCounts(store.db, 'us', keywords[0]!)).hitCount);
    expect(keywords[1]).toMatchObject({ keywordId: 'b', synonyms: ['color'], hitCount: await directCount(['colour', 'color'], ['title', 'abstract', 'claims', 'description']) });

    const counted = (await handlers()[1](context(userId, { keywords: input, lang: 'us', mineSynonyms: false }))) as { keywords: Keyword[] };
    expect(counted.keywords[0]!.synonyms).toEqual([]);

    const denied = (await handlers()[2](context(userId, { deniedKeywords: [{ ...input[1]!, keywordId: 'd' }], lang: 'us' }))) as { deniedKeywords: Keyword[] };
    expect(denied.deniedKeywords[0]).toMatchObject({ keywordId: 'd', hitCount: keywords[1]!.hitCount, isHighFrequency: expect.any(Boolean) });
  });

  test('type 3 without GPT on Japanese text: keywords with ids, counts and mined synonyms', async () => {
    const result = (await handlers()[3](context('00000000-0000-0000-0000-000000000000', { subjectMatter: laserMachine.abstract, lang: 'jp', useGpt: false }))) as {
      keywords: Keyword[];
      usedGpt: boolean;
      gptUnavailable: boolean;
    };
    expect(result).toMatchObject({ usedGpt: false, gptUnavailable: false });
    expect(result.keywords.map((k) => k.keyword)).toEqual(expect.arrayContaining(['レーザ加工機', 'アシストガス']));
    for (const keyword of result.keywords) {
      expect(keyword).toMatchObject({ origin: 'auto', isDisabled: false, isRemoved: false });
      // The laser-machine gazette is in the corpus: each of its keywords finds it.
      expect(keyword.hitCount).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(result.keywords.map((k) => k.keywordId)).size).toBe(result.keywords.length);
  });

  test('a cancelled job stops', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(handlers()[2]({ ...context('u', { deniedKeywords: [{ keywordId: 'x', keyword: 'data', hitCount: null, origin: 'user', isDisabled: false, isRemoved: false, synonyms: [] }], lang: 'us' }), signal: controller.signal })).rejects.toThrow('cancelled');
  });
});
