// The components of an English claim as a US attorney names them for the reference numerals. The
// element cutter (priorart/elements.ts) cuts at "; " and at ", and a …", and the claims reader
// (claims.ts) names an element up to its first preposition; read in the drafts of the 227 US utility
// records of the shared corpus, that left names a drawing cannot carry: "distribution module
// interfaced" ("… interfaced with the at least one contact device", US7158629B2), "conveyor portion
// inclined upwardly and" (US7862411B1), "rotisserie skewer and a kebab skewer" (two skewers, US6837151B2),
// "state of charge value" (the last item of "based on the gear selection, the grade value, and the state
// of charge value", US9358892B1) and "second position" (the second end of "between a first position …,
// and a second position …", US7862411B1). Here the names are trimmed, two things named in one element
// become two, and what the cutter split off a list or a "between" goes back where it was.
import type { ClaimPart, ReadClaim } from './claims.ts';
import { introducedName } from './english-added.ts';
import { MAX_ELEMENT_LENGTH } from '../../priorart/elements.ts';
import { escapeRegExp } from './text.ts';

/** An adverb ("operably", "co-axially", "upwardly"), not a noun in -ly ("assembly", "supply"). */
const ADVERB = /^[\w-]+(?:ally|ably|ibly|edly|ively|ately|ntly|ously|arly|fully|ctly|tely|rdly|idly|rely|sely|ssly)$/i;
/** A participle ("interfaced", "carried", "associated"), not a noun in -ed ("bed", "seed", "speed", "sled"). */
const PARTICIPLE = /^(?![\w-]*(?:eed|bed|shed|sled)$)[a-z-]{3,}ed$/i;
/**
 * An adjective that follows a noun with its complement ("a body moveable within …", "a GCKS accessible over …", "a bushing
 * coaxial to …", "a detection device distant from …"), not a noun in -able ("cable", "table", "variable").
 */
export const POSTPOSITIVE =
  /^(?:(?!(?:[\w-]*-)?(?:cable|table|stable|turntable|worktable|timetable|variable|vegetable|consumable|disposable|receivable|deliverable)$)[a-z-]{3,}(?:able|ible)|coaxial|concentric|distant|adjacent|proximate|remote|parallel|perpendicular|transverse|flush|synchronous|asynchronous|opposite|relative|separate|independent|responsive|resistant|sensitive)$/i;
/**
 * A participle in -ing after the name, whose complement the reader cut off ("a plurality of vias connecting at least some of …",
 * "the dielectric remaining between …"), not a noun in -ing ("housing", "bearing", "spring", "sheathing").
 */
export const TRAILING_ING =
  /^(?!(?:according|including|comprising|having|being|following|regarding|concerning|excluding|depending)$)(?!(?:[a-z-]*(?:sp|st|-|ear|key|snap))?ring$)(?![a-z-]*(?:wing|thing|sling|swing|housing|bearing|opening|coating|casing|fitting|lining|tubing|wiring|building|ceiling|packing|padding|sheathing|cladding|mounting|coupling|fastening|winding|bushing|setting|plating|siding|railing|flooring|clothing|filling|seating|molding|moulding|grating|netting|piping|shielding|bedding|dressing|landing|awning|marking|recording|drawing|painting|heading|footing|facing|backing|webbing|covering|sealing|edging|flashing|framing|roofing|wrapping|binding|lighting|casting|forging|stamping|fixing|feeding|bonding|crossing|lacing|housing|spacing|tiling|stuffing|topping|dwelling|offering|pudding|icing|frosting|seasoning|dumpling|sibling|seedling|awning))[a-z-]{3,}ing$/i;
/** Words a name does not end on. */
const DANGLING = /^(?:and|or|the|a|an|said|each|capable|able|of|for|to|with|whether|as)$/i;
/** A verb or a word that makes a clause, not a noun phrase ("the grade value" is one, "the valve is open" is not). */
const CLAUSE_WORD = /^(?:is|are|was|were|be|being|been|has|have|had|having|can|may|will|does|do|must|shall|should|which|that|where|when|wherein|whereby|to|[a-z]+ed)$/i;

