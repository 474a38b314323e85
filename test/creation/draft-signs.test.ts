// Reference signs of the Japanese drafter without GPT for components a claim adds outside the
// signed claim's list (「…付勢する付勢部材を更に備え」, a dependent claim's 「…被押圧体を更に備え」,
// 「…押圧部を有する」): numbered on after the listed ones in claim order, while properties, shapes,
// counts and a material's ingredients get none. Expected names and signs are written from the
// gazettes' claims. No database: the records are read from ../shared/corpus.
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftInput } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

/** The gazettes of `ids`, in that order. */
const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first ten claims. */
const draft = async (record: PatentRecord) => (await draftWithoutGpt(draftInput({ claims: record.claims!.slice(0, 10) }))).sections;
const signsOf = (sections: { symbol_descriptions: Array<{ sign: string; name: string }> }) => sections.symbol_descriptions.map(({ sign, name }) => `${name}${sign}`);

corpusTest('what claim 1 adds after its list and what its dependent claims add is signed on in claim order (JP2022060016A, JP2021125502A)', async () => {
  const [fixture, deposition] = await gazettes('JP2022060016A', 'JP2021125502A');
  // Claim 1 lists 本体, 第１固定部, 第２固定部, then 「…離間する方向に付勢する付勢部材を更に備え」; claim 2 「前記本体とは別体である
  // 被押圧体を更に備え、…前記付勢部材は、…押圧する押圧部を有する」; claim 3 「…相対位置を定める係止部を備える」; claim 4
  // 「…螺着されるねじ部を有する螺着部材からなり」. Claim 8 (固定構造) and claims 9, 10 (設置方法) add no component.
  const f = await draft(fixture!);
  // Claim 4's 螺着部材 is what the signed 付勢部材 is made up of (draft-japanese-fixes.test.ts).
  expect(signsOf(f)).toEqual(['固定体1', '本体10', '第１固定部20', '第２固定部30', '付勢部材40', '被押圧体50', '押圧部60', '係止部70', 'ねじ部80', '螺着部材90']);
  expect(f.embodiment).toContain('上記第１被固定面から離間する方向に付勢する付勢部材４０を更に備え、上記付勢部材４０により');
  expect(f.embodiment).toContain('本実施形態において、上記本体１０とは別体である被押圧体５０を更に備え、');
  // 「…押圧部を有することを特徴とする請求項１に記載の固定体。」: what claims it goes with the reference (not 「…を有することを特徴としてもよい」).
  expect(f.embodiment).toContain('上記被押圧体５０を上記第１被固定面に向けて押圧する押圧部６０を有してもよい。');
  // 被係止部 is the counterpart of the 係止部, not it: it keeps no sign.
  expect(f.embodiment).toContain('上記被押圧体５０に設けられた被係止部と係止して');
  expect(f.embodiment).toContain('相対位置を定める係止部７０を備えていてもよい。');
  expect(f.embodiment).toContain('螺着されるねじ部８０を有する螺着部材９０からなり');

  // Claim 1 lists 真空容器, 回転テーブル, 加熱部, 輻射調整部; claim 4 「前記輻射調整部は、…輻射調整膜を含む」, claim 5 (of claim 4)
  // 「前記輻射調整膜は、…反射膜を含む」, claim 7 「…吸収膜を含む」, claim 9 「…輻射調整層を含む」; claim 10 「凹凸形状を有する」 is a shape.
  const d = await draft(deposition!);
  expect(signsOf(d)).toEqual(['成膜装置1', '真空容器10', '回転テーブル20', '加熱部30', '輻射調整部40', '輻射調整膜50', '反射膜60', '吸収膜70', '輻射調整層80']);
  expect(d.embodiment).toContain('本実施形態において、上記輻射調整膜５０は、上記輻射を反射する反射膜６０を含んでいてもよい。');
  expect(d.embodiment).toContain('本実施形態において、上記輻射調整層８０は、凹凸形状を有してもよい。');
});

corpusTest('the parts listed for a signed component are signed after it, and theirs after them (JP2021061076A)', async () => {
  // Claim 1: 磁気ヘッドと、電気回路と、を備え、「前記磁気ヘッドは、磁極と、第１シールドと、…積層体と、を含み、前記積層体は、
  // 第１磁性層と、第２磁性層と、…第１層と、…第１非磁性層と、を含み」.
  const [head] = await gazettes('JP2021061076A');
  expect(signsOf(await draft(head!)).slice(0, 10)).toEqual(['磁気記録装置1', '磁気ヘッド10', '電気回路20', '磁極30', '第１シールド40', '積層体50', '第１磁性層60', '第２磁性層70', '第１層80', '第１非磁性層90']);
});

