// A lens claim's conditional expressions (条件式): an attorney compares each condition on its own, with the
// definitions of the symbols it uses (「ｆ３：第３レンズ群の焦点距離」, 「…の焦点距離をｆ３とするとき」); the
// definitions are no elements, and the condition is no part of the limitation before it. Expected elements
// written by hand from reading the claims of the shared corpus.
import { cutElements } from '../../src/priorart/elements.ts';

const cut = (claim: string) => cutElements(claim, true).map((element) => `${element.preamble ? 'P:' : ''}${element.text}`);

test('JP2023060272A claim 1: the moving lens group and the condition opened by its definitions are two elements', () => {
  const claim =
    '物体側より像側へ順に配置された、正の屈折力の第１レンズ群、正の屈折力の第２レンズ群、負の屈折力の第３レンズ群からなり、フォーカシングに際して隣り合うレンズ群の間隔が変化する光学系であって、 前記第３レンズ群は、複数の負レンズを有し、 フォーカシングに際して前記第２レンズ群が移動し、 無限遠合焦時の前記光学系の焦点距離をｆ、前記第３レンズ群の焦点距離をｆ３とするとき、 －０．３２＜ｆ３／ｆ＜－０．０５ なる条件式を満足することを特徴とする光学系。';
  expect(cut(claim).slice(2)).toEqual([
    'フォーカシングに際して前記第２レンズ群が移動し',
    '無限遠合焦時の前記光学系の焦点距離をｆ、前記第３レンズ群の焦点距離をｆ３とするとき、－０．３２＜ｆ３／ｆ＜－０．０５なる条件式を満足する',
  ]);
});

test('JP2014222336A claim 1: two conditions on one line, each with the focal lengths it uses', () => {
  const claim =
    '物体側より像側へ順に、正の屈折力の第１レンズ群、負の屈折力の第２レンズ群、正の屈折力の第３レンズ群、１以上のレンズ群を含む後群により構成され、ズーミングに際して隣り合うレンズ群の間隔が変化するズームレンズにおいて、 前記第２レンズ群および前記第３レンズ群は、それぞれ樹脂レンズを含み、 前記第２レンズ群に含まれる樹脂レンズの焦点距離をｆ２ｐ、前記第３レンズ群に含まれる樹脂レンズの焦点距離をｆ３ｐ、望遠端における全系の焦点距離をｆｔとしたとき、 ０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２３ −２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４ なる条件式を満足することを特徴とするズームレンズ。';
  expect(cut(claim).slice(-2)).toEqual([
    '前記第３レンズ群に含まれる樹脂レンズの焦点距離をｆ３ｐ、望遠端における全系の焦点距離をｆｔとしたとき、０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２３なる条件式を満足する',
    '前記第２レンズ群に含まれる樹脂レンズの焦点距離をｆ２ｐ、前記第３レンズ群に含まれる樹脂レンズの焦点距離をｆ３ｐとしたとき、−２．４０＜ｆ２ｐ／ｆ３ｐ＜−０．３４なる条件式を満足する',
  ]);
});

test('JP2014222336A claim 5: the Abbe number is said of the resin lens named in the definition before it', () => {
  const claim =
    '前記第２レンズ群に含まれる樹脂レンズの、ｄ線に対する屈折率をＮｄ２ｐ、アッベ数をνｄ２ｐ、前記第３レンズ群に含まれる樹脂レンズの、ｄ線に対する屈折率をＮｄ３ｐ、アッベ数をνｄ３ｐとしたとき、 １．４５＜Ｎｄ２ｐ＜２．５９×１０−４×νｄ２ｐ２−２．６４×１０−２×νｄ２ｐ＋２．２１３ νｄ２ｐ＜６０．０ １．４５＜Ｎｄ３ｐ＜２．５９×１０−４×νｄ３ｐ２−２．６４×１０−２×νｄ３ｐ＋２．２１３ νｄ３ｐ＜６０．０ なる条件式を満足することを特徴とする請求項１乃至４のいずれか１項に記載のズームレンズ。';
  const elements = cut(claim);
  expect(elements).toHaveLength(5);
  expect(elements[1]).toBe('前記第２レンズ群に含まれる樹脂レンズの、ｄ線に対する屈折率をＮｄ２ｐ、アッベ数をνｄ２ｐとしたとき、νｄ２ｐ＜６０．０なる条件式を満足する');
  expect(elements[3]).toBe('前記第３レンズ群に含まれる樹脂レンズの、ｄ線に対する屈折率をＮｄ３ｐ、アッベ数をνｄ３ｐとしたとき、νｄ３ｐ＜６０．０なる条件式を満足する');
});

test('JP2022024972A claim 1: conditions written after the claim, each with its definitions, the lens its subject', () => {
  const claim =
    '撮像光学レンズであって、 前記撮像光学レンズは、合計で７枚のレンズを備え、前記７枚のレンズは、物体側から像側へ順に、正の屈折力を有する第１レンズ、負の屈折力を有する第２レンズ、負の屈折力を有する第３レンズ、正の屈折力を有する第４レンズ、第５レンズ、正の屈折力を有する第６レンズ、及び、負の屈折力を有する第７レンズであり、 前記第１レンズのアッベ数をｖ１、前記第６レンズの物体側面の中心曲率半径をＲ１１、前記第６レンズの像側面の中心曲率半径をＲ１２としたときに、以下の条件式（１）～（２）を満たすことを特徴とする撮像光学レンズ。 ５９．００≦ｖ１≦８２．００ （１） ３．００≦Ｒ１２／Ｒ１１≦１０．００ （２）';
  const elements = cut(claim);
  expect(elements[0]).toBe('P:撮像光学レンズ');
  expect(elements.slice(-2)).toEqual([
    '前記第１レンズのアッベ数をｖ１としたときに、５９．００≦ｖ１≦８２．００（１）',
    '前記第６レンズの物体側面の中心曲率半径をＲ１１、前記第６レンズの像側面の中心曲率半径をＲ１２としたときに、３．００≦Ｒ１２／Ｒ１１≦１０．００（２）',
  ]);
});

test('JP2012220873A claims 3 and 7: the condition with its 「但し、ｆａ：…」 definitions, not glued to the claimed zoom lens', () => {
  expect(
    cut('請求項２記載のズームレンズ系において、次の条件式（１）を満足するズームレンズ系。 （１）−１．２＜ｆａ／ｆｂ＜−０．８ 但し、 ｆａ：第２レンズ群中のプラスチック正レンズの焦点距離、 ｆｂ：第３レンズ群中のプラスチック負メニスカスレンズの焦点距離。'),
  ).toEqual(['P:請求項２記載のズームレンズ系', '（１）−１．２＜ｆａ／ｆｂ＜−０．８ 但し、ｆａ：第２レンズ群中のプラスチック正レンズの焦点距離、ｆｂ：第３レンズ群中のプラスチック負メニスカスレンズの焦点距離']);
  // Cut after 「…に対する」, the Abbe number was read as the claimed subject and lost.
  expect(
    cut('請求項１ないし６のいずれか１項記載のズームレンズ系において、第３レンズ群は、物体側から順に、両面が非球面である正レンズ、及び少なくとも１面が非球面である像側に凹の負レンズの２枚のレンズで構成されており、次の条件式（５）を満足するズームレンズ系。 （５）νｄ＞７０ 但し、 νｄ：第３レンズ群中の正レンズのｄ線に対するアッベ数。').at(-1),
  ).toBe('（５）νｄ＞７０ 但し、νｄ：第３レンズ群中の正レンズのｄ線に対するアッベ数');
});
