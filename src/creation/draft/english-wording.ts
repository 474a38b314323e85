// Claim wording made into the sentences of a US description. A claim's element is a fragment of one
// long sentence ("a) forming a constructed permeability control infrastructure …", "such that the heat
// received … is transferred …", "… by a second distance, and"); said alone after "In this embodiment,"
// it reads as a broken sentence, which a US attorney would not file. Read in the drafts of the 227 US
// utility records of the shared corpus.
import { article } from './english-number.ts';
import { englishStepSentences, type StepOrder } from './method-steps.ts';

/** A step or item label of a claim: "a) ", "(b) ", "c. ", "ii) ", "1. " (not "a." that ends a sentence: a space and a word follow). */
const LABEL = /^\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)]\s+(?=\S)/i;
/** Opening words that tie a clause to the one before it in the claim. */
const TIE = /^(?:and|or|then)\b\s*,?\s*|^(?:wherein|whereby|such that|so that|in which|where)(?:\s*[:,]\s*|\s+)/i;
/** A participle that is a preposition, not a step ("during an established call …", "according to …"). */
const PREPOSITION_ING = /^(?:during|according|including|comprising|having|being|following|regarding|concerning|excluding|notwithstanding|depending)\b/i;
/** A finite verb: the clause says something itself ("an intake manifold connects a throttle body …", US6837220B2). */
const FINITE = /\b(?:is|are|was|were|has|have|can|may|will|does|do|must|shall|should)\b|\b[a-z]{3,}s\s+(?:a|an|the|each|one|two|its|their)\b/i;
/**
 * A relative clause, whose verb is not the clause's ("a liquid pervious topsheet which is positioned …", US8420883B2), with a phrase set
 * off by commas after its pronoun ("clustering means which, based on how the time series … is linked …, links together scenes …", US7474764B2).
 */
const RELATIVE = /\b(?:which|that|where|who|whom|whose)\b(?:\s*,[^,;]*,)?[^,;]*/gi;
/**
 * What names a thing the claimed one has, without a verb of its own: "a flattened tubular film supply", "60–85% by weight of …", "means for …",
 * "from about 1% to about 6% oxybenzone" (US8088364B2).
 */
const HAD = /^(?:an?|one or more|at least|a plurality|plural|two|three|four|first|second|means|[a-z]+ing\s+means)\b|^\d|^(?:from\s+)?about\s+\d/i;
/** A noun phrase without an article, its head ("means", "material", a plural) followed by its complement, a participle or a comma. */
const BARE_THING =
  /^(?!(?:the|a|an|said|each|at|when|if|in|on|after|before|for|during|upon|while|where|as|by|to|from|with|between|within|wherein|whereby|thereby|then|and|or|so|such|only|also|further|both|either|all|no|not)\b)(?:[a-z][\w-]*\s+){0,4}?(?:means|material|[a-z-]+[^s\s]s)(?:\s+of\s+(?:[a-z][\w-]*\s+){0,3}[a-z-]+s)?(?:,|\s+(?:for|which|that|[a-z]+ed|extending|being)\b)/;
/** An ingredient with its amount set off by a comma ("palladium, in an amount ranging from about 1 atomic percent …", US6982059B2). */
const AMOUNT = /^[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2},\s+in\s+an?\s+amount\b/i;
/** A bare plural with its participle set off by a comma ("locking arms, provided on the side walls …", US8419462B2): a thing had, not a step in -ing. */
const PLURAL_THING = /^(?:[a-z-]+\s+){0,3}[a-z-]+[^s\s]s,\s+[a-z]+ed\b/i;

