// Antecedent basis in English claims: "the X" / "said X" where X was not introduced before, in
// the claim itself (preamble included) or in a claim it depends on. X is the noun phrase after
// the article, up to a verb, preposition, conjunction, number or punctuation. It counts as
// introduced when its head noun (singular/plural alike: stemmed) occurred earlier with each of
// its modifiers among the few words before it ("a first and a second electrode" introduces
// "the second electrode"; "a plurality of electrodes" introduces "the electrodes").
import { englishTokens } from '../../patents/analysis/index.ts';
import { claimAncestors } from './dependency.ts';
import { antecedentFinding, type DraftingFinding } from './types.ts';

/** Words that end a noun phrase: prepositions, conjunctions, verbs of claim language, relatives, articles. */
const PHRASE_END = new Set(
  (
    'of to in on at by for with from into onto between through over under about against along among around within without via across toward towards upon ' +
    'and or but nor so than as if when where while whereby wherein which that who whose such ' +
    'is are was were be being been has have had having does do did can could may might must shall should will would ' +
    'comprises comprising comprise includes including include contains containing contain consisting consists defines defining define ' +
    'a an the said each its their it this these those same ' +
    'extends extending extend receives receiving forms forming form provides providing configured adapted operable capable arranged disposed ' +
    'positioned located coupled connected mounted attached secured formed defined made selected based relative respectively thereof therein thereto further also not'
  ).split(' '),
);

const ADVERBIAL = new Set(['adjacent', 'using', 'hidden', 'led', 'held', 'built', 'set', 'cut', 'put', 'known', 'shown', 'together', 'apart', 'away', 'out', 'up', 'down', 'off', 'back', 'again', 'only', 'even', 'both', 'either', 'all']);

/** Article phrases that introduce nothing: "the same", "the method of claim 1" (claimed subject), idioms. */
const IDIOMS = /^(?:step|steps|two|three|vertical direction|horizontal direction|normal direction|same|other|like|art|case|order|time|end|user|rest|outside|inside|top|bottom|front|back|center|centre|middle|interior|exterior|surface|environment|atmosphere|air|world|earth|ground|extent|way|form of|step of|steps of|group|number of|amount of|presence of|absence of|range of|level of|degree of|rest of|remainder|total|sum|basis|manner|direction|one|first|second|following|foregoing|above|previous|preceding|respective|entire|whole)\b/;

const LEADING = /^(?:two|three|four|both|plurality of|at least one(?: of)?|one or more(?: of)?|two or more|multiple|several|respective|same|each(?: of)?)\s+/;

const stemCache = new Map<string, string | null>();
function stemOf(word: string): string | null {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = englishTokens(word)[0] ?? null;
    stemCache.set(word, stem);
  }
  return stem;
}

