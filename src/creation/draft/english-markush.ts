// A Markush claim as a US attorney describes it (US8088760B2: "A compound of Formula (I) or Formula (II): wherein: Y is selected
// from the group consisting of a) an aryl group …; b) a heteroaryl group …; c) …; d) …; R1, R2, and R3, are each independently
// selected from …; each RA, RB, RC, and RD is independently selected from …; or stereoisomers, and salts thereof."): the formula's
// symbols are no components, a group's lettered alternatives are one sentence with it, and "or … salts thereof" says what forms
// the claimed compound may take. Used by the claims reader (claims.ts); shortAlternatives by the English sections (english.ts).
import type { ClaimPart } from './claims.ts';
import { plural } from './english-number.ts';

const SYMBOL = String.raw`[A-Z][A-Z]?\d*[a-z]?['′]?`;
/** A formula's symbols ("RA, RB, RC", "R5", "R1 and R2"): named in an element, they are no component (numbered "10 RA, RB, RC" before). */
export const isFormulaSymbols = (name: string): boolean =>
  new RegExp(`^${SYMBOL}(?:\\s*,\\s*(?:and\\s+|or\\s+)?${SYMBOL}|\\s+(?:and|or)\\s+${SYMBOL})+$`).test(name) || /^[A-Z]{1,2}\d+[a-z]?['′]?$/.test(name);

const ALTERNATIVE = /^\(?([a-z])\)\s+/;
const FORMS = /^(?:or|and)\s+((?:an?\s+)?(?:(?:pharmaceutically acceptable|optical|geometric)\s+)?(?:salts?|stereoisomers?|enantiomers?|diastereomers?|solvates?|hydrates?|prodrugs?|esters?|tautomers?|isomers?|polymorphs?|N-oxides?)(?:,?\s*(?:and|or|and\/or)?\s*(?:(?:pharmaceutically acceptable|optical|geometric)\s+)?(?:salts?|stereoisomers?|enantiomers?|diastereomers?|solvates?|hydrates?|prodrugs?|esters?|tautomers?|isomers?|polymorphs?|N-oxides?))*)\s+thereof$/i;

/**
 * The parts of a Markush claim read together: a group "… consisting of a) …" takes its lettered alternatives b), c), … and the
 * "wherein" clauses that define them follow it (it was cut at each 「;」, and the description said "Y is selected from the group consisting of a) an
 * aryl group optionally substituted with 1, 2, or 3 R5." and stopped); "or stereoisomers, and salts thereof" is said of the claimed thing
 * ("the compound may be in the form of stereoisomers and salts thereof"), after what it is, not as its last feature.
 */
export function markushParts(parts: ClaimPart[], subject: string): ClaimPart[] {
  const out: ClaimPart[] = [];
  let group: ClaimPart | null = null;
  let letter = '';
  const forms: ClaimPart[] = [];
  const defining: ClaimPart[] = [];
  let opening = '';
  let alternatives: string[] = [];
  const listed = () => `${opening}${alternatives.slice(0, -1).join('; ')}; and ${alternatives.at(-1)}`;
  for (const part of parts) {
    const label = ALTERNATIVE.exec(part.text)?.[1];
    // "the compound is selected from: N-(2-amino-1-phenylethyl)-…; N[2-amino-…]-…; …" (US8420690B2): each compound a word of its own, the group's
    // (said before as sentences of their own, "In this embodiment, N[2-amino-1-(phenylmethyl)ethyl]-5-….").
    if (group && !part.name && !letter && !/\s/.test(part.text)) {
      alternatives.push(part.text);
      group.text = listed();
      continue;
    }
    if (group && !part.name && label && letter && label.charCodeAt(0) === letter.charCodeAt(0) + 1) {
      alternatives.push(part.text.replace(ALTERNATIVE, ''));
      group.text = listed();
      letter = label;
      continue;
    }
    // What defines an alternative's symbols ("wherein each R5 is selected independently from …") is said after the group, as before: read into
    // it, the group ran past the section's length and was dropped whole.
    if (group && !part.name && /^wherein\b/i.test(part.text)) {
      defining.push({ ...part });
      continue;
    }
    group = null;
    out.push(...defining.splice(0));
    const form = FORMS.exec(part.text);
    if (form && !part.name) {
      forms.push({ text: `the ${subject} may be in the form of ${form[1]!.replace(/,\s*(?=(?:and|or)\s)/g, ' ')} thereof`, name: null, form: true });
      continue;
    }
    const opens = /consisting of:?\s*\(?a\)\s/i.exec(part.text);
    // "R4, is selected from …", "R1, R2, and R3, are each …": the claim's comma between a symbol and its verb.
    const copy = { ...part, text: part.name ? part.text : part.text.replace(new RegExp(`(?<=\\b${SYMBOL}),\\s+(?=(?:is|are)\\b)`, 'g'), ' ') };
    const named = /\bselected from(?: the group consisting of)?\s*:\s*(?=\S+$)/i.exec(copy.text);
    if (named && !part.name) {
      opening = copy.text.slice(0, named.index + named[0].length);
      alternatives = [copy.text.slice(named.index + named[0].length)];
      group = copy;
      letter = '';
    } else if (opens && !part.name) {
      // The letters go, as a description lists the group: "consisting of an aryl group …; a heteroaryl group …; and …".
      copy.text = `${copy.text.slice(0, opens.index)}consisting of ${copy.text.slice(opens.index + opens[0].length)}`;
      opening = `${part.text.slice(0, opens.index)}consisting of `;
      alternatives = [part.text.slice(opens.index + opens[0].length)];
      group = copy;
      letter = 'a';
    }
    out.push(copy);
  }
  out.push(...defining);
  if (forms.length === 0) return out;
  // After the part that says what the thing is ("the compound is of Formula (I) or Formula (II)"), else first.
  const what = out.findIndex((part) => !part.name && new RegExp(`^the ${subject} is\\b`, 'i').test(part.text));
  out.splice(what + 1, 0, ...forms);
  return out;
}

/**
 * A Markush list of many alternatives said in the problem and the effect by its first and how many others: US8420690B2's
 * 12 thiophenecarboxamides filled both sections ("… selected from: N-(2-amino-1-phenylethyl)-…; N[2-amino-…; …").
 */
export function shortAlternatives(clause: string, subject: string): string {
  const group = /^(.*?\bselected from(?: the group consisting of)?:?\s*)(.+)$/i.exec(clause);
  if (!group) return clause;
  const items = group[2]!.split(/\s*;\s*(?:and\s+|or\s+)?/).filter(Boolean);
  if (items.length < 4) return clause;
  return `${group[1]!.replace(/:\s*$/, ' ')}${items[0]!.replace(/[,;.\s]+$/, '')} and ${items.length - 1} other ${plural(subject || 'alternative')} recited in the claims`;
}