/** "a) forming …" → "forming …"; "and, such that X" → "X"; the claim's closing "…, and" dropped. */
export function clauseOf(text: string): string {
  let clause = text.trim();
  for (let previous = ''; previous !== clause; ) {
    previous = clause;
    // "the steps of: (a) printing a design …" (US8088241B2) opens the steps, which are said as steps.
    clause = clause.replace(LABEL, '').replace(TIE, '').replace(/^(?:the\s+)?(?:following\s+)?steps?\s+of\s*:?\s*/i, '').trim();
  }
  return (
    clause
      // The next items' labels inside one element ("…, b) 14–39% by weight of a plasticizer, and c) …", US6982296B2).
      .replace(/([,;:]\s+(?:and\s+|or\s+)?)\(?(?:[a-z]|[ivx]{1,4})\)\s+(?=\S)/gi, '$1')
      .replace(/(?:,\s*|\s+)(?:and|or)\s*[.;,:]*$/i, '')
      .replace(/[.;,:]+$/, '')
  );
}

/** A component of a product that performs steps ("a game controller executing the steps of: (a) receiving …", US8087986B2). */
export interface StepDoer {
  /** The component as the text names it ("game controller"). */
  name: string;
  /** What it does to a step, as the claim says it: "executes", "performs", "carries out". */
  verb: string;
  /** What the claim calls a step ("act" of "perform the following acts"); "step" when not said. */
  act?: string;
}

/** A step: a gerund, after an adverb ("selectively adjusting") or a process noun ("heat treating", "mirror polishing") too. */
const STEP = /^(?:[a-z]+ly\s+|(?:heat|mirror|spin|dip|spray|vacuum|plasma|laser|dry|wet|hot|cold|blow|injection|compression|flame|friction|ion)\s+)?[a-z]+(?:-[a-z]+)*ing\b(?!\s+means\b)/i;

const DOER = /\b(executing|performing|carrying out|configured to (?:execute|perform|carry out)|programmed to (?:execute|perform|carry out))\s+(?:the\s+)?(?:following\s+)?steps?\s+of\b/i;

/** The component whose element says it performs the steps that follow ("a controller configured to perform the steps of: …"), or null. */
export function stepDoer(name: string, text: string): StepDoer | null {
  const verb = DOER.exec(text)?.[1]!.toLowerCase().replace(/^(?:configured|programmed) to /, '');
  if (!verb) return null;
  return { name, verb: verb.startsWith('carr') ? 'carries out' : verb.startsWith('exec') ? 'executes' : 'performs' };
}

/**
 * A medium's instructions that have the steps done ("One or more computer storage media having stored thereon a plurality of
 * instructions that, when executed by one or more processors …, causes the one or more processors to perform the following acts:
 * generating …; identifying …; sending …", US7272630B2): the element, cut before its first act, left "In this embodiment, stored
 * thereon a plurality of instructions …" and the acts without a subject ("In this embodiment, identifying …"). The instructions
 * stored are said of the medium (`sentence`), and the acts are what they cause the processor to perform (`doer`); `first`: the act
 * the element goes on to after its colon.
 */
const STORED =
  /^(?:(?:having|storing|that stores?|which stores?)\s+)?(?:stored\s+(?:thereon|therein|thereupon|on it|in it)\s+)?((?:(?:an?|the|a plurality of|one or more|a set of|computer[- ]executable|computer[- ]readable|machine[- ]readable|processor[- ]executable|executable|software|program)\s+)*(?:instructions|program instructions|program code|programs?|code))\s*,?\s+(?:that|which)\s*,?\s+(when executed\b.+?),\s+causes?\s+(the\s+[^:;]+?)\s+to\s+(perform|execute|carry out)\s+(?:the\s+)?(?:following\s+)?(acts?|steps?|operations?|functions?)\s*(?:comprising|including|of)?\s*:\s*(.*)$/is;

