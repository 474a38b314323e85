// Reference numerals in English text: a numeral belongs after a component's whole name. withSigns marks
// every mention of a name, so a name that is also the head or the start of another thing's name marked
// that thing: "a boost capacitor 50" when a capacitor is 50 (US8421436B2), "the first contact 70 terminal"
// when a first contact is 70 (US7314391B1), "the CE network 1 elements" when the network is 1 (US7643488B2). Another thing
// is one the claims introduce with "a"/"an"; a thing the claim counts ("a plurality of CE network elements") is mentioned
// without its count, and a proper name in capitals ("Virtual Private Network") is no mention.
import type { ReferenceSign } from '../../patent-documents/model.ts';
import { POSTPOSITIVE, TRAILING_ING } from './english-parts.ts';
import { withSigns } from './signs.ts';
import { escapeRegExp } from './text.ts';

/** A word that does not go on with a name: a verb form, a preposition, a conjunction, a relative ("a footplate 10 having …"); a postpositive adjective ("a body 20 moveable within …", POSTPOSITIVE) neither. */
const FUNCTION_WORD =
  /^(?:[a-z]+(?:ing|ed|ly)|for|of|to|in|on|at|by|with|from|into|onto|over|under|between|within|along|around|through|about|above|below|behind|near|via|upon|across|against|toward|towards|that|which|who|whose|where|when|while|and|or|but|nor|is|are|was|were|has|have|had|be|can|may|will|must|shall|should|so|such|as|than|each|both|the|a|an|said|thereof|therein|therebetween)$/i;

/**
 * The names a mention may use for a component the claim names with a quantity: "a plurality of CE network elements" is
 * "the CE network elements", one of them "the CE network element" (US7643488B2). Unmarked, a shorter name inside them took its
 * numeral ("the CE network 1 elements", the network being 1).
 */
function mentionedNames(signs: ReferenceSign[]): ReferenceSign[] {
  const taken = new Set(signs.map(({ name }) => name.toLowerCase()));
  const more: ReferenceSign[] = [];
  for (const { name, sign } of signs) {
    const bare = /^(?:(?:a\s+)?(?:plurality|pair|set|series|number|group|multiplicity)\s+of|one or more|at least (?:one|two)|two or more)\s+(.+)$/i.exec(name)?.[1];
    if (!bare || bare.split(/\s+/).length < 2) continue;
    // The singular of its last word, when it is a plain plural ("elements", not "glass" nor "means").
    const one = /[^su'’]s$/i.test(bare) && !/(?:ss|us|is|means|series|apparatus)$/i.test(bare) ? bare.replace(/ies$/i, 'y').replace(/(?<!ie)s$/i, '') : '';
    for (const alias of [bare, one]) {
      if (!alias || taken.has(alias.toLowerCase())) continue;
      taken.add(alias.toLowerCase());
      more.push({ name: alias, sign });
    }
  }
  return [...signs, ...more];
}

/** A participle that is a preposition or takes its complement (TRAILING_ING leaves them out as it does nouns). */
const PARTICIPLE_ING = /^(?:according|including|comprising|having|being|following|regarding|concerning|excluding|depending)$/i;

/** Whether the claims introduce `phrase` as a thing of its own ("a boost capacitor", "a first contact terminal"). */
const introduced = (phrase: string, claims: string): boolean => new RegExp(`\\b(?:a|an)\\s+${escapeRegExp(phrase)}\\b`, 'i').test(claims);
/** Or say something of it with the name going on: "wherein the granular solid wax particle size is between …" (US7862893B2, was "the granular solid wax particle 1 size is"). */
const namedOn = (phrase: string, claims: string): boolean => introduced(phrase, claims) || new RegExp(`\\bthe\\s+${escapeRegExp(phrase)}\\s+(?:is|are)\\b`, 'i').test(claims);
/**
 * A noun in -ing after a name goes on with it when the claims introduce the two as a thing, no object after it: "a blower housing
 * with a blower inlet" (US6530116B2, was "a blower 20 housing 10"), not "a conductive pad covering the …" nor "a footplate having …".
 */
function nounInIng(phrase: string, claims: string): boolean {
  const last = phrase.split(' ').at(-1)!;
  if (!/[a-z]ing$/i.test(last) || TRAILING_ING.test(last) || PARTICIPLE_ING.test(last)) return false;
  return new RegExp(`\\b(?:a|an)\\s+${escapeRegExp(phrase)}\\b(?!\\s+(?:a|an|the|said|each|one|two|its|their|at|first|second|both|all|[a-z]+ly)\\b)`, 'i').test(claims);
}

/** `text` with the numerals of `signs`, none inside the name of another thing the claims introduce. */
export function markEnglish(text: string, signs: ReferenceSign[], claims: string): string {
  // A numeral the claim gives a component itself ("the support ring (18)", US7472777B2) is written as the drafter writes its own.
  const own = signs.reduce((out, { name, sign }) => out.replace(new RegExp(`\\b(${escapeRegExp(name)})\\s*\\(${escapeRegExp(sign)}\\)`, 'gi'), `$1 ${sign}`), text);
  let marked = withSigns(own, mentionedNames(signs), 'en');
  for (const { name, sign } of signs) {
    // A name written in capitals inside a proper name ("more than one Virtual Private Network (VPN) site", US7643488B2, was
    // "Virtual Private Network 1 (VPN)") is no mention of the component a lower-case name names.
    if (!/^[a-z]/.test(name)) continue;
    marked = marked.replace(new RegExp(`\\b([A-Z][\\w-]*) (${escapeRegExp(name)}) ${sign}\\b`, 'gi'), (whole, before: string, own: string) =>
      /^[A-Z]/.test(before) && /^[A-Z]/.test(own) && !/^(?:The|A|An|In|Each|Said|According|For|When|If|Thus|Then)$/.test(before) ? `${before} ${own}` : whole,
    );
  }
  for (const { name, sign } of signs) {
    const at = escapeRegExp(name);
    // "first contact 70 terminal": the name goes on.
    marked = marked.replace(new RegExp(`\\b(${at}) ${sign}(?= ([A-Za-z][\\w-]*))`, 'g'), (whole, own: string, next: string) => (((!FUNCTION_WORD.test(next) && !POSTPOSITIVE.test(next)) || nounInIng(`${own} ${next}`, claims)) && namedOn(`${own} ${next}`, claims) ? own : whole));
    // "boost capacitor 50": a word before the name makes another's.
    marked = marked.replace(new RegExp(`\\b([A-Za-z][\\w-]*) (${at}) ${sign}\\b`, 'g'), (whole, before: string, own: string) =>
      !/^(?:a|an|the|said|each|one|of|and|or|to|with|by|in|on|at|from|for)$/i.test(before) && introduced(`${before} ${own}`, claims) ? `${before} ${own}` : whole,
    );
  }
  return marked;
}
