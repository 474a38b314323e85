// Text analysis for the search engine, on real corpus text (../shared/corpus: US abstracts,
// CN Chinese abstracts, JP applicant names) plus short patent-style Japanese phrases, and the
// tsvector/tsquery contract checked against a real PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { PatentRecord } from '../../src/patents/record.ts';
import {
  analyze,
  analyzeField,
  chineseTokens,
  cjkBigrams,
  detectLanguage,
  englishTokens,
  fieldLanguage,
  japaneseNounPhrases,
  japaneseTokens,
  jiebaBuildCount,
  kuromojiBuildCount,
  normalizeText,
  quoteLexeme,
  toLexemeArray,
  toTsqueryTerms,
  toTsqueryText,
  toTsvectorBinary,
  toTsvectorText,
} from '../../src/patents/analysis/index.ts';
import { isEnglishStopWord } from '../../src/patents/analysis/english.ts';
import { stemKatakana } from '../../src/patents/analysis/japanese.ts';
import { corpusTests } from '../helpers/corpus.ts';
import { leadingCorpusRecords } from '../helpers/patent-document.ts';
import { testDatabaseServerUrl } from '../helpers/services.ts';

const { dir: CORPUS, available: corpusPresent, describe: describeWithCorpus } = corpusTests('us.jsonl.gz');

function readSmallCorpus(file: string): PatentRecord[] {
  return gunzipSync(readFileSync(path.join(CORPUS, file)))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as PatentRecord);
}

let us: PatentRecord[];
let cn: PatentRecord[];
let jp: PatentRecord[];
const byId = (records: PatentRecord[], id: string): PatentRecord => {
  const record = records.find((r) => r.id === id);
  if (!record) throw new Error(`${id} is not in the corpus`);
  return record;
};

beforeAll(async () => {
  if (!corpusPresent) return;
  us = (await leadingCorpusRecords('us.jsonl.gz', 400))!;
  cn = readSmallCorpus('cn.jsonl.gz');
  jp = readSmallCorpus('jp.jsonl.gz');
});

// Runs first: nothing in this file has touched kuromoji yet.
describeWithCorpus('kuromoji is built once per process, lazily', () => {
  test('concurrent first calls share one build; later calls do not build again', async () => {
    expect(kuromojiBuildCount()).toBe(0);
    const [a, b, c] = await Promise.all([
      analyze('半導体装置の製造方法', 'ja'),
      japaneseTokens('画像認識装置'),
      japaneseNounPhrases('通信装置'),
    ]);
    expect(a).toContain('半導体');
    expect(b).toContain('画像');
    expect(c).toEqual(['通信装置']);
    expect(kuromojiBuildCount()).toBe(1);

    // Counted, not timed (a later call under a fifth of the first one's time was asserted too: a pause of a loaded
    // machine could break it, and the count says the same).
    expect(await analyze('半導体装置の製造方法', 'ja')).toEqual(a);
    expect(kuromojiBuildCount()).toBe(1);
  });

  test('English and Chinese never build kuromoji; jieba is built once too', async () => {
    await analyze('A wheeled hand truck', 'en');
    chineseTokens('一种生产线数据采集方法');
    chineseTokens('计费方法');
    expect(jiebaBuildCount()).toBe(1);
    expect(kuromojiBuildCount()).toBe(1);
  });
});