/** A finite verb, which no name has. */
const FINITE_IN_NAME = /\s+(?:is|are|has|have|comprises|includes|contains|consists|moves|checks|forms|together\s+form)\b/i;

/** "distribution module interfaced" → "distribution module", "conveyor portion inclined upwardly and" → "conveyor portion". */
export function trimmedName(name: string): string | null {
  // "pair of substrates placed opposite each", "poppet valve moveable relative": a word that takes an object ends the name.
  // "vibration element imparting ultrasonic vibrations", "mixer mixing energy": a participle with its object after a head noun; so is
  // "a memory storing instructions that, when executed …" (named "memory storing instructions").
  const doing = /^(.*\b(?:(?:element|unit|device|member|mixer|module|assembly|circuit|system|mechanism|portion|section|body|layer|plate|motor|sensor|controller|processor|medium|database|buffer|register)s?|memory|memories|storage|media))\s+([a-z-]+ing)\s+\S.*$/i.exec(name);
  // Not "printing plate making apparatus" (US8418612B2), whose -ing word premodifies the head after it.
  if (doing && TRAILING_ING.test(doing[2]!) && !/\s(?:apparatus|device|machine|system|unit|tool|assembly|element|member|mechanism|module|circuit)$/i.test(name)) name = doing[1]!;
  // "said controller, after receiving …" (US7158487B1, named "controller, after"), "A portable instrument, for measuring …" (US7643860B2, "portable
  // instrument,"): a comma before a preposition or a conjunction, or at the end, ends the name; "relatively thin, flat blade" goes on.
  name = name.replace(/,\s*(?:(?:after|before|when|while|if|upon|once|during|until|unless|whereupon|for|in|on|at|by|with|to|from)\b.*)?$/is, '');
  let words = name.replace(/\s+capable\s+of\b.*$/i, '').replace(/\s+(?:[a-z-]+(?:ed|able|ible)\s+)?(?:opposite|relative)\b.*$/i, '').split(/\s+/);
  for (let previous = 0; previous !== words.length && words.length > 1; ) {
    previous = words.length;
    const last = words.at(-1)!;
    if (DANGLING.test(last) || ADVERB.test(last) || PARTICIPLE.test(last) || POSTPOSITIVE.test(last) || TRAILING_ING.test(last)) words = words.slice(0, -1);
  }
  const trimmed = words.join(' ');
  // "the steps of: …" names no component (a method's list).
  if (/^(?:steps?|acts?|operations?)\b/i.test(trimmed)) return null;
  // "the following components: …" leads a list; "is absent or alkyl" is a clause; "a first of these volumes communicates …" points into another.
  if (/^(?:following|is|are|has|have)\b|\bof\s+(?:these|those|which)\b/i.test(trimmed)) return null;
  return !trimmed || (words.length === 1 && (ADVERB.test(trimmed) || DANGLING.test(trimmed))) ? null : trimmed;
}

/** A pointer back alone, maybe before a comma: "the state of charge value, and when …" (not "the valve is open"). */
const pointerBack = (text: string): boolean => {
  const phrase = /^(?:the|said)\s+([^,;:]+?)\s*(?:,|$)/i.exec(text);
  if (!phrase) return false;
  const words = phrase[1]!.split(/\s+/);
  return words.length <= 6 && !words.some((word) => CLAUSE_WORD.test(word));
};
/** "… based on the gear selection, the grade value": a list the cutter's ", and the …" ended. */
const OPEN_LIST = /,\s+(?:the|said|a|an)\s+[\w\- ]+$/i;
/** "… between a lowered cob receiving position": a "between" still waiting for its "and a …". */
const OPEN_BETWEEN = /\bbetween\s+(?:an?|the|said)\s+(?:(?!\band\s+(?:an?|the|said)\b)[^;]){1,200}$/i;

