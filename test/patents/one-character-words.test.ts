// Where Japanese text has a word of one character (src/patents/analysis/one-character-words.ts):
// what a claim chart marks of an element's one-character word (着 of 貼着, 軸 of 回転軸), and
// never less than the analyser could have matched.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { japaneseMorphology, japaneseTokens, type Segmenter } from '../../src/patents/analysis/japanese.ts';
import { japaneseWordAt } from '../../src/patents/analysis/one-character-words.ts';
import type { PatentRecord } from '../../src/patents/record.ts';

let segmenter: Segmenter;
beforeAll(async () => {
  segmenter = await japaneseMorphology();
});

/** Offsets (UTF-16) of the text's characters. */
const offsetsOf = (text: string) => {
  const offsets: number[] = [];
  for (let at = 0; at < text.length; at += text.codePointAt(at)! > 0xffff ? 2 : 1) offsets.push(at);
  return offsets;
};
/** The one-character words as "character@offset", in text order. */
const wordsOf = (text: string) => offsetsOf(text).filter((at) => japaneseWordAt(segmenter, text, at)).map((at) => `${String.fromCodePoint(text.codePointAt(at)!)}@${at}`);

test('a one-character morpheme is a word; one inside a longer word is not', () => {
  // 貼着する: 貼 / 着 / する; 密着性: 密着 / 性; 付着: one word; 回転軸: 回転 / 軸; 軸受: one word.
  expect(wordsOf('テープを貼着する。')).toEqual(['貼@4', '着@5']);
  expect(wordsOf('密着性に優れ、付着を防ぐ。')).toEqual(['性@2', '優@4', '防@10']);
  expect(wordsOf('回転軸が軸受に支持され、溝が穴に嵌まる。')).toEqual(['軸@2', '溝@12', '穴@14', '嵌@16']);
});

test('offsets are the text\'s own: full-width digits, Latin and spaces before a run, characters beyond the BMP', () => {
  const text = 'ＬＥＤ　１２の回転軸と𠮷の溝';
  expect(wordsOf(text)).toEqual([`軸@${text.indexOf('軸')}`, `𠮷@${text.indexOf('𠮷')}`, `溝@${text.indexOf('溝')}`]);
});

test('on real Japanese abstracts every one-character token of the analysis is at one of its words', async () => {
  const records = gunzipSync(readFileSync('data/demo-corpus/demo.jsonl.gz'))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PatentRecord)
    .filter((record) => record.region === 'jp' && record.abstract);
  let checked = 0;
  let words = 0;
  for (const { abstract } of records) {
    const text = abstract!;
    const at = new Set(offsetsOf(text).filter((offset) => japaneseWordAt(segmenter, text, offset)).map((offset) => String.fromCodePoint(text.codePointAt(offset)!)));
    for (const token of await japaneseTokens(text)) {
      if ([...token].length !== 1 || !/[\p{Script=Han}\p{Script=Katakana}]/u.test(token)) continue;
      // The token is the normalised character; the text's may be its compatibility form (rare), compared folded.
      expect([...at].map((character) => character.normalize('NFKC'))).toContain(token);
      words++;
    }
    checked++;
  }
  expect(checked).toBeGreaterThan(200);
  expect(words).toBeGreaterThan(100);
});
