// The description says 「上記」 once where the claim's 「前記」 meets another reference to what came before:
// a gazette's own typo 「前記前記取り除きの記憶ノード」 (JP2017208128A claim 1) and a claim referring back with
// 「前記請求項１乃至請求項５いずれかに記載の車両用ホイール」 (JP2020203578A), which the drafter says as 「上記実施形態に係る…」.
// Both were written 「上記上記」. The claims section keeps the claims as written.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('「前記前記」 and 「前記」 before a claim reference are said 「上記」 once in the description', async () => {
  const [cache, wheel] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2017208128A', 'JP2020203578A');
  const cacheDraft = await draftOfRecord(cache!);
  const wheelDraft = await draftOfRecord(wheel!);
  for (const draft of [cacheDraft, wheelDraft]) expect(draft.embodiment).not.toContain('上記上記');
  expect(cacheDraft.embodiment).toContain('上記新たな記憶ノードのプロビジョニングと、上記取り除きの記憶ノードのプロビジョニング解除と');
  expect(wheelDraft.embodiment).toContain('また、本実施形態に係るホイール組立体は、上記実施形態に係る車両用ホイールにタイヤが組み付けられたタイヤ・ホイール組立体である。');
});
