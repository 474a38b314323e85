// The drafter without GPT read as a patent attorney reads a draft: a part named as a verb is (「出力」, "a pull") keeps no
// reference sign where the verb is meant; a letter takes the article of its name ("an L-T group", "an n-type layer"). Expected text is written from the records' claims. No database: the records are
// read from ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { article } from '../../src/creation/draft/english-number.ts';
import { draftOfRecord, recordDrafts } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz', 'us.jsonl.gz');

const usDraft = recordDrafts('us.jsonl.gz', ['US6981920B1', 'US8088760B2', 'US7863599B2', 'US7642321B2', 'US7473832B2', 'US8089085B2', 'US8930553B2'], available, 'en');

corpusTest('a part named as a サ変 verb is 「出力」 with its sign, 「出力する」 without (JP2012502395A)', async () => {
  // Claim 1 lists 「…出力と、を備え」 and says 「…計算リソースへ出力するためのものである」, 「…シェーディングのために出力させる…」.
  const [rays] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2012502395A');
  const d = await draftOfRecord(rays);
  expect(d.embodiment).toContain('出力４０は、選択されたバッファ２０のコンテンツを、');
  expect(d.embodiment).toContain('計算リソース５０へ出力するためのものである。');
  expect(d.embodiment).toContain('上記計算リソース５０へシェーディングのために出力させるバッファコントローラ');
  expect(d.embodiment).toContain('光線情報を出力するように動作してもよい。');
  expect(d.embodiment).not.toMatch(/出力４０(?:する|させ)/);
});

corpusTest('a part named as a verb is "a pull 10", the verb "to pull the object" (US6981920B1)', async () => {
  // Claim 1: "a pull including a tether …; and means for exerting a force by said tether on said object to pull said object into said garment sleeve …".
  const illusion = await usDraft('US6981920B1');
  expect(illusion.embodiment).toContain('A device 1 according to an embodiment includes a pull 10.');
  expect(illusion.embodiment).toContain('by the tether on the object to pull the object into the garment sleeve');
  expect(illusion.embodiment).not.toContain('pull 10 the object');
});

corpusTest('a letter takes the article its name is read with: "an L-T group", "an n-type layer", "an H", "a U-shaped" (US8088760B2, US7863599B2, US7642321B2, US7473832B2)', async () => {
  // Claim 1: "… c) a L-T group where L is selected from …": the claim's own slip is not kept in the description.
  const compound = await usDraft('US8088760B2');
  for (const section of [compound.method, compound.embodiment, compound.abstract]) {
    expect(section).toContain('an L-T group where L is selected from');
    expect(section).not.toContain('a L-T group');
  }
  // Claim 1: "A light emitting diode (LED), comprising: an n-type semiconductor layer, …": the drafter's own list said "a n-type".
  const diode = await usDraft('US7863599B2');
  // (Its technical field names no parts: claim 1 has more than four.)
  expect(diode.domain).toBe('The present disclosure relates to a light emitting diode (LED).');
  expect(diode.embodiment).toContain('A light emitting diode (LED) 1 according to an embodiment includes an n-type semiconductor layer 10, ');
  // "… —NR8 wherein R8 is a H, an alkyl, …": H is read "aitch".
  expect((await usDraft('US7642321B2')).embodiment).toContain('wherein R8 is an H, an alkyl, a cycloalkyl or aryl');
  // U is read "you": "a U-shaped" stays as claimed.
  expect((await usDraft('US7473832B2')).embodiment).toContain('a U-shaped');
  // A word's article stays as the claims say it: "an LED assembly" (US8089085B2), "a SIP container" (US8930553B2).
  expect((await usDraft('US8089085B2')).embodiment).toContain('an LED');
  expect((await usDraft('US8930553B2')).embodiment).toContain('a SIP');
  expect([article('X-ray source'), article('U-shaped bracket'), article('LCD panel'), article('SIP container'), article('apparatus')]).toEqual(['an X-ray source', 'a U-shaped bracket', 'an LCD panel', 'a SIP container', 'an apparatus']);
});
