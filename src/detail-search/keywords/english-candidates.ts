// English keyword candidates, for extract.ts (which ranks them with the Japanese and Chinese ones).
//
// English (and the Latin-script parts of CJK text): runs of words between punctuation and
//   stop words (the analyser's list plus claim language: comprising, configured, first …),
//   as in RAKE, also ended by what no noun phrase holds: an adverb (pivotally), a verb (the
//   word before a determiner: "moves the"; after "configured to", "which"), a side (left,
//   right). A candidate is a word or phrase of up to three words of a run that ends where the
//   run does in some occurrence (a noun phrase ends on its head: "lithium-ion secondary" and
//   "fixed forward" are modifiers of what follows), not in a verb or adverb form (-ed, -ly,
//   -ing but housing, bearing …), spelled as written most often (lower case unless an
//   acronym such as LCD). No English part-of-speech tagger is installed: these are spelling
//   and claim-grammar rules, measured by bench/keyword-extraction-english.ts.
import { englishTokens, isEnglishStopWord } from '../../patents/analysis/english.ts';
import type { Region } from '../input.ts';
import type { Candidate } from './extract.ts';
import { termTokens, tokensTsquery } from './terms.ts';

/** English phrases of more words are too narrow to AND with other keywords (three: lithium-ion secondary battery). */
const MAX_PHRASE_WORDS = 3;

/** Claim language and generic words that end a phrase like a stop word does. */
const ENGLISH_EXTRA_STOP_WORDS: ReadonlySet<string> = new Set([
  'comprising', 'comprises', 'comprise', 'comprised', 'consisting', 'consists', 'including', 'includes', 'include', 'included',
  'having', 'configured', 'adapted', 'arranged', 'operable', 'capable', 'provided', 'providing', 'provide', 'provides',
  'based', 'plurality', 'least', 'first', 'second', 'third', 'fourth', 'fifth', 'one', 'two', 'three', 'four', 'five',
  'respective', 'respectively', 'via', 'within', 'thereof', 'therein', 'thereon', 'thereto', 'wherein', 'whereby', 'said',
  'may', 'can', 'also', 'invention', 'inventions', 'embodiment', 'embodiments', 'present', 'disclosed', 'disclosure',
  'according', 'claim', 'claims', 'claimed', 'use', 'used', 'uses', 'using', 'further', 'particular', 'particularly',
  'example', 'examples', 'eg', 'ie', 'etc', 'various', 'certain', 'associated', 'corresponding', 'related', 'relating',
  'more', 'less', 'thereby', 'herein', 'whereas', 'upon', 'without', 'among', 'able', 'fig', 'figs', 'figure', 'figures',
  'toward', 'towards', 'along', 'across', 'around', 'onto', 'beneath', 'inside', 'outside', 'near', 'respect', 'relative',
  'thereafter', 'therefrom', 'therewith', 'whose', 'whereof', 'wherefrom', 'accordance', 'order', 'like',
  // Function words the analyser's list lacks ("nails when", "determine whether") and claim
  // language like 所定: a searcher types "resistance", never "predetermined resistance".
  'when', 'whether', 'every', 'so', 'thus', 'not', 'predetermined',
]);

/**
 * Words that start a noun phrase: a word just before one is a verb or preposition, not part of
 * the phrase before it ("the apparatus moves the cart": apparatus, not "apparatus moves").
 */
const DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'said', 'each', 'every', 'another']);
/**
 * Words after which "to" is the infinitive's: the word after it is a verb ("configured to
 * communicate", "so as to project"), not a keyword; after "to" elsewhere a noun may follow
 * (connected to ground).
 */
const BEFORE_INFINITIVE: ReadonlySet<string> = new Set(['configured', 'adapted', 'operable', 'operative', 'arranged', 'designed', 'able', 'capable', 'as', 'order', 'sufficient', 'enough']);
/** A relative pronoun's next word (unless a determiner or adverb) is its clause's verb: "region which converts light". */
const RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(['which', 'that', 'who']);

/** Words too general to be a keyword alone (fine inside a phrase: control device). */
const GENERIC_ALONE: ReadonlySet<string> = new Set([
  'method', 'methods', 'system', 'systems', 'device', 'devices', 'apparatus', 'unit', 'units', 'means', 'member', 'members',
  'portion', 'portions', 'part', 'parts', 'element', 'elements', 'step', 'steps', 'process', 'processes', 'thereof', 'way',
  'type', 'types', 'form', 'forms', 'end', 'ends', 'side', 'sides', 'number', 'set', 'sets', 'amount', 'time', 'result', 'results',
  'left', 'right', 'front', 'rear', 'top', 'bottom', 'upper', 'lower', 'inner', 'outer', 'input', 'output', 'state', 'value', 'values',
]);

/**
 * Sides of a claim's symmetric parts start a noun phrase and are no part of its keyword: "a left
 * front wheel and a right front wheel" are one part, the front wheel (a phrase with a side finds
 * only this claim), and "frame assembly left portion" is two phrases.
 */
const SIDES: ReadonlySet<string> = new Set(['left', 'right']);

/** Nouns ending in -ing (a phrase may end with them; other -ing words are verbs there: allowing, mounting). */
const ING_NOUNS: ReadonlySet<string> = new Set([
  'housing', 'bearing', 'coating', 'casing', 'wiring', 'opening', 'ceiling', 'fitting', 'building', 'string', 'ring', 'spring',
  'thing', 'wing', 'clothing', 'packaging', 'plating', 'lining', 'tubing', 'piping', 'padding', 'bedding', 'molding', 'moulding',
  'lighting', 'shielding', 'signaling', 'signalling', 'coupling', 'bushing', 'fencing', 'flooring', 'roofing', 'sealing',
  'learning', 'computing', 'processing', 'encoding', 'decoding', 'networking', 'recording', 'printing', 'imaging', 'sensing',
  'caching', 'scheduling', 'routing', 'rendering', 'training', 'testing', 'cooling', 'heating', 'welding', 'machining', 'casting',
]);

