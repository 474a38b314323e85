// A part cut from a claim starts where the claim does: 「0.3～0.5质量份的…」 and "1,1-bis(…)" lost their
// "0." and "1," as if they were claim numbers (withoutClaimNumber, meant for the whole input or a line typed by
// hand). And a composition's components, each with its amount, are elements of their own. Expected elements
// written by hand from the claims.
import { cutElements } from '../../src/priorart/elements.ts';

const texts = (claim: string, automatic = true) => cutElements(claim, automatic).map((element) => element.text);

test('CN112940609A claim 1: each component of the colour film with its amount', () => {
  const claim =
    '一种用于激光抗光屏幕的色膜组合物，其特征是：包括100质量份的固含量为45～65%的有机硅压敏胶、0.3～0.5质量份的纳米级蓝相透明黑色浆、0.1～0.2质量份的氯铂酸、0.2～0.4质量份的分散剂、0.01～0.15质量份的流平剂、0.2～0.3质量份的消泡剂。';
  expect(texts(claim)).toEqual([
    '一种用于激光抗光屏幕的色膜组合物',
    '100质量份的固含量为45～65%的有机硅压敏胶',
    '0.3～0.5质量份的纳米级蓝相透明黑色浆',
    '0.1～0.2质量份的氯铂酸',
    '0.2～0.4质量份的分散剂',
    '0.01～0.15质量份的流平剂',
    '0.2～0.3质量份的消泡剂',
  ]);
});

test('CN112824551A claim 1: the steel plate of 3.0～7.0 mm keeps its thickness', () => {
  const claim =
    '一种轴瓦用钢背铝基复合板的钢质基板，其化学成分重量百分比为：C:0.020~0.060%,Si≤0.01%,Mn:0.2～0.4%,P≤0.015%,S≤0.010%,Alt≤0.005%,N:0.002~0.007%,Ti+V+Nb≤0.0030%,Cu+Cr+Ni≤0.020%,0≤0.0020%,余量为铁和不可避免杂质；钢质基板的金相组织为等轴铁素体晶粒；3.0～7.0mm厚钢质基板的屈服强度Rp0.2为220-260MPa,抗拉强度Rm为300-350MPa,断后伸长率A>35%,硬度为80-85HRB。';
  expect(texts(claim).some((text) => text.startsWith('3.0～7.0mm厚钢质基板的屈服强度'))).toBe(true);
});

test('a line typed by hand still loses its number (「1. 筐体」), a claim\'s own words do not', () => {
  expect(texts('1. 筐体\n2. 前記筐体に収容された電池', false)).toEqual(['筐体', '前記筐体に収容された電池']);
});
