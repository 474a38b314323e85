// A Japanese claim's body list closes at the verb that ends it (「…と、を備え、」), not at an
// attributive 「…とを含む」/「…とを有する」 that names the parts of one element (「正極活物質と導電助剤と
// 結着剤とを含む正極合材層」): cut there, the element lost its noun and the next one swallowed the
// rest of the list and the wherein clauses. Expected elements written by hand from reading the claims.
import { cutElements } from '../../src/priorart/elements.ts';

const cut = (claim: string) => cutElements(claim, true).map((element) => `${element.preamble ? '前提部:' : ''}${element.text}`);

test('an invention of one positive electrode: the mixture layer is one element, each wherein clause its own', () => {
  const claim =
    'リチウムイオン二次電池用の正極であって、正極集電体と、前記正極集電体上に形成され、正極活物質と導電助剤と結着剤とを含む正極合材層と、を備え、前記正極活物質は、層状岩塩型構造を有するリチウムニッケル複合酸化物であり、前記導電助剤はカーボンナノチューブを含む、正極。';
  expect(cut(claim)).toEqual([
    '前提部:リチウムイオン二次電池用の正極',
    '正極集電体',
    '前記正極集電体上に形成され、正極活物質と導電助剤と結着剤とを含む正極合材層',
    '前記正極活物質は、層状岩塩型構造を有するリチウムニッケル複合酸化物であり',
    '前記導電助剤はカーボンナノチューブを含む',
  ]);
});

test('JPWO2018134950A1 (a semiconductor laser): the resonator with its end faces, then each electrode and film the claim lists', () => {
  const claim =
    '半導体基板と、 半導体基板の上に形成され、活性層と、前記活性層の上又は下に形成された回折格子と、逆メサ斜面の前端面と、後端面とを有する共振器部と、 前記前端面に形成された反射防止コーティング膜と、 前記後端面に形成された反射膜と、 前記共振器部の上に形成された上部電極と、 前記半導体基板の下に形成された下部電極と、を備え、 前記共振器部の共振器方向の長さは前記半導体基板の前記共振器方向の長さより短く、 前記前端面からレーザ光が出射することを特徴とする半導体レーザ素子。';
  const elements = cut(claim);
  // The electrodes and films are elements of their own, and the closing limitation is not glued to them.
  expect(elements).toContain('前記前端面に形成された反射防止コーティング膜');
  expect(elements).toContain('前記半導体基板の下に形成された下部電極');
  expect(elements).toContain('前記共振器部の共振器方向の長さは前記半導体基板の前記共振器方向の長さより短く、前記前端面からレーザ光が出射する');
  expect(elements.at(-1)).toBe('前提部:半導体レーザ素子');
});
