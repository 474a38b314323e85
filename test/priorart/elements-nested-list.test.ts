// A Japanese claim may list the parts of one element with the same 「と、」 as its own elements:
// 「ごみの吸込口と、回転ブラシとを有する吸込口体と、…光源と、…上シェードと、を備え」. The suction port and
// the brush are parts of the suction body; cut at every 「と、」, the chart asked for a suction port
// of its own and a body that has (only) a brush. Expected elements written by hand from the claims.
import { cutElements } from '../../src/priorart/elements.ts';

const cut = (claim: string) => cutElements(claim, true).map((element) => `${element.preamble ? '前提部:' : ''}${element.text}`);

test('JP2023166025A claim 2 (a vacuum cleaner): the suction body is one element with its port and brush', () => {
  const claim =
    'ごみの吸込口と、回転ブラシとを有する吸込口体と、 前記回転ブラシよりも前方かつ当該回転ブラシにより前方に向かう光が遮られない位置に配置された光源と、 前記光源による上方に向かう光を少なくとも遮光する上シェードと、を備え、 当該光源は、前記回転ブラシの回転軸よりも低い位置に配置されていることを特徴とする電気掃除機。';
  expect(cut(claim)).toEqual([
    'ごみの吸込口と、回転ブラシとを有する吸込口体',
    '前記回転ブラシよりも前方かつ当該回転ブラシにより前方に向かう光が遮られない位置に配置された光源',
    '前記光源による上方に向かう光を少なくとも遮光する上シェード',
    '当該光源は、前記回転ブラシの回転軸よりも低い位置に配置されている',
    '前提部:電気掃除機',
  ]);
});

test('JP2010083151A (a tongue stopper): the male and the female disc each keep the pin, hole and projections the claim gives them', () => {
  const claim =
    'ウェビングに取り付けられるタングストッパであって、 前記ウェビングの一面に対向する第１取付面に、その中心位置に形成されるピンと、複数の第１係合突起とを有する雄盤体と、 前記ウェビングの他面に対向する第２取付面に、その中心位置に形成されて前記ピンが前記ウェビングを介して嵌合可能な嵌合孔と、複数の第２係合突起とを有する雌盤体とを備え、 前記複数の第１及び第２係合突起は、前記ウェビングの厚さ寸法よりも小さい高さ寸法を有し、且つ、前記雄盤体と前記雌盤体が前記ウェビングに取り付けられた状態にて、互いに干渉しない位置に配置されることを特徴とするタングストッパ。';
  expect(cut(claim).slice(0, 3)).toEqual([
    '前提部:ウェビングに取り付けられるタングストッパ',
    '前記ウェビングの一面に対向する第１取付面に、その中心位置に形成されるピンと、複数の第１係合突起とを有する雄盤体',
    '前記ウェビングの他面に対向する第２取付面に、その中心位置に形成されて前記ピンが前記ウェビングを介して嵌合可能な嵌合孔と、複数の第２係合突起とを有する雌盤体',
  ]);
});

test('an inner list opened by a clause of its own stops there: the substrate stays an element, the resonator takes its layer, grating and faces (JPWO2018134950A1)', () => {
  const claim =
    '半導体基板と、 半導体基板の上に形成され、活性層と、前記活性層の上又は下に形成された回折格子と、逆メサ斜面の前端面と、後端面とを有する共振器部と、 前記前端面に形成された反射防止コーティング膜と、 前記後端面に形成された反射膜と、を備えることを特徴とする半導体レーザ素子。';
  expect(cut(claim)).toEqual([
    '半導体基板',
    '半導体基板の上に形成され、活性層と、前記活性層の上又は下に形成された回折格子と、逆メサ斜面の前端面と、後端面とを有する共振器部',
    '前記前端面に形成された反射防止コーティング膜',
    '前記後端面に形成された反射膜',
    '前提部:半導体レーザ素子',
  ]);
});

test('a list of plain elements is not joined: 「…とを有する」 naming no noun after it closes the list', () => {
  const claim = '基板と、前記基板上に設けられた電極と、前記電極を覆う保護膜とを有する表示装置。';
  expect(cut(claim)).toEqual(['基板', '前記基板上に設けられた電極', '前記電極を覆う保護膜', '前提部:表示装置']);
});