export function storedInstructions(text: string, medium: string): { sentence: string; doer: StepDoer; first: string } | null {
  // Within a component's element too: "a memory storing instructions that, when executed by the processor, cause the processor to perform steps of: …".
  const from = /\b(?:having\s+stored|stored\s+(?:thereon|therein)|storing|that stores?|which stores?)\b/i.exec(text)?.index ?? 0;
  const stored = STORED.exec(text.slice(from).trim());
  if (!stored) return null;
  const [instructions, when, actor, perform, acts, first] = stored.slice(1);
  // What the text calls them after ("instructions" of "a plurality of computer-executable instructions", "program" of "a program").
  const head = /(?:program\s+)?(?:instructions|code|programs?)$/i.exec(instructions!)![0].toLowerCase();
  const many = /s$/.test(head);
  const [verb, act] = [perform!.toLowerCase(), acts!.toLowerCase().replace(/s$/, '')];
  return {
    sentence: `In this embodiment, ${instructions} ${many ? 'are' : 'is'} stored on the ${medium}, and the ${head}, ${when}, ${many ? 'cause' : 'causes'} ${actor} to ${verb} the following ${acts}.`,
    doer: { name: head, verb: `${many ? 'cause' : 'causes'} ${actor} to ${verb}`, act },
    first: first!.trim(),
  };
}

/**
 * A thing the claimed one has, named without a verb of its own ("means for exerting a force by the tether …", "60–85% by weight of …"): what it
 * includes, in the embodiment and in the problem ("a configuration including means for …", not "in which means for …", US6981920B2).
 */
export const thingHad = (clause: string): boolean => (HAD.test(clause) || PLURAL_THING.test(clause) || AMOUNT.test(clause)) && !FINITE.test(clause.replace(RELATIVE, ''));

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];
/** The labels that may follow one: "a" → "b", "B" → "C", "3" → "4", "i" → "ii" (or "j"). */
function nextLabels(label: string): string[] {
  const roman = ROMAN.indexOf(label.toLowerCase());
  const next = roman >= 0 && roman < ROMAN.length - 1 ? [label === label.toLowerCase() ? ROMAN[roman + 1]! : ROMAN[roman + 1]!.toUpperCase()] : [];
  if (/^\d+$/.test(label)) return [String(Number(label) + 1)];
  return label.length === 1 ? [...next, String.fromCharCode(label.charCodeAt(0) + 1)] : next;
}

/** A gerund that opens a phrase of the step before it, not a step of its own ("analyzing the image, using a processor …, by dividing …", US8090141B2). */
const ADVERBIAL_ING = /^(?:using|thereby|utilizing|employing|resulting|leaving|giving|forming\s+thereby)\b/i;
const isStep = (words: string): boolean => STEP.test(words.replace(/^(?:further|then|subsequently|thereafter|also)\s+/i, '')) && !PREPOSITION_ING.test(words) && !PLURAL_THING.test(words);

/**
 * The steps of one element that lists them by commas, as the claim orders them: labelled ("A) angularly directing …, B) causing …, …, E)
 * computing …", US7315383B1; "a) subjecting … by i) dividing …, ii) mixing …, b) further cooling …", US7314891B2: the labels of one series,
 * not the inner i), ii)) or gerunds in a list ("directing …, checking …, and counting …", its last after "and"), and what a closing
 * "characterised in that …" or "wherein …" says of them; null when the element is one step, or anything else.
 */
