// The head noun of an English claim element (element-head.ts), read by hand from real US claims of the shared corpus.
import { closingCompoundOf, headNounOf } from '../../src/priorart/element-head.ts';

test.each([
  ['a footplate having front and rear ends', 'footplate'], // US11147202B2
  ['a nose plate extending forward from the lower end of the frame', 'plate'],
  ['a pair of wheels mounted on an axle at the lower end of the frame', 'wheels'],
  ['a poppet valve moveable relative to said cylinder head between open and closed positions', 'valve'],
  ['left and right stops respectively fixedly attached to and extending downwardly from the retainer flange', 'stops'],
  ['a first shallow trench isolation formed in the substrate', 'isolation'],
  ['wherein each of said first and second reflectors includes an open electrode block', 'reflectors'],
  ['wherein the steel melt includes at least alloying constituents of: less than 1% by weight', 'melt'],
  ['at least two radiating arms', 'arms'],
  ['a bearing housing having a bore', 'housing'],
  ['one or more processors configured to execute instructions', 'processors'],
  ['a landing gear assembly positioned at a front of said trailer', 'gear'], // a generic head: its modifier names the thing
  ['wherein the rear frame further comprises a pallet fork assembly', 'frame'],
  ['a first member', null],
])('%s → %s', (element, head) => {
  expect(headNounOf(element)).toBe(head);
});

test('no head where the phrase names no thing', () => {
  expect(headNounOf('1-18. (canceled)')).toBeNull();
  expect(headNounOf('the steps of: a) receiving a source digital image')).toBeNull();
  expect(headNounOf('the first and second')).toBeNull();
  // A method's step names an act, not a thing; a list or an apposition has no one head.
  expect(headNounOf('b) producing a tone scale function having a highlight tone scale segment')).toBeNull();
  expect(headNounOf('stopping the fan assembly when the ice-making operation has been completed')).toBeNull();
  expect(headNounOf('osteoarthritis, trauma that causes damage to the cartilage and/or synovia')).toBeNull();
});

// Japanese: the compound an element closes with, read by hand from the jp-fulltext gazettes' claim 1.
test.each([
  ['前記正極と前記負極との間に配置されたセパレータ', 'セパレータ'],
  ['厚み方向に重ね合わせられ、所定の駆動機構により逆方向に往復駆動される一対の板状体からなる第１および第２の駆動体', '駆動体'], // JP2010000001A
  ['上記刈刃体および駆動体の厚み方向両側に配置されて両者を摺動自在に挟持する着脱自在な一対のガイド板', 'ガイド板'],
  ['前記タバコ充填物集積体、前記フィルタ、及び前記支持部材の外周に巻かれた包装部材', '包装部材'],
  ['前記真空槽内に配置されたカソード容器', 'カソード容器'],
  ['前記リザーバアセンブリは、外殻', '外殻'],
  ['前記セパレータ', 'セパレータ'],
])('%s → %s', (element, compound) => {
  expect(closingCompoundOf(element)).toBe(compound);
});

test('no closing compound where a Japanese element closes with a verb or a particle', () => {
  expect(closingCompoundOf('前記外殻は、第１の開口部を含み')).toBeNull();
  expect(closingCompoundOf('前記複数の凹凸部は、９個以上の凸部を含む')).toBeNull();
  expect(closingCompoundOf('芯と、第１の膜')).toBeNull(); // one character: no name of its own
});
