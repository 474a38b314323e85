// A claim that gives each part a clause of its own (「前記メモリは、…を記憶し、前記ヒータは、…を気化し、」) is
// cut into one element per clause (test/priorart/elements-topic-clauses). The embodiment says each clause of its
// part (「また、上記メモリは、…を記憶する。」), not of the device each time (「また、本実施形態に係る非ニコチン
// 電子ベイピング装置１では、上記メモリは、…」 eight times), which also left the section no room for the
// dependent claims after claim 3.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('JP2023534250A: each part’s clause is a sentence of its own, and the dependent claims still fit', async () => {
  const [vaping] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2023534250A');
  const draft = await draftOfRecord(vaping!);
  const sentences = draft.embodiment.split('\n');
  expect(sentences).toContain('また、上記メモリは、非ニコチンプレベイパー製剤気化パラメータと、気化した非ニコチンプレベイパー製剤の総量と、を記憶する。');
  expect(sentences).toContain('また、上記ヒータは、上記非ニコチンリザーバから取り出された非ニコチンプレベイパー製剤を気化する。');
  expect(draft.embodiment).not.toMatch(/本実施形態に係る非ニコチン電子ベイピング装置１では、上記(?:メモリ|ヒータ)は/u);
  // Claim 4 (the empty flag stops further updates) is described as an option of the embodiment.
  expect(draft.embodiment).toContain('上記エンプティフラグを設定することにより、気化した非ニコチンプレベイパー製剤の上記更新された総量のさらなる更新を防止');
});

corpusTest('the problem says 構成 once: 「…を制御する構成については」, not 「…制御するように構成される構成については」 (JP2023534250A)', async () => {
  const [vaping] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2023534250A');
  const draft = await draftOfRecord(vaping!);
  expect(draft.issue).toContain('非ニコチン電子ベイピング装置を制御する構成については十分に検討されていない。');
  expect(draft.issue).not.toContain('構成される構成');
});
