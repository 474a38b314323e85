// Claims of the shared corpus cut into elements as a patent attorney reads them; the expected
// elements were written by hand from reading each claim.
import { cutElements } from '../../src/priorart/elements.ts';

const texts = (claim: string, automatic = true) => cutElements(claim, automatic).map((element) => `${element.preamble ? 'P:' : ''}${element.text}`);

test('Japanese: preamble 「…において、」, listed elements before 「とを設けた」, the characterising ending dropped (JP2015039043A claim 1)', () => {
  const claim =
    '外部装置と通信回線を介して通信可能な通信装置において、 当該通信装置の位置に基づいた位置情報を前記外部装置に記憶させる位置情報記憶制御手段と、 該位置情報記憶制御手段によって前記外部装置に記憶された位置情報が所定の条件を充足した場合に、該外部装置からその旨の通知を受信する受信手段とを設けたことを特徴とする通信装置。';
  expect(texts(claim)).toEqual([
    'P:外部装置と通信回線を介して通信可能な通信装置',
    '当該通信装置の位置に基づいた位置情報を前記外部装置に記憶させる位置情報記憶制御手段',
    '該位置情報記憶制御手段によって前記外部装置に記憶された位置情報が所定の条件を充足した場合に、該外部装置からその旨の通知を受信する受信手段',
  ]);
});

test('Japanese: a preamble that lists elements (「…とを備えた…であって、」) gives them, and the characterising part follows (JP2010000001A claim 1)', () => {
  const claim =
    '厚み方向に重ね合わせられ、所定の駆動機構により逆方向に往復駆動される一対の板状体からなる第１および第２の駆動体と、これら第１および第２の駆動体の反駆動側の端部と着脱自在に係合して一体に往復駆動されるとともに、所定形状の刈刃を側辺部に有した一対の板状体からなる第１および第２の刈刃体と、上記刈刃体および駆動体の厚み方向両側に配置されて両者を摺動自在に挟持する着脱自在な一対のガイド板とを備えたバリカン式刈刃装置であって、 上記第１刈刃体および第１駆動体の各係合部間に形成される第１境界線と、上記第２刈刃体および第２駆動体の各係合部間に形成される第２境界線とが平面視で点でのみ交差するとともに、その状態が往復運動の全ストロークに亘って維持されるように、上記刈刃体および駆動体の各係合部が形成されたことを特徴とするバリカン式刈刃装置。';
  const elements = texts(claim);
  expect(elements[0]).toBe('P:バリカン式刈刃装置');
  expect(elements.slice(1, 4)).toEqual([
    '厚み方向に重ね合わせられ、所定の駆動機構により逆方向に往復駆動される一対の板状体からなる第１および第２の駆動体',
    'これら第１および第２の駆動体の反駆動側の端部と着脱自在に係合して一体に往復駆動されるとともに、所定形状の刈刃を側辺部に有した一対の板状体からなる第１および第２の刈刃体',
    '上記刈刃体および駆動体の厚み方向両側に配置されて両者を摺動自在に挟持する着脱自在な一対のガイド板',
  ]);
  // The characterising part: the boundary lines crossing only at a point over the whole stroke.
  expect(elements.slice(4).join('')).toContain('平面視で点でのみ交差する');
  expect(elements.slice(4).join('')).toContain('各係合部が形成された');
});

