// The Japanese drafter without GPT on real gazettes of the shared corpus: the claimed subject said
// once (not 「組成物は、組成物であって」 or 「組成物は、上記組成物が…」), and components joined by
// 及び in one element named as components of their own, each with its sign. Expected text is
// written from the gazettes' claims. No database: the records are read from ../shared/corpus.
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftInput } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

/** The gazettes of `ids`, in that order. */
const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first claims (five: claim 1 and the dependent claims the defects were seen in). */
const draft = (record: PatentRecord, count = 5) => draftWithoutGpt(draftInput({ claims: record.claims!.slice(0, count) }));

corpusTest('the subject is said once: 「組成物であって、…を含んでいる前記組成物」 and 「前記Xは、」 after the preamble (JP2016531902A, JP2022024972A)', async () => {
  const [composition, lens] = await gazettes('JP2016531902A', 'JP2022024972A');
  // Claim 1: 「組成物であって、（Ａ）一般式（Ｉ）…で表される少なくとも１種類の化合物；及び、（Ｂ）少なくとも１種類の生物的防除剤；を含んでいる前記組成物。」
  const { sections } = await draft(composition!);
  expect(sections.method.startsWith('上記課題を解決するために、本発明に係る組成物は、（Ａ）一般式（Ｉ）〔式中、')).toBe(true);
  // The claim's 「；」 is a list mark of claims, not of a description's sentence: 「…生物的防除剤を含んでいる。」.
  expect(sections.method).toMatch(/少なくとも１種類の生物的防除剤を含んでいる。$/);
  expect(sections.abstract).toContain('\n【解決手段】組成物は、（Ａ）一般式（Ｉ）');
  // The element without a topic of its own says what the composition contains: 「組成物は、…を含んでいる」, not 「組成物では、」.
  expect(sections.embodiment).toContain('また、本実施形態に係る組成物は、（Ａ）一般式（Ｉ）');
  // Claims 4 and 5: 「前記組成物が殺菌剤として作用する」, 「前記組成物が相乗的に作用する」.
  expect(sections.embodiment).toContain('本実施形態において、組成物は、殺菌剤として作用してもよい。');
  expect(sections.embodiment).toContain('本実施形態において、組成物は、相乗的に作用してもよい。');
  for (const text of [sections.method, sections.embodiment, sections.abstract]) expect(text).not.toMatch(/組成物は、(?:上記|前記)?組成物/);

  // 「…撮像光学レンズであって、前記撮像光学レンズは、合計で７枚のレンズを備え、…」.
  const optics = (await draft(lens!)).sections;
  expect(optics.method.startsWith('上記課題を解決するために、本発明に係る撮像光学レンズは、合計で７枚のレンズを備え、前記７枚のレンズは、物体側から像側へ順に、')).toBe(true);
  expect(optics.abstract).toContain('\n【解決手段】撮像光学レンズは、合計で７枚のレンズを備え、');
  expect(optics.embodiment).toContain('また、本実施形態に係る撮像光学レンズは、合計で７枚のレンズを備える。');
  // 「前記撮像光学レンズの焦点距離をｆ、前記第４レンズの焦点距離をｆ４としたときに」: the owner says whose focal length ｆ is, and stays.
  expect(optics.embodiment).toContain('撮像光学レンズは、上記撮像光学レンズの焦点距離をｆ、上記第４レンズの焦点距離をｆ４としたときに');
});

corpusTest('the owner said again is dropped, a claim of another thing is restated from its own words, and 「、X」 is not said again (JP2021134584A, JP2010027631A, JP2020092894A)', async () => {
  const [riser, thermo, absorbent] = await gazettes('JP2021134584A', 'JP2010027631A', 'JP2020092894A');
  // 「前記蹴込板固定部材の固定具挿通穴が、…入隅に開口することを特徴とする請求項…に記載の蹴込板固定部材。」
  const fixing = (await draft(riser!)).sections;
  expect(fixing.embodiment).toContain('また、本実施形態に係る蹴込板固定部材は、固定具挿通穴が、後方突出部の下面と下方突出部の後面との入隅に開口する。');
  expect(fixing.embodiment).not.toMatch(/蹴込板固定部材は、上記蹴込板固定部材/);
  // Claim 4: 「請求項１〜３のいずれか１項に記載の熱電変換素子を複数備える、熱電変換モジュール。」 (was 「…熱電変換モジュールは、熱電変換モジュールである。」).
  const module = (await draft(thermo!)).sections;
  expect(module.embodiment).toContain('また、本実施形態に係る熱電変換モジュールは、上記実施形態に係る熱電変換素子を複数備える。');
  expect(module.embodiment).not.toContain('熱電変換モジュールは、熱電変換モジュールである');
  // 「…前記第１不織布小片は、前記第２不織布に接着されている、吸収性物品。」: the problem names the limitation, not 「…、吸収性物品である構成」.
  const pad = (await draft(absorbent!)).sections;
  expect(pad.issue).toContain('第１不織布小片が第２不織布に接着されている構成');
  expect(pad.effect).toContain('第１不織布小片が第２不織布に接着されている吸収性物品を提供することができる。');
  expect(`${pad.issue}${pad.effect}${pad.embodiment}`).not.toMatch(/、吸収性物品(?:である)?[。構]/);
});

