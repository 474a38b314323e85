// A named part of claim 1 as the problem and the effect name it: with what the claim says defines it. The bare name said nothing ("… have
// not sufficiently considered a configuration including a fourth layer."; the point is a named part in 82 of 228 US drafts), where claim 1 of US6970935B1 says "a fourth
// layer for transporting the data stream and the transmission control data stream". The part is said up to the end of its first phrase
// (its first comma outside brackets, not inside a list "based on A, B, and C"): what follows a comma in an element is the part's further
// detail ("…, the right front socket being positioned for, upon …", US11147202B2), often another absolute phrase, which a problem
// statement does not carry. Used by english.ts.
import { counted, pluralHead } from './english-number.ts';
import { clauseOf } from './english-wording.ts';
import { escapeRegExp } from './text.ts';

/**
 * The length of a definition, in words. The first phrases of the 82 named point parts of the corpus' US drafts run to 41 words (median 14).
 * One over SOFT_WORDS is cut at its last BOUNDARY within them (US6839175B2: "… for reflecting incident light as red … in a case in which … and
 * for reflecting … colorless … in a case in which …", 44 words, its first function kept); one without such a boundary is said whole up to
 * MAX_WORDS (US6837525B2's sealing member "forming a fluid-tight seal between an inner perimeter surface of … and an outer perimeter surface of
 * …", 36); a longer one is cut at its last boundary within MAX_WORDS, or only named: the problem's sentences say the phrase twice and the
 * effect once more.
 */
export const SOFT_WORDS = 30;
export const MAX_WORDS = 40;

/** Where a long definition may end: before a condition, a purpose or result, or a second modifier joined by "and" (not inside "A and B"). */
const BOUNDARY =
  /\s+(?=(?:when|while|if|whereby|wherein|so that|such that|so as to|in order to|in a case|in such a manner|and\s+(?:is\s+|are\s+)?(?:for|to|configured|adapted|arranged|operable|which|that)\b|and\s+(?:[a-z]+ly\s+)?[a-z]+ed\s+(?:to|by|in|on|at|with|from|into|within|over|under|for)\b|and\s+[a-z]{3,}(?<![su]s)s\s+(?:a|an|the)\b))/gi;
/** Words a phrase does not end on. */
const DANGLING = /\b(?:a|an|the|of|for|to|with|by|in|on|at|from|into|and|or|that|which|who|whose|is|are|be|being|between|than|as|such|so|its|their|each|configured|adapted|arranged|operable|designed|capable)$/i;
/** A finite verb opening a clause ("the outer sections of the wing create …" is said of them, not a thing they are). */
const FINITE = /^(?:is|are|was|were|has|have|can|may|will|must|shall|should|does|do|include|includes|comprise|comprises|contain|contains|[a-z]{3,}(?<![su]s)s)\b/i;
/** A participle or relative that defines what it follows ("having …", "configured to …", "disposed on …", "which …"). */
const DEFINING = /^(?:being\s+|then\s+)?(?:(?:which|that|whose|who)\b|[a-z]+ing\b|[a-z]+ed\b|adapted\b|capable\b|for\b)/i;
/** Words that say nothing of the part ("A new, distinct Sedum telephium plant as shown and described, characterized by …", USPP18398P2). */
const SAYS_NOTHING = /^as\s+(?:shown|described|illustrated)(?:\s+and\s+(?:shown|described|illustrated))?(?:\s+herein)?\s*(?:,\s*)?/i;
/** A claim's reference numerals ("edges (12)", "valve (C5)", "paths (4,6)"): a problem statement has none. */
const NUMERALS = /\s+\((?:[A-Za-z]{0,3}\d+[a-z]?'?|[A-Z])(?:\s*(?:,|and|-|–)\s*[A-Za-z]{0,3}\d+[a-z]?'?)*\)/g;
/** Quantifiers before a part's name. */
const QUANTIFIER = /^(?:an?|one or more|at least (?:one|two)|two or more|a plurality of|a pair of|the|each)$/i;