corpusTest('an element that holds a list of its own is one component of the claimed thing (JP2014218185A)', async () => {
  // Claim 1: 「…一対のサイドフレーム部と、…背面パネル部と、を含んで構成されたシートバックフレームと、…ヘッドレストと、
  // …後方変位部と、を備えた車両用シート」: the side frames and the back panel are the seat-back frame's, the seat has three.
  const [seat] = await gazettes('JP2014218185A');
  const s = await draft(seat!);
  // The frame's own parts are signed after the seat's (draft-japanese-fixes.test.ts).
  expect(signsOf(s)).toEqual(['車両用シート1', 'シートバックフレーム10', 'ヘッドレスト20', '後方変位部30', 'サイドフレーム部40', '背面パネル部50']);
  expect(s.embodiment).toContain('本実施形態に係る車両用シート１は、シートバックフレーム１０と、ヘッドレスト２０と、後方変位部３０と、を備える。');
  expect(s.embodiment).toContain('背面パネル部５０と、を含んで構成されている。');
});

corpusTest('components joined in one clause are signed each, one pointed back to keeps its sign (JP2011139055A)', async () => {
  const [element] = await gazettes('JP2011139055A');
  // Claim 1 after its list: 「前記ソース電極層及び前記ドレイン電極層は前記ゲート絶縁層との間に側壁を有し」; claim 3 「前記導電層を覆う
  // 絶縁層を有し」; claim 4 「…の間に前記ゲート絶縁層及び第２の絶縁層を有し」: only the second conjunct is new.
  const e = await draft(element!);
  expect(signsOf(e)).toEqual(['半導体素子1', '酸化物半導体層10', 'ソース電極層20', 'ドレイン電極層30', 'ゲート絶縁層40', 'ゲート電極層50', '側壁60', '絶縁層70', '第２の絶縁層80']);
  expect(e.embodiment).toContain('上記ゲート絶縁層４０及び第２の絶縁層８０を有し');
});

corpusTest('an ingredient a material claim adds, a count, people and a pair joined by と get no sign (JP2017167319A, JP2013540401A, JP2021531712A, JP2010057725A)', async () => {
  const [composition, station, media, pachinko] = await gazettes('JP2017167319A', 'JP2013540401A', 'JP2021531712A', 'JP2010057725A');
  // 「量子ドットと、リン系化合物とを含み」 are signed as before; 「重合性化合物をさらに含む」 and 「光散乱性粒子をさらに含む」 are what the
  // composition is made of, and claim 9's 光学部材 belongs to the 光波長変換シート of claim 5, not to the composition of claim 1.
  expect(signsOf(await draft(composition!))).toEqual(['光波長変換組成物1', '量子ドット10', 'リン系化合物20']);
  // 「…５６ビットを含み」, 「…及び１ビットを含み」: sizes of a codebook, not components of the base station.
  expect(signsOf(await draft(station!))).toEqual(['基地局1', '制御部10', '通信部20']);
  // Claim 6 「前記コンテンツ制作者は、ピクチャ品質専門家、プロデューサ及びディレクタを含む」: who makes the content, not parts of the system.
  expect(signsOf(await draft(media!))).toEqual(['システム1', 'ディスプレイ10', '設定モジュール20', 'ネットワークインターフェイス30', 'メタデータモジュール40']);
  // Claim 6 「前記始動入賞口は、第１始動入賞口と第２始動入賞口を有し」: the second of a joined pair is not signed without the first.
  // The parts listed for a signed component are signed: claim 3 「前記始動記憶報知手段は、…仮予告報知手段と、…示唆報知手段と、を
  // 備える」, claim 6 「前記始動記憶手段は、…第１始動記憶手段と、…第２始動記憶手段と、を…」.
  const p = await draft(pachinko!);
  expect(signsOf(p)).toEqual([
    '遊技機1',
    '始動記憶手段10',
    '判定手段20',
    'ゲーム実行制御手段30',
    '始動記憶報知手段40',
    '特別結果選択手段50',
    '仮予告報知手段60',
    '示唆報知手段70',
    '仮報知変更手段80',
    '演出予告報知手段90',
    '加算手段100',
    '第１始動記憶手段110',
    '第２始動記憶手段120',
    '報知態様変更手段130',
  ]);
  expect(p.embodiment).toContain('特別結果選択手段５０を備え');
});
