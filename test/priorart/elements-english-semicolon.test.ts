// "comprising;" is a typo for "comprising:" that four of the 588 US first claims in the shared corpus
// make. Read as no transition, the preamble ran on to the next "having" and took the first parts with
// it: US8419462B2's housings and lever were compared as the claimed thing's name. Expected elements
// written by hand from the claim.
import { cutElements } from '../../src/priorart/elements.ts';

test('US8419462B2 claim 1: "A lever type connector, comprising; a first housing; …" is cut after its transition', () => {
  const claim =
    '1. A lever type connector, comprising; a first housing; a second housing; a lever, attached to the second housing, configured to be rotated to fit the first housing to the second housing in an operation direction, and having a pair of side walls and an operation portion connecting the side walls; locking arms, provided on the side walls so as to project toward an opening of the first housing into which the second housing is fitted; and temporary locking releasing portions, provided in the first housing; wherein the locking arms are deformed into a state that a part of each of the locking arms is disposed on each of the temporary locking releasing portions, so that the lever is elastically deformed, when the lever is rotated, wherein each of the temporary locking releasing portions has an inclined face, wherein each of the locking arms is moved when the lever is rotated in the operation direction from the state that the part of each of the locking arms is disposed on each of the temporary locking releasing portions, so that the lever is elastically restored after the locking arms are deformed by the temporary locking releasing portions and wherein the inclined face of each of the temporary lock releasing portions is configured such that during the restoring of the locking arms, the locking arms slide along the inclined face of each of the temporary lock releasing portions to generate an assisting force which urges the lever in the operation direction.';
  const elements = cutElements(claim, true);
  expect(elements.slice(0, 6).map((element) => `${element.preamble ? 'preamble: ' : ''}${element.text}`)).toEqual([
    'preamble: A lever type connector',
    'a first housing',
    'a second housing',
    'a lever, attached to the second housing, configured to be rotated to fit the first housing to the second housing in an operation direction, and having a pair of side walls and an operation portion connecting the side walls',
    'locking arms, provided on the side walls so as to project toward an opening of the first housing into which the second housing is fitted',
    'temporary locking releasing portions, provided in the first housing',
  ]);
  expect(elements.slice(6).every((element) => element.text.startsWith('wherein '))).toBe(true);
});
