// Unitless conditional expressions (条件式) of optical claims: 「無限遠合焦時の前記光学系の焦点距離をｆ、前記第３レンズ群の焦点距離を
// ｆ３とするとき、－０．３２＜ｆ３／ｆ＜－０．０５なる条件式を満足する」 (JP2023060272A claim 1). An examiner reads such a condition
// as a numerical limitation of the ratio: a document discloses it where it states a value or range of the same expression
// (the same symbols, or the symbols naming the same quantities) inside or overlapping the claimed range. Every lens gazette
// writes 条件式, 焦点距離 and 満足, so the element's words alone disclosed it in any of them (JP2012220873A's 「－１．２＜ｆａ／ｆｂ
// ＜－０．８」 charted ○ against ｆ３／ｆ). The gazettes state their conditions in the description the way the claims do
// (「条件式０．０４≦ｄ１１／ＴＴＬ≦０．１５を満たす」, 「０．１０＜｜ｆ３ｐ／ｆｔ｜＜０．２２ … （１ａ）」), and some give each
// example's value in a table by the condition's number (JP2012220873A 【表１７】 「条件式（１） -0.965 -1.020 …」).

/** A condition stated on an expression of symbols: its range (null for an open end), where it is written (code units of the text read). */
export interface Condition {
  /** The expression as its symbols write it, NFKC-normalised, without spaces, minus signs as '-' (「ｆ３／ｆ」 → f3/f). */
  expression: string;
  /** The expression with each symbol replaced by the quantity it names (⟨第3レンズ群の焦点距離⟩/⟨…⟩), where every symbol is defined. */
  named?: string;
  low: number | null;
  high: number | null;
  text: string;
  start: number;
  end: number;
}

const MINUS = /[−－‐–](?=\d)/gu;
/**
 * A bound: a number alone, not one of a symbol (the 1 of 「Ｄ１≧Ｄ２×２」), not one with a unit, and not a term of an expression
 * (「１．４５＜Ｎｄ２ｐ＜２．５９×１０−４×νｄ２ｐ２…」, 「ｆ≧２／（ｄ−Ｌ）／ｖ」): those state no range of the expression.
 */
