// The Japanese segmenter (src/patents/analysis/morphology.ts) against kuromoji's own tokenize,
// which it replaces for speed: the same tokens, token for token, on real gazette text from
// ../shared/corpus/jp-fulltext.jsonl.gz and on the characters that take kuromoji's odd paths.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { kuromojiTokenizer, normalizeText } from '../../src/patents/analysis/index.ts';
import { loadSharedDictionary, morphologyDictionary } from '../../src/patents/analysis/dictionary.ts';
import { Morphology, type Morpheme } from '../../src/patents/analysis/morphology.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests } from '../helpers/corpus.ts';

const { file: FILE, test: testWithCorpus } = corpusTests('jp-fulltext.jsonl.gz');

const fields = (token: Pick<Morpheme, keyof Morpheme>) => [token.surface_form, token.pos, token.pos_detail_1, token.pos_detail_2, token.basic_form].join('|');

let segmenter: Morphology;
/** Over the dictionary as the analysers load it (dictionary.ts: kuromoji's files read into shared memory, not kuromoji's builder). */
let fromFiles: Morphology;
let kuromoji: Awaited<ReturnType<typeof kuromojiTokenizer>>;
const same = (text: string) => {
  const expected = kuromoji.tokenize(text).map(fields);
  expect(segmenter.tokenize(text).map(fields)).toEqual(expected);
  expect(fromFiles.tokenize(text).map(fields)).toEqual(expected);
};

beforeAll(async () => {
  kuromoji = await kuromojiTokenizer();
  segmenter = new Morphology(kuromoji);
  fromFiles = new Morphology(morphologyDictionary(await loadSharedDictionary()));
});

testWithCorpus('every text of 15 gazette publications segments exactly as kuromoji does', () => {
  const records = gunzipSync(readFileSync(FILE))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as PatentRecord);
  // Every twentieth publication: applications, utility models and grants of several years.
  const sample = records.filter((_, i) => i % 20 === 0);
  expect(sample.length).toBeGreaterThanOrEqual(14);
  let tokens = 0;
  for (const record of sample) {
    for (const text of [record.title, record.abstract, ...(record.claims ?? []), record.description]) {
      if (!text) continue;
      // Both as stored and as the analysers see it (NFKC, lower case): full-width digits and letters take other paths.
      for (const form of [text, normalizeText(text)]) {
        const expected = kuromoji.tokenize(form).map(fields);
        expect(segmenter.tokenize(form).map(fields)).toEqual(expected);
        expect(fromFiles.tokenize(form).map(fields)).toEqual(expected);
        tokens += expected.length;
      }
    }
  }
  expect(tokens).toBeGreaterThan(100_000);
}, 120_000);

test('unknown words, grouping, characters beyond the BMP and punctuation split as kuromoji splits them', () => {
  for (const text of [
    '',
    '。',
    '、、。',
    'ｶﾞｿﾞｳｼｮﾘｿｳﾁ', // half-width katakana: one grouped unknown word
    'コンピューターサーバークライアントアーキテクチャーマネージャー', // a long katakana run
    '𠮷野家で𩸽を食べた。', // surrogate pairs (DEFAULT class, kuromoji's UTF-16 lengths)
    '𠮷𠮷𠮷ああ、ＡＢＣ１２３abc',
    '半導体装置の製造方法であって、第１電極と第２電極とを備え、前記第１電極は…',
    'H01L21/02に分類される。USBメモリ(登録商標)を用いる',
    '①②③ⅠⅡⅢ㈱〒〆ゞヽ',
  ]) {
    same(text);
  }
});

test('a known word is one shared token object; tokens carry only the fields the analysers read', () => {
  const [first] = segmenter.tokenize('装置');
  const [again] = segmenter.tokenize('装置');
  expect(first).toBe(again);
  expect(first).toEqual({ surface_form: '装置', pos: '名詞', pos_detail_1: 'サ変接続', pos_detail_2: '*', basic_form: '装置' });
});