describeWithCorpus('normalizeText', () => {
  test('NFKC: full-width ASCII to ASCII and lower case, half-width katakana to full-width', () => {
    expect(normalizeText('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeText('ｶﾞｿﾞｳﾆﾝｼｷ')).toBe('ガゾウニンシキ');
    expect(normalizeText('㈱東芝　①')).toBe('(株)東芝 1');
    expect(normalizeText('ＵＳＢメモリ')).toBe('usbメモリ');
  });

  test('a dash after katakana is the long-vowel mark; other dashes become a hyphen', () => {
    expect(normalizeText('コンピュ－タ')).toBe('コンピュータ'); // full-width hyphen-minus
    expect(normalizeText('サ―バ')).toBe('サーバ'); // horizontal bar
    expect(normalizeText('デ─タ')).toBe('データ'); // box-drawing line, a common OCR result
    expect(normalizeText('ﾃﾞｰﾀﾍﾞｰｽ')).toBe('データベース');
    expect(normalizeText('non‐volatile – 1−2')).toBe('non-volatile - 1-2');
    expect(normalizeText('CDーROM')).toBe('cd-rom');
  });

  test('control and invisible characters go, whitespace collapses, case folds', () => {
    expect(normalizeText('a\u0000b\u0007c')).toBe('a b c');
    expect(normalizeText('ne\u200Btwork\u00AD \uFEFFnode')).toBe('network node');
    expect(normalizeText('  line one\n\tline  two  ')).toBe('line one line two');
    expect(normalizeText('Straße ΣΟΦΟΣ')).toBe('strasse σοφοσ');
    expect(normalizeText('葛\u{E0100}飾')).toBe('葛飾'); // ideographic variation selector
  });

  test('is idempotent on real text of every region', () => {
    const samples = [
      ...us.slice(0, 50).map((r) => r.abstract ?? ''),
      ...cn.filter((r) => r.abstract).map((r) => r.abstract!),
      ...jp.flatMap((r) => r.applicants ?? []),
    ];
    for (const text of samples) expect(normalizeText(normalizeText(text))).toBe(normalizeText(text));
  });
});

describeWithCorpus('English', () => {
  test('Snowball stems: connecting, connected, connection, connections share one stem', () => {
    const stems = englishTokens('connecting connected connection connections connects');
    expect(new Set(stems)).toEqual(new Set(['connect']));
    // Porter2 keeps what the original Porter algorithm breaks.
    expect(englishTokens('gas news skies')).toEqual(['gas', 'news', 'sky']);
  });

  test('a real US abstract: stems shared across inflections, stop words gone, all lower case', () => {
    const tractor = byId(us, 'US11147203B2'); // "...pivotably connected ..." and "... which connects the cab ..."
    expect(tractor.abstract).toMatch(/connected/);
    expect(tractor.abstract).toMatch(/connects/);
    const tokens = englishTokens(tractor.abstract!);
    expect(tokens.filter((t) => t === 'connect')).toHaveLength(2);
    expect(tokens).toEqual(expect.arrayContaining(['tractor', 'implement', 'mount', 'frame', 'wheel']));
    for (const stop of ['a', 'the', 'of', 'to', 'and', 'which', 'that', 'can']) expect(tokens).not.toContain(stop);
  });

  test('over 300 real abstracts: no stop word, no upper case, no punctuation-only token', () => {
    // Stems can coincide with a stop word (others → other), so check the words that are no stem.
    const stopWords = ['a', 'an', 'the', 'of', 'and', 'to', 'in', 'is', 'are', 'was', 'that', 'which', 'with', 'for', 'by', 'this', 'these', 'it', 'be', 'as', 'at', 'from', 'into', 'such', 'said'];
    expect(stopWords.every(isEnglishStopWord)).toBe(true);
    const abstracts = us.map((r) => r.abstract).filter((a): a is string => !!a).slice(0, 300);
    expect(abstracts.length).toBe(300);
    let total = 0;
    for (const abstract of abstracts) {
      const tokens = englishTokens(abstract);
      total += tokens.length;
      for (const token of tokens) {
        expect(stopWords).not.toContain(token);
        expect(token).toBe(token.toLowerCase());
        expect(token).toMatch(/[\p{L}\p{N}]/u);
      }
    }
    expect(total).toBeGreaterThan(10_000);
  });

  test('alphanumerics stay whole; hyphenated words give their parts and the joined form', () => {
    expect(englishTokens('5G NR for H04L 9/32 and IEEE 802.11ac over Wi-Fi')).toEqual([
      '5g', 'nr', 'h04l', '9', '32', 'ieee', '802.11ac', 'wi', 'fi', 'wifi',
    ]);
    // From US abstract text: "non-toxic, noncombustible gas bubbles; a two-phase fluid flow".
    expect(englishTokens('non-toxic, noncombustible gas bubbles; a two-phase fluid flow')).toEqual([
      'non', 'toxic', 'nontox', 'noncombust', 'gas', 'bubbl', 'two', 'phase', 'twophas', 'fluid', 'flow',
    ]);
    expect(englishTokens('nonvolatile')).toEqual(englishTokens('non-volatile').slice(-1));
    expect(englishTokens("the user's U.S.A. café e.g. file.txt")).toEqual(['user', 'usa', 'cafe', 'eg', 'file', 'txt']);
  });

  test('full-width English is the same as half-width', () => {
    expect(englishTokens('ＣＯＮＮＥＣＴＩＮＧ　ＤＥＶＩＣＥＳ')).toEqual(englishTokens('connecting devices'));
  });
});

describeWithCorpus('Japanese', () => {
  test('content words: nouns, verbs and adjectives in base form; no particles, auxiliaries, symbols', async () => {
    const words = await japaneseTokens('画像認識装置を備えた車両', { bigrams: false });
    expect(words).toEqual(['画像', '認識', '装置', '備える', '車両']);
    expect(await japaneseTokens('前記第1の電極は、基板上に形成されている。', { bigrams: false })).toEqual(['1', '電極', '基板', '形成']);
    expect(await japaneseTokens('安全性の高い二次電池', { bigrams: false })).toEqual(['安全', '高い', '二', '電池']);
    expect(await japaneseTokens('ねじで固定する', { bigrams: false })).toEqual(['ねじ', '固定']);
    // An inflected verb meets its dictionary form.
    expect(await japaneseTokens('取り付けられた', { bigrams: false })).toEqual(await japaneseTokens('取り付ける', { bigrams: false }));
  });

  test('bigrams of each CJK run follow its words, for recall', async () => {
    expect(cjkBigrams('半導体装置')).toEqual(['半導', '導体', '体装', '装置']);
    expect(cjkBigrams('膜を形成')).toEqual(['膜', '形成']); // hiragana breaks runs, one character stays
    expect(await japaneseTokens('半導体装置')).toEqual(['半導体', '装置', '半導', '導体', '体装', '装置']);
  });

  test('bigrams with characters beyond the BMP and repeated ones are the characters of the text', () => {
    // Interned BMP bigrams (japanese.ts bigramOf) beside surrogate pairs, which are sliced as they are.
    expect(cjkBigrams('𠮷野家の𠮷𩸽')).toEqual(['𠮷野', '野家', '𠮷𩸽']);
    expect(cjkBigrams('装置A装置B装')).toEqual(['装置', '装置', '装']);
    expect(cjkBigrams('装置')).toEqual(['装置']);
  });

  test('katakana: full-width, half-width and the word-final long-vowel mark meet', async () => {
    expect(stemKatakana('コンピューター')).toBe('コンピュータ');
    expect(stemKatakana('キー')).toBe('キー');
    const a = await japaneseTokens('コンピューターとサーバー');
    expect(a).toEqual(await japaneseTokens('ｺﾝﾋﾟｭｰﾀとサーバ'));
    expect(a).toEqual(await japaneseTokens('コンピュ－タとサ―バ'));
  });

  test('Latin inside Japanese is English (stemmed), full-width letters included', async () => {
    expect(await japaneseTokens('ＵＳＢメモリにconnectingされた', { bigrams: false })).toEqual(['usb', 'メモリ', 'connect']);
  });

  test('noun compounds for keyword extraction', async () => {
    expect(await japaneseNounPhrases('画像認識装置を備えた車両及び半導体装置の製造方法')).toEqual([
      '画像認識装置', '車両', '半導体装置', '製造方法',
    ]);
    expect(await japaneseNounPhrases('前記第1電極と二次電池、安全性の高い制御部を基板上に設けた')).toEqual([
      '第1電極', '二次電池', '安全性', '制御部', '基板',
    ]);
    expect(await japaneseNounPhrases('ＵＳＢメモリに記憶された画像データ')).toEqual(['usbメモリ', '画像データ']);
    expect(await japaneseNounPhrases('画像・音声処理装置と記憶部')).toEqual(['画像・音声処理装置', '記憶部']);
  });

  test('real JP applicant names', async () => {
    const names = new Set(jp.flatMap((r) => r.applicants ?? []));
    for (const name of ['株式会社東芝', 'ソニー株式会社', '日本電信電話株式会社', 'インターナショナル・ビジネス・マシーンズ・コーポレイション']) {
      expect(names).toContain(name);
    }
    expect(await analyzeField('株式会社東芝', 'jp', { bigrams: false })).toEqual(['株式会社', '東芝']);
    expect(await analyzeField('ソニー株式会社', 'jp', { bigrams: false })).toEqual(['ソニー', '株式会社']);
    expect(await japaneseNounPhrases('インターナショナル・ビジネス・マシーンズ・コーポレイション')).toEqual([
      'インターナショナル・ビジネス・マシーンズ・コーポレイション',
    ]);
    // ・ separates words for search, as a space would.
    expect(await analyzeField('インターナショナル・ビジネス・マシーンズ・コーポレイション', 'jp', { bigrams: false })).toEqual([
      'インターナショナル', 'ビジネス', 'マシーンズ', 'コーポレイション',
    ]);
    // Every Japanese name in the corpus yields tokens, and the full name is found by its bigrams.
    for (const name of [...names].filter((n) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(n))) {
      const tokens = await analyzeField(name, 'jp');
      expect(tokens.length).toBeGreaterThan(0);
      for (const bigram of cjkBigrams(name)) expect(tokens).toContain(bigram);
    }
  });
});

describeWithCorpus('Chinese', () => {
  test('jieba search mode on a real CN abstract: words, sub-words, no punctuation or function words', () => {
    const record = byId(cn, 'CN106022747A');
    const words = chineseTokens(record.abstract!, { bigrams: false });
    expect(words).toEqual(expect.arrayContaining(['分布式', '分布', '计费', '方法', '服务器', '数据库', '缓存', '异步', '请求']));
    for (const dropped of ['，', '。', '的', '所述', '一种', '本发明', '并']) expect(words).not.toContain(dropped);
    for (const word of words) expect(word).toMatch(/\p{Script=Han}/u);
  });

  test('bigrams follow the words; Latin inside Chinese goes through the English analyser', () => {
    const title = byId(cn, 'CN106844774A').title!; // 一种基于C#抓取互联网公开数据的爬虫系统及抓取方法
    const tokens = chineseTokens(title);
    expect(tokens).toEqual(expect.arrayContaining(['互联网', '爬虫', '系统', 'c', '互联', '联网', '爬虫']));
    expect(tokens.indexOf('c')).toBeLessThan(tokens.indexOf('抓取'));
    const abstract = byId(cn, 'CN106844774A').abstract!; // … 支持NOSQL数据存储 …
    expect(chineseTokens(abstract, { bigrams: false })).toContain('nosql');
  });

  test('every Chinese abstract in the corpus gives words and bigrams', () => {
    const abstracts = cn.filter((r) => r.abstract && /\p{Script=Han}/u.test(r.abstract));
    expect(abstracts.length).toBeGreaterThanOrEqual(55);
    for (const record of abstracts) {
      const words = chineseTokens(record.abstract!, { bigrams: false });
      const all = chineseTokens(record.abstract!);
      expect(words.length).toBeGreaterThan(10);
      expect(all.length).toBeGreaterThan(words.length);
    }
  });
});

describeWithCorpus('language detection and mixed fields', () => {
  test('by script: kana → ja, Han without kana → zh, else en', () => {
    expect(detectLanguage('画像認識装置を備えた車両')).toBe('ja');
    expect(detectLanguage('ソニー株式会社')).toBe('ja');
    expect(detectLanguage(byId(cn, 'CN106022747A').abstract!)).toBe('zh');
    expect(detectLanguage('株式会社東芝')).toBe('zh'); // kanji only: script cannot tell
    expect(detectLanguage(byId(us, 'US11147202B2').abstract!)).toBe('en');
    expect(detectLanguage(byId(jp, 'JP2000174797A').title!)).toBe('en'); // English title of a JP record
  });

  test('the region decides kanji-only fields; kana always means Japanese', () => {
    expect(fieldLanguage('株式会社東芝', 'jp')).toBe('ja');
    expect(fieldLanguage('华为技术有限公司', 'cn')).toBe('zh');
    expect(fieldLanguage('ソニー株式会社', 'cn')).toBe('ja');
    expect(fieldLanguage('Repeater and communication equipment', 'jp')).toBe('en');
  });

  test('CN records with English titles, JP records with English titles: English tokens', async () => {
    const englishTitled = cn.find((r) => r.title && !/\p{Script=Han}/u.test(r.title))!;
    expect(await analyzeField(englishTitled.title, 'cn')).toEqual(englishTokens(englishTitled.title!));
    expect(await analyzeField(byId(jp, 'JP2000174797A').title, 'jp')).toEqual(['repeat', 'communic', 'equip']);
  });

  test('a field mixing scripts analyses each segment with its analyser', async () => {
    const tokens = await analyzeField('カリフォルニア大学 サンディエゴ校Ｕｎｉｖｅｒｓｉｔｙ ｏｆ Ｃａｌｉｆｏｒｎｉａ', 'jp', { bigrams: false });
    expect(tokens).toEqual(['カリフォルニア', '大学', 'サンディエゴ', 'univers', 'california']);
    // A Chinese abstract with Latin words, through the 'en' entry point: CJK is not lost.
    const mixed = await analyze('支持NOSQL数据存储', 'en', { bigrams: false });
    expect(mixed).toEqual(['支持', 'nosql', '数据', '存储']);
    expect(await analyze(null, 'ja')).toEqual([]);
    expect(await analyzeField('   ', 'us')).toEqual([]);
  });
});

describeWithCorpus('tsvector / tsquery text in PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: testDatabaseServerUrl() });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  const HOSTILE = [
    "it's", "'", "''", 'a&b', 'a|b', '!not', 'pre:*', 'x:1A', '(paren)', ')', '<->', '<2>',
    'back\\slash', '\\', "\\'", 'two words', '$$', "'; drop table users; --", '半導体\'装置', '🙂',
  ];

  test('quoting doubles quotes and backslashes', () => {
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
    expect(toTsqueryTerms(['a', '', 'b'])).toEqual(["'a'", "'b'"]);
    expect(toTsqueryText([])).toBe('');
    expect(toTsvectorText(['x', 'y', 'x'])).toBe("'x':1,3 'y':2");
    expect(toLexemeArray(['x', 'y', 'x', ''])).toEqual(['x', 'y']);
  });

  test('hostile tokens survive ::tsvector unchanged, lexeme for lexeme', async () => {
    const { rows } = await client.query<{ lexemes: string[] }>('SELECT tsvector_to_array($1::tsvector) AS lexemes', [toTsvectorText(HOSTILE)]);
    expect([...rows[0]!.lexemes].sort()).toEqual([...new Set(HOSTILE)].sort());
    const viaArray = await client.query<{ lexemes: string[] }>('SELECT tsvector_to_array(array_to_tsvector($1::text[])) AS lexemes', [toLexemeArray(HOSTILE)]);
    expect([...viaArray.rows[0]!.lexemes].sort()).toEqual([...new Set(HOSTILE)].sort());
  });

  test('hostile tokens cannot change the structure of a ::tsquery', async () => {
    for (const operator of ['&', '|', '<->'] as const) {
      const query = toTsqueryText(HOSTILE, operator);
      const { rows } = await client.query<{ text: string; nodes: number; hit: boolean; miss: boolean }>(
        `SELECT $1::tsquery::text AS text, numnode($1::tsquery) AS nodes,
                $2::tsvector @@ $1::tsquery AS hit, $3::tsvector @@ $1::tsquery AS miss`,
        [query, toTsvectorText(HOSTILE), toTsvectorText(HOSTILE.slice(1))],
      );
      // PostgreSQL prints the query back exactly as built: n operands, n - 1 operators.
      expect(rows[0]!.text).toBe(query);
      expect(rows[0]!.nodes).toBe(2 * HOSTILE.length - 1);
      expect(rows[0]!.hit).toBe(true);
      expect(rows[0]!.miss).toBe(operator === '|'); // '|' still matches the other tokens
    }
    // One hostile token alone, and as a prefix term built by a query compiler.
    for (const token of HOSTILE) {
      const { rows } = await client.query<{ ok: boolean; prefix: boolean }>(
        `SELECT $1::tsvector @@ $2::tsquery AS ok, $1::tsvector @@ $3::tsquery AS prefix`,
        [toTsvectorText([token + 'xyz']), toTsqueryText([token + 'xyz']), `${toTsqueryTerms([token])[0]}:*`],
      );
      expect(rows[0]).toEqual({ ok: true, prefix: true });
    }
  });

  test('to_tsquery / to_tsvector with simple parse the quoted forms but re-split them (why ::tsquery is the contract)', async () => {
    for (const token of HOSTILE) {
      await expect(client.query("SELECT to_tsquery('simple', $1)", [toTsqueryText([token])])).resolves.toBeDefined();
    }
    const { rows } = await client.query<{ parsed: string; cast: string; vector: string }>(
      "SELECT to_tsquery('simple', $1)::text AS parsed, $1::tsquery::text AS cast, to_tsvector('simple', '半導体装置 e-mail') AS vector",
      [toTsqueryText(["it's"])],
    );
    expect(rows[0]!.parsed).toBe("'it' <-> 's'");
    expect(rows[0]!.cast).toBe("'it''s'");
    expect(rows[0]!.vector).toBe("'e':3 'e-mail':2 'mail':4 '半導体装置':1"); // no bigrams, no word split
  });

  test('positions: phrase queries; PostgreSQL limits (16383, 256 positions a lexeme) are respected', async () => {
    const tokens = englishTokens('a non-volatile memory cell connected to a controller');
    const { rows } = await client.query<{ phrase: boolean; reversed: boolean }>(
      'SELECT $1::tsvector @@ $2::tsquery AS phrase, $1::tsvector @@ $3::tsquery AS reversed',
      [toTsvectorText(tokens), toTsqueryText(englishTokens('memory cells'), '<->'), toTsqueryText(englishTokens('cell memory'), '<->')],
    );
    expect(rows[0]).toEqual({ phrase: true, reversed: false });

    const long = Array.from({ length: 20_000 }, (_, i) => (i % 2 ? 'gear' : `n${i}`));
    const text = toTsvectorText(long);
    const big = await client.query<{ length: number; positions: number }>(
      "SELECT length($1::tsvector) AS length, array_length((SELECT positions FROM unnest($1::tsvector) WHERE lexeme = 'gear'), 1) AS positions",
      [text],
    );
    expect(big.rows[0]).toEqual({ length: 10_001, positions: 256 });
  });

  test('the binary form (ingest) is the tsvector the text form gives: hostile tokens, byte order of lexemes, clamped positions, a gazette', async () => {
    // A Japanese gazette of jp-fulltext: ~50,000 tokens, positions clamped past 16,383.
    const gazette = (await leadingCorpusRecords('jp-fulltext.jsonl.gz', 1))![0];
    const lists: string[][] = [
      [],
      HOSTILE,
      // PostgreSQL orders lexemes by their UTF-8 bytes: U+FFE5 before a surrogate pair in UTF-16, after it in UTF-8; a prefix first.
      ['\uffe5', '𠀋', '日本', '日', 'b', 'a', 'ab', 'é'],
      Array.from({ length: 20_000 }, (_, i) => (i % 2 ? 'gear' : i > 16_390 ? `late${i % 5}` : `n${i % 999}`)),
      await analyzeField(gazette?.description, 'jp'),
    ];
    for (const tokens of lists) {
      const binary = toTsvectorBinary(tokens);
      const { rows } = await client.query<{ same: boolean; text: string; size: boolean }>(
        'SELECT $1::tsvector = $2::tsvector AS same, $2::tsvector::text AS text, pg_column_size($1::tsvector) = pg_column_size($2::tsvector) AS size',
        [toTsvectorText(tokens), Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength)],
      );
      const expected = await client.query<{ text: string }>('SELECT $1::tsvector::text AS text', [toTsvectorText(tokens)]);
      // Sent in PostgreSQL's order (tsvectorrecv then stores them as tsvectorin would): each lexeme's bytes after the previous one's.
      const lexemes: Buffer[] = [];
      for (let at = 4; at < binary.length; ) {
        const end = binary.indexOf(0, at);
        lexemes.push(Buffer.from(binary.subarray(at, end)));
        at = end + 3 + 2 * ((binary[end + 1]! << 8) | binary[end + 2]!);
      }
      expect(lexemes.length).toBe(new Set(tokens.filter(Boolean)).size);
      expect(lexemes.every((lexeme, i) => i === 0 || Buffer.compare(lexemes[i - 1]!, lexeme) < 0)).toBe(true);
      expect({ same: rows[0]!.same, size: rows[0]!.size, text: rows[0]!.text }).toEqual({ same: true, size: true, text: expected.rows[0]!.text });
    }
    expect(gazette?.description?.length).toBeGreaterThan(10_000);
  });

  test('a GIN-indexed table of real records answers analysed queries in every language', async () => {
    await client.query('CREATE TEMP TABLE analysis_patents (id text PRIMARY KEY, region text, tsv tsvector)');
    await client.query('CREATE INDEX ON analysis_patents USING gin (tsv)');
    const records = [...us.slice(0, 200), ...cn, ...jp];
    for (const record of records) {
      const fields = [record.title, record.abstract, ...(record.applicants ?? [])];
      const tokens = (await Promise.all(fields.map((f) => analyzeField(f, record.region)))).flat();
      await client.query('INSERT INTO analysis_patents VALUES ($1, $2, $3::tsvector)', [record.id, record.region, toTsvectorText(tokens)]);
    }
    const search = async (text: string, region: 'jp' | 'us' | 'cn') => {
      const query = toTsqueryText(await analyzeField(text, region), '&');
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM analysis_patents WHERE region = $2 AND tsv @@ $1::tsquery ORDER BY ts_rank(tsv, $1::tsquery) DESC, id',
        [query, region],
      );
      return rows.map((r) => r.id);
    };
    expect(await search('wheeled hand trucks', 'us')).toContain('US11147202B2');
    expect(await search('tractor connecting', 'us')).toContain('US11147203B2');
    expect(await search('分布式缓存', 'cn')).toContain('CN106022747A');
    expect(await search('爬虫', 'cn')).toContain('CN106844774A');
    expect(await search('ＮＯＳＱＬ', 'cn')).toContain('CN106844774A');
    const toshiba = jp.filter((r) => r.applicants?.includes('株式会社東芝')).map((r) => r.id);
    expect(toshiba.length).toBeGreaterThan(0);
    expect(await search('東芝', 'jp')).toEqual(expect.arrayContaining(toshiba));
    expect(await search('ｿﾆｰ', 'jp')).toEqual(expect.arrayContaining(jp.filter((r) => r.applicants?.includes('ソニー株式会社')).map((r) => r.id)));
  });
});
