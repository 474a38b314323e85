// "…, and wherein …": the "and" joins two wherein clauses and belongs to neither. It closed the first clause as
// "wherein the foot plate has upper and lower surfaces, and" in 166 elements of the shared corpus's US claims, which
// the chart and the drafts showed as written. Expected elements written by hand from the claims.
import { cutElements } from '../../src/priorart/elements.ts';

const texts = (claim: string) => cutElements(claim, true).map((element) => element.text);

test('US11147202B2 claim 9: ", and wherein" closes no element on "and"', () => {
  expect(
    texts(
      '9. The wheeled hand truck of claim 8 wherein the foot plate has upper and lower surfaces, and wherein each socket among the left front and right front sockets comprises a passage which opens at said surfaces.',
    ),
  ).toEqual([
    'The wheeled hand truck of claim 8',
    'wherein the foot plate has upper and lower surfaces',
    'wherein each socket among the left front and right front sockets comprises a passage which opens at said surfaces',
  ]);
});

test('US6838578B2 claim 3: "… 80° to 90° and wherein …" (no comma) likewise, and the "and" inside a clause stays', () => {
  expect(
    texts(
      '3. The process of claim 1 wherein the cross-sectional area of the reaction chamber widens at an angle of 80° to 90° and wherein the ratio of the cross-sectional areas of the reaction chamber before and after the widening is 3:1 to 7:1.',
    ),
  ).toEqual([
    'The process of claim 1',
    'wherein the cross-sectional area of the reaction chamber widens at an angle of 80° to 90°',
    'wherein the ratio of the cross-sectional areas of the reaction chamber before and after the widening is 3:1 to 7:1',
  ]);
});
