// The drafter without GPT read as a patent attorney reads a draft: a claim's past attributive ending (「…金属粒子を担持した
// カーボン」, 「…工程とを、備えた…製造方法」, 「…表面材を一体的に接合した…製造方法」) is said in the description's present. Ended as
// the claim ends, the sentence told a past event (「カーボンは、上記実施形態に係る金属粒子を担持した。」): 52 sentences in 27 of the
// 281 Japanese drafts. Expected text is written from the records' claims. No database: the records are read from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts, sentencesOf } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2011001603A', 'JP2010167562A', 'JP2010003711A'], available, 'ja');

corpusTest('a thing built on the claimed one is said as it is (JP2011001603A: 「…金属粒子を担持したカーボン」, 「…電極に用いた燃料電池セル」)', async () => {
  const draft = await jpDraft('JP2011001603A');
  expect(draft.embodiment).toContain('また、本実施形態に係るカーボンは、上記実施形態に係る金属粒子を担持している。');
  expect(draft.embodiment).toContain('また、本実施形態に係る燃料電池用電極は、上記実施形態に係るカーボンを触媒としている。');
  expect(draft.embodiment).toContain('また、本実施形態に係る燃料電池セルは、上記実施形態に係る燃料電池用電極を還元電極及び燃料電極に用いたものである。');
});

corpusTest('a method does its acts in the present (JP2010167562A 「…接合した」, JP2010003711A 「…工程とを、備えた」), in the means and the embodiment', async () => {
  const composite = await jpDraft('JP2010167562A');
  expect(composite.method).toMatch(/竹材断片から成る表面材を一体的に接合する。$/m);
  const tab = await jpDraft('JP2010003711A');
  expect(tab.embodiment).toMatch(/プライマー膜を形成する工程とを、備える。$/m);
  for (const draft of [composite, tab]) expect(sentencesOf(draft).filter((sentence) => /(?<!かっ)た。$/.test(sentence))).toEqual([]);
});