const WORD = /[A-Za-z][A-Za-z0-9'-]*|\d+[a-z]?|[^\sA-Za-z0-9]/g;
/** What follows a verb, not a noun: "the lid covers the substrate". */
const OBJECT_START = /^(?:the|a|an|said|each|at|one|two|all)$/;

/** The noun phrase after an article, as written (its words). */
function phraseAfter(text: string): string[] {
  const words: string[] = [];
  const tokens = [...text.slice(0, 160).matchAll(WORD)].map((match) => match[0]);
  for (const [at, word] of tokens.entries()) {
    const lower = word.toLowerCase();
    // A third-person verb before its object ends the phrase: "the lid covers the substrate".
    if (words.length > 0 && /[^s]s$/.test(lower) && OBJECT_START.test((tokens[at + 1] ?? '').toLowerCase())) break;
    if (!/^[a-z]/i.test(word) || PHRASE_END.has(lower)) break;
    // A participle after the first word is a verb ("the electrode disposed …").
    if (words.length > 0 && /(?:ed|ing)$/.test(lower) && lower.length > 5) break;
    // Adverbs and there- words end it too ("the blower detachably", "the passage therethrough").
    if (words.length > 0 && (/ly$/.test(lower) || /^there/.test(lower) || ADVERBIAL.has(lower))) break;
    // "the housing's wall": the owner is the phrase.
    if (/'s?$/.test(word)) {
      words.push(word.replace(/'s?$/, ''));
      break;
    }
    words.push(word);
    if (words.length >= 6) break;
  }
  return words;
}

/** Stems of a text, one per word (null for stop words), in order. */
function stems(text: string): Array<string | null> {
  return [...text.toLowerCase().matchAll(/[a-z][a-z0-9'-]*/g)].map((m) => stemOf(m[0]));
}

/**
 * Whether the phrase was introduced: its head noun occurs in the earlier text, and so does each
 * modifier (anywhere: "a furrow for sowing" introduces "the sowing furrow").
 */
function introduced(phrase: string[], earlier: ReadonlySet<string>): boolean {
  const wanted = phrase.map((w) => stemOf(w.toLowerCase())).filter((s): s is string => s !== null);
  return wanted.every((stem) => earlier.has(stem));
}

const DEPENDENT_PREAMBLE = /^(?:the|said)\s[^,;:]*?\b(?:of|according to|as claimed in|as recited in|as defined in|as set forth in|as described in|as in|in|per)\s+(?:any\s+(?:one\s+)?of\s+)?claims?\s+\d/i;

const ORDINAL = /^(?:first|second|third|fourth|fifth|sixth|upper|lower|inner|outer|other|front|rear|top|bottom|left|right)$/i;

/** Antecedent findings of English claims. */
export function checkEnglishAntecedents(claims: string[]): DraftingFinding[] {
  const findings: DraftingFinding[] = [];
  claims.forEach((claim, index) => {
    const earlierClaims = claimAncestors(claims, index, 'en').map((i) => claims[i]!).join(' ');
    const reported = new Set<string>();
    for (const match of claim.matchAll(/\b(the|said)\s+/gi)) {
      // "The grooming apparatus of claim 19, …": the claimed subject, named in the claim referred to.
      if (match.index === 0 && DEPENDENT_PREAMBLE.test(claim)) continue;
      const at = match.index! + match[0].length;
      let words = phraseAfter(claim.slice(at));
      if (words.length === 0) continue;
      let phrase = words.join(' ').toLowerCase();
      if (IDIOMS.test(phrase) && !/^(?:first|second|third|one|other)\s+\w/.test(phrase)) continue;
      const leading = LEADING.exec(phrase);
      if (leading) {
        const dropped = leading[0].trim().split(/\s+/).length;
        words = words.slice(dropped);
        phrase = words.join(' ').toLowerCase();
        if (words.length === 0) continue;
      }
      // "the method of claim 1": the claimed subject, named in the claim referred to.
      if (/^\s*(?:of|according to|as claimed in|as recited in|as defined in|as set forth in|as in|in)\s+(?:any\s+(?:one\s+)?of\s+)?claims?\b/i.test(claim.slice(at + words.join(' ').length + (leading?.[0].length ?? 0)))) continue;
      const after = claim.slice(at + (leading?.[0].length ?? 0) + words.join(' ').length);
      // "the side of the hand": a part an introduced thing has (inherent antecedent basis).
      if (/^\s*of\s+(?:the|said|a|an|each|its|one|at least)\b/i.test(after)) continue;
      const earlier = new Set(stems(`${earlierClaims} ${claim.slice(0, match.index!)}`).filter((stem): stem is string => stem !== null));
      if (introduced(words, earlier)) continue;
      // The phrase may run on into a verb and its object ("the first tooth facilitates movement"):
      // a shorter phrase that was introduced will do, unless it ends in an ordinal or position.
      let shorter = false;
      for (let j = words.length - 1; j >= 1 && !shorter; j--) shorter = !ORDINAL.test(words[j - 1]!) && introduced(words.slice(0, j), earlier);
      if (shorter) continue;
      const term = words.join(' ');
      if (reported.has(phrase)) continue;
      reported.add(phrase);
      findings.push(antecedentFinding(index, `${match[1]} ${claim.slice(at, at + (leading?.[0].length ?? 0) + term.length)}`, term, 'en'));
    }
  });
  return findings;
}
