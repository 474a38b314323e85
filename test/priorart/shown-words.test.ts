// A claim chart marks an element's matched words in its cells. kuromoji cuts 正極 and 負極 alike into a
// prefix and 極, so 極 of 「正極活物質」 was marked in a passage about the negative electrode's
// 「負極活物質層」 (JP2019067534A 【0075】), reading as a match. A one-kanji word is shown as the bigram
// the element writes it in (evidence.ts shownWords).
import { analyzeField } from '../../src/patents/analysis/index.ts';
import { passagesOf, shownWords } from '../../src/priorart/evidence.ts';
import { snippetOf } from '../../src/priorart/result-view.ts';
import { matchedWordsMarking } from '../../src/search/highlight.ts';
import { corpusRecords } from '../helpers/corpus.ts';

const ELEMENT = '前記正極集電体上に形成され、正極活物質と導電助剤と結着剤とを含む正極合材層';
const marked = (parts: Array<{ text: string; mark: boolean }>) => parts.filter((part) => part.mark).map((part) => part.text);

test('one-kanji words are shown as the bigram the element writes them in, or left out inside a run', async () => {
  const words = shownWords(ELEMENT, await analyzeField(ELEMENT, 'jp', { bigrams: false }));
  expect(words).toContain('正極');
  expect(words).toContain('導電');
  expect(words).toContain('結着');
  expect(words).not.toContain('極');
  // 活 comes right after 極 (正極活物質): its bigram 極活 is in 負極活物質 too.
  expect(words).not.toContain('極活');
  // 前記 refers back: 導 of 「前記導電助剤」 is shown as 導電, not 記導.
  expect(shownWords('前記導電助剤はカーボンナノチューブを含む', ['導', '助', 'カーボンナノチューブ', '含む'])).toEqual(['導電', '電助', 'カーボンナノチューブ']);
  // A word of its own and a kanji alone are as they were.
  expect(shownWords('熱を加える加熱部', ['熱', '加える', '加熱'])).toEqual(['熱', '加える', '加熱']);
});

test('a negative-electrode passage of a real gazette marks nothing of 正極, a positive-electrode one marks 正極', async () => {
  const records = await corpusRecords<{ id: string; description: string }>('data/demo-corpus/demo.jsonl.gz', ['JP2019067534A']);
  const passages = passagesOf({ id: 'JP2019067534A', claims: null, abstract: null, description: records.get('JP2019067534A')!.description });
  const negative = passages.find((passage) => passage.number === '0075')!;
  expect(negative.text).toContain('負極活物質層');
  expect(negative.text).not.toContain('正極');
  const words = shownWords(ELEMENT, await analyzeField(ELEMENT, 'jp', { bigrams: false }));
  const marking = await matchedWordsMarking();
  expect(marked(snippetOf(negative.text, words, 2000, marking)).filter((text) => text.includes('極'))).toEqual([]);
  const positive = passages.find((passage) => /正極活物質/.test(passage.text))!;
  expect(marked(snippetOf(positive.text, words, 2000, marking))).toContain('正極');
});

test('the verbs that frame elements (有する, 含む, "having", "comprising") are not marked: every gazette writes them', async () => {
  const japanese = 'ごみの吸込口と、回転ブラシとを有する吸込口体';
  const words = shownWords(japanese, await analyzeField(japanese, 'jp', { bigrams: false }));
  expect(words).toContain('ブラシ');
  expect(words).not.toContain('有する');
  // A passage about a transparent substrate that "has" something marks nothing of the element.
  const marking = await matchedWordsMarking();
  expect(marked(snippetOf('この基材の表面には透明導電膜を有する透明基材が設けられている。', words, 2000, marking))).toEqual([]);
  const english = 'a housing having an opening and comprising a rotating brush';
  const englishWords = shownWords(english, await analyzeField(english, 'us', { bigrams: false }));
  expect(englishWords).toEqual(expect.arrayContaining(['hous', 'brush']));
  expect(englishWords).not.toEqual(expect.arrayContaining(['have']));
  expect(englishWords).not.toEqual(expect.arrayContaining(['compris']));
});