/**
 * Whether the cutter split `part` off `previous` at ", and" inside one element rather than between two
 * (`joint`: what the claim has before the part, ", and " or "; ").
 */
function continues(previous: ClaimPart, part: ClaimPart, joint: string): boolean {
  // An element cut at its 500th character (MAX_ELEMENT_LENGTH) ends anywhere.
  if (!/,\s*and\s*$/i.test(joint) || previous.text.length >= MAX_ELEMENT_LENGTH) return false;
  if (pointerBack(part.text) && OPEN_LIST.test(previous.text)) return true;
  // "B is independently selected from the group consisting of: —O—, —NH—, and a covalent bond" (US7473658B2): an alternative, not a component.
  return /^(?:an?|the|said)\s/i.test(part.text) && (OPEN_BETWEEN.test(previous.text) || /\bconsisting\s+of\b[^;]{0,200}$/i.test(previous.text));
}

/**
 * Two components in one element ("a rotisserie skewer and a kebab skewer", "a plug connector and a receptacle
 * connector detachably fitted with each other, …" US7862345B2), both with the element's text, which the
 * description says once; null when it is one.
 */
function twoComponents(part: ClaimPart): ClaimPart[] | null {
  const both = /^((?:an?|one or more|at least one)\s+(?:(?:pair|plurality|set|series) of\s+)?(?:(?!\b(?:of|and)\b)[\w\-])+(?:\s+(?:(?!\b(?:of|and)\b)[\w\-])+)*)\s*,?\s+and\s+((?:an?|one or more|at least one)\s.*)$/is.exec(part.text);
  if (!both) return null;
  const [first, second] = [introducedName(both[1]!), introducedName(both[2]!)];
  // The first must be a name and nothing else ("a mixture of water and a hydrophilic solvent" is one thing).
  if (!first || !second || !both[1]!.toLowerCase().endsWith(` ${first.toLowerCase()}`)) return null;
  return [
    { text: part.text, name: first },
    { text: part.text, name: second },
  ];
}

/** A part whose name runs into another thing's ("first base portion and said second", "housing and the insulator"). */
function joinedName(part: ClaimPart): ClaimPart[] | null {
  const joined = /\s+(?:and|or)\s+(?:the|said)\b/i.exec(part.name ?? '');
  if (!joined) return null;
  if (/^(?:the|said)\s/i.test(part.text)) {
    // "said first base portion and said second base portion being adapted …" (US6837151B2): the two said again, a clause of their own.
    const verb = /^((?:the|said)\s+[\w\- ]+?\s+and\s+(?:the|said)\s+[\w\- ]+?)\s+(being|having)\b/i.exec(part.text);
    if (verb) return [{ text: `${verb[1]} ${verb[2]!.toLowerCase() === 'being' ? 'are' : 'have'}${part.text.slice(verb[0].length)}`, name: null }];
    // "the heat exchanger and the condenser able to selectively operate …" (US6837063B1): what the two are able to do.
    const able = /^((?:the|said)\s+[\w\- ]+?\s+and\s+(?:the|said)\s+[\w\- ]+?)\s+(able\s+to)\b/i.exec(part.text);
    if (able) return [{ text: `${able[1]} are ${able[2]}${part.text.slice(able[0].length)}`, name: null }];
    // "the housing and the insulator for arranging and holding the plug contacts" (US7862345B2): both, as in twoComponents.
    const both = /^(?:the|said)\s+([\w\- ]+?)\s+and\s+(?:the|said)\s+([\w\- ]+?)(?=\s+(?:for|to|in|on|at|of|with)\b|\s*$)/i.exec(part.text);
    const names = both ? [trimmedName(both[1]!), trimmedName(both[2]!)] : [];
    if (names.length && names.every((name) => name && name.split(/\s+/).length <= 6 && !name.split(/\s+/).some((word) => CLAUSE_WORD.test(word)))) return names.map((name) => ({ text: part.text, name }));
    return [{ text: part.text, name: null }];
  }
  return [{ text: part.text, name: trimmedName(part.name!.slice(0, joined.index)) }];
}

