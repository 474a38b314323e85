// The problem and the effect of an optical claim whose features are conditional expressions (条件式): the claimed thing
// named by the conditions it satisfies and what they bound, as an attorney writes it, not the last condition with symbols
// the sentence does not define. Gazettes of the shared corpus (jp-fulltext); no database.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('two conditions (JP2014222336A): the zoom lens satisfying conditions on focal lengths, not 「−２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４」 alone', async () => {
  // Claim 1: 「…焦点距離をｆ２ｐ、…焦点距離をｆ３ｐ、望遠端における全系の焦点距離をｆｔとしたとき、０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２３ −２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４なる条件式を満足する…」
  const [zoom] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2014222336A');
  const sections = await draftOfRecord(zoom!);
  expect(sections.issue).toContain('本発明は、上記事情に鑑みてなされたものであり、焦点距離に関する所定の条件式を満足するズームレンズを提供することを目的とする。');
  expect(sections.effect).toBe('本発明によれば、焦点距離に関する所定の条件式を満足するズームレンズを提供することができる。');
  expect(sections.abstract).toMatch(/^【課題】焦点距離に関する所定の条件式を満足するズームレンズを提供する。\n/);
  // The conditions themselves are the means: claim 1 restated whole.
  expect(sections.method).toContain('０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２３');
});

corpusTest('one condition with its symbols (JP2023060272A), conditions written after the claim (JP2022024972A)', async () => {
  const [optical, camera] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2023060272A', 'JP2022024972A');
  // 「無限遠合焦時の前記光学系の焦点距離をｆ、前記第３レンズ群の焦点距離をｆ３とするとき、－０．３２＜ｆ３／ｆ＜－０．０５なる条件式を満足する」
  const o = await draftOfRecord(optical!);
  expect(o.effect).toBe('本発明によれば、焦点距離に関する所定の条件式を満足する光学系を提供することができる。');
  expect(o.issue).not.toMatch(/ｆ３／ｆ|とするとき/);
  // 「前記第１レンズのアッベ数をｖ１、前記第６レンズの物体側面の中心曲率半径をＲ１１、…としたときに、以下の条件式（１）～（２）を満たす」
  const c = await draftOfRecord(camera!);
  expect(c.effect).toBe('本発明によれば、アッベ数及び中心曲率半径に関する所定の条件式を満たす撮像光学レンズを提供することができる。');
  expect(c.issue).not.toMatch(/以下の条件式|としたときに/);
});
