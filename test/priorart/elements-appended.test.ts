// Japanese claims that close on their claimed thing and go on with what defines it: formula blocks and the definitions of
// their symbols after 「：」 or 「。」, conditions labelled （ａ）… The claimed thing is what closes the claim's sentence, and what
// follows it is charted after the claim's own limitations. The claims are the shared corpus gazettes' (jp-fulltext); the
// expected elements were written by hand.
import { cutElements } from '../../src/priorart/elements.ts';

const texts = (claim: string) => cutElements(claim, true).map((element) => `${element.subject ? 'S:' : element.preamble ? 'P:' : ''}${element.text}`);

test('Japanese: 「…の範囲内である硬化体： ［化学式１］ …」 claims a 硬化体, the formula and its symbols one limitation (JP2017505352A claim 1)', () => {
  const claim =
    '脂肪族不飽和結合作用性ポリオルガノシロキサン及びケイ素原子に結合している水素原子を有する化合物を含む混合物の反応物であり、下記化学式１の単位を含み、下記化学式１のＡに存在する炭素原子のモル数（Ｃ）及び全体ケイ素原子のモル数（Ｓｉ）の比率（Ｃ／Ｓｉ）が０．１５〜０．５５の範囲内である硬化体： ［化学式１］ （Ｒ２ＳｉＯ１／２Ａ１／２） 化学式１で、Ｒは、それぞれ独立に、水素、エポキシ基、アルコキシ基または１価炭化水素基であり、Ａは、炭素数１〜４のアルキレン基である。';
  // Before, 「…の範囲内である硬化体：［化学式１］…１価炭化水素基であり」 was one element and no subject was read.
  expect(texts(claim).slice(1)).toEqual([
    '下記化学式１のＡに存在する炭素原子のモル数（Ｃ）及び全体ケイ素原子のモル数（Ｓｉ）の比率（Ｃ／Ｓｉ）が０．１５〜０．５５の範囲内である',
    '［化学式１］（Ｒ２ＳｉＯ１／２Ａ１／２）化学式１で、Ｒは、それぞれ独立に、水素、エポキシ基、アルコキシ基または１価炭化水素基であり、Ａは、炭素数１〜４のアルキレン基である',
    'S:硬化体',
  ]);
});

test('Japanese: conditions （ａ）〜（ｃ） after 「…を有する銅微粉の製造方法。」 are one element each, the subject the method (JP2010059453A claim 6)', () => {
  const claim =
    'Ｒ−ＯＨ、ただしＲは炭素数７〜８の直鎖アルキル基、で表される１種以上のアルコールＡと、界面活性剤である分子量２００〜４００の有機化合物が溶け合っている溶媒中に、下記（ａ）のモル比で銅化合物が溶解している液を、下記（ｂ）のモル比で水酸化物が混合された状態で、下記（ｃ）の温度範囲に保持することにより、前記界面活性剤の分子が表面に付着しておりＴＥＭ観察により求まる平均粒子径ＤTEMが５０ｎｍ以下の銅粒子を合成する工程、 合成された銅粒子を含むスラリーを固液分離して、固形分を回収する工程、 前記固形分中に混在する不純物の有機化合物を有機溶媒で洗浄し、不純物の無機塩を有機溶媒と水の混合液で洗浄する工程、 を有する銅微粉の製造方法。 （ａ）［界面活性剤分子］／［銅イオン］のモル比：１〜２０ （ｂ）［水酸化物中の水酸化物イオン］／［アルコールＡ］のモル比：０.００８〜０.５ （ｃ）アルコールＡを構成する最も沸点が低いアルコールの沸点をＡBP（℃）とするとき、（ＡBP−５０℃）以上かつＡBP以下の温度範囲';
  // Before, the subject read was 「ＡBP以下の温度範囲」 and the conditions ran on after 「銅微粉の製造方法。」 in one element.
  expect(texts(claim).slice(3)).toEqual([
    '（ａ）［界面活性剤分子］／［銅イオン］のモル比：１〜２０',
    '（ｂ）［水酸化物中の水酸化物イオン］／［アルコールＡ］のモル比：０.００８〜０.５',
    '（ｃ）アルコールＡを構成する最も沸点が低いアルコールの沸点をＡBP（℃）とするとき、（ＡBP−５０℃）以上かつＡBP以下の温度範囲',
    'S:銅微粉の製造方法',
  ]);
});

test('Japanese: items the claim chooses between (「下記（ａ）又は（ｂ）に記載のＤＮＡである」) stay one element (JP2010017081A claim 3)', () => {
  const claim =
    '前記ｇａｄＡ遺伝子が、下記（ａ）又は（ｂ）に記載のＤＮＡである、請求項２に記載の方法： （ａ）配列番号１に示す塩基配列を有するＤＮＡ、 （ｂ）配列番号１に示す塩基配列の相補配列又は同塩基配列から調製され得るプローブとストリンジェントな条件下でハイブリダイズし、かつ、グルタミン酸デカルボキシラーゼ活性を有するタンパク質をコードするＤＮＡ。';
  expect(texts(claim)).toEqual([
    '前記ｇａｄＡ遺伝子が、下記（ａ）又は（ｂ）に記載のＤＮＡである、請求項２に記載の方法',
    '（ａ）配列番号１に示す塩基配列を有するＤＮＡ、（ｂ）配列番号１に示す塩基配列の相補配列又は同塩基配列から調製され得るプローブとストリンジェントな条件下でハイブリダイズし、かつ、グルタミン酸デカルボキシラーゼ活性を有するタンパク質をコードするＤＮＡ',
  ]);
});