/**
 * A component the claimed thing is said to further have inside a limitation clause ("wherein elements … pass through recesses
 * (14, 16) …, said brake disk further comprising a support ring (18) such that …", US7472777B2, which the cutter keeps whole since
 * it keeps a transition word inside a "wherein" clause): the clause, then the component as an element of its own.
 */
function furtherInClause(part: ClaimPart, subject: string): ClaimPart[] {
  const own = escapeRegExp(subject.replace(/\s*\([^()]*\)/g, ''));
  const further = new RegExp(`,\\s*(?:and\\s+)?(?:said|the)\\s+${own}(?:\\s*\\([^()]*\\))?\\s+further\\s+(?:comprising|including|having)\\s*:?\\s*(?=(?:an?|one or more|at least one)\\s)`, 'i').exec(part.text);
  const name = further ? introducedName(part.text.slice(further.index + further[0].length)) : null;
  if (!further || !name) return [part];
  return [
    { text: part.text.slice(0, further.index), name: null },
    { text: part.text.slice(further.index + further[0].length), name },
  ];
}

/**
 * The components a claim's preamble names with numerals of its own ("A brake disk (2) with at least one friction ring (4) which is
 * connected to a brake disk hub (6) by means of a joining arrangement (12) …", US7472777B2, whose draft listed the support ring 18
 * alone): what the claimed thing is "with" or "has" is its, all said in one element, the preamble after the thing's name. Not
 * what it is "for" or used "in" (the vehicle of "A brake disk for a vehicle (5)" is no part of it); a part the preamble leaves
 * without a numeral stays a part of the setting, as the drafter read it before. They are listed and numbered, not said again
 * in a sentence of their own: the preamble, restated with claim 1, says them (its sentence put three dependent claims past the
 * section limit).
 */
function preambleParts(preamble: string, subject: string): ClaimPart[] {
  const opening = new RegExp(`^(?:an?|the|one or more)\\s+${escapeRegExp(subject)}(?:\\s*\\(\\d{1,4}[a-z]?\\))?\\s*,?\\s+(?:with|having|including|comprising)\\s+`, 'i').exec(preamble);
  if (!opening) return [];
  const text = preamble.slice(opening[0].length).replace(/[\s,;:]+$/, '').replace(/,?\s*(?:comprising|including|having|consisting of)$/i, '');
  const parts: ClaimPart[] = [];
  for (const own of text.matchAll(/\b(?:an?|at least one|one or more|a plurality of|a pair of)\s+([a-z][a-z\- ]{1,60}?)\s*\((\d{1,4}[a-z]?)\)/gi)) {
    const name = trimmedName(own[1]!);
    if (name && !parts.some((part) => part.name === name)) parts.push({ text, name, sign: own[2]!, inPreamble: true });
  }
  return parts;
}

