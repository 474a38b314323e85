// The similar document the user pasted (§3 `similarDocument`): free text with no number, so the
// draft never cites it as 特許文献 and never gives it one. What an attorney takes from it: one
// sentence of its own (tidied) that says what it discloses, for the background as known art; and
// the claim-1 parts it does not mention, for the problem when no reference patent is compared.
import { detectLanguage } from '../../patents/analysis/index.ts';
import type { ClaimLanguage } from './claims.ts';
import { collapseSpaces, dropReferenceSigns, sentences, upperFirst } from './text.ts';

/** Only the start of a very long paste is read (the request allows 5,000 characters). */
const PASTED_READ_LIMIT = 5000;
/**
 * A sentence longer than this is passed over for a shorter one; one over twice this is never
 * quoted (a background quotes, it does not copy, and a quote is never cut: that would change it).
 */
const QUOTE_LIMIT = { ja: 250, en: 400 } as const;

/** A sentence that says what a document discloses (its structure), rather than its field or aim. */
const DISCLOSES = {
  ja: /(?:を備え|を有し|を有する|を含み|を含む|を具備|からなる|で構成され|を設け|が設けられ|を用い|を利用|開示|提供する)/,
  en: /\b(?:compris\w*|includ\w*|incorporat\w*|has|having|consist\w*|contain\w*|disclos\w*|provid\w*|utiliz\w*|uses?|using|configured)\b/i,
};
/**
 * Sentences that only place the document (its field, its own prior art, its aim, its figures, a
 * claim of priority) or lean on what came before (上記, "the above") say too little out of context.
 */
const PLACING = {
  ja: /(?:特許文献|非特許文献|目的|課題|従来|しかし|請求項|上記の|前記の|上述|前述|図[０-９0-9]+|【図|優先権|出願|実施形態|実施例|説明する|^なお)/,
  en: /\b(?:patent (?:document|literature)|object of|objects? (?:is|are)|conventional|however|although|above|FIG\.?|figures? \d|claims? (?:the )?(?:benefit|priority)|incorporated (?:herein )?by reference|application Ser|claims? \d|embodiments?|examples?|described)\b/i,
};
/** A sentence in which the document speaks of itself (「本発明は」, "the present invention"). */
const SELF = {
  ja: /(?:本発明|この発明|本考案|この考案|本開示)/,
  en: /\b(?:(?:the )?present (?:invention|disclosure)|this (?:invention|disclosure)|(?:is|are) disclosed)\b/i,
};
/** A connective that ties a sentence to the one before it (「そして、」, "Further,"): dropped from a quote. */
const CONNECTIVE = {
  ja: /^(?:そして|また|さらに|更に|なお|すなわち|即ち|具体的には|このため)、/,
  en: /^(?:further(?:more)?|also|moreover|in addition|additionally|specifically|thus|therefore),\s*/i,
};

/**
 * A reference numeral after a component's name in English ("a positive electrode 10, …"), not a
 * quantity, year or date ("about 5 to 7", "in 2014", "May 6, 2014"), a claim or a figure.
 */
const EN_SIGN =
  /(?<=\b(?!(?:about|approximately|than|from|between|and|or|to|of|at|by|least|most|over|under|claims?|steps?|figs?|figures?|sheets?|january|february|march|april|may|june|july|august|september|october|november|december|no|nos|ser|vol|page|pages|table|example|formula)\b)[a-z]{3,})\s+\d{1,4}[a-z]?'?(?:\s*(?:,|and|or)\s*\d{1,4}[a-z]?'?)*(?=[,;.:)]|\s+(?:and|or|to|with|which|that|is|are|has|have|of|in|on|for|at)\b)/gi;

/** The paste's whole sentences (text.ts sentences), an unfinished last one left out. */
const sentencesOf = (text: string, lang: ClaimLanguage): string[] =>
  sentences(text)
    .map((sentence) => sentence.trim())
    .filter((sentence) => (lang === 'ja' ? sentence.endsWith('。') : /[.!?]$/.test(sentence)));

/** The paste without paragraph numbers ([0001], 【０００１】) and with its lines kept apart. */
function linesOf(text: string): string[] {
  return text
    .slice(0, PASTED_READ_LIMIT)
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[【[][０-９0-9]{4,5}[】\]]\s*/, '').trim())
    .filter(Boolean);
}

