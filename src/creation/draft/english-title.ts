// The title of a US application: the claimed thing's name as a noun phrase, with the other independent claims' things
// ("Apparatus and method for knitting fabric").
import type { ReadClaim } from './claims.ts';
import { escapeRegExp, upperFirst } from './text.ts';

/**
 * What clauses of a preamble end the claimed thing's name for a title. US titles name the
 * subject as a noun phrase ("Faucet support member", "Method for producing a water-resistant
 * unit", "Cork extractor for corks of bottles"): what it is for stays, how it is configured,
 * what it has or does ("configured to …", "that …", "having …", "obtained by …") does not.
 * Not right after "for"/"of" ("device for containing parts" keeps its purpose).
 */
const TITLE_CLAUSE = new RegExp(
  '(?:' +
  [
    String.raw`,\s*(?:the|said|a|an|each|which|wherein|where|whereby|in which|being|for|comprising|including|having|configured|adapted|as|such|characterized)\b`,
    String.raw`(?<!\b(?:for|of|by|to|in|and|or|\w+ly))\s+(?:` +
      [
        String.raw`(?:configured|adapted|designed|intended|operable|capable|arranged|disposed|positioned|mounted|employable|suitable|implemented|located|provided)\s+(?:to|for|in|on|at|by|with|so|such|as|between|within|around|along|over|under|inside|adjacent)\b`,
        String.raw`(?:that|which|wherein|whereby|where|having|comprising|including|consisting|containing|characterized|to be)\b`,
        String.raw`(?:represented by|corresponding to|selected from|according to|based on|as (?:shown|described|defined|claimed)|(?:of|having|by) (?:the |a |general )?formula)\b`,
        // A participle with its complement ("… formed by a method", "… connected to a clock supply station").
        String.raw`[a-z]+ed\s+(?:to|by|in|on|with|from|into|via|through|at|as|under|over|between|within|along|around)\b`,
        // A participle with its object ("… storing a computer program"), not "for holding a napkin".
        String.raw`[a-z]+ing\s+(?:a|an|the|said)\b`,
        // An infinitive of purpose after a name of two words or more ("motor control apparatus to control a motor").
        String.raw`(?<=\S+\s+\S+)to\s+(?!(?:the|a|an)\b)[a-z]+\s+(?:a|an|the|said)\b`,
      ].join('|') +
      ')',
  ].join('|') +
    String.raw`).*$`,
  'is',
);
/** Where a trailing phrase may go while the name is still long ("… for enabling a current to flow", "… on a vehicle door"). */
const TITLE_TAIL = /^(?:for|in|on|at|by|with|using|via|through|between|within|from|into|over|under|without)$/i;
const TITLE_WORDS = 12;

/** The claimed thing's name as a title: "faucet support member configured to releasably fix a faucet …" → "faucet support member". */
export function titleName(named: string): string {
  const claimed = named.replace(/^[“"]+|[”"]+$/g, '').replace(/^(?:we claim|i claim|what is claimed is)\s*:?\s*/i, '');
  // A design claims "the ornamental design for an article": the article, as the claim names it, is the title.
  const design = /^(?:(?:the|an?)\s+)?(?:ornamental\s+)?design (?:for|of) (?:an?\s+|the\s+)?[“"]?\s*(?:an?\s+|the\s+)?(.+)$/i.exec(claimed);
  if (design) return design[1]!.replace(/[“”"]/g, '').replace(/,?\s*as shown(?: and described)?\s*$/i, '').trim() || named;
  let name = claimed
    // "Within a mobile communications device, a method of roaming …": the method is what is claimed.
    .replace(/^(?:in|within)\s+(?:an?|the)\s+[^,]+,\s+(?:an?|the)\s+(?=\S)/i, '')
    // "In a hydraulic system for …" (the improvement claimed in it): the system.
    .replace(/^(?:in|within)\s+(?:an?|the)\s+/i, '')
    // "Method, operating on a processor …, for determining …": the inserted phrase goes.
    .replace(/^(\S+),\s+(?!(?:the|said|a|an|for|of)\b)[^,]+,\s+(?=(?:for|of)\s)/i, '$1 ')
    // "Portable instrument, for measuring a quantity, adapted to …": the purpose is part of the name.
    .replace(/^((?:(?!\b(?:for|of)\b)[^,])+),\s+((?:for|of)\s+[^,]+)(?=,)/i, '$1 $2')
    .replace(TITLE_CLAUSE, '')
    // Reference numerals of the claim ("Brake disk (2) with …"), not "(LED)".
    .replace(/\s*\(\d+[a-z]?\)/gi, '')
    .replace(/[\s,;:.]+$/, '')
    .trim();
  // The last such phrase goes first, while at least two words stay.
  let words = name.split(/\s+/);
  while (words.length > TITLE_WORDS) {
    const cut = words.findLastIndex((word, index) => index >= 2 && TITLE_TAIL.test(word));
    if (cut < 0) break;
    words = words.slice(0, cut);
  }
  name = words.join(' ');
  return name.replace(/\s+(?:for|of|to|in|on|at|by|with|and|or)$/i, '') || named;
}

/**
 * Names compared as words ("Multiphase voltage controlled oscillator," is the same name), articles aside: the
 * second claim's "method of roaming between the mobile network and …" is claim 1's method (US7315742B2).
 */
const nameWords = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').replace(/\b(?:a|an|the|said)\b/g, ' ').replace(/\s+/g, ' ').trim();
const sameName = (a: string, b: string): boolean => nameWords(a) === nameWords(b);

export function englishTitle(main: ReadClaim, independents: ReadClaim[]): string {
  const subject = titleName(main.named);
  const other = independents.find((claim) => claim !== main && !sameName(claim.subject, main.subject) && !sameName(titleName(claim.named), subject));
  if (!other) return upperFirst(subject);
  const same = new RegExp(`\\b(?:an?|the)\\s+${escapeRegExp(main.subject)}$`, 'i');
  if (same.test(other.named)) return upperFirst(`${subject} and ${titleName(other.named.replace(same, 'the same'))}`);
  const otherName = titleName(other.named);
  // "Device and combination of a trailer and the same".
  if (same.test(otherName)) return upperFirst(`${subject} and ${otherName.replace(same, 'the same')}`);
  // "Apparatus for knitting fabric" and "method for knitting fabric": "Apparatus and method for knitting fabric".
  const [ownHead, ownPurpose] = [/^(.+?)\s+((?:for|of)\s.+)$/i.exec(subject), /^(.+?)\s+((?:for|of)\s.+)$/i.exec(otherName)];
  if (ownHead && ownPurpose && sameName(ownHead[2]!, ownPurpose[2]!)) return upperFirst(`${ownHead[1]} and ${ownPurpose[1]} ${ownHead[2]}`);
  const title = `${subject} and ${otherName}`;
  // Two long names make no title: their heads do ("Information processing system and information processing apparatus").
  return upperFirst(title.length <= 80 ? title : `${titleName(main.subject)} and ${titleName(other.subject)}`);
}
