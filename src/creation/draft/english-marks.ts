// Reference numerals in English text: a numeral belongs after a component's whole name. withSigns marks
// every mention of a name, so a name that is also the head or the start of another thing's name marked
// that thing: "a boost capacitor 50" when a capacitor is 50 (US8421436B2), "the first contact 70 terminal"
// when a first contact is 70 (US7314391B1). Another thing is one the claims introduce with "a"/"an".
import type { ReferenceSign } from '../../patent-documents/model.ts';
import { POSTPOSITIVE } from './english-parts.ts';
import { withSigns } from './signs.ts';
import { escapeRegExp } from './text.ts';

/** A word that does not go on with a name: a verb form, a preposition, a conjunction, a relative ("a footplate 10 having …"); a postpositive adjective ("a body 20 moveable within …", POSTPOSITIVE) neither. */
const FUNCTION_WORD =
  /^(?:[a-z]+(?:ing|ed|ly)|for|of|to|in|on|at|by|with|from|into|onto|over|under|between|within|along|around|through|about|above|below|behind|near|via|upon|across|against|toward|towards|that|which|who|whose|where|when|while|and|or|but|nor|is|are|was|were|has|have|had|be|can|may|will|must|shall|should|so|such|as|than|each|both|the|a|an|said|thereof|therein|therebetween)$/i;

/** Whether the claims introduce `phrase` as a thing of its own ("a boost capacitor", "a first contact terminal"). */
const introduced = (phrase: string, claims: string): boolean => new RegExp(`\\b(?:a|an)\\s+${escapeRegExp(phrase)}\\b`, 'i').test(claims);

/** `text` with the numerals of `signs`, none inside the name of another thing the claims introduce. */
export function markEnglish(text: string, signs: ReferenceSign[], claims: string): string {
  // A numeral the claim gives a component itself ("the support ring (18)", US7472777B2) is written as the drafter writes its own.
  const own = signs.reduce((out, { name, sign }) => out.replace(new RegExp(`\\b(${escapeRegExp(name)})\\s*\\(${escapeRegExp(sign)}\\)`, 'gi'), `$1 ${sign}`), text);
  let marked = withSigns(own, signs, 'en');
  for (const { name, sign } of signs) {
    const at = escapeRegExp(name);
    // "first contact 70 terminal": the name goes on.
    marked = marked.replace(new RegExp(`\\b(${at}) ${sign}(?= ([A-Za-z][\\w-]*))`, 'g'), (whole, own: string, next: string) => (!FUNCTION_WORD.test(next) && !POSTPOSITIVE.test(next) && introduced(`${own} ${next}`, claims) ? own : whole));
    // "boost capacitor 50": a word before the name makes another's.
    marked = marked.replace(new RegExp(`\\b([A-Za-z][\\w-]*) (${at}) ${sign}\\b`, 'g'), (whole, before: string, own: string) =>
      !/^(?:a|an|the|said|each|one|of|and|or|to|with|by|in|on|at|from|for)$/i.test(before) && introduced(`${before} ${own}`, claims) ? `${before} ${own}` : whole,
    );
  }
  return marked;
}