/**
 * Nouns in -ly: an adverb ends in -ly after an adjective (pivotally, slidably, fixedly), these
 * after a stem that is none (assembly, supply, family, anomaly, monopoly): a frame assembly and
 * a power supply are keywords. Spelling rule rather than a lexicon: no English one is installed.
 */
const LY_NOUN = /(?:mbly|pply|mily|maly|poly|elly|fly|reply)$/;
const adverb = (lower: string): boolean => lower.length >= 5 && lower.endsWith('ly') && !LY_NOUN.test(lower);

/** The last word of a phrase (or a word alone) that is a verb or adverb form, not a name for a thing. */
function verbLike(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.length < 5) return false;
  if (adverb(lower)) return true;
  if (lower.endsWith('ed')) return !lower.endsWith('eed');
  if (lower.endsWith('ing')) return !ING_NOUNS.has(lower);
  return false;
}

const LATIN_WORD = /[\p{Script=Latin}\p{N}]+(?:[-'’.][\p{Script=Latin}\p{N}]+)*/gu;
/** Anything but spaces between two words ends a phrase (punctuation, CJK, brackets …). */
const PHRASE_GAP = /^[ \t]*$/;
const DIGITS_ONLY = /^[\p{N}.,]+$/u;
/** Character entities left in USPTO text: N.times.M, 10.sup.3, .alpha. */
const ENTITY_RESIDUE = /\.[a-z]{2,}\./;
const INNER_UPPER = /^.+\p{Lu}|^\p{Lu}{2,}/u;

/** How a word is shown: acronyms and inner capitals kept (LCD, iPhone), other words in lower case. */
const displayWord = (word: string): string => (INNER_UPPER.test(word) ? word : word.toLowerCase());

function englishRuns(text: string): Array<Array<{ surface: string; key: string }>> {
  const runs: Array<Array<{ surface: string; key: string }>> = [];
  let run: Array<{ surface: string; key: string }> = [];
  let lastEnd = 0;
  // The two words before this one, when only spaces separate them from it.
  let previous = '';
  let beforePrevious = '';
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  for (const match of text.matchAll(LATIN_WORD)) {
    const adjacent = PHRASE_GAP.test(text.slice(lastEnd, match.index));
    if (!adjacent) close();
    lastEnd = match.index + match[0].length;
    const lower = match[0].toLowerCase();
    const plain = lower.replace(/['’]s$/, '');
    const undotted = plain.replace(/\./g, '');
    if (!adjacent) previous = beforePrevious = '';
    const verb = (previous === 'to' && BEFORE_INFINITIVE.has(beforePrevious)) || RELATIVE_PRONOUNS.has(previous);
    // An adverb between them leaves the verb a verb: "adapted to pivotably raise".
    if (!adverb(plain)) {
      beforePrevious = previous;
      previous = plain;
    }
    // "moves the cart", "receives a signal": the word before a determiner is a verb.
    if (DETERMINERS.has(plain) && adjacent) run.pop();
    // An adverb ends a phrase: "sleeve combination pivotally mounting" names a sleeve combination.
    if (verb || adverb(plain) || SIDES.has(plain) ||
      isEnglishStopWord(plain) || ENGLISH_EXTRA_STOP_WORDS.has(undotted) || DIGITS_ONLY.test(plain) || undotted.length < 2 || ENTITY_RESIDUE.test(plain)) {
      close();
      continue;
    }
    const tokens = englishTokens(plain);
    if (tokens.length === 0) {
      close();
      continue;
    }
    run.push({ surface: displayWord(match[0].replace(/['’]s$/, '')), key: tokens.join('+') });
  }
  close();
  return runs;
}

export async function englishCandidates(text: string, region: Region): Promise<Candidate[]> {
  const normalized = text.normalize('NFKC');
  const byKey = new Map<string, { surfaces: Map<string, number>; words: number; tf: number; heads: number }>();
  for (const run of englishRuns(normalized)) {
    for (let start = 0; start < run.length; start++) {
      for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= run.length; length++) {
        const words = run.slice(start, start + length);
        if (length === 1 && GENERIC_ALONE.has(words[0]!.surface.toLowerCase())) continue;
        if (verbLike(words[length - 1]!.surface)) continue;
        const key = words.map((w) => w.key).join(' ');
        const surface = words.map((w) => w.surface).join(' ');
        let entry = byKey.get(key);
        if (!entry) byKey.set(key, (entry = { surfaces: new Map(), words: length, tf: 0, heads: 0 }));
        entry.tf++;
        if (start + length === run.length) entry.heads++;
        entry.surfaces.set(surface, (entry.surfaces.get(surface) ?? 0) + 1);
      }
    }
  }
  const candidates: Candidate[] = [];
  for (const entry of byKey.values()) {
    // An English noun phrase ends on its head noun: words that never end one in the text are
    // modifiers of what follows them ("lithium-ion secondary" of battery, "annular" of groove).
    if (entry.heads === 0) continue;
    const surface = [...entry.surfaces].sort((a, b) => b[1] - a[1])[0]![0];
    const tokens = await termTokens(surface, region);
    if (tokens.length) candidates.push({ surface, tokens, query: tokensTsquery(tokens), words: entry.words, tf: entry.tf });
  }
  return candidates;
}