/** The end of a phrase at its first comma outside brackets, going on over a list ("…, the grade value, and the state of charge value"). */
function firstPhrase(text: string): string {
  const commas: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if ('(['.includes(text[i]!)) depth++;
    else if (')]'.includes(text[i]!)) depth = Math.max(0, depth - 1);
    else if (text[i] === ',' && depth === 0) commas.push(i);
  }
  for (let k = 0; k < commas.length; k++) {
    const next = text.slice(commas[k]! + 1, commas[k + 1] ?? text.length).trim();
    // "… if a region … is larger than a predetermined size, or a ratio … is less …" (US7158664B2): the alternative goes with it; so does
    // the second end of "between a lowered cob receiving position, and a raised cob unloading position" (US7862411B1).
    if (/^or\s/i.test(next) || (/^and\s/i.test(next) && /\bbetween\s(?:(?!\band\b)[^,])*$/i.test(text.slice(0, commas[k])))) continue;
    // "A, B, and C": a short item without a verb, then the list's last after "and"/"or".
    const listed = (at: number): boolean => {
      const item = text.slice(commas[at]! + 1, commas[at + 1] ?? text.length).trim();
      return /^(?:and|or)\s+(?:the|a|an)\s/i.test(item) && !/\s(?:is|are|being|has|have)\s/i.test(item);
    };
    if (/^(?:the|a|an)\s+(?:[\w-]+\s+){0,4}[\w-]+$/i.test(next) && k + 1 < commas.length && listed(k + 1)) {
      const end = commas[k + 2] ?? text.length;
      return text.slice(0, end);
    }
    return text.slice(0, commas[k]);
  }
  return text;
}

const words = (text: string): number => text.split(/\s+/).length;

/** A phrase whose end completes it: not "a noise removal part that generates" (US6839153B1) nor "a safety controller for generating" (US7474071B2). */
const complete = (phrase: string): boolean => !DANGLING.test(phrase) && !/\b(?:(?:that|which|who)\s+[a-z]+|(?<!means\s)for\s+[a-z]+ing)$/i.test(phrase);

/**
 * What follows the name, to the end of its first phrase and within the length (SOFT_WORDS, MAX_WORDS), as `lead` + it; null when it is not
 * whole. A phrase set off by commas that only interrupts ("a safety controller for generating, at the occurrence of an error signal, an
 * alternative motor control signal …", US7474071B2) is left out.
 */
function definition(lead: string, rest: string): string | null {
  let phrase = firstPhrase(rest);
  if (!complete(phrase)) {
    const inserted = /^([^,]*?),\s*(?:at|if|when|upon|in|on|during|without|after|before|where|while)\b[^,]*,\s*/i.exec(rest);
    if (!inserted) return null;
    phrase = firstPhrase(`${inserted[1]} ${rest.slice(inserted[0].length)}`);
  }
  if (!/\w/.test(phrase.replace(/\([^()]*\)/g, ''))) return null;
  let said = `${lead} ${phrase}`;
  if (words(said) > SOFT_WORDS) {
    const cuts = [...phrase.matchAll(BOUNDARY)].map((match) => match.index).filter((at) => at > 0 && complete(phrase.slice(0, at)));
    const within = (most: number): number | undefined => cuts.filter((at) => words(`${lead} ${phrase.slice(0, at)}`) <= most).at(-1);
    const cut = within(SOFT_WORDS) ?? (words(said) > MAX_WORDS ? within(MAX_WORDS) : undefined);
    if (cut !== undefined) said = `${lead} ${phrase.slice(0, cut)}`;
    else if (words(said) > MAX_WORDS) return null;
  }
  return complete(said) ? said : null;
}

