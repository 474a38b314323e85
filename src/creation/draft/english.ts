// The sections in English, in the style of US applications ("The present disclosure relates to
// …", "In some embodiments, …", reference numerals after the element names, JP 2015-039043 A).
import type { PatentSections } from '../../patent-documents/model.ts';
import type { ClaimPart, ReadClaim } from './claims.ts';
import type { DraftContext } from './context.ts';
import { jepsonBackground } from './english-jepson.ts';
import { articlesAsClaimed, clauseOf, descriptionWording, elementSentence, finiteClause, stepDoer, storedInstructions, thingHad, type StepDoer } from './english-wording.ts';
import { markEnglish } from './english-marks.ts';
import { escapeRegExp, limitLines, limitSection, listEnglish, lowerFirst, upperFirst, type SectionLines } from './text.ts';
import { englishTransition } from '../../priorart/elements.ts';
import { agreeing, article, articlesAsRead, counted, lowerName, plural, pluralHead, some, titled } from './english-number.ts';
import { shortAlternatives } from './english-markush.ts';
import { englishMethodSteps, englishStepSentences } from './method-steps.ts';
import { pointParts } from './scope-clauses.ts';
import { definedPart } from './english-point.ts';

/**
 * A section within the limit. A sentence longer than the limit is cut at its last comma that fits, which may leave the
 * claim's "…; and," ("… and the puller is free standing; and.", US7473185B2): the "and" goes with what it joined.
 */
/** A section cut to its limit; `cuts` says which lines are said whole (text.ts limitLines). */
const limited = (text: string, cuts?: SectionLines): string => (cuts ? limitLines(text.split('\n'), cuts) : limitSection(text)).replace(/(?:[,;]\s*|\s+)(?:and|or)\.$/i, '.');
/**
 * Claim wording in the description: "said" becomes "the", and the claim's own reference numerals lose their parentheses, as a US
 * description writes them ("the ring land (8) of the friction ring (4)" → "the ring land 8 of the friction ring 4", US7472777B2,
 * beside the drafter's own "support ring 18"); a formula's "(5)", a step's "(a)" and an enumeration's "(1) the …" (US6981466B2) or "so that (1) rotary …" (US7315006B2) keep theirs: a numeral follows a noun.
 */
const SIGNED_NUMERAL =
  /\b([A-Za-z]+)(?<!\b(?:formula|formulae|equation|expression|claims?|steps?|FIG|Fig|figures?|examples?|tables?|compounds?|structures?|that|and|or|of|wherein|whereby|which|when|where|while|then|to|in|by|with|for|either|both|comprising|including|having|is|are|being))\s+\((\d+[a-z]?'?(?:\s*(?:,|and|-|–)\s*\d+[a-z]?'?)*)\)(?!\s+(?:the|a|an|said|each|whether)\b)/g;
