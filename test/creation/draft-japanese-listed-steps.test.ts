// A method whose claim lists its steps with 及び (「（ｉ）…工程、…、および（ｖｉｉ）…工程を含む…方法であって、」) is told as the
// claim lists them: the steps in one sentence, each whole. Gazettes of the shared corpus (jp-fulltext); no database.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('the seven steps of JP2014070017A claim 1 are had in one sentence, 「…工程と、…工程と、を備える。」', async () => {
  const [glass] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2014070017A');
  const { embodiment } = await draftOfRecord(glass!);
  expect(embodiment).toContain(
    '本実施形態に係るガラス基板の切断方法は、（ｉ）ガラス基板を用意する工程と、（ｉｉ）保護フィルムで上記ガラス基板を覆う工程と、（ｉｉｉ）上記保護フィルムをパターニングして、遮蔽領域と露出領域を含む部分的に覆われたガラス基板を得る工程と、（ｉｖ）上記部分的に覆われたガラス基板をエッチング切断溶液と約１０℃〜９０℃で約１分〜約１２０分間接触させる工程と、（ｖ）上記接触させたガラス基板を水で洗浄する工程と、（ｖｉ）上記洗浄したガラス基板を乾燥させる工程と、（ｖｉｉ）工程（ｖｉ）の上記ガラス基板から上記保護フィルムを除去する工程と、を備える。',
  );
  // One sentence, not one a step.
  expect(embodiment.match(/本実施形態に係るガラス基板の切断方法は、（ｉ/g)).toHaveLength(1);
});