/** The claim's parts with their components named as a drawing shows them (see the top of this file). */
export function englishParts(claim: ReadClaim): ReadClaim {
  if (claim.language !== 'en' || claim.parts.length === 0) return claim;
  // "A calibrator connected to a clock supply station …" (US7643954B2) claims a calibrator, as "The calibrator of claim 1" says.
  // "A brake disk (2) with …" (US7472777B2, a translation that keeps the original's numerals): the numeral is the thing's, not its name's.
  // "A method of inhibiting … a thrombin receptor on said cells" (US6982249B1): the description says "the", as it does in the claim's text.
  if (/\bsaid\b/i.test(`${claim.named} ${claim.subject}`)) return englishParts({ ...claim, named: claim.named.replace(/\bsaid\b/gi, 'the'), subject: claim.subject.replace(/\bsaid\b/gi, 'the') });
  // "Shoe structure comprising …" (US6836979B2), "Device for …": a claim's capital, not a proper name's ("Green Technology Platform apparatus").
  if (/^[A-Z][a-z]+\b(?!.*\b[A-Z])/.test(claim.subject)) return englishParts({ ...claim, subject: `${claim.subject[0]!.toLowerCase()}${claim.subject.slice(1)}` });
  const numbered = /^(.+?)\s*\((\d{1,4}[a-z]?)\)$/.exec(claim.subject);
  if (numbered && !claim.method) return englishParts({ ...claim, subject: numbered[1]!, subjectSign: numbered[2]! });
  const subject = claim.method ? claim.subject : trimmedName(claim.subject);
  if (subject && subject !== claim.subject) return englishParts({ ...claim, subject });
  // A claim without a transition of its own ("A composition of formula (I) wherein …", "A brake disk (2) with …, wherein …") opens
  // on the claimed thing: its preamble, not a component ("10 brake disk", "10 process").
  const opening = claim.independent && !claim.preamble ? claim.parts[0] : undefined;
  const own = (name: string): string => name.toLowerCase().replace(/\s*\([^()]*\)/g, '');
  if (opening?.name && /^(?:an?|the)\s/i.test(opening.text) && own(claim.named).startsWith(own(opening.name))) {
    return englishParts({ ...claim, preamble: opening.text, parts: claim.parts.slice(1) });
  }
  const parts: ClaimPart[] = [];
  let at = 0;
  for (const part of claim.parts) {
    const previous = parts.at(-1);
    const found = claim.text.indexOf(part.text.slice(0, 40), at);
    const joint = found < 0 ? '' : claim.text.slice(Math.max(0, found - 8), found);
    if (found >= 0) at = found;
    if (previous && continues(previous, part, joint)) {
      // Both components of one element (twoComponents) keep sharing its text.
      const text = `${previous.text}, and ${part.text}`;
      for (let i = parts.length - 1; i >= 0 && parts[i]!.text === previous.text; i--) parts[i] = { ...parts[i]!, text };
      continue;
    }
    if (!part.name) {
      parts.push(...furtherInClause(part, claim.subject));
      continue;
    }
    const split = / (?:and|or) (?:an?) /i.test(part.name) ? twoComponents(part) : null;
    if (split) {
      parts.push(...split.map((each) => ({ ...each, name: each.name && trimmedName(each.name) })));
      continue;
    }
    // "the light chain comprises CDR1, CDR2, and CDR3 …" (US7521048B2), "the fourth lens group moves along …": a clause, whose name is the verb's subject.
    const verb = FINITE_IN_NAME.exec(part.name);
    if (verb) {
      parts.push(/^(?:the|said)\s/i.test(part.text) ? { text: part.text, name: null } : { ...part, name: trimmedName(part.name.slice(0, verb.index)) });
      continue;
    }
    const joined = joinedName(part);
    const named = joined ?? [{ ...part, name: trimmedName(part.name) }];
    // "said controller, after receiving …, sets up …" (US7158487B1): the claim says what a component named before does, a clause of its own.
    const again = (each: ClaimPart): boolean => /^(?:the|said)\s+[^,]+,\s*(?:after|before|when|while|if|upon|once|during|until|unless|whereupon)\b/i.test(each.text) && parts.some((earlier) => earlier.name === each.name);
    parts.push(...named.map((each) => (again(each) ? { text: each.text, name: null } : each)));
  }
  return { ...claim, parts: [...preambleParts(claim.preamble, claim.subject), ...parts].map(ownSign) };
}

/** A component the claim numbers itself ("a support ring (18)", US7472777B2) keeps that numeral. */
function ownSign(part: ClaimPart): ClaimPart {
  if (!part.name || part.sign) return part;
  const own = new RegExp(`^(?:\\(?[a-z0-9]{1,3}\\)\\s*)?(?:(?:an?|the|said|one or more|at least one|a plurality of|a pair of)\\s+)*${escapeRegExp(part.name)}\\s*\\((\\d{1,4}[a-z]?)\\)`, 'i').exec(part.text);
  return own ? { ...part, sign: own[1]! } : part;
}