const unbracketed = (text: string): string => {
  const signed = new Set<string>();
  const out = text.replace(SIGNED_NUMERAL, (_whole, noun: string, numerals: string) => {
    signed.add(`${noun.toLowerCase()} ${numerals}`);
    return `${noun} ${numerals}`;
  });
  // "the friction ring (4) and the brake disk hub (6) each feature …" (US7472777B2): before "each" a numeral is a sign when the text gives it to that noun elsewhere.
  return out.replace(/\b([A-Za-z]+)\s+\((\d+[a-z]?'?)\)(?=\s+each\b)/g, (whole, noun: string, numeral: string) => (signed.has(`${noun.toLowerCase()} ${numeral}`) ? `${noun} ${numeral}` : whole));
};
const described = (text: string): string => descriptionWording(unbracketed(text.replace(/\bsaid\b/gi, 'the')));
/** A sentence of claim wording, without the claim's closing "…, and" (US6837151B2: "… by a second distance, and."). */
const sentence = (text: string): string => `${upperFirst(text.trim().replace(/(?:,\s*|\s+)(?:and|or)\s*[.;,:]*$/i, '').replace(/[.;,:]+$/, ''))}.`;

function noveltyPhrase(parts: ClaimPart[], subject = ''): string {
  // One part named ("a fourth layer …", US6970935B1) is said with what the claim says defines it (english-point.ts).
  const [only] = parts;
  const defined = parts.length === 1 && only!.name ? definedPart({ text: only!.text, name: only!.name }, described, subject) : null;
  if (defined) parts = [{ text: 'state' in defined ? defined.state : '', name: 'had' in defined ? defined.had : null }];
  const names = [...new Set(parts.filter((part) => part.name).map((part) => (defined ? part.name! : counted(part.name!))))];
  // A step of a method claim ("and, (g) inserting the strand …") is done, not a state: "that includes inserting the strand …".
  const clauses = parts
    .filter((part) => !part.name)
    // Without the claim's ties and labels: "a configuration in which f) a first encapsulant …" (US6982482B2), "… in which iv) the shadow tone
    // scale segment …" (US7158686B2); "… and the puller is free standing; and" (US7473185B2) ends the claim's list, not the phrase.
    .map((part) => clauseOf(described(part.text)).replace(/(?:[,;]\s*|\s+)(?:and|or)$/i, '').replace(/^\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)]$/i, ''))
    // A claim whose last element says nothing left to say (US6982249B1, "… in which .").
    .filter((clause) => /\w/.test(clause));
  // "angularly directing at least one linear light gradient onto a workpiece" (US7315383B1) is a step too.
  const steps = clauses.filter((clause) => /^(?:[a-z]+ly\s+)?[a-z]+ing\b/i.test(clause) && !thingHad(clause));
  // "means for exerting a force …" (US6981920B1) is had, as a named part is: "including means for …", not "in which means for …".
  const had = clauses.filter((clause) => !steps.includes(clause) && thingHad(clause));
  const states = clauses.filter((clause) => !steps.includes(clause) && !had.includes(clause));
  const pieces: string[] = [];
  if (names.length || had.length) pieces.push(`including ${listEnglish([...names, ...had])}`);
  // What the thing itself is ("the compound is selected from: …", US8420690B2) is said of it: "a compound that is selected from: …", not
  // "a compound in which the compound is selected from: …".
  const own = subject ? new RegExp(`^the\\s+${escapeRegExp(subject)}\\s+(?=(?:is|are|may)\\b)`, 'i') : null;
  const itself = states.length === 1 && own?.test(states[0]!) ? shortAlternatives(states[0]!.replace(own, ''), subject) : '';
  if (itself) pieces.push(`that ${itself}`);
  else if (states.length) pieces.push(`in which ${listEnglish(states)}`);
  if (steps.length) pieces.push(`that includes ${listEnglish(steps)}`);
  return pieces.join(' and ');
}

/**
 * An independent claim as a sentence: "<lead> includes: a …; and a …." (lead: "a battery according to …"). A claim without a
 * transition names the thing itself ("A brake disk (2) with …, wherein …", US7472777B2; "A compound of Formula I: … wherein: …"):
 * `provided` introduces it ("According to an aspect of the present disclosure, there is provided a brake disk …"), or it is said
 * as claimed, not as "<lead> is a brake disk (2) with …", which named the thing twice.
 */
function restate(claim: ReadClaim, lead: string, provided = ''): string {
  const text = described(claim.text).replace(/\.\s*$/, '');
  const transition = englishTransition(text);
  if (!transition) return sentence(provided ? `${provided} ${lowerFirst(text)}` : text);
  const verb = /^consisting/i.test(transition[2]!) ? 'consists of' : 'includes';
  const rest = text.slice(transition[0].length).replace(/^[,:;\s]+/, '').replace(/;\s*(?=wherein\b)/gi, ', ');
  // "comprising: a. a housing, …; b. …" (US7862546B2) read "includes a. a housing": the labelled list follows a colon.
  return sentence(`${lead} ${verb}${/^[a-z]\.\s+(?=\S)/i.test(rest) ? ':' : ''} ${rest}`);
}

/**
 * Claim 1 cut at 150 words for the abstract: at its last comma or semicolon in the second half, not inside a phrase ("… formed in a.",
 * US7640932B2; "… the post of the valve of the.", US7156135B1), and without the list's "and" before it.
 */
function abstractCut(text: string): string {
  const stop = Math.max(text.lastIndexOf(','), text.lastIndexOf(';'));
  const cut = stop > text.length / 2 ? text.slice(0, stop) : text.replace(/[,;:]?\s*\S*$/, '');
  return cut.replace(/(?:[,;]\s*|\s+)(?:and|or)$/i, '').replace(/[\s,;:]+$/, '');
}

/** Dependent claim text as an option: "the sulfide is Li2S" → "In some embodiments, the sulfide is Li2S." */
function optional(claim: ReadClaim, subjectMark: string): string {
  // "4. The arrangement in claim 1, the network further comprising: …" (US6336130B1): a claim reference the claims reader does not know stays in the
  // body; so does "… of claim 1 or claim 2, wherein …" (US7862893B2) and one without an article ("Edging rail according to claim 1, …", US8087209B2).
  const body = described(claim.body)
    .replace(/^(?:(?:the|an?)\s+)?[^,]{1,80}?\s+(?:in|as in|of|according to)\s+claims?\s+\d+(?:\s*(?:,|or|and|to|-|–)\s*(?:claims?\s+)?\d+)*\s*,?\s*(?:and\s+)?/i, '')
    // "wherein: the housing comprises a cover …" (US6530116B2).
    .replace(/^(?:wherein|whereby|in which|where|characterized in that)\s*:?\s*/i, '')
    .replace(/^((?:the|each)\s+[^,]{1,60}?)\s+further\s+(?:comprising|including|having)\b\s*:?\s*/i, '$1 further includes ')
    // "… has a first T1, and wherein TI is selected …" (US7474097B2): one sentence.
    .replace(/,?\s+and\s+wherein\s+/gi, ', and ');
  const further = /^(?:further\s+)?(comprising|including|having)\s*:?\s*/i.exec(body);
  if (further) return `In some embodiments, the ${subjectMark} further includes ${body.slice(further[0].length)}`;
  // What the claim says of the thing itself: "…, which is a chiral ligand" (US7863443B2), "… embodied in the housing of …" (US8089389B2),
  // "…, provided with a supply point (12) …" (US6837358B1).
  const which = /^(?:which|that)\s+(?=(?:is|are|has|have|comprises|includes|contains)\b)/i.exec(body);
  // "6. … of claim 1, which is" (US7863443B2, its formula a drawing): nothing said.
  if (which) return /^\w+[\s.]*$/.test(body.slice(which[0].length)) ? '' : `In some embodiments, the ${subjectMark} ${body.slice(which[0].length)}`;
  // "The appliance of claim 1 wherein has a semi-oval cavity …", "… wherein said is designed …" (US20130014308A1): the claim left its subject out.
  const verb = /^(?:(?:said|the)\s+)?(?=(?:is|are|has|have|comprises|compromises|includes|contains|facilitates|provides|prevents|allows|enables)\b)/i.exec(body);
  if (verb) return `In some embodiments, the ${subjectMark} ${body.slice(verb[0].length)}`;
  // "The method according to claim 1 using the tone scale function … to produce an enhanced digital image" (US7158686B2): a step, no clause.
  if (claim.method && /^[a-z]+ing\b/i.test(body) && !/\b(?:is|are|was|were|has|have|comprises|includes|contains|consists)\b/i.test(body)) return `In some embodiments, the ${subjectMark} further includes ${body}`;
  if (/^(?!(?:need|bed|seed|feed|speed)\b)[a-z]{3,}ed\s+(?:in|on|with|by|as|to|from|at|into|within)\b/i.test(body)) return `In some embodiments, the ${subjectMark} is ${body}`;
  return `In some embodiments, ${lowerFirst(finiteClause(body))}`;
}

/**
 * Whether a dependent claim is of the signed claim's thing: named alike, or by its head ("The method of claim 1" of "A method for
 * reducing metastasis …", US7521045B2; "The appliance of claim 1" of "A finger nail tip cover appliance …", US20130014308A1) when it
 * depends on it (`family`: the signed claim and its dependants so far).
 */
function ofSigned(claim: ReadClaim, signed: ReadClaim, family: Set<number>): boolean {
  const [own, thing] = [claim.subject.toLowerCase(), signed.subject.toLowerCase()];
  if (own === thing) return true;
  return claim.refersTo.some((n) => family.has(n)) && (thing.endsWith(` ${own}`) || (signed.method && thing.startsWith(`${own} `)));
}

export function englishSections(ctx: DraftContext): Omit<PatentSections, 'preDocPatents' | 'preDocNonPatents' | 'claims'> {
  const { main, title } = ctx;
  // "Portable instrument, for measuring …" (US7643860B2) leaves its comma on the subject ("portable instruments,."), US7314575B2 an "and".
  const subject = ctx.subject.replace(/[\s,;:]+$/, '').replace(/\s+(?:and|or)$/i, '');
  const signs = ctx.signList;
  const claimsText = ctx.claims.map((claim) => claim.text).join('\n');
  const mark = (text: string): string => markEnglish(text, signs, claimsText);
  const subjectMark = ctx.signs.subject ? `${ctx.signed.subject} ${ctx.signs.subject.sign}` : ctx.signed.subject;
  const named = ctx.signs.parts.map((part) => part.name);

  const domain = [`The present disclosure relates to ${titled(lowerFirst(title))}.`];
  // Every part (up to four) or none: the first three of five read as if there were no others.
  if (named.length > 0 && named.length <= 4) domain.push(`More particularly, the present disclosure relates to ${some(subject)} including ${listEnglish(named.map(counted))}.`);

  const background: string[] = [];
  const keywordNote = ctx.keywords.length ? ` Improvements in ${listEnglish(ctx.keywords.slice(0, 3))} are particularly desired.` : '';
  // The setting of a Jepson claim is the known art the improvement is made in (US7155908B2).
  // One for each thing claimed: claims 1, 8 and 10 of US20130014306A1 improve the same glove, each setting it in its own words.
  const settings = new Map<string, string>();
  for (const claim of ctx.independents) if (!settings.get(claim.subject)) settings.set(claim.subject, jepsonBackground(claim));
  background.push(...new Set([...settings.values()].filter(Boolean)));
  background.push(`Various configurations have been proposed for ${plural(subject)}.${keywordNote}`);
  const uncited: string[] = [];
  ctx.cited.forEach((source, index) => {
    if (!source.sentence || index >= 6) {
      uncited.push(source.citation);
      return;
    }
    const quote = source.sentence.replace(/\.$/, '');
    background.push(`${index === 0 ? 'For example, ' : ''}${source.citation}${source.title ? `, entitled "${source.title}",` : ''} discloses the following: "${quote}."`);
  });
  if (uncited.length) background.push(`Related techniques are also described in ${listEnglish(uncited)}.`);
  // The pasted document has no number to cite: it is described as known art in its own words.
  if (ctx.pasted.sentence) background.push(`${ctx.cited.length > 0 ? 'Another known technique' : 'A known technique'} is described as follows: "${ctx.pasted.sentence.replace(/\.$/, '')}."`);

  // A last part that only selects from a group gives way to the clause before it (scope-clauses.ts), as in Japanese.
  const point = ctx.novelty.length > 0 ? ctx.novelty : pointParts(main.parts.filter((part) => !part.form), 'en');
  const phrase = noveltyPhrase(point.slice(0, 3), subject);
  const first = ctx.cited[0]?.citation;
  const issue: string[] = [];
  if (ctx.pasted.contrasted && phrase) issue.push(`However, the known technique described above does not consider ${some(subject)} ${phrase}.`);
  else if (first && ctx.novelty.length > 0 && phrase) issue.push(`However, ${first} does not consider ${some(subject)} ${phrase}.`);
  else if (first) issue.push(`However, the technique of ${first} leaves room for improvement in the configuration of the ${subject}.`);
  // "… considered an alloy that is essentially free of …": what the thing itself is, not a configuration that is.
  else if (phrase) issue.push(`However, conventional ${plural(subject)} have not sufficiently considered ${/^that (?:is|are|may)\b/.test(phrase) ? some(subject) : 'a configuration'} ${phrase}.`);
  issue.push(`The present disclosure has been made in view of the above circumstances, and an object thereof is to provide ${some(subject)}${phrase ? ` ${phrase}` : ' with a new configuration'}.`);

  const method = ctx.independents.map((claim, index) => {
    const opening = index === 0 ? 'To solve the above problem, ' : 'In another aspect, ';
    return restate(claim, `${opening}${some(lowerName(unbracketed(claim.named)))} according to an aspect of the present disclosure`, `${opening}${index === 0 ? 'according to an aspect of the present disclosure, ' : ''}there is provided`);
  });

  const effect = [`According to the present disclosure, it is possible to provide ${some(subject)}${phrase ? ` ${phrase}` : ' with a new configuration'}.`];

  const hasDrawings = ctx.drawings.length > 0;
  const embodiment: string[] = [
    `Hereinafter, embodiments of the present disclosure will be described in detail${hasDrawings ? ' with reference to the drawings' : ''}. The present disclosure is not limited to the following embodiments.`,
  ];
  if (ctx.signs.parts.length > 0) {
    const listed = listEnglish(ctx.signs.parts.map((part) => `${counted(part.name)} ${part.sign}`));
    embodiment.push(hasDrawings ? `As shown in FIG. 1, ${some(subjectMark)} according to an embodiment includes ${listed}.` : `${upperFirst(some(subjectMark))} according to an embodiment includes ${listed}.`);
  }
  // What the claims add outside claim 1's list ("further comprising a SIP container", US8930553B2) is named here
  // with its numeral, so it is in the description even when the dependent claims' sentences are cut at the limit.
  const added = signs.slice((ctx.signs.subject ? 1 : 0) + ctx.signs.parts.length);
  if (added.length > 0) embodiment.push(`The ${subjectMark} may further include ${listEnglish(added.map((sign) => `${counted(sign.name)} ${sign.sign}`))}.`);
  // Two components named in one element ("a plug connector and a receptacle connector detachably fitted …") share one sentence.
  for (const [index, part] of ctx.signs.parts.entries()) {
    if (index > 0 && part.text === ctx.signs.parts[index - 1]!.text) continue;
    // The components the preamble names are said with claim 1 in the summary.
    if (ctx.signed.parts.some((read) => read.inPreamble && read.name === part.name)) continue;
    const text = described(part.text);
    // A part the claim only names ("a first housing;") is said by the list above: "… the lever type connector 1 includes a first
    // housing 10." after it said it again (52 such sentences in 43 of 228 US drafts), in room the section's limit gives the claims.
    if (new RegExp(`^(?:an?|one or more|at least one|the)\\s+${escapeRegExp(part.name)}$`, 'i').test(text)) continue;
    // "said metering disk or plate has a rotating driving device …" (US20220159901A1), "the septum are located along …" (US7862546B2): a clause
    // of its own, not what the thing includes ("includes the septum 10 are located").
    // So is "the quality or composition of the milk is checked by …" (US6981466B2), "the dispersion slope of the optical fiber is smaller …": what
    // it is of comes between (not a relative clause's verb, "the formula where R1 in each occurrence is …", a noun phrase).
    if (
      new RegExp(`^the\\s+${escapeRegExp(part.name)}\\s+(?:is|are|was|were|has|have|[a-z]+s)\\b`, 'i').test(text) ||
      new RegExp(`^the\\s+${escapeRegExp(part.name)}\\s+of\\s+(?:(?!\\b(?:where|which|that|wherein|whereby|when|whose|who)\\b)[^,;:])*?\\s(?:is|are|was|were)\\s`, 'i').test(text)
    ) {
      embodiment.push(sentence(`In this embodiment, ${mark(text)}`));
      continue;
    }
    embodiment.push(sentence(`In this embodiment, the ${subjectMark} includes ${mark(text).replace(new RegExp(`^(an?|one or more|at least one)\\s+${escapeRegExp(part.name)} ${part.sign}`, 'i'), `$1 ${part.name} ${part.sign}`)}`));
  }
  // A step is what the method includes; it is not said of the method 1 (a method has no numeral).
  const steps = ctx.signed.method ? (/^(?:method|process)\b/i.exec(ctx.signed.subject)?.[0].toLowerCase() ?? ctx.signed.subject) : (/\b(?:method|process)\b/i.exec(ctx.signed.text)?.[0].toLowerCase() ?? null);
  // The steps a component of a product performs ("a game controller executing the steps of: (a) receiving …; making …", US8087986B2) are its.
  let doer: StepDoer | null = null;
  const unnamed = ctx.signed.parts.filter((part) => !part.name);
  for (const part of ctx.signed.parts) {
    if (part.name) {
      doer = stepDoer(part.name, part.text) ?? storedInstructions(part.text, subjectMark)?.doer ?? (doer && !ctx.signs.parts.some((signed) => signed.name === part.name) ? doer : null);
      continue;
    }
    // A medium's instructions: said of the medium, and the acts after them are what they cause the processor to perform.
    const stored = /^(?:having\s+stored|stored|storing)\b/i.test(part.text) ? storedInstructions(described(part.text), subjectMark) : null;
    if (stored) {
      doer = stored.doer;
      embodiment.push(mark(stored.sentence));
    }
    const said = elementSentence(stored ? stored.first : described(part.text), subjectMark, steps, doer ?? undefined, { opens: part === unnamed[0], closes: part === unnamed.at(-1) });
    if (said !== 'In this embodiment, .') embodiment.push(mark(said));
  }
  const otherSubjects = new Set(ctx.independents.filter((claim) => claim !== ctx.signed).map((claim) => claim.subject.toLowerCase()));
  const family = new Set([ctx.signed.number]);
  // Another independent claim is said whole or not at all when the section is cut ("Next, the method … will be described." alone, with
  // nothing after it, closed 6 of 228 drafts); dependent claims give way to it.
  const cuts: SectionLines = { whole: [], optional: [] };
  for (const claim of ctx.dependents) {
    const at = embodiment.length;
    const own = claim.subject.toLowerCase();
    if (ofSigned(claim, ctx.signed, family)) {
      family.add(claim.number);
      const said = optional(claim, ctx.signed.subject);
      if (said) embodiment.push(sentence(mark(said)));
    }
    else if (!otherSubjects.has(own)) {
      // A claim of another thing built on the claimed one ("A method for manufacturing the battery of claim 1, …").
      const text = described(claim.text).replace(/\s+(?:of|according to|as claimed in|as recited in|as defined in|as set forth in|in accordance with|as in|in)\s+(?:any\s+(?:one\s+)?of\s+)?claims?\s+\d+(?:\s*(?:,|or|and|to|-|–)\s*\d+)*/i, ' according to the above embodiment');
      embodiment.push(sentence(`The present disclosure can also be implemented as ${lowerFirst(text.replace(/,\s*and\s+(?=wherein\b)/i, ', '))}`));
    }
    if (embodiment.length > at) cuts.optional.push(at);
  }
  for (const claim of ctx.independents) {
    if (claim === ctx.signed) continue;
    // A method whose body lists its acts is told step by step (method-steps.ts), not as one sentence of the whole claim.
    const text = described(claim.text).replace(/\.\s*$/, '');
    const transition = englishTransition(text);
    const steps = transition && !/^consisting/i.test(transition[2]!) ? englishMethodSteps(claim, text.slice(transition[0].length).replace(/^[,:;\s]+/, '')) : null;
    const method = /^(?:method|process)\b/i.exec(claim.subject)?.[0].toLowerCase() ?? claim.subject;
    const said = steps ? englishStepSentences(`The ${claim.subject} according to the embodiment`, method, steps).join(' ') : restate(claim, `The ${claim.subject} according to the embodiment`, 'In the embodiment, there is provided');
    cuts.whole.push([embodiment.length, embodiment.length]);
    embodiment.push(`Next, the ${claim.subject} according to an embodiment will be described. ${mark(said)}`);
  }

  const words = restate(main, upperFirst(some(lowerName(main.named)))).split(/\s+/);
  // Within 150 words: claim 1 restated, or when that is longer, its components.
  // Not when the claimed thing's name already names them ("A brake disk (2) with at least one friction ring (4) …", US7472777B2): that said them.
  const namesThem = named.some((name) => new RegExp(`\\b${escapeRegExp(name)}\\s*\\(\\d`, 'i').test(main.named));
  const components = main === ctx.signed && named.length > 1 && !namesThem ? `${upperFirst(some(lowerName(main.named)))} includes ${listEnglish(named.map(counted))}.` : '';
  const abstract =
    words.length <= 150 ? words.join(' ') : components && components.split(/\s+/).length <= 150 ? components : `${abstractCut(words.slice(0, 150).join(' '))}.`;

  // The background quotes other documents as they are written.
  const plain = (text: string): string => articlesAsRead(articlesAsClaimed(text, claimsText));
  const things = [subject, lowerName(main.named)];
  const claimed = pluralHead(subject) ? (text: string): string => agreeing(plain(text), things) : plain;
  return {
    title,
    domain: claimed(limited(domain.join(' '))),
    background: limited(background.join('\n')),
    issue: claimed(limited(issue.join(' '))),
    method: claimed(limited(method.join('\n'))),
    effect: claimed(limited(effect.join(' '))),
    embodiment: claimed(limited(embodiment.join('\n'), embodiment.some((line) => line.includes('\n')) ? undefined : cuts)),
    industrial_aplicability: '',
    symbol_descriptions: signs,
    abstract: claimed(abstract),
  };
}

/**
 * Brief description of one drawing, without its figure number (the rendering writes "FIG. n is …",
 * so the text stays right when drawings are reordered): the caption as a noun phrase, or a view
 * of the subject.
 */
export function englishDrawingDescription(caption: string, index: number, subject: string): string {
  const text = caption.trim().replace(/\.$/, '').replace(/^FIG(?:URE)?\.?\s*\d+\s*(?:is\s+)?/i, '');
  if (!text) return `A view showing the ${subject} according to an embodiment${index === 0 ? '' : ' from another view'}.`;
  if (/^(?:shows|illustrates)\b/i.test(text)) return `${text}.`;
  const phrase = /^(?:an?|the)\s/i.test(text) ? text : article(lowerFirst(text));
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}
