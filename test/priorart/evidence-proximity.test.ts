// An element is disclosed by the words a Japanese gazette's passage holds within two consecutive sentences (evidence.ts PROXIMITY_RULE),
// not by words a long paragraph gathers from sentences about other things. JP2011213351A claims 「内容物が充填され上部が
// 開口している容器内の大気を不活性ガスで置換するための装置」; an ink gazette's synthesis paragraph (JP2014118567A 【0084】) writes
// 窒素圧力 … 不活性雰囲気 … 反応器内容物 … 充填 in sentences apart, and was read as disclosing it.
import path from 'node:path';
import { findPatentTexts } from '../../src/patents/repository.ts';
import { termIndexOf } from '../../src/patents/term-index.ts';
import { cutElements } from '../../src/priorart/elements.ts';
import { evidenceOf, PROXIMITY_RULE, termsOfElements } from '../../src/priorart/evidence.ts';
import { corpusTests, cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const CLAIMED = 'JP2011213351A';
const INK = 'JP2014118567A';
const store = corpusDatabase(async () => [await cutCorpus(path.join(CORPUS, 'jp-fulltext.jsonl.gz'), 100, () => true)], { available, timeout: 300_000 });

corpusTest('a preamble whose words an ink synthesis paragraph holds only sentences apart is not disclosed by it; the claimed device\'s own description still discloses it', async () => {
  const [claimed] = await findPatentTexts(store.db, [CLAIMED]);
  const [ink] = await findPatentTexts(store.db, [INK]);
  expect(claimed && ink).toBeTruthy();
  const index = await termIndexOf(store.db, 'jp', 'full');
  const preamble = cutElements(claimed!.claims![0]!, true)[0]!;
  expect(preamble.text).toContain('不活性ガスで置換するための装置');
  const [terms] = await termsOfElements(index, [preamble], 'jp');
  // The claimed device's own description, its claims hidden as a search would find it among others.
  const [own] = await evidenceOf({ ...claimed!, claims: null }, [terms!], 'jp', 'passive');
  expect(own!.verdict).toBe('disclosed');
  const [inInk] = await evidenceOf(ink!, [terms!], 'jp', 'passive');
  expect(inInk!.verdict).not.toBe('disclosed');
  // The words the cell marks are those its score counted: all within two consecutive sentences of the passage.
  expect(inInk!.words.length).toBeGreaterThan(0);
  const sentences = inInk!.passage!.text.split(/(?<=。)/u);
  const withinTwo = sentences.some((_, at) => inInk!.words.every((word) => (sentences[at]! + (sentences[at + 1] ?? '')).includes(word)));
  expect(withinTwo).toBe(true);
  // The whole paragraph, read as one bag of words, held enough of them.
  const span = PROXIMITY_RULE.sentences.jp;
  PROXIMITY_RULE.sentences.jp = 0;
  try {
    const [whole] = await evidenceOf(ink!, [terms!], 'jp', 'passive');
    expect(whole!.verdict).toBe('disclosed');
    expect(whole!.score).toBeGreaterThan(inInk!.score);
  } finally {
    PROXIMITY_RULE.sentences.jp = span;
  }
});
