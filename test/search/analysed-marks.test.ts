// A search keyword's analysed words marked where the keyword itself is not written
// (src/search/analysed-marks.ts through highlight.ts and description-snippet.ts), on real records
// of the demo corpus: the search matched 従来技術 as 従来 & 技術, so a hit that writes 「従来の技術」
// must show those words marked.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { analysedWordsOf } from '../../src/search/analysed-marks.ts';
import { descriptionPassage } from '../../src/search/description-snippet.ts';
import { highlighter, type Highlighter } from '../../src/search/highlight.ts';
import type { Region } from '../../src/patents/record.ts';

interface DemoRecord {
  id: string;
  abstract: string | null;
  claims: string[] | null;
  description: string | null;
}

const records = new Map<string, DemoRecord>();
const WANTED = ['JP2012148957A', 'JP2021125502A', 'JP2023104947A', 'JP3250568U', 'JP2024153521A', 'JP2023534040A', 'CN110997956A'];

beforeAll(async () => {
  const lines = createInterface({ input: createReadStream('data/demo-corpus/demo.jsonl.gz').pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as DemoRecord;
    if (WANTED.includes(record.id)) records.set(record.id, record);
  }
  expect([...records.keys()].sort()).toEqual([...WANTED].sort());
});

const record = (id: string) => records.get(id)!;
const searchMarker = async (terms: string[], region: Region): Promise<Highlighter> => {
  const analysed = await analysedWordsOf(terms, region);
  return highlighter(terms, analysed ? { analysed } : {});
};
const marks = (parts: ReadonlyArray<{ text: string; mark: boolean }>) => parts.filter((part) => part.mark).map((part) => part.text);

test('the analysed words of a keyword the text does not write are marked, each where written', async () => {
  // JP2012148957A's abstract: 「…イオン交換法により形成された…携帯型電子機器用画像表示装置…」, no 画像形成装置.
  const abstract = record('JP2012148957A').abstract!;
  expect(abstract).not.toContain('画像形成装置');
  expect(marks(highlighter(['画像形成装置']).parts(abstract))).toEqual([]);
  const parts = (await searchMarker(['画像形成装置'], 'jp')).parts(abstract);
  expect(parts.map((part) => part.text).join('')).toBe(abstract);
  expect(marks(parts)).toEqual(['形成', '画像', '装置']);
});

test('a keyword written whole is marked whole, not as its words', async () => {
  // JP2023104947A's abstract opens 「【課題】従来技術の問題を解決する。」 and writes 技術 nowhere else.
  const abstract = record('JP2023104947A').abstract!;
  expect(marks((await searchMarker(['従来技術'], 'jp')).parts(abstract))).toEqual(['従来技術']);
});

test('where only some of the words are written, nothing is marked unless asked for those', async () => {
  // JP2021125502A's abstract: 「基板温度の面内分布を調整できる技術を提供する。」, no 従来: the search found 従来 elsewhere.
  const abstract = record('JP2021125502A').abstract!;
  const marker = await searchMarker(['従来技術'], 'jp');
  expect(marks(marker.parts(abstract))).toEqual([]);
  expect(marks(marker.parts(abstract, { someWords: true }))).toEqual(['技術']);
});

test('an analysed word of one character is marked only where the text has it as a word (例 of 例示 or 例えば is none)', async () => {
  // JP2023534040A 【０１２１】: 「例示的な実施形態が本明細書に開示されているが、他の変形が可能である…」: 変形例 is 変形 & 例.
  const description = record('JP2023534040A').description!;
  const at = description.indexOf('【０１２１】');
  const paragraph = description.slice(at, description.indexOf('【', at + 1));
  expect(paragraph).toContain('例示的な実施形態が本明細書に開示されているが、他の変形が可能である');
  const marker = await searchMarker(['変形例'], 'jp');
  expect(marks(highlighter(['変形例']).parts(paragraph))).toEqual([]);
  expect(marks(marker.parts(paragraph))).toEqual([]);
  expect([...new Set(marks(marker.parts(paragraph, { someWords: true })))]).toEqual(['変形']);
  // 例 of the adverb 例えば neither: the same record's 「例えば、電源４０２は、…リチウムイオン電池の変形であってもよい」.
  const sentence = description.slice(description.indexOf('例えば、電源４０２は'), description.indexOf('電池の変形であって') + 9);
  expect(sentence).toMatch(/^例えば、電源４０２は.*電池の変形であって$/s);
  expect(marks(marker.parts(sentence))).toEqual([]);
  expect(marks(marker.parts(sentence, { someWords: true }))).toEqual(['変形']);
  // Where 例 is a word of its own (「表示例」 is 表示 and 例 to the analysis), it is.
  expect(marks(marker.parts('表示の例を変形する'))).toEqual(['例', '変形']);
});

test("a description's passage shows the words where they meet, not in a heading", async () => {
  const marker = await searchMarker(['従来技術'], 'jp');
  // JP3250568U 【０００２】: 「従来、回転軸に…刈払う刈払機について種々の技術が提案されている。」
  const both = descriptionPassage(record('JP3250568U').description!, marker, 280)!;
  expect(both.paragraph).toBe('０００２');
  expect(marks(both.parts)).toEqual(['従来', '技術']);
  // JP2024153521A writes 技術 only in its headings (【技術分野】, 【背景技術】): its 従来 of 【０００２】 is shown, as the last resort.
  const description = record('JP2024153521A').description!;
  expect(description).toContain('【技術分野】');
  const some = descriptionPassage(description, marker, 280)!;
  expect(some.paragraph).toBe('０００２');
  expect(marks(some.parts)).toEqual(['従来']);
});

test('Chinese keywords are marked by their jieba words', async () => {
  // CN110997956A's claim 7: 「…以对于锂离子二次电池废料进行湿式处理…」.
  const claim = record('CN110997956A').claims!.find((text) => text.includes('锂离子二次电池'))!;
  expect(marks(highlighter(['锂离子电池']).parts(claim))).toEqual([]);
  expect(marks((await searchMarker(['锂离子电池'], 'cn')).parts(claim))).toEqual(['锂离子', '电池']);
});

test('English needs no analysed words: a word is compared by its stem (running marks run and runs)', async () => {
  expect(await analysedWordsOf(['running', 'lithium batteries'], 'us')).toBeUndefined();
  expect(marks(highlighter(['running']).parts('The motor runs; running it, a run.'))).toEqual(['runs', 'running', 'run']);
});