test('Japanese: 「…であり、」 joins limitations, it opens no preamble (claims 1 of jp-fulltext: a metal particle; JP2021154805A)', () => {
  // The claimed thing comes at the end; 「…以下であり、」 is the first of two limitations.
  const particle = '複数の一次粒子からなり、 二次元に投影したときの投影像における円相当径が１０ｎｍ以下であり、 前記投影像における周囲長と前記円相当径の比がπ超である金属粒子。';
  // 「…からなり、」 ends a limitation too, and the claimed thing (金属粒子) closes the chart as its preamble.
  expect(texts(particle)).toEqual([
    '複数の一次粒子からなり',
    '二次元に投影したときの投影像における円相当径が１０ｎｍ以下であり',
    '前記投影像における周囲長と前記円相当径の比がπ超である',
    'P:金属粒子',
  ]);
  // Said to be the claimed thing (the pages and exports label it 発明の対象, not 前提部).
  expect(cutElements(particle, true).at(-1)).toEqual({ id: 4, text: '金属粒子', preamble: true, subject: true });
  // Listed elements, then clauses about them: none of it is a preamble.
  const tyre = 'タイヤ周方向に延びる複数の主溝と、前記主溝によって区分されるセンター陸及びショルダー陸と、を備え、 前記ショルダー陸は、前記複数の主溝のうちタイヤ幅方向の最も外側に配置される主溝よりもタイヤ幅方向外側に配置され、 前記センター陸は、前記ショルダー陸よりもタイヤ幅方向内側に配置され、 前記センター陸及び前記ショルダー陸の各々は、副溝と、前記副溝により区分される複数のブロックと、サイプと、を備え、 前記センター陸における踏面での陸面積に対する前記サイプの踏面での面積の割合であるサイプ面積比Ａｃｅ、および前記ショルダー陸における踏面での陸面積に対する前記サイプの踏面での面積の割合であるサイプ面積比Ａｓｈは、２％以上且つ１５％以下であり、Ａｃｅ＞Ａｓｈの関係を満たす、空気入りタイヤ。';
  const elements = texts(tyre);
  expect(elements.some((element) => element.startsWith('P:'))).toBe(false);
  expect(elements.slice(0, 2)).toEqual(['タイヤ周方向に延びる複数の主溝', '前記主溝によって区分されるセンター陸及びショルダー陸']);
  expect(elements.join('')).toContain('Ａｃｅ＞Ａｓｈの関係を満たす');
});

test('Japanese: only the last 「…を特徴とする」 ends the claim; clauses each ending so are elements (JP2011067573A, JP3213376U claims 1)', () => {
  const pins = '髪をとげ状のピンにからませ頭皮を引き上げ易い形状を特徴とする 顔の皺も同時に引き上げる２本のピンを合わせ互いに引き合う形状を特徴とする 伸縮するストッパーで段状のすべり止めを特徴とする';
  expect(texts(pins)).toEqual(['髪をとげ状のピンにからませ頭皮を引き上げ易い形状', '顔の皺も同時に引き上げる２本のピンを合わせ互いに引き合う形状', '伸縮するストッパーで段状のすべり止め']);
  // 「…ことを特徴とする、小エアバッグに…タイヤ。」: the subject after a 「、」 is no limitation.
  const tyre = '外側から内側へ順に配置されているゴムタイヤ、小エアバッグ層、中空層及び金属ハブを備える新型内部構造タイヤであって、前記小エアバッグ層の各小エアバッグと前記中空層との接続箇所には、自動で前記小エアバッグ内に空気を入れ、前記小エアバッグ内の気体を逆流させない空気注入逆止弁が取り付けられることを特徴とする、小エアバッグに自動で空気を入れる新型内部構造タイヤ。';
  const elements = texts(tyre);
  expect(elements.at(-1)).toMatch(/空気注入逆止弁が取り付けられる$/);
  expect(elements.join('')).not.toContain('特徴とする');
});