/**
 * The named part with what the claim says defines it: `had`, a thing the claimed one includes ("a fourth layer for transporting the data
 * stream …"), or `state`, a clause said of it ("the switch operating portion is lowered and moved to the non-interfering region when …",
 * US6837514B1, whose element says it of a part named before). Null when the claim says nothing more of the part than its name, or nothing
 * that reads whole. `described`: claim wording in the description's ("said" → "the", english.ts), said after the numerals are dropped.
 */
export function definedPart(part: { text: string; name: string }, described: (text: string) => string, subject = ''): { had: string } | { state: string } | null {
  const { name } = part;
  const clause = clauseOf(described(part.text.replace(NUMERALS, ''))).replace(/\s+/g, ' ');
  // A name the reader ran on into what follows ("printing system then", US8090141B2) is no part to define.
  if (/\s(?:then|and|or)$/i.test(name)) return null;
  const at = new RegExp(`^((?:[\\w-]+\\s+){0,3}?)${escapeRegExp(name)}\\b\\s*`, 'i').exec(clause);
  if (!at) return null;
  const quantifier = at[1]!.trim();
  if (quantifier && !QUANTIFIER.test(quantifier)) return null;
  let rest = clause.slice(at[0].length).replace(SAYS_NOTHING, '');
  // "a processor in the wireless device, communicatively coupled to …" (US6983169B2): where in the claimed thing says nothing of it.
  if (subject) rest = rest.replace(new RegExp(`^(?:in|of|within)\\s+the\\s+${escapeRegExp(subject)}\\s*(?=,|$)`, 'i'), '');
  if (/^,/.test(rest)) {
    // "a second drug, which is selected from …" (US6982157B1); "a guidewire sheath, the guidewire sheath defining …" (US8088102B2).
    rest = rest.replace(/^,\s*/, '');
    const again = new RegExp(`^(?:(?:the|each|said)\\s+${escapeRegExp(name)}|each)\\s+(?=\\S)`, 'i').exec(rest);
    if (again) rest = rest.slice(again[0].length);
    else if (/^(?:[a-z]+ly\s+)?[a-z]+ed\s+(?:to|by|in|on|at|with|from|into|within|over|under|for)\b/i.test(rest)) rest = rest.trim();
    else if (!/^(?:which|that|who|whose)\b/i.test(rest)) return null;
    else rest = `, ${rest}`;
  }
  if (!rest) return null;
  if (/^(?:the|each)$/i.test(quantifier)) {
    if (FINITE.test(rest) || /^of\s[^,;]*?\s(?:is|are|was|were|has|have|include|includes|comprise|comprises|[a-z]{3,}(?<![su]s)s\s+(?:a|an|the)\b)/i.test(rest)) {
      const state = definition(`the ${name}`, rest);
      return state ? { state } : null;
    }
    if (!DEFINING.test(rest) || /^then\b/i.test(rest)) return null;
    // "the rotational movement being applied externally …" (US20220159901A1): a rotational movement applied externally ….
    const had = definition(counted(name), rest.replace(/^being\s+(?=(?:[a-z]+ly\s+)?[a-z]+ed\b)/i, ''));
    return had ? { had: including(had, counted(name), name) } : null;
  }
  const lead = `${quantifier ? `${quantifier.toLowerCase()} ` : ''}${name}`;
  // A relative clause set off by a comma is said whole (its commas may be a group's list), when short enough.
  if (rest.startsWith(',')) return words(`${lead}${rest}`) <= SOFT_WORDS ? { had: `${lead}${rest}` } : null;
  const had = definition(lead, rest);
  return had ? { had: including(had, lead, name) } : null;
}

/** "a distal end including a handle" (US7473185B2) after the problem's own "including": "a distal end that includes a handle". */
const including = (had: string, lead: string, name: string): string =>
  had.startsWith(`${lead} including `) ? `${lead} that ${pluralHead(name) && !/^(?:an?|one)\b/i.test(lead) ? 'include' : 'includes'} ${had.slice(lead.length + 11)}` : had;
