// The Japanese drafter without GPT read as a Japanese patent attorney reads a draft, the leftovers of
// draft-japanese-fixes3.test.ts: malformed claims (translated word for word, or naming no thing) whose
// claimed thing was read as a clause. Expected text is written from the gazettes' claims. No database:
// the records are read from ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

const names = (sections: { symbol_descriptions: Array<{ name: string }> }) => sections.symbol_descriptions.map(({ name }) => name);

corpusTest('a claim that opens on its topic and ends on a verb claims that topic, not its last clause (JP2022008727A, JP2022008730A, JP3211190U)', async () => {
  const [jewellery, influenza, fan] = await gazettes('JP2022008727A', 'JP2022008730A', 'JP3211190U');
  // Claim 1: 「ビッグデータに基づいたジュエリー加工設備はトッププレートを含み、前記トッププレートの下端面に…、前記円盤の右端面に照明が固定設置される。」
  const j = await draftOfRecord(jewellery);
  expect(j.title).toBe('ジュエリー加工設備');
  expect(j.domain).toMatch(/^本発明は、ジュエリー加工設備に関する。/);
  expect(j.method).toMatch(/^上記課題を解決するために、本発明に係るジュエリー加工設備は、トッププレートを含み、前記トッププレートの下端面に/);
  expect(j.embodiment).toContain('本実施形態に係るジュエリー加工設備１は、トッププレート１０を備える。');
  // Claim 1: 「本発明のインフルエンザ予防製薬装置は、主体部、…を含み、…」; claim 2: 「インフルエンザ予防製薬装置の使用方法は、まず、…」.
  const i = await draftOfRecord(influenza);
  expect(i.title).toBe('インフルエンザ予防製薬装置及びその使用方法');
  expect(i.method).toMatch(/^上記課題を解決するために、本発明に係るインフルエンザ予防製薬装置は、主体部、前記主体部の頂部に/);
  expect(i.embodiment).not.toContain('本発明のインフルエンザ予防製薬装置');
  for (const d of [j, i]) {
    for (const section of [d.title, d.domain, d.issue, d.method, d.effect, d.embodiment]) expect(section).not.toMatch(/(?:固定設置|回り係合接続)される(?:に関する|では|は、|について)/);
    for (const section of [d.issue, d.effect]) expect(section).not.toContain('前記');
  }
  // Claim 2: 「請求項１に記載の販促用プラスチック製扇子はトムソン型で打ち抜かれた…嵌合させることで、物品同士の離脱を防ぎ、…使用できることを特徴とする。」:
  // the reference opens the claim's topic, not a clause to its first 「、」 (which the description dropped).
  const f = await draftOfRecord(fan);
  expect(f.embodiment).toContain('本実施形態において、販促用プラスチック製扇子は、トムソン型で打ち抜かれた複数の物品の一辺または両辺に施された折り罫に');
  expect(f.embodiment).not.toMatch(/なる扇子として使用できることを特徴とする(?:は|では)、/);
});

corpusTest('features that name no thing (「…形状を特徴とする …を特徴とする」) are said of what they are about, and a shape or a function is no part (JP2011067573A, JP2010002181A)', async () => {
  const [pin, recorder] = await gazettes('JP2011067573A', 'JP2010002181A');
  // Claim 1: 「髪をとげ状のピンにからませ頭皮を引き上げ易い形状を特徴とする 顔の皺も同時に引き上げる２本のピンを合わせ互いに引き合う形状を特徴とする
  // 伸縮するストッパーで段状のすべり止めを特徴とする」.
  const p = await draftOfRecord(pin);
  expect(p.title).toBe('ピン');
  expect(p.domain).toBe('本発明は、ピンに関する。');
  expect(p.embodiment).toContain('また、本実施形態に係るピンは、髪をとげ状のピンにからませ頭皮を引き上げ易い形状を備える。');
  expect(p.embodiment).toContain('また、本実施形態に係るピンは、顔の皺も同時に引き上げる２本のピンを合わせ互いに引き合う形状を備える。');
  expect(names(p)).toEqual([]);
  // Claim 1: 「落下したことを記録する機能を有する装置であって、０Ｇまたは落下を示す第１の信号と、…第２の信号とを含む信号を出力するための
  // 第１のセンサーと、…カウンターと、…計時ユニットと、…記録する手段とを有する」: the function is no part; the sensor, counter and clock unit are.
  const r = await draftOfRecord(recorder);
  expect(names(r)).not.toContain('機能');
  expect(names(r)).toEqual(expect.arrayContaining(['装置', '第１のセンサー', 'カウンター', '計時ユニット']));
  expect(r.embodiment).toContain('また、本実施形態に係る装置１は、落下したことを記録する機能を備える。');
});

corpusTest('a method\'s step is what the method includes in the problem and the effect, and its last 「こと、を含む」 keeps its 「こと」 (JP2022508435A, JP2015150634A, JP2017208128A)', async () => {
  const [swimmer, microstructure, cache] = await gazettes('JP2022508435A', 'JP2015150634A', 'JP2017208128A');
  // Claim 1: 「－光架橋性バイオポリマー溶液（１２）を提供するステップと、…を含む、 生体適合性マイクロスイマー（１０）を作製する方法。」: titled 「方法」 before.
  const s = await draftOfRecord(swimmer);
  expect(s.title).toBe('生体適合性マイクロスイマーの作製方法');
  expect(s.effect).toBe('本発明によれば、所定の形状を有する生体適合性マイクロスイマー（１０）に化学リンカー（２６）を適用するステップを含む生体適合性マイクロスイマーの作製方法を提供することができる。');
  // Claim 1: 「…冷却して、ナノファイバフィルムを形成する工程と、を含む…」 (was 「…形成する工程であるマイクロ構造体の製造方法」).
  expect((await draftOfRecord(microstructure)).effect).toBe('本発明によれば、堆積させたナノファイバを加熱溶融させた後、冷却して、ナノファイバフィルムを形成する工程を含むマイクロ構造体の製造方法を提供することができる。');
  // Claim 1: 「…前記メモリキャッシュノードに対するエイリアスを更新すること、 を含む管理システムにより実行される方法。」 (read 「…更新するこである」).
  const c = await draftOfRecord(cache);
  expect(c.effect).toBe('本発明によれば、構成の変更を監視したことに基づいて、メモリキャッシュノードに対するエイリアスを更新することを含む分散メモリキャッシュシステムの管理方法を提供することができる。');
  // Its steps said in the claim's order (method-steps.ts).
  expect(c.embodiment).toContain('最後に、上記構成の変更を監視したことに基づいて、上記メモリキャッシュノードに対するエイリアスを更新する。');
  for (const d of [s, c]) for (const section of [d.issue, d.effect, d.embodiment]) expect(section).not.toMatch(/(?:ステップ|工程|段階)である(?:構成|[^。]*方法を提供)|するこである/);
});

corpusTest('a note in brackets keeps its own 「は」 when what claim 1 adds modifies the thing (JP2014111522A)', async () => {
  const [piezo] = await gazettes('JP2014111522A');
  // Claim 1: 「…前記Ｍｇの含有量が…０．１０重量部以下（ただし０重量部は除く）であり、…」: read 「（ただし０重量部が除く）」.
  const p = await draftOfRecord(piezo);
  expect(p.effect).toBe('本発明によれば、Ｍｇの含有量がペロブスカイト型金属酸化物１００重量部に対して金属換算で０．１０重量部以下（ただし０重量部は除く）である圧電材料を提供することができる。');
  expect(p.issue).not.toContain('が除く');
});
