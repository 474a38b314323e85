// The thing a claim element introduces or limits: in Japanese the compound it closes with
// (「…無機粒子を含む耐熱層」 → 耐熱層), in English the head noun of its first noun phrase ("a nose plate
// extending forward from …" → plate, "a pair of wheels mounted on …" → wheels, "wherein the housing
// is …" → housing). An examiner reads an element as disclosed where the document describes that
// thing; a passage that holds the element's other words around something else (a spectacle frame's
// "nosepiece … at either end of the frame" for a hand truck's nose plate) does not disclose it.
// evidence.ts HEAD_RULE uses them: on for Japanese gazettes, measured and off for US (see there).

/** Words that open a noun phrase without being its head. */
const OPENERS = new Set(['a', 'an', 'the', 'said', 'each', 'every', 'any', 'one', 'two', 'three', 'four', 'several', 'least', 'at', 'more', 'or', 'and', 'wherein', 'whereby', 'further', 'also', 'respective', 'its', 'their', 'such', 'plurality', 'pair', 'set', 'number', 'series', 'array', 'group', 'of']);
/** Words that end a noun phrase: prepositions, verbs and relative words. */
const CLOSERS = new Set([
  'of', 'on', 'in', 'at', 'to', 'for', 'with', 'from', 'by', 'between', 'within', 'into', 'onto', 'over', 'under', 'about', 'through',
  'along', 'across', 'around', 'against', 'toward', 'towards', 'adjacent', 'near', 'above', 'below', 'behind', 'beneath', 'via', 'per',
  'and', 'or', 'is', 'are', 'be', 'been', 'being', 'was', 'were', 'has', 'have', 'having', 'comprising', 'comprises', 'comprise',
  'including', 'includes', 'include', 'containing', 'contains', 'consisting', 'consists', 'configured', 'adapted', 'arranged', 'operable',
  'capable', 'that', 'which', 'who', 'whose', 'wherein', 'whereby', 'when', 'where', 'whether', 'while', 'so', 'such', 'than', 'as', 'if', 'can', 'may', 'will',
  'shall', 'must', 'not', 'being', 'the', 'a', 'an', 'said', 'each', 'further', 'also', 'then',
]);
/** -ing and -ed words that are nouns or adjectives where they end a phrase ("a bearing housing", "a coil spring"). */
const NOT_PARTICIPLES = /^(?:[a-z]*eed|housing|bearing|spring|ring|opening|coating|fitting|casing|wiring|packing|string|bushing|mounting|lining|seating|building|ceiling|drawing|filling|setting|coupling|winding|tubing|railing|padding|piping|heading|thing|fastening|covering|marking|recording|sealing|bending|bonding|plating|shielding|clothing|footing|landing|ending|molding|moulding|fluid|shed|bed|sled|underbed)$/;
/** Heads that name no thing of their own (an ordinal or a place word left by "the first and second …"). */
const NO_THING = new Set(['first', 'second', 'third', 'fourth', 'fifth', 'upper', 'lower', 'inner', 'outer', 'front', 'rear', 'left', 'right', 'top', 'bottom', 'other', 'same', 'least', 'one', 'more', 'step', 'steps', 'means', 'design']);
/** A claim's own enumeration before a step: "a)", "(ii)", "3)". */
const ENUMERATOR = /^\s*(?:\(?(?:[a-z]|[ivx]+|[0-9]+)\)|(?:[a-z]|[ivx]+|[0-9]+)\.(?=\s))\s*/i;
const DETERMINERS = new Set(['a', 'an', 'the', 'said', 'each', 'at', 'one']);

const participle = (word: string) => word.length > 4 && /(?:ing|ed)$/.test(word) && !word.includes('-') && !NOT_PARTICIPLES.test(word);
/** An adjective after its noun ("a valve moveable relative to …"). */
const postpositive = (word: string) => word.length > 5 && /(?:able|ible)$/.test(word);
/** An adverb ends the phrase ("stops respectively fixedly attached"); these -ly words are nouns. */
const adverb = (word: string) => word.length > 4 && /ly$/.test(word) && !/(?:assembly|supply|family|anomaly|monopoly|reply|jelly|belly|trolly|poly)$/.test(word);

