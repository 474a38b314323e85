// Components an English claim set adds outside the signed claim's list, the English side of
// added-signs.ts: "4. The system according to claim 1 and further comprising a SIP container
// configured to provide …" (US8930553B2), "… further comprising: a corner disposed …; and a
// rectangular aperture …" (US7862248B2), "wherein the printer further includes a receptacle
// station …" (US7864166B2). A US drawing shows them with numerals as it shows the listed ones, so
// they are numbered on after them (30 after 10, 20): claim 1's own first, then its
// dependent claims', in claim order.
import type { ReadClaim } from './claims.ts';

/** Where a component is introduced: "further comprising", "further includes:", "and further having". */
const FURTHER = /\bfurther\s+(?:comprising|comprises|comprise|including|includes|include|having|has|have)\b\s*(:?)\s*/gi;
/** An indefinite determiner: the component is new ("a", "one or more", "a plurality of"); "the"/"said" points back. */
const DETERMINER = /^(?:a plurality of|a plurality|plurality of|a pair of|a set of|a series of|one or more|at least one|at least two|first and second|two|three|four|an?)\s+/i;
/** What ends a component's name: a relative clause, a participle, a preposition, a comma ("… SIP container configured to provide …"). */
const NAME_END =
  /\s+(?:that|which|who|whose|where|wherein|whereby|when|while|being|is|are|has|have|having|comprising|comprises|including|includes|containing|consisting|configured|adapted|designed|operable|capable|arranged|disposed|positioned|located|provided|formed|mounted|coupled|connected|attached|secured|fixed|fastened|supported|received|housed|extending|projecting|protruding|surrounding|defining|spaced|made|used|selected|so|such|for|to|on|in|at|of|between|within|from|over|under|with|by|along|around|through|about|above|below|beneath|behind|adjacent|near|inside|outside|across|against|toward|towards|via|upon|onto|into|each|both)\b.*$/is;
/** A participle with its complement ends the name too ("a substrate attached to …", "fins formed upon the heat sink"). */
const PARTICIPLE = /\s+\w+ed\s+(?:to|by|in|on|upon|at|with|from|into|onto|under|over|between|within|along|around|through|across|for|as)\b.*$/i;
/**
 * A noun the claim says of the thing but that no drawing shows as a part: a step or act, a
 * quantity or property, data, a method (the English ABSTRACT of added-signs.ts).
 */
const ABSTRACT =
  /\b(?:step|steps|act|acts|operation|operations|process|method|procedure|amount|number|quantity|value|values|ratio|rate|degree|thickness|length|width|height|depth|diameter|radius|temperature|pressure|concentration|weight|mass|density|viscosity|hardness|strength|property|properties|characteristic|characteristics|feature|shape|form|state|condition|orientation|direction|function|information|data|signal|signals|message|messages|instruction|instructions|time|period|duration|speed|velocity|frequency|wavelength|angle|distance|size|dimension|dimensions|volume|content|percentage|percent|range|relationship|relation|effect|result|level|mode|manner|way|order|sequence|combination|metric|metrics|strategy|strategies|rule|rules|policy|policies|parameter|parameters|criteria|criterion|setting|settings|identifier|identifiers|code)$/i;
/** A word that alone names no particular component ("a portion", "a member"). */
const GENERIC = /^(?:part|parts|portion|portions|member|members|element|elements|unit|units|device|devices|means|component|components|section|region|area|structure|one|ones|plurality|pair|set|series|first|second|third|other|another)$/i;
/** A substance or a chemical moiety, which no drawing shows with a numeral ("further comprising a skin-care active", "carbon dioxide"). */
const SUBSTANCE =
  /\b(?:compound|compounds|polymer|copolymer|resin|acid|salt|solvent|agent|active|additive|oxide|nitride|carbide|particles?|powder|ester|ether|group|atom|moiety|surfactant|catalyst|binder|filler|ions?|solution|mixture|water|gas|oil|fluid|liquid|refrigerant|coolant|lubricant|material|materials|dioxide|protein|peptide|antibody|oligonucleotide|nucleotide|sequence)$/i;
/** A claimed thing that is a material: what it contains is what it is made of, not a numbered component. */
const MATERIAL =
  /\b(?:composition|formulation|compound|mixture|solution|emulsion|suspension|dispersion|alloy|polymer|copolymer|resin|material|coating|ink|paint|preparation|medicament|vaccine|polypeptide|protein|peptide|antibody|oligonucleotide|polynucleotide|nucleic acid|cell|cells|salt|crystal|powder|particles?|fiber|glass|steel|catalyst|adhesive|product)$/i;

/** An adverb ("substantially", "fluidly", "upwardly"), not a noun in -ly ("assembly", "supply"). */
const ADVERB = String.raw`\w+(?:ally|ably|ibly|edly|ively|ately|ntly|ously|arly|fully|ctly|tely|rdly|idly|rely|sely|ssly)`;

/**
 * The component a list item introduces, or null: "a SIP container configured to provide …" → "SIP
 * container", "fins formed upon the heat sink" → "fins" (a bare plural introduces too), "a power and
 * clock (P&C) management module including …" → "power and clock management module". Not an act
 * ("collecting the water vapor"), a pointer back ("the actuator"), a quantity or a property.
 */
