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
  expect(texts(particle)).toEqual([
    '複数の一次粒子からなり、 二次元に投影したときの投影像における円相当径が１０ｎｍ以下であり',
    '前記投影像における周囲長と前記円相当径の比がπ超である金属粒子',
  ]);
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

test('without the automatic cutter: one element per non-empty line; at most 30 elements of at most 500 characters', () => {
  expect(texts('電池と\n\n  正極と負極  \nセパレータ', false)).toEqual(['電池と', '正極と負極', 'セパレータ']);
  const many = cutElements(Array.from({ length: 40 }, (_, i) => `element ${i}`).join('\n'), false);
  expect(many).toHaveLength(30);
  expect(many[29]!.text).toContain('element 39');
  expect(cutElements('x'.repeat(800), false)[0]!.text).toHaveLength(500);
});