test('Japanese: the claimed subject closing the claim is an element of its own, not part of the last limitation (JP2010237730A, JPWO2019038878A1, JP2021086834A, JP2022508435A claims 1)', () => {
  // 「…反復制御部と、 を備える移動スケジュール設計装置。」: the gazette's line break before 「を備える」; the list ends there.
  const scheduler = texts(
    '複数のプログラムそれぞれが稼動しているときのメモリ内のデータそれぞれを、他の一つまたは複数のコンピュータのメモリに移動させるためのスケジュールを設計する移動スケジュール設計装置であって、 移動元または移動先のコンピュータでの利用可能なＣＰＵ量を、データを移動させるべきプログラムの数で按分し、該按分されたＣＰＵ量を前記プログラムそれぞれに分配するＣＰＵ量分配部と、 前記ＣＰＵ量分配部によって分配された前記プログラムごとのＣＰＵ量に基づき、前記メモリ内のデータそれぞれを移動させるときに使用されるネットワークの帯域を、前記プログラムごとに算出し、算出した前記プログラムごとの帯域と前記プログラムごとのデータ量とに基づき、前記プログラムごとの移動時間を算出する移動時間計算部と、 前記移動時間計算部によって算出された移動時間が最短となるプログラムを選択し、移動させるべきプログラム全ての移動が完了する予定時間から前記選択されたプログラムの移動時間分さかのぼった時間を前記選択されたプログラムの移動開始時間とするとともに、前記選択されたプログラム以外の残プログラムに対し、前記残プログラムのデータそれぞれが前記最短の移動時間のうちに移動したものとみなしたときの残りのデータ量である未移動データ量を、前記残プログラムごとに算出する開始時間決定部と、 前記未移動データ量を有する残プログラムが無くなるまで、前記残プログラムそれぞれが前記未移動データ量それぞれを有するプログラムであるとして、前記残プログラムを対象とした処理を前記ＣＰＵ量分配部、前記移動時間計算部、前記開始時間決定部に繰り返し実行させるよう制御する反復制御部と、 を備える移動スケジュール設計装置。',
  );
  expect(scheduler).toHaveLength(5);
  expect(scheduler[0]).toMatch(/^P:.*移動スケジュール設計装置$/);
  const units = ['ＣＰＵ量分配部', '移動時間計算部', '開始時間決定部', '反復制御部'];
  scheduler.slice(1).forEach((element, i) => expect(element.endsWith(`する${units[i]}`)).toBe(true));
  // An attributive 「を含む」 inside the last listed element (「前記画像を含む広告」) does not end the list.
  const terminal = texts(
    'ネットワークを介してサーバ装置と通信可能に接続され、前記サーバ装置から広告に含まれる画像の選択情報を受信するように構成された通信インターフェイスと、 所定の指示命令を記憶するように構成されたメモリと、 前記メモリに記憶されるか、又は前記ネットワークを介して接続された記憶装置に所定のユーザ識別情報に対応付けて記憶される画像の中から、前記通信インターフェイスで受信した前記選択情報に基づいて１又は複数の画像を前記広告に含まれる画像として選択するために、前記メモリに記憶された前記所定の指示命令を実行可能に構成されたプロセッサと、 選択された前記画像を含む広告を表示するように構成されたディスプレイと、 を含む端末装置。',
  );
  expect(terminal).toHaveLength(5);
  expect(terminal.slice(-2)).toEqual(['選択された前記画像を含む広告を表示するように構成されたディスプレイ', 'P:端末装置']);
  // Claims translated from English put a 「、」 before the subject: 「…を含むものである、リチウム二次電池用正極活物質。」
  // The active material and its coating are two parts (elements-conjoined-parts).
  expect(texts('リチウム金属酸化物活物質及び 前記活物質の表面に位置するコーティング層を含み、 前記コーティング層は、硫黄化合物を含むものである、リチウム二次電池用正極活物質。')).toEqual([
    'リチウム金属酸化物活物質',
    '前記活物質の表面に位置するコーティング層',
    '前記コーティング層は、硫黄化合物を含むものである',
    'P:リチウム二次電池用正極活物質',
  ]);
  // A method's steps, then only what the method makes: 「…ステップと、を含む、 生体適合性マイクロスイマー（１０）を作製する方法。」
  const steps = texts(
    '－光架橋性バイオポリマー溶液（１２）を提供するステップと、 －磁性粒子および光開始剤を前記光架橋性バイオポリマー溶液に添加して、３Ｄ印刷可能な溶液（１４）を形成するステップと、 －前記３Ｄ印刷可能な溶液（１４）に方向付けした可変焦点でレーザー（１８）を適用するステップと、 －前記３Ｄ印刷可能な溶液（１４）を通して前記レーザー（１８）の焦点を変動させ、所定の形状の前記生体適合性マイクロスイマー（１０）を形成するステップと、 －所定の形状を有する前記生体適合性マイクロスイマー（１０）に化学リンカー（２６）を適用するステップと、を含む、 生体適合性マイクロスイマー（１０）を作製する方法。',
  );
  expect(steps).toHaveLength(6);
  expect(steps.slice(0, 5).every((step) => step.endsWith('ステップ'))).toBe(true);
  expect(steps[5]).toBe('P:生体適合性マイクロスイマー（１０）を作製する方法');
});