export function listedSteps(text: string): { steps: string[]; then: string } | null {
  let clause = text.trim();
  for (let previous = ''; previous !== clause; ) {
    previous = clause;
    clause = clause.replace(TIE, '').replace(/^(?:the\s+)?(?:following\s+)?steps?\s+of\s*:?\s*/i, '').trim();
  }
  const cuts: number[] = [];
  const first = /^\(?([a-z]|[ivx]{1,4}|\d{1,2})[.)]\s+/i.exec(clause);
  if (first) {
    for (let labels = nextLabels(first[1]!); labels.length; ) {
      const from = cuts.at(-1) ?? 0;
      const found = labels
        .map((label) => ({ label, at: new RegExp(`[,;]\\s+(?:and\\s+|or\\s+)?(?=\\(?${label}[.)]\\s)`).exec(clause.slice(from + 1)) }))
        .filter((each) => each.at)
        .sort((a, b) => a.at!.index - b.at!.index)[0];
      if (!found) break;
      cuts.push(from + 1 + found.at!.index);
      labels = nextLabels(found.label);
    }
  } else {
    // Commas outside brackets before a step, the last with its "and": "A, B, and C".
    let depth = 0;
    for (let i = 0; i < clause.length; i++) {
      if ('(['.includes(clause[i]!)) depth++;
      else if (')]'.includes(clause[i]!)) depth = Math.max(0, depth - 1);
      else if (clause[i] === ',' && depth === 0) {
        const after = clause.slice(i + 1).trimStart().replace(/^and\s+/i, '');
        if (isStep(after) && !ADVERBIAL_ING.test(after)) cuts.push(i);
      }
    }
    const last = cuts.at(-1);
    if (last === undefined || !/^,\s*and\s/i.test(clause.slice(last)) || cuts.slice(0, -1).some((at) => /^,\s*and\s/i.test(clause.slice(at)))) return null;
  }
  if (cuts.length === 0) return null;
  const pieces = [0, ...cuts].map((at, i) => clause.slice(at === 0 ? 0 : at + 1, cuts[i] ?? clause.length).trim().replace(/^(?:and|or)\s+/i, ''));
  // What the claim says after its last step, of them all.
  const closing = /,\s*(?:characteri[sz]ed in that|wherein)\s+/i.exec(pieces.at(-1)!);
  const then = closing ? pieces.at(-1)!.slice(closing.index + closing[0].length) : '';
  if (closing) pieces[pieces.length - 1] = pieces.at(-1)!.slice(0, closing.index);
  const steps = pieces.map(clauseOf);
  return steps.every((step) => isStep(step)) ? { steps, then: clauseOf(then) } : null;
}

/**
 * An element of the claim that has no component's name, as a sentence of the embodiment: a step is what
 * the method includes ("In this embodiment, the method includes establishing …", US7315742B2), a thing
 * had without a verb is what the claimed thing includes ("… the banding apparatus 1 includes a flattened
 * tubular film supply", US7156140B1), a clause is said as it is ("In this embodiment, the heat received
 * … is transferred …", US6837063B1). `thing`: the claimed thing as the text names it ("banding apparatus
 * 1"); `steps`: what has the steps ("method"; "process" of a stack "formed by a process comprising:
 * providing …", US6982130B2), null when the claim names nothing that has them.
 */
export function elementSentence(text: string, thing: string, steps: string | null, doer?: StepDoer, order?: StepOrder): string {
  const clause = clauseOf(text);
  // "transferring means for transferring data files …" (US7158266B2) is a thing had, not a step.
  // An adverb or a process noun may come first ("sequentially forming …", US7473600B2; "co-extruding …", US7641038B2; "heat treating …", US6982130B2).
  const step = (words: string): boolean => STEP.test(words) && !PREPOSITION_ING.test(words) && !PLURAL_THING.test(words);
  if (doer) {
    // "in a case where the side bet is made, specifying a bonus target card group …" (US8087986B2): the step, in its case.
    const condition = /^((?:in a case where|in case|when|if|after|before|once)\b[^,]{1,150}),\s+(.*)$/i.exec(clause);
    const [lead, act] = condition && step(condition[2]!) ? [`${condition[1]}, `, condition[2]!] : ['', clause];
    const called = doer.act ?? 'step';
    if (step(act)) return `In this embodiment, ${lead}the ${doer.name} ${doer.verb} ${article(called)} of ${act}.`;
  }
  if (step(clause)) {
    // Steps the element lists by commas are said one a sentence, in the claim's order (a sentence of 1,319 characters, US7314891B2).
    const listed = steps ? listedSteps(text) : null;
    if (listed) {
      const method = /\b(?:method|process)$/i.exec(steps!)?.[0] ?? steps!;
      const said = englishStepSentences(`In this embodiment, the ${steps}`, method, listed.steps, order);
      return [...said, ...(listed.then ? [`In this embodiment, ${listed.then}.`] : [])].join(' ');
    }
    return steps ? `In this embodiment, the ${steps} includes ${clause}.` : `In this embodiment, ${clause}.`;
  }
  const verbless = !FINITE.test(clause.replace(RELATIVE, ''));
  if (thingHad(clause)) return `In this embodiment, the ${thing} includes ${clause}.`;
  // A product's thing named without an article ("fuel control means for controlling …", US6837220B2; "elastomeric insulating material disposed
  // around …", US6981880B1; "panel-shaped ground contacts provided between …", US6981898B2), no verb of its own after it.
  if (!steps && verbless && BARE_THING.test(clause)) return `In this embodiment, the ${thing} includes ${clause}.`;
  return `In this embodiment, ${clause}.`;
}

