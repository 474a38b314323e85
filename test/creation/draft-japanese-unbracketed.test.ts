// 【発明を実施するための形態】 writes the claims' reference signs without brackets, as gazettes do
// (「ハンガー４０ｄ，４０ｄ」 beside the drafter's 「フレーム４０ｅ」); 【課題を解決するための手段】 keeps the
// claims' own form, and formula numbers and listed requirements keep their brackets. Real gazettes.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('the embodiment writes signs without brackets; the solution section, formulas and listed requirements keep theirs', async () => {
  const [harvester, lens, film] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010017197A', 'JP2012220873A', 'JP2019194339A');
  // Claim 1: 「…機体を自走させる走行装置（２）を設け、…前後のハンガー（４０ｄ，４０ｄ）を回動自在に設け…」.
  const h = await draftOfRecord(harvester);
  expect(h.embodiment).toContain('ハンガー４０ｄ，４０ｄを回動自在に');
  expect(h.embodiment).not.toMatch(/[\p{Script=Han}\p{Script=Katakana}ー]（[０-９]/u);
  expect(h.method).toContain('走行装置（２）を設け');
  // 「次の条件式（１）を満足する」 and 「下記要件（１）〜（４）」.
  expect((await draftOfRecord(lens)).embodiment).toContain('条件式（１）を満足');
  expect((await draftOfRecord(film)).embodiment).toContain('要件（１）〜（４）');
}, 60_000);
