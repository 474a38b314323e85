// A Japanese preamble that only names the claimed thing is wanted whole up to six words (evidence.ts NAME_RULE.japaneseWords):
// kuromoji cuts 「グリーン放射線硬化性の耐光性ゲルインク」 (JP2014118567A's claim 1) into グリーン, 放射線, 硬化, 耐光, ゲル and インク,
// a name the English rule's three words left out, and an orange ink's gazette (JP2014118570A, 「耐光性のオレンジ放射線硬化性ゲルインク」)
// disclosed it on all but グリーン.
import path from 'node:path';
import { findPatentTexts } from '../../src/patents/repository.ts';
import { termIndexOf } from '../../src/patents/term-index.ts';
import { evidenceOf, termsOfElements } from '../../src/priorart/evidence.ts';
import { corpusTests, cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const GREEN = 'JP2014118567A';
const ORANGE = 'JP2014118570A';
const store = corpusDatabase(async () => [await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 1000, (record) => [GREEN, ORANGE, 'JP2011225876A'].includes(record.id as string))], { available, timeout: 300_000 });

corpusTest('「グリーン放射線硬化性の耐光性ゲルインク」 is named whole: an orange ink discloses it partly, the green ink fully', async () => {
  const index = await termIndexOf(store.db, 'jp', 'full');
  const [terms] = await termsOfElements(index, [{ id: 1, text: 'グリーン放射線硬化性の耐光性ゲルインク', preamble: true }], 'jp');
  expect(terms!.words).toHaveLength(6);
  expect(terms!.name).toBe(true);
  const texts = new Map((await findPatentTexts(store.db, [GREEN, ORANGE])).map((text) => [text.id, text]));
  const [orange] = await evidenceOf(texts.get(ORANGE)!, [terms!], 'jp', 'passive');
  expect(orange!.verdict).toBe('partly');
  expect(orange!.words).not.toContain('グリーン');
  const [green] = await evidenceOf(texts.get(GREEN)!, [terms!], 'jp', 'passive');
  expect(green!.verdict).toBe('disclosed');
  expect(green!.words).toContain('グリーン');
});

// HEAD_RULE (test/priorart/evidence-head.test.ts): a Japanese body element wants the compound it closes with; a preamble
// keeps the name rule, and an element compared through a translation has no head.
corpusTest('a Japanese element wants its closing compound, a preamble does not', async () => {
  const index = await termIndexOf(store.db, 'jp', 'full');
  const [preamble, body] = await termsOfElements(
    index,
    [
      { id: 1, text: 'グリーン放射線硬化性の耐光性ゲルインク', preamble: true },
      { id: 2, text: '前記ゲルインクを収容するインク容器' },
    ],
    'jp',
  );
  expect(preamble!.head).toBeUndefined();
  expect(body!.head).toEqual(expect.arrayContaining(['インク', '容器']));
});