const NUMBER = String.raw`(?<![\dA-Za-zα-ωΑ-Ωµ_.'×*/^])-?\d+(?:\.\d+)?(?![\d.]*(?:\s?(?:%|°|mm|μm|nm|cm|m\b|質量|重量|部|℃)|\s?[×*/^+]\s?[\dA-Za-z(]|[A-Za-z]|\((?!\d+\))))`;
const RELATION = String.raw`(?:<=?|>=?|≦|≧|≤|≥|≲|≳|≪|≫)`;
/** An expression: symbols, digits, operators and brackets, holding a letter (not 「（１）」 or a number alone). */
const EXPRESSION = String.raw`[A-Za-zα-ωΑ-Ωµ0-9_'’/()+\-×*・·|.\[\]{}√Σ]{1,40}`;
const TWO_SIDED = new RegExp(String.raw`(${NUMBER})\s?(${RELATION})\s?(${EXPRESSION}?)\s?(${RELATION})\s?(${NUMBER})`, 'gu');
const UPPER = new RegExp(String.raw`(?<![A-Za-z0-9α-ωΑ-Ω_'’/()+\-×*|.])(${EXPRESSION}?)\s?(${RELATION})\s?(${NUMBER})`, 'gu');
const LOWER = new RegExp(String.raw`(${NUMBER})\s?(${RELATION})\s?(${EXPRESSION})(?![A-Za-z0-9α-ωΑ-Ω_'’/()+\-×*|.])`, 'gu');
/** A value stated of an expression: 「ｆ３／ｆ＝－０．１５」 (only an expression with an operator: not 「ｎ＝３」). */
const VALUE = new RegExp(String.raw`(?<![A-Za-z0-9α-ωΑ-Ω_'’/()+\-×*|.])(${EXPRESSION})\s?[=＝]\s?(${NUMBER})`, 'gu');
const HAS_LETTER = /[A-Za-zα-ωΑ-Ωµ]/u;
const OPERATOR = /[/×*+|]|\)-|[A-Za-z0-9]-[A-Za-z(]/u;

/**
 * The text NFKC-normalised (１ → 1, ℃ → °C, ＜ → <), character by character, with where each of its code units came from in
 * the text as written: a quantity or condition is shown as the passage writes it (「２〜２５μｍ」). Shared with numeric-limits.ts.
 */
export function normalized(raw: string): { text: string; origin: number[] } {
  let text = '';
  const origin: number[] = [];
  let at = 0;
  for (const character of raw) {
    const form = character.normalize('NFKC');
    for (let i = 0; i < form.length; i++) origin.push(at);
    text += form;
    at += character.length;
  }
  origin.push(at);
  return { text, origin };
}

/** As normalized, a minus sign before a digit as '-' (「−２．４０」, 「－０．３２」: one code unit each). */
function withMinus(raw: string): { text: string; origin: number[] } {
  const { text, origin } = normalized(raw);
  return { text: text.replace(MINUS, '-'), origin };
}

const isLess = (relation: string) => /[<≦≤≲≪]/u.test(relation);
/** The expression as compared: no spaces, no 「・」 for multiplication written as a dot, brackets as ASCII. */
const expressionOf = (written: string) => written.replace(/\s+/gu, '').replace(/[・·]/gu, '×').replace(/’/gu, "'");

/** The symbols of an expression (f3, TTL, β3B, R11), in order. */
export const symbolsOf = (expression: string): string[] => expression.match(/[A-Za-zα-ωΑ-Ωµ][A-Za-z0-9α-ωΑ-Ωµ_']*/gu) ?? [];

/** Every condition a text states on an expression of symbols: 「－０．３２＜ｆ３／ｆ＜－０．０５」, 「ＴＴＬ／ＩＨ≦１．４０」, "f3/f=-0.15". */
export function conditionsOf(raw: string): Condition[] {
  const { text, origin } = withMinus(raw);
  const found: Condition[] = [];
  const taken: Array<[number, number]> = [];
  const free = (start: number, end: number) => !taken.some(([from, to]) => start < to && end > from);
  const add = (written: string, low: number | null, high: number | null, start: number, end: number) => {
    // A condition's number before it is no part of it (「（５）νｄ＞７０」).
    const numberBefore = /^[(]\d+[)]/u.exec(written)?.[0].length ?? 0;
    if (numberBefore && text.startsWith(written, start)) start += numberBefore;
    const expression = expressionOf(written.slice(numberBefore));
    // 「３≦ｄ５０≦１２０（ｎｍ）」 is a length (numeric-limits.ts BOUNDED); a number alone, or a symbol with units after, no expression.
    if (!free(start, end)) return;
    // Its other forms are no conditions either (「３≦ｄ５０」 of 「３≦ｄ５０≦１２０（ｎｍ）」).
    taken.push([start, end]);
    if (!HAS_LETTER.test(expression) || /^\d/u.test(expression) || /^\s?[(（]\s?(?:nm|μm|mm|cm|m|%|°C|質量%)\s?[)）]/u.test(text.slice(end))) return;
    found.push({ expression, low, high, text: raw.slice(origin[start], origin[end]), start: origin[start]!, end: origin[end]! });
  };
  for (const match of text.matchAll(TWO_SIDED)) {
    const [, first, relation, expression, second, last] = match;
    if (isLess(relation!) !== isLess(second!)) continue;
    const [low, high] = isLess(relation!) ? [Number(first), Number(last)] : [Number(last), Number(first)];
    add(expression!, low, high, match.index, match.index + match[0].length);
  }
  for (const match of text.matchAll(UPPER)) {
    const [, expression, relation, value] = match;
    add(expression!, isLess(relation!) ? null : Number(value), isLess(relation!) ? Number(value) : null, match.index, match.index + match[0].length);
  }
  for (const match of text.matchAll(LOWER)) {
    const [, value, relation, expression] = match;
    add(expression!, isLess(relation!) ? Number(value) : null, isLess(relation!) ? null : Number(value), match.index, match.index + match[0].length);
  }
  for (const match of text.matchAll(VALUE)) {
    if (!OPERATOR.test(match[1]!)) continue;
    add(match[1]!, Number(match[2]), Number(match[2]), match.index, match.index + match[0].length);
  }
  return found.sort((a, b) => a.start - b.start);
}

const SYMBOL = String.raw`[A-Za-zα-ωΑ-Ωµ][A-Za-z0-9α-ωΑ-Ωµ_']{0,9}`;
/** 「Ａをｆ３、」「Ａをｆ３とするとき」「Ａをｆ３と定義し」: what a symbol names, written before it. */
const NAMED_BY_WO = new RegExp(String.raw`((?:[^、。,，:：]|(?<=の)[、,，]){2,80}?)を\s?(${SYMBOL})\s?(?=[、,，]|と(?:する|した|定義|し|おく|置))`, 'gu');
/** 「ｆａ：第２レンズ群中のプラスチック正レンズの焦点距離」 (the 「但し、」 of a claim or a description). */
const NAMED_BY_COLON = new RegExp(String.raw`(?<![A-Za-z0-9])(${SYMBOL})\s?[:：]\s?([^、。,，:：\[\]]{2,60})`, 'gu');

/**
 * A quantity's name as compared: without 前記/上記, reference signs (「第３レンズ群Ｌ３」, 「撮像光学レンズ１０」), units in
 * brackets and spaces: 「前記第３レンズ群の焦点距離」 and 「第３レンズ群Ｌ３の焦点距離[mm]」 are one name.
 */
export function nameOf(written: string): string {
  return written
    .normalize('NFKC')
    .replace(/\[[^\]]*\]|[(（][^)）]*[)）]/gu, '')
    .replace(/前記|上記|当該|それぞれ|各/gu, '')
    .replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])[A-Za-z][A-Za-z0-9]*|(?<=[\p{Script=Katakana}ー])\d+/gu, '')
    .replace(/[\s、,，]+/gu, '');
}