test('Japanese: an attributive 「を含む」 modifies the noun after it; 「…とを備えている」 ends a list (JP2011093763A, JP3236365U claims 1)', () => {
  expect(texts('ニオブ成分を含む結晶相を含有し、光触媒活性を有するガラスセラミックス。')).toEqual(['ニオブ成分を含む結晶相を含有し、光触媒活性を有する', 'P:ガラスセラミックス']);
  const building = texts(
    '隣接する住戸間に各住戸への出入口に接続する屋外階段を備えた階段室型共同住宅からなる既存住宅と、 前記既存住宅の近傍の地面上に設けられ、増築部分を構成する増築構造物と、 前記増築構造物と隣接した或いは距離を隔てた位置の地面上に、前記増築構造物の前記既存住宅と反対側に設けられた付設構造物と、 前記既存住宅の上方で、かつ、前記増築構造物と前記付設構造物との間に形成された増築階と、 前記既存住宅の屋外階段側に上下で隣接する少なくとも１組の階の床高さの略中間の高さで且つ該既存住宅との間に空間を有するように設けられた新規廊下と、 前記１組の階の間に存在する屋外階段の踊り場と前記新規廊下とを連結する通路とを備えていることを特徴とする建築物。',
  );
  const parts = ['既存住宅', '増築構造物', '付設構造物', '増築階', '新規廊下', '通路', 'P:建築物'];
  expect(building).toHaveLength(parts.length);
  building.forEach((element, i) => expect(element.endsWith(parts[i]!)).toBe(true));
});

test('Japanese: a step done before the next (「…を塗布した後に、」) is a limitation of its own (JP2010001570A claim 1)', () => {
  expect(texts('無撚りのアラミド繊維に、固形分質量比にして５〜５０質量％のカーボンブラックを含む水溶性接着剤を塗布した後に、前記アラミド繊維を加撚する、ゴムベルト補強用アラミド繊維コードの製造方法。')).toEqual([
    '無撚りのアラミド繊維に、固形分質量比にして５〜５０質量％のカーボンブラックを含む水溶性接着剤を塗布した後に',
    '前記アラミド繊維を加撚する',
    'P:ゴムベルト補強用アラミド繊維コードの製造方法',
  ]);
});

test('Japanese: listed parts of two or three characters are elements of their own (「正極と、負極と、…」; JP2020186462A, JP2020042877A claims 1)', () => {
  expect(texts('正極と、負極と、前記正極と前記負極との間に配置されたセパレータと、電解液とを備えるリチウムイオン二次電池。').slice(0, 4)).toEqual([
    '正極',
    '負極',
    '前記正極と前記負極との間に配置されたセパレータ',
    '電解液',
  ]);
  expect(texts('モータと、ギアと、ハウジングとを備える駆動装置。').slice(0, 3)).toEqual(['モータ', 'ギア', 'ハウジング']);
});

test('English: preamble before "comprising:", elements at ";" and "; and", a "wherein" clause on its own (US11147202B2 claim 1, shortened)', () => {
  const claim =
    '1. A wheeled hand truck comprising: (a) a footplate having front and rear ends; (b) a retainer flange having left and right ends; (c) a left pin and sleeve combination pivotally mounting a left segment of the retainer flange upon the foot plate; and (d) a handle, wherein the handle is telescopic.';
  expect(texts(claim)).toEqual([
    'P:A wheeled hand truck',
    'a footplate having front and rear ends',
    'a retainer flange having left and right ends',
    'a left pin and sleeve combination pivotally mounting a left segment of the retainer flange upon the foot plate',
    'a handle',
    'wherein the handle is telescopic',
  ]);
});

