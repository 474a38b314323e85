// A clause saying what a part has (「前記Xは、Yを有し、」) keeps its verb: it read 「前記第３レンズ群は、
// 複数の負レンズ」, a phrase an attorney would not chart. Expected elements written from the gazettes' claims.
import { cutElements } from '../../src/priorart/elements.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');
const texts = (claim: string) => cutElements(claim, true).map((element) => element.text);

corpusTest('「前記第３レンズ群は、複数の負レンズを有し」 and 「前記溶接対象物は、第１部品と第２部品とを備え」 (JP2023060272A, JP7559286B2)', async () => {
  const [optics, welding] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2023060272A', 'JP7559286B2');
  expect(texts(optics!.claims![0]!)).toEqual([
    '物体側より像側へ順に配置された、正の屈折力の第１レンズ群、正の屈折力の第２レンズ群、負の屈折力の第３レンズ群からなり、フォーカシングに際して隣り合うレンズ群の間隔が変化する光学系',
    '前記第３レンズ群は、複数の負レンズを有し',
    'フォーカシングに際して前記第２レンズ群が移動し',
    '無限遠合焦時の前記光学系の焦点距離をｆ、前記第３レンズ群の焦点距離をｆ３とするとき、－０．３２＜ｆ３／ｆ＜－０．０５なる条件式を満足する',
  ]);
  // Claim 1 (a welding automation device): 「…前記溶接対象物は、第１部品と第２部品とを備え、…」
  expect(texts(welding!.claims![0]!)).toContain('前記溶接対象物は、第１部品と第２部品とを備え');
});