/** The head noun of an English element's first noun phrase, lower-cased, or null where none is read. */
export function headNounOf(text: string): string | null {
  const words = text.replace(ENUMERATOR, '').toLowerCase().match(/[a-z][a-z0-9-]*|[,;:()]/g) ?? [];
  let at = 0;
  while (at < words.length && OPENERS.has(words[at]!)) at++;
  const opened = at > 0;
  // An adverb before the phrase ("angularly directing …") qualifies a step's act.
  while (at < words.length && adverb(words[at]!)) at++;
  // A method's step ("sending a call …", "placing said sphere …") names an act, which a description words many ways.
  if (!opened && at < words.length && participle(words[at]!) && words[at]!.endsWith('ing')) return null;
  const phrase: string[] = [];
  for (; at < words.length; at++) {
    const word = words[at]!;
    // A comma after the phrase starts a list or an apposition ("osteoarthritis, trauma …", "a thickness, said rail …"): no one head.
    if (word === ',' && phrase.length > 0) return null;
    // "first and second reflectors", "open and closed positions": modifiers joined, one head after them.
    if ((word === 'and' || word === 'or') && phrase.length > 0 && at + 1 < words.length && !DETERMINERS.has(words[at + 1]!) && !CLOSERS.has(words[at + 1]!)) continue;
    if (/^[,;:()]$/.test(word) || CLOSERS.has(word)) break;
    // A participle after a noun starts what is said of it ("a plate extending …", "wheels mounted on …").
    if (phrase.length > 0 && (participle(word) || postpositive(word) || adverb(word))) break;
    phrase.push(word);
  }
  // A generic head ("a pallet fork assembly", "diffuser elements") is often left out where a description names the thing
  // ("the pallet fork"): the word before it names it (GENERIC_HEADS).
  let end = phrase.length - 1;
  if (GENERIC_HEADS.modifier && end >= 0 && GENERIC.has(phrase[end]!)) {
    end--;
    while (end >= 0 && NO_THING.has(phrase[end]!)) end--;
    if (end < 0) return null;
  }
  const head = phrase[end];
  return head && head.length >= 3 && !NO_THING.has(head) ? head : null;
}

/** Heads that name a kind of part, not the part. */
const GENERIC = new Set(['assembly', 'assemblies', 'mechanism', 'mechanisms', 'element', 'elements', 'member', 'members', 'unit', 'units', 'device', 'devices', 'portion', 'portions', 'part', 'parts', 'system', 'systems', 'apparatus', 'structure', 'structures', 'arrangement', 'resource', 'resources', 'module', 'modules', 'section', 'sections', 'component', 'components']);
/** `modifier`: a generic head's modifier is the head (bench/priorart-quality.ts HEAD_GENERIC=0 turns it off). */
export const GENERIC_HEADS = { modifier: true };

/** A Japanese element's closing compound: a run of kanji, katakana and Latin letters or digits (「…無機粒子を含む耐熱層」 → 耐熱層). */
const JAPANESE_CLOSING_RUN = /[\p{Script=Han}\p{Script=Katakana}ーＡ-Ｚａ-ｚA-Za-z０-９0-9]+$/u;
/** Words that refer back or count, not part of the thing's name (「前記セパレータ」, 「第１」 stays: 第１電極 is a name). */
const JAPANESE_REFERRING = /^(?:前記|上記|当該|該|各|複数の?)/u;

/**
 * The compound a Japanese element closes with, which it introduces or limits (「前記正極と前記負極との間に配置されたセパレータ」 →
 * セパレータ), or null where it closes otherwise (a verb, a particle) or the compound is one character.
 */
export function closingCompoundOf(text: string): string | null {
  const run = text.replace(/[\s、。，．,.]+$/u, '').match(JAPANESE_CLOSING_RUN)?.[0]?.replace(JAPANESE_REFERRING, '');
  return run && [...run].length >= 2 ? run : null;
}
