// "A finger configured to retain cable in a cable trough system, the finger comprising: …": "the finger" names the
// claimed thing again before the transition; it was charted as the preamble's end ("…, the finger"; a result page
// showed "A system for processing mid-dialog SIP messages, the system"). It is no part of the preamble. A restatement that
// says more ("the glove being of an open fingered type …") stays. Expected elements written by hand from the claims.
import { cutElements } from '../../src/priorart/elements.ts';

const preamble = (claim: string) => cutElements(claim, true)[0]!;

test('US7315680B1 claim 18: the preamble ends before ", the finger comprising:"', () => {
  const first = preamble(
    '18. A finger configured to retain cable in a cable trough system, the finger comprising: a curved main body; a first free end; and a second end including an attachment portion, the attachment portion including first and second legs extending from the second end, the first and second legs including barbs positioned to engage a portion of the cable trough system when the finger is coupled thereto.',
  );
  expect(first).toMatchObject({ text: 'A finger configured to retain cable in a cable trough system', preamble: true });
});

test('US20210267109A1 claim 19: "…, the method comprising:" likewise; "said … further" too', () => {
  expect(preamble('19. A method of cleaning a debris from a surface, the method comprising: placing an apparatus to clean the surface of the debris upon a yard surface.').text).toBe(
    'A method of cleaning a debris from a surface',
  );
  expect(preamble('6. The method according to claim 5, said method further comprising: heating the workpiece.').text).toBe('The method according to claim 5');
});

test('US20130014306A1 claim 10: a restatement that says more of the glove stays', () => {
  expect(
    preamble(
      "10. An improved glove employable by a user for mixed martial arts, the glove being of an open fingered type having a dorsal pad for protecting the dorsal side of the metacarpals of a user's hand against shock, wherein the improvement including: the dorsal pad having a distal extension.",
    ).text,
  ).toContain('the glove being of an open fingered type');
});