/**
 * Typing slips and claim shorthand a description does not keep: a doubled article ("the the up
 * position", "a a second collar", US7641529B2) and "(s)" ("optionally has substituent(s)", US7863443B2:
 * the plural, which a description reads as one or more).
 */
export function descriptionWording(text: string): string {
  return text
    .replace(/\b(the|a|an)\s+\1\b/gi, '$1')
    // "wherein said a hard end comprising …" (US20130014308A1) read "the a hard end".
    .replace(/\b(the)\s+an?\s+(?=\w)/gi, '$1 ')
    .replace(/\b(\w+?)(y?)\(s\)/g, (_match, stem: string, y: string) => (y ? (/[aeiou]$/i.test(stem) ? `${stem}ys` : `${stem}ies`) : /(?:s|sh|ch|x|z)$/i.test(stem) ? `${stem}es` : `${stem}s`));
}

/**
 * A dependent claim's clause written on from its reference ("the two pairs of terminals being disposed
 * at …", US7474034B2; "the crosslinked polymer particles comprising, as …", US7314687B2) as a sentence
 * with its verb: "the two pairs of terminals are disposed at …".
 */
export function finiteClause(body: string): string {
  // The subject is a noun phrase: no verb or preposition but "of" before the participle ("… are covered with a … film comprising" is not one, US6337117B1).
  const participle = /^((?:the|each)(?:\s+(?!(?:is|are|was|were|has|have|includes?|comprises?|contains?|with|without|within|by|to|in|on|at|for|from|into|over|under|between|after|before|during|through|than|as|which|that|and|or)\b)[\w\-/]+){1,7}?)\s+(being|comprising|including|having|containing)\b/i.exec(body);
  if (!participle) return body;
  const plural = /[^s]s$/i.test(participle[1]!) && !/^each\b/i.test(participle[1]!);
  const verbs: Record<string, [string, string]> = { being: ['is', 'are'], comprising: ['comprises', 'comprise'], including: ['includes', 'include'], having: ['has', 'have'], containing: ['contains', 'contain'] };
  const [one, many] = verbs[participle[2]!.toLowerCase()]!;
  return `${participle[1]} ${plural ? many : one}${body.slice(participle[0].length)}`;
}

/**
 * "a"/"an" before an abbreviation as the claims write it: "An LED assembly" (US8089085B2) said by the
 * sound of its letters, "a SIP container" (US8930553B2) as a word; the spelling alone does not tell.
 */
export function articlesAsClaimed(text: string, claims: string): string {
  return text.replace(/\b(an?|An?) ([A-Z][A-Z0-9]+)\b/g, (whole, own: string, abbreviation: string) => {
    const claimed = new RegExp(`\\b(an?)\\s+${abbreviation}\\b`, 'i').exec(claims)?.[1]?.toLowerCase();
    if (!claimed || claimed === own.toLowerCase()) return whole;
    return `${own[0] === 'A' ? claimed[0]!.toUpperCase() + claimed.slice(1) : claimed} ${abbreviation}`;
  });
}
