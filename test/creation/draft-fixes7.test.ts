// The drafter without GPT read as a patent attorney reads a draft: a part named as a verb is (「出力」, "a pull") keeps no
// reference sign where the verb is meant. Expected text is written from the records' claims. No database: the records are
// read from ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord, recordDrafts } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz', 'us.jsonl.gz');

const usDraft = recordDrafts('us.jsonl.gz', ['US6981920B1'], available, 'en');

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