/** The symbols a text defines and the quantities they name, the first definition of each. */
export function definitionsOf(raw: string): Map<string, string> {
  const text = raw.normalize('NFKC');
  const names = new Map<string, string>();
  // A bare quantity (「アッベ数をνｄ２ｐ」) is of the owner the definition before it names (「…樹脂レンズの、ｄ線に対する屈折率をＮｄ２ｐ、」).
  let owner = '';
  for (const [, name, symbol] of text.matchAll(NAMED_BY_WO)) {
    const opening = /^.*の[、,，]/u.exec(name!)?.[0];
    const full = opening || name!.includes('の') ? name! : owner + name!;
    owner = opening ?? '';
    if (!names.has(symbol!)) names.set(symbol!, nameOf(full));
  }
  for (const [, symbol, name] of text.matchAll(NAMED_BY_COLON)) if (!names.has(symbol!)) names.set(symbol!, nameOf(name!));
  return names;
}

/** The expression with each symbol as the quantity it names, or undefined where one is not defined. */
export function namedExpression(expression: string, ...definitions: ReadonlyArray<ReadonlyMap<string, string>>): string | undefined {
  let undefinedSymbol = false;
  const named = expression.replace(new RegExp(SYMBOL, 'gu'), (symbol) => {
    const name = definitions.map((names) => names.get(symbol)).find(Boolean);
    if (!name) undefinedSymbol = true;
    return `⟨${name ?? symbol}⟩`;
  });
  return undefinedSymbol || symbolsOf(expression).length === 0 ? undefined : named;
}

/** The expressions a document numbers (「（１）−１．２＜ｆａ／ｆｂ＜−０．８」, 「－０．３２＜ｆ３／ｆ＜－０．０５ （１）」), the first of each number. */
export function numberedConditions(texts: readonly string[]): Map<string, string> {
  const numbered = new Map<string, string>();
  for (const raw of texts) {
    for (const condition of conditionsOf(raw)) {
      const before = raw.slice(Math.max(0, condition.start - 6), condition.start).normalize('NFKC');
      const after = raw.slice(condition.end, condition.end + 12).normalize('NFKC');
      const number = /[(]([0-9]+)[)]\s*$/u.exec(before)?.[1] ?? /^\s*(?:…|\.\.\.)?\s*[(]([0-9]+)[)]/u.exec(after)?.[1];
      if (number && !numbered.has(number)) numbered.set(number, condition.expression);
    }
  }
  return numbered;
}

/**
 * The values a table states of a document's numbered conditions (「条件式（１） -0.965 -1.020 -0.962 -0.995 条件式（２） …」,
 * JP2012220873A 【表１７】), each of the expression the document numbers so.
 */
export function tabledValues(raw: string, numbered: ReadonlyMap<string, string>): Condition[] {
  const { text, origin } = withMinus(raw);
  const values: Condition[] = [];
  for (const row of text.matchAll(/条件式\s?[(]([0-9]+)[)]((?:\s+-?\d+(?:\.\d+)?(?![\d.]))+)/gu)) {
    const expression = numbered.get(row[1]!);
    if (!expression) continue;
    const [start, end] = [origin[row.index]!, origin[row.index + row[0].length]!];
    for (const value of row[2]!.trim().split(/\s+/u)) values.push({ expression, low: Number(value), high: Number(value), text: raw.slice(start, end), start, end });
  }
  return values;
}

/**
 * Whether a stated condition is of a claimed one's expression: its symbols, or the quantities they name where both define them.
 * The ranges are then compared as any limit's (numeric-limits.ts meets).
 */
export const sameExpression = (claimed: Pick<Condition, 'expression' | 'named'>, stated: Pick<Condition, 'expression' | 'named'>): boolean =>
  claimed.expression === stated.expression || Boolean(claimed.named && claimed.named === stated.named);
