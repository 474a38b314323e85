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

// What a claim states after its closing 「。」 (a formula, conditions （ａ）〜（ｃ）) is said where its sentence is restated: left, 「下記（ａ）のモル
// 比で」 and 「下記（１）式で定義される」 pointed at nothing in 【課題を解決するための手段】 and the embodiment (japanese-appended.ts).
corpusTest('JP2010059453A: formula (1) and conditions （ａ）〜（ｃ） follow the sentences that point at them; the problem names 「所定の式」', async () => {
  const [copper] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010059453A');
  const sections = await draftOfRecord(copper!);
  const method = sections.method.split('\n');
  // Claim 1 restated, then its formula and what σD is.
  const first = method.findIndex((line) => line.includes('下記（１）式で定義されるＣＶ値'));
  expect(method[first + 1]).toMatch(/^ＣＶ値＝σD／ＤTEM×１００ ……（１）/);
  expect(method.join('')).toContain('ここでσDはＤTEMの測定対象とした個々の粒子の粒子径についての標準偏差である。');
  // Claim 5 restated, then （ａ）〜（ｃ） one a line; claim 6 states the same conditions and points back at them.
  const fifth = method.findIndex((line) => line.includes('下記（ａ）のモル比で'));
  expect(method.slice(fifth + 1, fifth + 4).map((line) => line.slice(0, 3))).toEqual(['（ａ）', '（ｂ）', '（ｃ）']);
  expect(method[fifth + 1]).toBe('（ａ）［界面活性剤分子］／［銅イオン］のモル比：１〜２０');
  expect(method[fifth + 4]).toContain('上記（ａ）のモル比で');
  // The embodiment says them too, after the sentences that use them.
  const embodiment = sections.embodiment.split('\n');
  expect(embodiment.some((line) => line.startsWith('ＣＶ値＝σD／ＤTEM×１００'))).toBe(true);
  expect(embodiment.indexOf('（ａ）［界面活性剤分子］／［銅イオン］のモル比：１〜２０')).toBeGreaterThan(embodiment.findIndex((line) => line.includes('下記（ａ）のモル比で')));
  // The problem, the effect and the abstract state no formula: no 「下記」.
  for (const text of [sections.issue, sections.effect, sections.abstract]) expect(text).not.toContain('下記');
  expect(sections.issue).toContain('所定の式で定義されるＣＶ値が５０％以下である');
});

corpusTest('JP2012220873A: a dependent claim\'s condition 「次の条件式（１）を満足する。 （１）…」 is stated after its sentence, not inside it', async () => {
  const [zoom] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2012220873A');
  const embodiment = (await draftOfRecord(zoom!)).embodiment.split('\n');
  const at = embodiment.indexOf('本実施形態において、ズームレンズ系は、次の条件式（１）を満足してもよい。');
  expect(at).toBeGreaterThan(0);
  expect(embodiment[at + 1]).toBe('（１）−１．２＜ｆａ／ｆｂ＜−０．８');
  expect(embodiment[at + 2]).toMatch(/^但し、ｆａ：第２レンズ群中のプラスチック正レンズの焦点距離、ｆｂ：/);
});
