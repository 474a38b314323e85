// A Japanese claim may close on its claimed thing with 「：」 and go on with what defines it (formula blocks 「［化学式１］…」,
// conditions 「（ａ）…」), as claims translated from Korean or English do: the claimed thing is what closes the sentence before
// them, not a word of the definitions. Gazettes of the shared corpus (jp-fulltext); no database.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';
import { readClaims } from '../../src/creation/draft/claims.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('「…の範囲内である硬化体： ［化学式１］ …Ａは、炭素数１〜４のアルキレン基である。」 claims a 硬化体 (JP2017505352A)', async () => {
  const [cured] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2017505352A');
  const sections = await draftOfRecord(cured!);
  // Titled 「アルキレン基」, 「本発明は、アルキレン基に関する。」 before.
  expect(sections.title).toBe('硬化体');
  expect(sections.domain).toMatch(/^本発明は、硬化体に関する。/);
  for (const text of [sections.title, sections.domain, sections.issue, sections.effect]) expect(text).not.toContain('アルキレン基');
});

corpusTest('a dependent claim closing 「…請求項１に記載の硬化体：」 or 「…請求項２に記載の方法：」 before its formulas or its list claims that thing', async () => {
  const [cured, amino] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2017508008A', 'JP2010017081A');
  // Claim 7: 「…下記化学式５の平均単位を示す、請求項１に記載の硬化体： ［化学式５］ …ａ／（ａ＋ｂ）が…範囲内になるようにする数である。」 (read 「数」).
  const curedClaims = await readClaims(cured!.claims ?? []);
  expect(curedClaims.slice(0, 9).map((claim) => claim.subject)).toEqual(Array(9).fill('硬化体'));
  // Claim 3: 「前記ｇａｄＡ遺伝子が、下記（ａ）又は（ｂ）に記載のＤＮＡである、請求項２に記載の方法： （ａ）…ＤＮＡ、 （ｂ）…ＤＮＡ。」 (read 「ＤＮＡ」).
  const aminoClaims = await readClaims(amino!.claims ?? []);
  expect(aminoClaims[2]!.subject).toBe('方法');
  expect(aminoClaims[2]!.body).toBe('前記ｇａｄＡ遺伝子が、下記（ａ）又は（ｂ）に記載のＤＮＡである');
});