/** The abstract's text when the paste has one (【要約】/【解決手段】, "Abstract"), else ''. */
function abstractOf(lines: string[], lang: ClaimLanguage): string {
  const whole = lines.join('\n');
  if (lang === 'ja') {
    const solution = /【解決手段】\s*([^【]+)/.exec(whole)?.[1];
    if (solution) return solution;
    return /【要約】\s*(?:【課題】[^【]*)?([^【]+)/.exec(whole)?.[1] ?? '';
  }
  const heading = lines.findIndex((line) => /^(?:\(57\)\s*)?abstract(?:\s+of\s+the\s+disclosure)?:?$/i.test(line));
  if (heading >= 0) return lines[heading + 1] ?? '';
  return /^(?:\(57\)\s*)?abstract:?\s+(.+)$/im.exec(whole)?.[1] ?? '';
}

/** A sentence of the paste as the background may quote it: reference signs and headings dropped. */
function tidy(sentence: string, lang: ClaimLanguage): string {
  let text = dropReferenceSigns(collapseSpaces(sentence).replace(/【[^】]*】/g, ''))
    .replace(/^[\d０-９]+\s*[.．、]\s*/, '')
    .trim()
    .replace(CONNECTIVE[lang], '');
  // 「この根菜類収穫機は、…」: the document's own thing, named without the pointer to its context.
  if (lang === 'ja') text = text.replace(/^この(?!発明|考案|開示)(?=[\p{Script=Han}\p{Script=Katakana}][^、]*?は、)/u, '');
  else text = upperFirst(text.replace(EN_SIGN, ''));
  return text;
}

/**
 * One sentence of the pasted document's own text that says what it discloses: the abstract's (its
 * 【解決手段】) first, else a sentence where it speaks of itself and names a structure, else one of
 * its first paragraph that names a structure (a field sentence naming one counts); a shorter one
 * is preferred to one that would have to be cut. '' when none, or when the paste is in another
 * language than the claims (quoting it would mix languages).
 */
export function pastedSentence(text: string, lang: ClaimLanguage): string {
  if (!text.trim()) return '';
  const lines = linesOf(text).filter((line) => !/^【[^】]*】$/.test(line) && !/^[A-Z][A-Z\s]{3,}$/.test(line));
  const language = detectLanguage(lines.join(' ').slice(0, 2000));
  if ((language === 'en' ? 'en' : 'ja') !== lang || (lang === 'ja' && language !== 'ja')) return '';
  const abstract = abstractOf(linesOf(text), lang);
  const body = lines.filter((line) => !/^(?:\(57\)\s*)?abstract/i.test(line));
  const long = (sentence: string) => [...sentence].length >= (lang === 'ja' ? 15 : 30);
  const paragraphs = body.map((line) => sentencesOf(collapseSpaces(line), lang).filter(long)).filter((found) => found.length > 0);
  const disclosing = (sentence: string) => !PLACING[lang].test(sentence) && DISCLOSES[lang].test(sentence);
  // The abstract's sentences say what the document discloses; in a description, a sentence where
  // the document speaks of itself and names a structure (「本発明の…は、…を備える」), else one of
  // its first paragraph naming a structure. Background chatter elsewhere is not quoted.
  const fromAbstract = sentencesOf(collapseSpaces(abstract), lang).filter((sentence) => !PLACING[lang].test(sentence));
  const found = [...fromAbstract, ...paragraphs.flat().filter((sentence) => disclosing(sentence) && SELF[lang].test(sentence)), ...(paragraphs[0] ?? []).filter(disclosing)];
  // No sentence naming a structure: nothing is quoted rather than a sentence that says little.
  const quotes = found.map((sentence) => tidy(sentence, lang)).filter((quote) => [...quote].length >= (lang === 'ja' ? 15 : 30));
  return quotes.find((quote) => [...quote].length <= QUOTE_LIMIT[lang]) ?? quotes.find((quote) => [...quote].length <= 2 * QUOTE_LIMIT[lang]) ?? '';
}

/** The part of the paste compared with claim 1 (bounded like the sentence). */
export const pastedComparable = (text: string): string => linesOf(text).join('\n');