test('English: the transition is where the preamble names the claimed thing again before a colon, not an earlier "having" of a part (US6334226B1, US7642330B2 claims 1, shortened)', () => {
  const faucet =
    '1. A faucet support member configured to releasably fix a faucet in a mounting hole that is formed in a base plate, the faucet having at least one of a base end portion and a handy spray, the faucet support member comprising: a support seat provided to support the base end portion of the faucet; a plurality of connectors configured to extend through the support seat.';
  expect(texts(faucet)).toEqual([
    'P:A faucet support member configured to releasably fix a faucet in a mounting hole that is formed in a base plate, the faucet having at least one of a base end portion and a handy spray',
    'a support seat provided to support the base end portion of the faucet',
    'a plurality of connectors configured to extend through the support seat',
  ]);
  const method =
    '1. A method for selecting a polyolefin having a die swell within a preselected range, the method comprising: (a) obtaining a die swell data set from the reference samples of the polyolefins; (b) selecting a polyolefin.';
  expect(texts(method)).toEqual(['P:A method for selecting a polyolefin having a die swell within a preselected range', 'obtaining a die swell data set from the reference samples of the polyolefins', 'selecting a polyolefin']);
  // A colon after "wherein" lists inside an element; the first transition stays (US8088834B2's shape).
  expect(texts('A composition comprising a polyester, wherein the polyester is made by a process comprising: heating; and cooling.')[0]).toBe('P:A composition');
});

test('Chinese: 「其特征在于，包括以下步骤：」 opens the steps, 「；」 separates them (CN114232276A claim 1)', () => {
  const claim = '一种衣物处理装置的预约控制方法，其特征在于，包括以下步骤：获取用户信息；预估所需的衣物处理时长；根据获取用户信息和所需的衣物处理时长，确定预约衣物处理开始时刻；衣物处理装置执行衣物处理过程。';
  expect(texts(claim)).toEqual([
    'P:一种衣物处理装置的预约控制方法',
    '获取用户信息',
    '预估所需的衣物处理时长',
    '根据获取用户信息和所需的衣物处理时长，确定预约衣物处理开始时刻',
    '衣物处理装置执行衣物处理过程',
  ]);
});

