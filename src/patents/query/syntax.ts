// Tokens and the recursive-descent parser shared by formula rows and the combination.
// The result is a syntax tree of raw terms; formula.ts gives the terms their meaning per tag.
//
// Grammar (precedence from loosest to tightest; * and - are one level, left to right, so
// A-B*C is (A-B)*C and A+B-C is A+(B-C)):
//
//   expr      := andExpr ('+' andExpr)*
//   andExpr   := tagged (('*' | '-') tagged)*
//   tagged    := near ('/' TAG)*                      J-PlatPat field tag: A/CL, (A+B)/TX
//   near      := primary (',' N ('C'|'N') ',' primary)?   proximity: A,10C,B (order kept), A,10N,B
//   primary   := TERM | '"' text '"' | '(' expr ')' | '[' expr ']'
//
// A TERM is everything up to the next operator or bracket, spaces included ("neural network"
// is one term). Full-width operators (＊ ＋ － （ ） ／ ，) count as their ASCII forms.
import { toHalfWidthAscii } from './keys.ts';

/** J-PlatPat field tags (and /DE, /CP for the description and CPC, which J-PlatPat's foreign-document search uses). */
export const JPLATPAT_TAGS = ['TX', 'CL', 'AB', 'TI', 'DE', 'IP', 'FI', 'FT', 'CP'] as const;
export type JPlatPatTag = (typeof JPLATPAT_TAGS)[number];

export type Token =
  | { kind: 'term'; text: string; quoted: boolean; at: number }
  | { kind: 'and' | 'or' | 'not'; at: number; text: string }
  | { kind: 'open' | 'close'; bracket: '(' | '['; at: number; text: string }
  | { kind: 'tag'; tag: JPlatPatTag; at: number; text: string }
  | { kind: 'near'; distance: number; ordered: boolean; at: number; text: string };

export const SYNTAX_RULES = [
  'unclosedQuote',
  'unbalancedOpen',
  'unbalancedClose',
  'mismatchedBracket',
  'tooDeep',
  'tooManyKeywords',
  'missingOperand',
  'missingOperator',
  'emptyGroup',
  'tagWithoutOperand',
  'proximityOperand',
  'proximityChain',
  'proximityDistance',
  'combinationCharacters',
] as const;
export type SyntaxRule = (typeof SYNTAX_RULES)[number];

export class SyntaxProblem extends Error {
  constructor(
    readonly rule: SyntaxRule,
    readonly at: number,
    readonly values: Record<string, string | number> = {},
  ) {
    super(rule);
  }
}

export type RawNode =
  | { kind: 'term'; text: string; quoted: boolean; at: number }
  | { kind: 'and' | 'or'; children: RawNode[] }
  | { kind: 'not'; child: RawNode }
  | { kind: 'near'; left: RawNode; right: RawNode; distance: number; ordered: boolean; at: number }
  | { kind: 'tagged'; tag: JPlatPatTag; child: RawNode; at: number };

const OPERATORS: Record<string, 'and' | 'or' | 'not'> = { '*': 'and', '+': 'or', '-': 'not' };
const TAG_AT = new RegExp(`^/(${JPLATPAT_TAGS.join('|')})(?![A-Za-z0-9])`);
const NEAR_AT = /^,\s*(\d+)\s*([CN])\s*,/i;
export const MAX_PROXIMITY = 99;

export interface LexOptions {
  /** Number rows: '-' belongs to the number (2020-123456), not an operator. */
  hyphenInTerms?: boolean;
}

/** Formula row tokens. */
export function lexFormula(input: string, options: LexOptions = {}): Token[] {
  const text = toHalfWidthAscii(input);
  const tokens: Token[] = [];
  const stops = options.hyphenInTerms ? '()[]+*"' : '()[]+*-"';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === '[') {
      tokens.push({ kind: 'open', bracket: c, at: i, text: c });
      i++;
      continue;
    }
    if (c === ')' || c === ']') {
      tokens.push({ kind: 'close', bracket: c === ')' ? '(' : '[', at: i, text: c });
      i++;
      continue;
    }
    if (OPERATORS[c] && stops.includes(c)) {
      tokens.push({ kind: OPERATORS[c]!, at: i, text: c });
      i++;
      continue;
    }
    if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new SyntaxProblem('unclosedQuote', i);
      tokens.push({ kind: 'term', text: input.slice(i + 1, end), quoted: true, at: i });
      i = end + 1;
      continue;
    }
    const tag = c === '/' ? TAG_AT.exec(text.slice(i)) : null;
    if (tag) {
      tokens.push({ kind: 'tag', tag: tag[1] as JPlatPatTag, at: i, text: tag[0] });
      i += tag[0].length;
      continue;
    }
    const near = c === ',' ? NEAR_AT.exec(text.slice(i)) : null;
    if (near) {
      tokens.push({ kind: 'near', distance: Number(near[1]), ordered: near[2]!.toUpperCase() === 'C', at: i, text: near[0] });
      i += near[0].length;
      continue;
    }
    // A term: up to the next operator, bracket, quote, field tag or proximity operator.
    const start = i;
    while (i < text.length) {
      const d = text[i]!;
      if (stops.includes(d) || d === ')' || d === ']' || d === '(' || d === '[') break;
      if (d === '/' && TAG_AT.test(text.slice(i))) break;
      if (d === ',' && NEAR_AT.test(text.slice(i))) break;
      i++;
    }
    tokens.push({ kind: 'term', text: input.slice(start, i).trim(), quoted: false, at: start });
  }
  return tokens;
}

