// The English drafter without GPT read as a US attorney reads a draft: a method claim whose steps are one element, joined by
// commas ("A) angularly directing …, B) causing …", "directing …, checking …, and counting …"), was said as one sentence of
// hundreds of characters ("In this embodiment, the method includes …", 1,319 characters for US7314891B2). An attorney says
// each step in its own sentence, in the claim's order, as the drafter does for steps the claim ends with semicolons
// (method-steps.ts). The records are read from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('us.jsonl.gz');

const draftOf = recordDrafts('us.jsonl.gz', ['US7315383B1', 'US6981466B2', 'US7314891B2', 'US6838117B2'], available, 'en');

/** The embodiment's sentences (a period before a space or a line's end). */
const sentences = (text: string): string[] => text.split(/(?<=\.)\s+(?=[A-Z])|\n/).filter(Boolean);

corpusTest('labelled steps joined by commas are said one a sentence, in their order (US7315383B1 claim 1: "A) angularly directing …, B) causing …, … E) computing …")', async () => {
  const { embodiment } = await draftOf('US7315383B1');
  expect(embodiment).toContain(
    'In this embodiment, the 3 dimensional scanning and measurement method begins with angularly directing at least one linear light gradient onto a workpiece. ' +
      'Then, the method includes causing relative movement between the workpiece and the light gradient in a direction perpendicular to the light gradient. ' +
      'Next, the method includes receiving an image of the light gradient and the workpiece on a light sensor',
  );
  expect(embodiment).toContain('After that, the method includes reading electrical outputs from selected ones of the rows of pixels');
  expect(embodiment).toContain('Finally, the method includes computing elevation of features on the workpiece');
  for (const sentence of sentences(embodiment)) expect(sentence.length).toBeLessThan(300);
});

corpusTest('gerund steps in a list ("directing …, checking …, and counting …, characterised in that …") are said one a sentence, and what the claim says of them after (US6981466B2)', async () => {
  const { embodiment } = await draftOf('US6981466B2');
  expect(embodiment).toContain('In this embodiment, the method begins with directing milk collected from the udder of the animal into a metering chamber which is repeatedly filled and emptied during the milking procedure.');
  expect(embodiment).toContain('Then, the method includes checking at least one of the quality and the composition of the milk collected in the metering chamber.');
  expect(embodiment).toContain('Next, the method includes counting the number of filling and emptying cycles of the metering chamber.');
  expect(embodiment).toContain('In this embodiment, during each of at least several cycles of filling and emptying the metering chamber');
  expect(embodiment).not.toContain('characterised in that');
});

corpusTest('the steps a), b), c) are cut at their own labels, not at the inner i), ii) of step a) (US7314891B2)', async () => {
  const { embodiment } = await draftOf('US7314891B2');
  expect(embodiment).toMatch(/In this embodiment, the process begins with subjecting a hydrocarbon feedstock to steam reforming by i\) dividing the feedstock into first and second streams, mixing the first stream with steam, [^.]*thereby producing a partially cooled reformed gas\. /);
  expect(embodiment).toContain('Then, the process includes further cooling the partially cooled reformed gas to below the dew point of the steam therein to condense water and separating condensed water to give a de-watered synthesis gas.');
  expect(embodiment).toContain('Next, the process includes synthesising hydrocarbons from the de-watered synthesis gas by the Fischer-Tropsch reaction');
});

corpusTest('another independent method claim whose step opens on an adverb ("hydrothermally processing …") is told step by step too (US6838117B2)', async () => {
  const { embodiment } = await draftOf('US6838117B2');
  expect(embodiment).toContain('The film production method according to the embodiment begins with forming a ferroelectric seed film comprising at least one of the metals to be contained in a ferroelectric film on a substrate.');
  expect(embodiment).toContain('Finally, the film production method includes hydrothermally processing the resulting ferroelectric film in an aqueous solution having a pH of about 5 to 7.');
});