test('Chinese: a reference sign after a part (「外筒(1)」) is no step marker; steps marked 1) … 4) or a. … d. are cut there, without their 「以及」 (CN107541890A, CN113914863A, CN107635928A claim 1)', () => {
  // Before, every 「(1)」 cut the claim: 「与所述外筒」 and 「的进水口连通的进水装置」 were two of its 20 elements.
  const washer =
    '一种洗干一体机，包括外壳、外筒(1)、内筒(11)、冷凝器(2)、与所述外筒(1)的进水口连通的进水装置(3)以及与所述外筒(1)的排水口相连的排水装置(4),其特征在于，所述冷凝器(2)底部设置有潮湿热空气入口(21),潮湿热空气入口(21)与所述外筒(1)相连，所述冷凝器(2)与所述外筒(1)之间设置有潮湿热空气节流装置(9),所述冷凝器(2)一端连接有进水装置(3),冷凝器(2)另一端与洗干一体机的冷凝水排放装置(5)连接。';
  expect(texts(washer)).toEqual([
    'P:一种洗干一体机',
    // The parts it lists after 包括 are elements of their own, as 「Aと、Bと、を備える」 in Japanese.
    '外壳',
    '外筒(1)',
    '内筒(11)',
    '冷凝器(2)',
    '与所述外筒(1)的进水口连通的进水装置(3)',
    '与所述外筒(1)的排水口相连的排水装置(4)',
    '所述冷凝器(2)底部设置有潮湿热空气入口(21)',
    '潮湿热空气入口(21)与所述外筒(1)相连',
    '所述冷凝器(2)与所述外筒(1)之间设置有潮湿热空气节流装置(9)',
    '所述冷凝器(2)一端连接有进水装置(3)',
    '冷凝器(2)另一端与洗干一体机的冷凝水排放装置(5)连接',
  ]);
  const mining =
    '一种近水平薄矿体智能掘进机机械开采方法，包括如下步骤：1)沿矿体走向划分盘区，盘区内沿倾向布置若干矿块；2)用智能掘进机对各矿块进行回采，采用房柱采矿方式在矿块回采时留间柱(6)、点柱(7)和底柱(8);3)矿块内沿倾向方向划分为若干竖直分层，竖直分层分为无点柱层和有点柱层，有点柱层内回采时留有点柱(7);4)矿块内按竖直分层逐层自下而上回采；一个矿块采完充填后再采上部另一个矿块。';
  expect(texts(mining)).toEqual([
    'P:一种近水平薄矿体智能掘进机机械开采方法',
    '沿矿体走向划分盘区，盘区内沿倾向布置若干矿块',
    '用智能掘进机对各矿块进行回采，采用房柱采矿方式在矿块回采时留间柱(6)、点柱(7)和底柱(8)',
    '矿块内沿倾向方向划分为若干竖直分层，竖直分层分为无点柱层和有点柱层，有点柱层内回采时留有点柱(7)',
    '矿块内按竖直分层逐层自下而上回采',
    '一个矿块采完充填后再采上部另一个矿块',
  ]);
  const water =
    '一种从废水中除去离子的方法，其特征在于，该方法包括以下步骤：a.提供植物衍生的阳离子纳米原纤纤维素，b.使用所述植物衍生的阳离子纳米原纤纤维素进行纯化处理，所述植物衍生的阳离子纳米原纤纤维素的用量为基于该纳米原纤纤维素的干重0.005-25kg/m³废水，所述纯化处理包括将废水中含有的离子吸附到所述植物衍生的阳离子纳米原纤纤维素上，c.将用过的植物衍生的阳离子纳米原纤纤维素与废水分离，以及d.回收经过处理的废水。';
  const steps = texts(water);
  expect(steps[0]).toBe('P:一种从废水中除去离子的方法');
  expect(steps).not.toContain('该方法包括以下步骤');
  expect(steps).toContain('提供植物衍生的阳离子纳米原纤纤维素');
  expect(steps).toContain('将用过的植物衍生的阳离子纳米原纤纤维素与废水分离');
  expect(steps[steps.length - 1]).toBe('回收经过处理的废水');
  // A list that is the object of a clause stays whole (CN109444534A), and so does a step's (「将乙烯、丙烯和二烯单体混合…」).
  expect(texts('一种电子测量装置，包括电子测量线路(2)，其特征在于，所述电子测量线路(2)分别与接线柱A(11)、接线柱B(12)、接线柱C(13)和接线柱D(14)相连。')).toContain('所述电子测量线路(2)分别与接线柱A(11)、接线柱B(12)、接线柱C(13)和接线柱D(14)相连');
  expect(texts('一种聚合方法，包括：将乙烯、丙烯和二烯单体混合后在催化剂的存在下进行聚合反应。')).toContain('将乙烯、丙烯和二烯单体混合后在催化剂的存在下进行聚合反应');
  // 「所述缓冲器包括方形铁框(1)、销轴(2)、U字型钢带(3)及定位钢板(4)」 (CN112211946A): the parts, without the lead.
  expect(texts('一种缓冲装置，包括缓冲器，其特征在于，所述缓冲器包括方形铁框(1)、销轴(2)、U字型钢带(3)及定位钢板(4)。').slice(-4)).toEqual(['方形铁框(1)', '销轴(2)', 'U字型钢带(3)', '定位钢板(4)']);
  // A ratio's parentheses stay inside its step (CN111349023A): 「然后以(0.5-0.80)℃/min的速率升温」.
  expect(texts('甲烷二磺酰氟的合成方法，包括：所述的三阶段控温方式是在室温下，先以0.2℃/min的速率升温反应2-3h,然后以(0.5-0.80)℃/min的速率升温反应1-2h。').join(' | ')).toContain('(0.5-0.80)℃/min');
});

test('without the automatic cutter: one element per non-empty line; at most 30 elements of at most 500 characters', () => {
  expect(texts('電池と\n\n  正極と負極  \nセパレータ', false)).toEqual(['電池と', '正極と負極', 'セパレータ']);
  const many = cutElements(Array.from({ length: 40 }, (_, i) => `element ${i}`).join('\n'), false);
  expect(many).toHaveLength(30);
  expect(many[29]!.text).toContain('element 39');
  expect(cutElements('x'.repeat(800), false)[0]!.text).toHaveLength(500);
});