/** Combination tokens: only half-width digits and + - * ( ) are allowed (§5). */
export function lexCombination(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/[0-9]/.test(c)) {
      const start = i;
      while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      tokens.push({ kind: 'term', text: text.slice(start, i), quoted: false, at: start });
      continue;
    }
    if (c === '(') tokens.push({ kind: 'open', bracket: '(', at: i, text: c });
    else if (c === ')') tokens.push({ kind: 'close', bracket: '(', at: i, text: c });
    else if (OPERATORS[c]) tokens.push({ kind: OPERATORS[c]!, at: i, text: c });
    else throw new SyntaxProblem('combinationCharacters', i, { char: String.fromCodePoint(text.codePointAt(i)!) });
    i++;
  }
  return tokens;
}

/** Bracket balance and depth, before parsing, so the message names the bracket at fault. */
export function checkBrackets(tokens: Token[], maxDepth: number): void {
  const open: Array<{ bracket: '(' | '['; at: number; text: string }> = [];
  for (const token of tokens) {
    if (token.kind === 'open') {
      open.push(token);
      if (open.length > maxDepth) throw new SyntaxProblem('tooDeep', token.at, { max: maxDepth });
    } else if (token.kind === 'close') {
      const opener = open.pop();
      if (!opener) throw new SyntaxProblem('unbalancedClose', token.at, { bracket: token.text });
      if (opener.bracket !== token.bracket) throw new SyntaxProblem('mismatchedBracket', token.at, { open: opener.text, close: token.text });
    }
  }
  if (open.length) throw new SyntaxProblem('unbalancedOpen', open.at(-1)!.at, { bracket: open.at(-1)!.text });
}

/** Parses tokens into a raw tree (brackets already checked). */
export function parseTokens(tokens: Token[], source: string): RawNode {
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const next = (): Token | undefined => tokens[position++];
  const startsOperand = (token: Token | undefined) => token?.kind === 'term' || token?.kind === 'open';

  // After an operator: the operand must be there.
  const operandAfter = (operator: Token): void => {
    const token = peek();
    if (startsOperand(token)) return;
    if (token?.kind === 'near') throw new SyntaxProblem('proximityOperand', token.at);
    if (token?.kind === 'tag') throw new SyntaxProblem('tagWithoutOperand', token.at, { tag: token.text });
    throw new SyntaxProblem('missingOperand', operator.at, { operator: operator.text });
  };

  const expr = (): RawNode => {
    const children = [andExpr()];
    while (peek()?.kind === 'or') {
      operandAfter(next()!);
      children.push(andExpr());
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children: children.flatMap((c) => (c.kind === 'or' ? c.children : [c])) };
  };

  const andExpr = (): RawNode => {
    const children = [tagged()];
    while (peek()?.kind === 'and' || peek()?.kind === 'not') {
      const operator = next()!;
      operandAfter(operator);
      const operand = tagged();
      children.push(operator.kind === 'not' ? { kind: 'not', child: operand } : operand);
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children: children.flatMap((c) => (c.kind === 'and' ? c.children : [c])) };
  };

  const tagged = (): RawNode => {
    let node = near();
    while (peek()?.kind === 'tag') {
      const token = next() as Extract<Token, { kind: 'tag' }>;
      node = { kind: 'tagged', tag: token.tag, child: node, at: token.at };
    }
    return node;
  };

  const near = (): RawNode => {
    const left = primary();
    const token = peek();
    if (token?.kind !== 'near') return left;
    next();
    if (token.distance < 1 || token.distance > MAX_PROXIMITY) throw new SyntaxProblem('proximityDistance', token.at, { max: MAX_PROXIMITY });
    if (!startsOperand(peek())) throw new SyntaxProblem('proximityOperand', token.at);
    const right = primary();
    if (peek()?.kind === 'near') throw new SyntaxProblem('proximityChain', peek()!.at);
    return { kind: 'near', left, right, distance: token.distance, ordered: token.ordered, at: token.at };
  };

  const primary = (): RawNode => {
    const token = next();
    if (!token) throw new SyntaxProblem('missingOperand', source.length, { operator: '' });
    switch (token.kind) {
      case 'term':
        return { kind: 'term', text: token.text, quoted: token.quoted, at: token.at };
      case 'open': {
        if (peek()?.kind === 'close') throw new SyntaxProblem('emptyGroup', token.at);
        if (!startsOperand(peek())) {
          const inner = peek()!;
          if (inner.kind === 'near') throw new SyntaxProblem('proximityOperand', inner.at);
          if (inner.kind === 'tag') throw new SyntaxProblem('tagWithoutOperand', inner.at, { tag: inner.text });
          throw new SyntaxProblem('missingOperand', inner.at, { operator: inner.text });
        }
        const inside = expr();
        const close = next();
        if (close?.kind !== 'close') throw unexpected(close);
        return inside;
      }
      case 'near':
        throw new SyntaxProblem('proximityOperand', token.at);
      case 'tag':
        throw new SyntaxProblem('tagWithoutOperand', token.at, { tag: token.text });
      default:
        throw new SyntaxProblem('missingOperand', token.at, { operator: token.text });
    }
  };

  // What can follow a complete operand other than an operator or a closing bracket.
  const unexpected = (token: Token | undefined): SyntaxProblem => {
    if (!token) return new SyntaxProblem('unbalancedOpen', source.length, { bracket: '(' });
    // A/TX,10C,B: a field tag goes after the whole proximity ([A,10C,B]/TX or A,10C,B/TX).
    if (token.kind === 'near') return new SyntaxProblem('proximityOperand', token.at);
    if (token.kind === 'close') return new SyntaxProblem('unbalancedClose', token.at, { bracket: token.text });
    return new SyntaxProblem('missingOperator', token.at, { term: token.text });
  };

  if (tokens.length === 0) throw new SyntaxProblem('missingOperand', 0, { operator: '' });
  const tree = expr();
  if (position < tokens.length) throw unexpected(peek());
  return tree;
}