corpusTest('components joined by 及び in one element are two components, each with its own sign (JP3213376U, JP7559286B2, JP2010000001A, JP2011054946A)', async () => {
  const [tyre, welding, clipper, semiconductor] = await gazettes('JP3213376U', 'JP7559286B2', 'JP2010000001A', 'JP2011054946A');
  // 「外側から内側へ順に配置されているゴムタイヤ、小エアバッグ層、中空層及び金属ハブを備える新型内部構造タイヤであって、…」
  const t = (await draft(tyre!)).sections;
  expect(t.symbol_descriptions.map((s) => s.name)).toEqual(['新型内部構造タイヤ', 'ゴムタイヤ', '小エアバッグ層', '中空層', '金属ハブ']);
  expect(t.embodiment).toContain('本実施形態に係る新型内部構造タイヤ１は、ゴムタイヤ１０と、小エアバッグ層２０と、中空層３０と、金属ハブ４０と、を備える。');
  // The shared modifier is said once of them all, not of each.
  expect(t.embodiment).toContain('ゴムタイヤ１０、小エアバッグ層２０、中空層３０及び金属ハブ４０は、外側から内側へ順に配置されている。');
  expect(t.embodiment).toContain('上記小エアバッグ層２０の各小エアバッグと上記中空層３０との接続箇所には、');

  // 「…マテリアルハンドリングロボットと、複数の溶接ロボットとして第１溶接ロボット及び第２溶接ロボットと、制御装置と、を備え、…」
  const w = (await draft(welding!)).sections;
  // マテリアルハンドリングロボット is the list's first component (it follows 「前記溶接自動化装置は、」).
  expect(w.symbol_descriptions.map((s) => s.name).slice(0, 5)).toEqual(['溶接自動化装置', 'マテリアルハンドリングロボット', '第１溶接ロボット', '第２溶接ロボット', '制御装置']);
  // The element's 「複数の溶接ロボットとして」 is said in the components' list, not in a second list of its own (draft-japanese-components.test.ts).
  expect(w.embodiment).toContain('マテリアルハンドリングロボット１０と、複数の溶接ロボットとして第１溶接ロボット２０及び第２溶接ロボット３０と、制御装置４０と、を備える。');

  // 「…一対の板状体からなる第１および第２の駆動体と、…一対の板状体からなる第１および第２の刈刃体と、…一対のガイド板と、…」
  const c = (await draft(clipper!)).sections;
  // Then what claims 3 and 4 add: 「軸線に対し非対称な係合部を有した」, 「…切り欠かれた凹部を有し」.
  expect(c.symbol_descriptions.map((s) => s.name)).toEqual(['バリカン式刈刃装置', '第１の駆動体', '第２の駆動体', '第１の刈刃体', '第２の刈刃体', 'ガイド板', '係合部', '凹部']);
  expect(c.embodiment).toContain('第１の駆動体１０及び第２の駆動体２０は、厚み方向に重ね合わせられ、所定の駆動機構により逆方向に往復駆動される一対の板状体からなる。');

  // 「前記酸化物半導体層上に第１のソース電極層及び第１のドレイン電極層と、…」
  const s = (await draft(semiconductor!)).sections;
  expect(s.symbol_descriptions.map((sign) => sign.name)).toEqual(expect.arrayContaining(['第１のソース電極層', '第１のドレイン電極層']));
  expect(s.embodiment).toContain('第１のソース電極層３０及び第１のドレイン電極層４０は、上記酸化物半導体層上に設けられている。');
});

corpusTest('及び is not split where it joins things inside a modifier, the complement of a clause, or two of one name (JP2012090772A, JP2016522299A, JP2014111763A, JP2014112214A)', async () => {
  const [heart, part, copolymer, resist] = await gazettes('JP2012090772A', 'JP2016522299A', 'JP2014111763A', 'JP2014112214A');
  // 「前記ボリュームデータの心筋領域の画素値及び心室領域の画素値を用いて…解析処理を行なって、…生成する解析処理手段」: one component.
  const names = (await draft(heart!)).sections.symbol_descriptions.map((s) => s.name);
  expect(names).toContain('解析処理手段');
  expect(names).not.toEqual(expect.arrayContaining(['画素値']));
  // 「前記ポリマー／窒化ホウ素化合物が、熱可塑的に加工可能なポリマー材料及び熱伝導充填剤を含み」: what a compound contains, a limitation.
  expect((await draft(part!)).sections.symbol_descriptions.map((s) => s.name)).not.toContain('ポリマー材料');
  // 「第一のブロックポリマーおよび第二のブロックポリマー」 are two; 「前記第一のブロックポリマーが骨格ポリマーおよび第一のグラフトポリマー」 says what the first is made of.
  const polymers = (await draft(copolymer!)).sections.symbol_descriptions.map((s) => s.name);
  expect(polymers.slice(1, 3)).toEqual(['第一のブロックポリマー', '第二のブロックポリマー']);
  expect(polymers).not.toContain('骨格ポリマー');
  // 「式（Ｉ）で表される構造単位及び式（ａ４）で表される構造単位」: one name twice, not two signs of 構造単位.
  expect((await draft(resist!)).sections.symbol_descriptions.filter((s) => s.name === '構造単位')).toHaveLength(1);
});
