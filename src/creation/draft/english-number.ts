// The number and article of the things an English draft names: "a device", "an apparatus", "carbon particles" (a plural takes none and
// plural verbs), "methods for producing a unit", "a tube connecting structure and a method of …". Used by the English sections (english.ts).
import { escapeRegExp, lowerFirst } from './text.ts';

/**
 * A word read by the names of its letters: a single letter before a hyphen, a digit, a prime or a plus ("L-T group", "R1",
 * "n-type", "X-ray", "n++"), a capital alone ("R8 is an H, an alkyl …"), or capitals without a vowel, which no one reads as a word
 * ("LCD"). Its article goes by the first letter's name; other abbreviations ("a SIP", "an LED") are left to how the claims say them.
 */
const LETTERS = /^(?:[A-Za-z](?=[-\d'’+])|[A-Z](?= |[,;:]|$)|[B-DF-HJ-NP-TV-XZ][B-DF-HJ-NP-TV-XZ\d]+\b(?![a-z]))/;
/** Letters whose names open with a vowel sound: a, e, ef, aitch, i, el, em, en, o, ar, ess, ex (not u, "you"). */
const VOWEL_LETTER = /^[aefhilmnorsx]/i;
const takesAn = (noun: string): boolean => (LETTERS.test(noun) ? VOWEL_LETTER.test(noun) : /^[aeiou]/i.test(noun));
export const article = (noun: string): string => (takesAn(noun) ? `an ${noun}` : `a ${noun}`);
/** "a L-T group" (US8088760B2's claim 1) as it is read, "an L-T group"; "an U-shaped …" "a U-shaped …". Only before letters: a word's article is the claims'. */
export const articlesAsRead = (text: string): string =>
  text.replace(/\b(an?|An?) (?=(\S+))/g, (whole, own: string, word: string) => {
    if (!LETTERS.test(word)) return whole;
    const right = takesAn(word) ? 'an' : 'a';
    return own.toLowerCase() === right ? whole : `${own[0] === 'A' ? 'A' : 'a'}${right.slice(1)} `;
  });
/** A plural noun ("fins", "carbon particles"), not "glass", "apparatus", "lens" nor an abbreviation in capitals ("GCKS"). */
const isPlural = (noun: string): boolean => /[^su'’]s$/.test(noun) && !/(?:ss|us|is|means|lens|apparatus|series|gas)$/i.test(noun);
/** Several of a thing; one already plural stays ("carbon particles", US7473466B1, was "carbon particleses"); "storage media", not "mediums". */
const pluralWord = (noun: string): string => (isPlural(noun) ? noun : /medium$/.test(noun) ? `${noun.slice(0, -2)}a` : /(?:s|sh|ch|x|z)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);
/**
 * A noun phrase's head and what complements it: a comma, a closing abbreviation or numeral ("brake disks (2)", US7472777B2; "device
 * model agents (DMA)", US20050004974A1), a preposition, a relative, or a participle that takes one ("fuel cell formed by a method").
 */
const COMPLEMENT = /^(.+?)(,.*|\s+\([^()]*\)$|\s+(?:for|of|to|in|on|with|without|by|that|which|having|comprising|including|according|[a-z]+ed(?=\s+(?:by|on|in|from|with|as|at|of|to|for)\b))\b.*)$/i;
const headOf = (noun: string): [head: string, complement: string] => {
  const split = COMPLEMENT.exec(noun);
  return split ? [split[1]!, split[2]!] : [noun, ''];
};
/** "method for producing a unit" → "methods for producing a unit", "fuel cell formed by a method" → "fuel cells formed by a method": the head takes the plural. */
export const plural = (noun: string): string => {
  const [head, complement] = headOf(noun);
  return `${pluralWord(head)}${complement}`;
};
/**
 * Whether the claimed thing's head is plural, so that it takes no article: "Carbon particles comprising …" (US7473466B1) are "carbon
 * particles including …", not "a carbon particles including …".
 */
export const pluralHead = (noun: string): boolean => isPlural(headOf(noun)[0].replace(/\s+\d+[a-z]?$/, ''));
export const some = (noun: string): string => (pluralHead(noun) ? noun : article(noun));
/** The claim's capital off the claimed thing's name ("Shoe structure" → "a shoe structure"), not off a proper name's ("Green Technology Platform apparatus"). */
export const lowerName = (name: string): string => (/^[A-Z][a-z]*\s+[A-Z]/.test(name) ? name : lowerFirst(name));
/**
 * A title naming two things, the second a method or process ("Tube connecting structure and method of connecting a first tube …",
 * US titles' style), with an article each in a sentence: "a tube connecting structure and a method of connecting …" (was "… and method of").
 */
export const titled = (title: string): string => {
  const both = /^(.+?) and ((?:method|process)\b.*)$/i.exec(title);
  return both ? `${some(both[1]!)} and ${article(both[2]!)}` : some(title);
};
/** The verbs said of the claimed thing, and what they are when it is plural ("the carbon particles 1 include …"). */
const PLURAL_VERB: Record<string, string> = { includes: 'include', comprises: 'comprise', contains: 'contain', has: 'have', is: 'are', consists: 'consist' };
/** A plural claimed thing's verbs in the plural: "carbon particles 1 according to an embodiment includes" → "… include". */
export const agreeing = (text: string, names: string[]): string =>
  names.reduce(
    (said, name) =>
      said.replace(
        // Said of it as a subject (at a sentence's or clause's start, after "the"), not in another's name ("a method of producing carbon particles according to …").
        new RegExp(`(?<=^|[.,]\\s|\\bthe\\s)(${escapeRegExp(name)}(?:\\s+\\d+[a-z]?)?(?:\\s+according to (?:an|the) (?:embodiment|aspect of the present disclosure))?)\\s+(includes|comprises|contains|has|is|consists)\\b`, 'gim'),
        (_whole, thing: string, verb: string) => `${thing} ${PLURAL_VERB[verb.toLowerCase()]}`,
      ),
    text,
  );
/**
 * A component with its article, none for a plural ("fins formed upon the heat sink", US8089085B2; "one or more edges (12)", US6836979B2,
 * was "an edges 12"): "a SIP container", "fins"; "a plurality of curved fingers" keeps its article.
 */
export const counted = (name: string): string => {
  // The head before "of" counts ("a plurality of curved fingers", "a pool of machines"); an abbreviation in capitals is no plural ("a GCKS").
  const head = name.replace(/\s+of\s+.*$/i, '');
  return isPlural(head) ? name : article(name);
};