export function introducedName(item: string): string | null {
  const text = item.trim().replace(/^\(?[a-z0-9]{1,3}\)\s*/i, '');
  const determiner = DETERMINER.exec(text);
  // A bare plural ("vias formed in …", "metal wiring layers") introduces as an article does; an -ing word is an act.
  if (!determiner && (/^(?:the|said|each|its|their|wherein|whereby|where|in|on|at|by|with|to|for|from|means)\b/i.test(text) || /^\w+ing\b/i.test(text))) return null;
  let name = (determiner ? text.slice(determiner[0].length) : text)
    .replace(/^of\s+/i, '')
    // An abbreviation in brackets is part of no name ("power and clock (P&C) management module").
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/[,;:.].*$/s, '')
    // A premodifier of adverb and participle ("upwardly extending tine fastener heads", US11147202B2) or an adverb ("substantially planar floor").
    .replace(new RegExp(`^(?:${ADVERB}\\s+)+(?:\\w+(?:ing|ed)\\s+(?=\\w))?`, 'i'), '')
    .replace(PARTICIPLE, '')
    // A participle taking an object ends the name ("an optical element forming a guide", US7643860B2).
    .replace(/\s+\w+ing\s+(?:a|an|the|said|one|two|each)\b.*$/i, '');
  // "and" stays inside a name ("power and clock management module"); "a X and a Y" was cut into two items before.
  name = name.replace(NAME_END, '');
  // A trailing adverb ("an expansion valve assembly fluidly coupled …", US6837063B1) is not part of it; "assembly" is.
  name = name.replace(new RegExp(`(?:\\s+${ADVERB})+$`, 'i'), '').trim();
  if (!name || name.split(/\s+/).length > 6 || !/^[a-z]/i.test(name)) return null;
  if (!determiner && !/[a-z]s$/i.test(name)) return null;
  const last = name.split(/\s+/).at(-1)!;
  if (ABSTRACT.test(last) || SUBSTANCE.test(last) || GENERIC.test(name) || /\d/.test(last)) return null;
  return name;
}

/**
 * The items a "further comprising" introduces: one ("a memory configured to store: a …; a …" is one
 * memory), or, after a colon, each of its ";"-separated list; "a first guidewire and a second
 * guidewire" (US8088102B2) are two when the first is a bare name.
 */
function introducedItems(rest: string, listed: boolean): string[] {
  const pieces = listed ? rest.split(/;\s*(?:and\s+)?/) : [rest.split(/;|,?\s*\bwherein\b/i)[0]!];
  const items: string[] = [];
  for (const piece of pieces) {
    const both = /^((?:an?|one or more|at least one)\s+[\w\- ]+?)\s*,?\s+and\s+((?:an?|one or more|at least one)\s+.*)$/is.exec(piece);
    if (both && !NAME_END.test(both[1]!.replace(DETERMINER, '')) && !PARTICIPLE.test(both[1]!)) items.push(both[1]!, both[2]!);
    else items.push(piece);
  }
  return items;
}

/** The components a claim text introduces with "further comprising …", in order. */
export function furtherIntroduced(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(FURTHER)) {
    const rest = text.slice(match.index + match[0].length).replace(/\.\s*$/, '');
    for (const item of introducedItems(rest, match[1] === ':')) {
      const name = introducedName(item);
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * The names the signed claim adds after its list, then those its dependent claims of the same
 * thing add, each once and none already in `taken` (the subject and the listed components). A
 * method (its steps), a material (what it is made of) and a claim of another thing built on the
 * signed one ("A vehicle comprising the system of claim 1") add none.
 */
export function englishAddedComponents(signed: ReadClaim, claims: ReadClaim[], taken: string[]): string[] {
  if (signed.language !== 'en' || signed.method || MATERIAL.test(signed.subject)) return [];
  const seen = new Set(taken.map((name) => name.toLowerCase()));
  const texts = [signed.parts.filter((part) => !part.name).map((part) => part.text).join('; ')];
  const same = signed.subject.toLowerCase();
  // A claim refers only to earlier ones (readClaims keeps those), so one pass in order finds the signed claim's dependants.
  const family = new Set([signed.number]);
  for (const claim of claims) {
    if (claim === signed || !claim.refersTo.some((n) => family.has(n))) continue;
    family.add(claim.number);
    if (!claim.method && claim.subject.toLowerCase() === same) texts.push(claim.body);
  }
  const added: string[] = [];
  for (const text of texts) {
    for (const name of furtherIntroduced(text)) {
      // "a release button" (claim 3) and "a pair of release buttons" (claim 8, US6981945B1) are the same component.
      const forms = [name, `${name}s`, `${name}es`, name.replace(/e?s$/i, ''), name.replace(/s$/i, '')].map((form) => form.toLowerCase());
      if (forms.some((form) => seen.has(form))) continue;
      seen.add(name.toLowerCase());
      added.push(name);
    }
  }
  return added;
}
