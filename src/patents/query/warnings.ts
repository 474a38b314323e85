// Valid formulas that do not mean what their writers usually mean, caught before they run:
//   lithium-ion           "-" is NOT here: lithium and not ion. Likely meant: the phrase
//                         "lithium ion" (which also finds lithium-ion) or lithium,1N,ion.
//   battery AND electrode AND is not an operator here (* is): this is the phrase "battery
//                         electrode" (AND is a stop word). Likely meant: battery*electrode.
//                         Likewise 電池 または バッテリ (→ 電池+バッテリ) and 電池 かつ 電極.
//   電池/XX, 電池/cl      not a field tag (tags are /TX /CL … in capitals): the term is searched
//                         as the text 「電池/XX」 and finds nothing. Likely meant: 電池/CL.
// The builder shows these beside the row and offers the rewrites; nothing is refused. Pure (the
// builder island runs it as the user types).
import { toHalfWidthAscii } from './keys.ts';
import { JPLATPAT_TAGS, lexFormula } from './syntax.ts';
import { parseFormula, TEXT_TAG_FIELDS, type FormulaTag } from './formula.ts';

export type FormulaWarningKind = 'hyphenIsNot' | 'wordOperator' | 'unknownTag';

export interface FormulaWarning {
  kind: FormulaWarningKind;
  /** What was typed (lithium-ion, AND). */
  found: string;
  /** Whole formulas the writer likely meant, best first. */
  suggestions: string[];
}

/** Operators written as words, English and Japanese (電池 または バッテリ: a searcher's 電池+バッテリ), each standing alone between spaces. */
const WORD_OPERATORS: Record<string, '*' | '+' | '-'> = { AND: '*', OR: '+', NOT: '-', かつ: '*', または: '+', 又は: '+', もしくは: '+', 若しくは: '+' };
/** A slash and two Latin letters ending a term: written as a field tag, but not one the parser knows (/XX, or /cl in lower case). */
const TAG_LIKE_END = /\/([A-Za-z]{2})$/;

/** Latin letters and digits: a hyphen between Japanese or Chinese words is J-PlatPat's NOT as users mean it (電池-燃料). */
const LATIN = /[\p{Script=Latin}\p{N}]/u;

/** The warnings of one row's formula (none for tags that are not text, or for a formula that does not parse). */
export function formulaWarnings(text: string, tag: FormulaTag): FormulaWarning[] {
  if (!TEXT_TAG_FIELDS[tag] || !text.trim()) return [];
  let tokens;
  try {
    tokens = lexFormula(text);
  } catch {
    return [];
  }
  const warnings: FormulaWarning[] = [];
  // A "-" with a Latin letter or digit right before and after it and no space: a hyphenated word.
  for (let i = 1; i + 1 < tokens.length; i++) {
    const [before, minus, after] = [tokens[i - 1]!, tokens[i]!, tokens[i + 1]!];
    if (minus.kind !== 'not' || before.kind !== 'term' || after.kind !== 'term' || before.quoted || after.quoted) continue;
    if (!LATIN.test(text[minus.at - 1] ?? '') || !LATIN.test(text[minus.at + 1] ?? '')) continue;
    const found = `${before.text.split(/\s+/).at(-1)}-${after.text.split(/\s+/)[0]}`;
    const end = after.at + after.text.length;
    const replace = (replacement: string) => `${text.slice(0, before.at)}${replacement}${text.slice(end)}`;
    // The whole words as a phrase (finds "lithium ion" and "lithium-ion" alike); two single words also as proximity.
    const single = !/\s/.test(before.text) && !/\s/.test(after.text);
    const suggestions = [replace(`"${before.text} ${after.text}"`), ...(single ? [replace(`${before.text},1N,${after.text}`)] : [])];
    warnings.push({ kind: 'hyphenIsNot', found, suggestions: suggestions.filter((suggestion) => parseFormula(suggestion, tag, 'us').ok) });
  }
  // AND / OR / NOT written as words inside an unquoted term.
  for (const token of tokens) {
    if (token.kind !== 'term' || token.quoted) continue;
    const words = token.text.split(/\s+/);
    const operators = words.filter((word) => WORD_OPERATORS[word]);
    if (operators.length === 0 || operators.length === words.length) continue;
    let rewritten = '';
    for (const word of words) rewritten += WORD_OPERATORS[word] ?? (rewritten && !/[*+-]$/.test(rewritten) ? ` ${word}` : word);
    const suggestion = `${text.slice(0, token.at)}${rewritten}${text.slice(token.at + token.text.length)}`;
    warnings.push({ kind: 'wordOperator', found: [...new Set(operators)].join(', '), suggestions: parseFormula(suggestion, tag, 'us').ok ? [suggestion] : [] });
  }
  // A field tag the parser does not know stays part of the word (AC/DC is a word): 電池/XX searches the text 「電池/XX」.
  for (const token of tokens) {
    if (token.kind !== 'term' || token.quoted) continue;
    const written = TAG_LIKE_END.exec(toHalfWidthAscii(token.text));
    if (!written) continue;
    const upper = written[1]!.toUpperCase();
    // A known tag in lower case is offered in capitals; for another there is no telling which was meant (the note lists them).
    const rewritten = `${token.text.slice(0, -3)}/${upper}`;
    const suggestion = `${text.slice(0, token.at)}${rewritten}${text.slice(token.at + token.text.length)}`;
    const known = (JPLATPAT_TAGS as readonly string[]).includes(upper);
    warnings.push({ kind: 'unknownTag', found: `/${written[1]}`, suggestions: known && parseFormula(suggestion, tag, 'jp').ok ? [suggestion] : [] });
  }
  return warnings;
}
