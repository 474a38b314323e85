// What the problem and the effect name when no novelty is given: claim 1's last part, read as an attorney reads it. A group selection
// (Markush, 「…からなる群より選択される」, "selected from the group consisting of") only restricts the claim's scope: the clause before
// it is the point. A relation of symbols the claim defines (「サイプ面積比Ａｃｅ」) is named by what they stand for, the symbols meaning
// nothing outside the claim. A named part is said with the claim's modifier that defines it (japanese-point.ts). Gazettes of the shared
// corpus (jp-fulltext) and written claims; no database.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftInput, draftOfRecord } from '../helpers/draft-input.ts';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('a last part selecting from a group gives way to the clause before it (JP2010017081A)', async () => {
  // Claim 1: 「…Ｌ−アミノ酸の製造法において、前記細菌は、グルタミン酸デカルボキシラーゼ活性が増強するように改変され、かつ、前記Ｌ−アミノ酸は
  // Ｌ−リジン、Ｌ−スレオニン、及びＬ−トリプトファンからなる群より選択されることを特徴とする方法。」
  const [amino] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010017081A');
  const sections = await draftOfRecord(amino!);
  expect(sections.effect).toBe('本発明によれば、細菌が、グルタミン酸デカルボキシラーゼ活性が増強するように改変されるＬ−アミノ酸の製造法を提供することができる。');
  for (const text of [sections.issue, sections.effect, sections.abstract.split('\n')[0]!]) expect(text).not.toMatch(/群より選択される/);
  // The selection stays in the means: claim 1 restated whole.
  expect(sections.method).toContain('からなる群より選択される');
});

corpusTest('a relation of symbols the claim names is said by what they stand for (JP2021154805A, JP2011248198A)', async () => {
  const [tyre, film] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2021154805A', 'JP2011248198A');
  // 「…前記センター陸における踏面での陸面積に対する前記サイプの踏面での面積の割合であるサイプ面積比Ａｃｅ、および…サイプ面積比Ａｓｈは、
  // ２％以上且つ１５％以下であり、Ａｃｅ＞Ａｓｈの関係を満たす、空気入りタイヤ。」
  const t = await draftOfRecord(tyre!);
  expect(t.effect).toBe('本発明によれば、サイプ面積比に関する所定の関係を満たす空気入りタイヤを提供することができる。');
  expect(t.abstract).toMatch(/^【課題】サイプ面積比に関する所定の関係を満たす空気入りタイヤを提供する。\n/);
  expect(t.issue).not.toMatch(/Ａｃｅ|Ａｓｈ/);
  expect(t.method).toContain('Ａｃｅ＞Ａｓｈの関係を満たす');
  // 「透明基材フィルムの両側端部に高さＡの凸状のナールが施された一方の面上に膜厚Ｂの機能膜が…膜厚Ｃで形成されており、（Ａ＋Ｃ）＞Ｂの関係にある…」
  const f = await draftOfRecord(film!);
  expect(f.effect).toBe('本発明によれば、高さ及び膜厚に関する所定の関係にある光学フィルムを提供することができる。');
});

test('English: "selected from the group consisting of" as the last part gives way to the clause before it; a claim of selections keeps its last', async () => {
  const issue = async (claim: string): Promise<string> => (await draftWithoutGpt(draftInput({ lang: 'en', claims: [claim] }))).sections.issue;
  const coating = await issue(
    '1. A coating composition comprising: a binder; and a pigment, wherein the binder is curable at room temperature, and wherein the pigment is selected from the group consisting of titanium oxide, iron oxide and carbon black.',
  );
  expect(coating).toContain('a configuration in which the binder is curable at room temperature.');
  expect(coating).not.toContain('selected from the group');
  // Every clause a selection (a compound's substituents, as US8088760B2): nothing else to name.
  const compound = await issue('1. A compound of Formula (I), wherein R1 is selected from the group consisting of hydrogen and methyl, and wherein R2 is selected from the group consisting of chloro and bromo.');
  expect(compound).toContain('R2 is selected from the group consisting of chloro and bromo');
});

corpusTest('a topic that sets when (「実行中は」) stays 「は」 in the problem and the effect (JP2020028455A)', async () => {
  // Claim 1: 「…特定処理の実行中は、前記最小時間タイマ値更新手段により…更新され、前記試験信号出力処理の実行中は、…更新されない…スロットマシン。」
  const [slot] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2020028455A');
  const sections = await draftOfRecord(slot!);
  expect(sections.effect).toMatch(/^本発明によれば、特定処理の実行中は、/);
  expect(sections.issue).not.toMatch(/実行中が/);
});

corpusTest('a named point part is said with the claim\'s modifier that defines it, within its length (JP2010001897A, JP7550342B2, JP2020072396A, JP2012145109A, JP2011225876A)', async () => {
  const [bearing, shaft, reader, valve, ink] = await gazettesWithClaims<PatentRecord>(CORPUS, 'JP2010001897A', 'JP7550342B2', 'JP2020072396A', 'JP2012145109A', 'JP2011225876A');
  // 「前記回転部の軸方向に押し下がる動き量を前記ベアリングの内輪に当接して規制するストッパ」: was 「ストッパを備える構成」.
  const b = await draftOfRecord(bearing!);
  expect(b.issue).toMatch(/^しかしながら、従来の軸受け構造では、回転部の軸方向に押し下がる動き量をベアリングの内輪に当接して規制するストッパを備える構成については/);
  expect(b.effect).toBe('本発明によれば、回転部の軸方向に押し下がる動き量をベアリングの内輪に当接して規制するストッパを備える軸受け構造を提供することができる。');
  // 「前記車両取付部材を介して前記車両に支持される第１軸部材であって、前記車両のトランスミッションの出力軸に接続され、…」: the part as first named.
  expect((await draftOfRecord(shaft!)).effect).toBe('本発明によれば、車両取付部材を介して車両に支持される第１軸部材を備えるプロペラシャフトを提供することができる。');
  // A modifier of 86 characters (「…読取位置上の光に基づいて、前記透明部材に付着している汚れと…を検知する検知部」) keeps its clause nearest the name.
  expect((await draftOfRecord(reader!)).effect).toBe('本発明によれば、透明部材に付着している汚れと白色部材に付着している汚れとを検知する検知部を備える画像読取装置を提供することができる。');
  // 「ｃ．前記入口又は出口ポート（２４、２６）の少なくとも１つに配置された可変オリフィス（２８）」: no label, no signs.
  expect((await draftOfRecord(valve!)).effect).toBe('本発明によれば、入口又は出口ポートの少なくとも１つに配置された可変オリフィスを備えるシステムを提供することができる。');
  // 「場合により着色剤」 says nothing that defines the colorant: its name stays.
  expect((await draftOfRecord(ink!)).effect).toBe('本発明によれば、着色剤を備える放射線硬化性ゲルインクを提供することができる。');
});
