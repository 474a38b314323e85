// Numerical limitations (数値限定): an element that claims a range with a unit (「平均粒径は０．１～３μｍ」,
// "a thickness of 10 to 50 nm", 「１質量％以上」) is disclosed only by a passage stating a value or range
// of the same kind of quantity that overlaps it, as an examiner reads it (JPO examination
// guidelines: a prior-art value inside the claimed range, or an overlapping range, discloses the
// limitation). A passage with every word of 「前記無機酸化物粒子の平均粒径は０．１～３μｍである」 but no
// size, or 15–20 μm, discloses the particles, not the limitation. Unitless conditions (「－０．３２＜ｆ３／ｆ
// ＜－０．０５」) are read by numeric-conditions.ts and compared by their expression (family 'condition'); counts
// ("at least two") are not read: their quantity has no unit to compare.
// Hand-written: Microsoft's @microsoft/recognizers-text-suite 1.3 (tried 2026-11-28) finds single dimensions only
// (「０．１～３μｍ」 → 3 μm, "10 to 50 nm" → 50 nm), and neither 「１質量％以上１０質量％以下」 nor "at least 200° C".

import type { Passage } from './evidence.ts';
import { unitAt } from './numeric-units.ts';
import { conditionsOf, definitionsOf, namedExpression, normalized, numberedConditions, symbolsOf, sameExpression, tabledValues, type Condition } from './numeric-conditions.ts';

/** A closed range of one kind of quantity, in its family's base unit; null for an open end. */
export interface Quantity {
  family: string;
  low: number | null;
  high: number | null;
  /** As written, for showing, and where it is written (code units of the text read). */
  text: string;
  start: number;
  end: number;
  /** A unitless condition's expression (family 'condition', numeric-conditions.ts): 「ｆ３／ｆ」 → f3/f, and the quantities its symbols name. */
  expression?: string;
  named?: string;
}

const NUMBER = String.raw`(?<![\d.,])-?\d+(?:,\d{3})*(?:\.\d+)?`;
const ABOUT = String.raw`(?:about|approximately|approx\.|約|およそ)?\s?`;
const TO = String.raw`\s?(?:~|〜|～|-|–|to|から|乃至|ないし|and|至|到)\s?`;
const AT_LEAST = /^\s?(?:以上|超|を超え|を越え|より大きい|より多い|或更多|or\s+(?:more|greater|higher|above)|and\s+(?:above|more|greater))/i;
const AT_MOST = /^\s?(?:以下|未満|より小さい|より少ない|まで|or\s+(?:less|lower|below|smaller)|and\s+(?:below|less))/i;
const LEADING_LOW = /(?:不小于|不低于|大于|高于|至少|超过|at\s+least|not\s+less\s+than|no\s+less\s+than|greater\s+than|more\s+than|higher\s+than|larger\s+than|above|over|exceeding|in\s+excess\s+of|minimum\s+of)\s*$/i;
const LEADING_HIGH = /(?:不大于|不高于|不超过|小于|低于|至多|at\s+most|not\s+more\s+than|no\s+more\s+than|not\s+greater\s+than|no\s+greater\s+than|less\s+than|smaller\s+than|lower\s+than|below|under|up\s+to|not\s+exceeding|maximum\s+of)\s*$/i;
const BOUNDED = new RegExp(String.raw`(${NUMBER})\s?[≦≤<]=?\s?[^\s≦≤<>()、,。]{1,8}\s?[≦≤<]=?\s?(${NUMBER})\s?\(\s?([^()]{1,20}?)\s?\)`, 'g');
const TO_AT = new RegExp(TO, 'y');
/**
 * A range whose other end is no number. From room temperature it is the number's upper bound (「好ましくは室温〜約５０℃」,
 * JP2014070017A 【0041】; 「常温〜80℃にて行う」, JP2010013354A); from anything else ("in the temperature range from about the
 * Tg of the layer … to about 25° C", US7642029B2 claim 1; "from 25° C to the Tg") it states no extent and is not read.
 */
const FROM_ROOM = /(?:室温|常温|room\s+temperature|ambient(?:\s+temperature)?)\s?(?:から|乃至|ないし|~|〜|～|to|and)\s?$/i;
const FROM_WORDS = /\b(?:from|between)\s+(?!(?:about|approximately|approx\.)?\s?[-+−]?\d)[^\d;:,.]{1,100}?\s(?:to|and)\s+$/i;
const FROM_NUMBER = /\b(?:from|between)\s+$/i;
const TO_WORDS = /^\.?\s?(?:to|and)\s+(?!(?:about|approximately|approx\.)?\s?[-+−]?\d)\p{L}/iu;
const NUMBER_AT = new RegExp(`${ABOUT}(${NUMBER})\\s?`, 'gy');

const numberOf = (text: string) => Number(text.replace(/,/g, ''));

/**
 * Every quantity a text states with a unit: ranges (「０．１～３μｍ」, "10 to 50 nm", 「１質量％以上１０質量％以下」),
 * one-sided limits (「２μｍ以上」, "at least 200° C") and single values ("a thickness of 25 μm") as [value, value].
 */
export function quantitiesOf(raw: string): Quantity[] {
  const { text, origin } = normalized(raw);
  const found: Quantity[] = [];
  // From this match's start to `end` in the normalised text, as the text writes it.
  let start = 0;
  const written = (family: string, low: number | null, high: number | null, end: number): Quantity => ({
    family,
    low,
    high,
    text: raw.slice(origin[start], origin[end]),
    start: origin[start]!,
    end: origin[end]!,
  });
  const number = new RegExp(`${ABOUT}(${NUMBER})\\s?`, 'g');
  let match: RegExpExecArray | null;
  while ((match = number.exec(text))) {
    start = match.index + (match[0].length - match[0].trimStart().length);
    const first = numberOf(match[1]!);
    let at = match.index + match[0].length;
    let unit = unitAt(text, at);
    if (unit) at += unit.length;
    // A range: 「０．１～３μｍ」, 「１質量％～１０質量％」, "10 to 50 nm", 「１０ｎｍ以上、５０ｎｍ以下」.
    const to = TO_AT;
    // US texts abbreviate the unit inside a range: "from about 30° C. to about 65° C." (US7642029B2 claim 2).
    to.lastIndex = unit && text[at] === '.' ? at + 1 : at;
    const lowSide = AT_LEAST.exec(text.slice(at));
    let end = at;
    if (to.exec(text)) {
      NUMBER_AT.lastIndex = to.lastIndex;
      const next = NUMBER_AT.exec(text);
      if (next) {
        const after = unitAt(text, NUMBER_AT.lastIndex);
        if (after && (!unit || unit.family === after.family)) {
          end = NUMBER_AT.lastIndex + after.length;
          // 「１～５％」 writes the unit once, 「１％～５％」 twice ("between 1 and 5 %" too).
          const [low, high] = [first * (unit ?? after).factor, numberOf(next[1]!) * after.factor];
          found.push(written(after.family, Math.min(low, high), Math.max(low, high), end));
          number.lastIndex = end;
          continue;
        }
      }
    }
    if (!unit) continue;
    const before = text.slice(Math.max(0, start - 120), start);
    if ((FROM_WORDS.test(before) && !FROM_ROOM.test(before)) || (FROM_NUMBER.test(before) && TO_WORDS.test(text.slice(at)))) continue;
    if (FROM_ROOM.test(before) && !lowSide && !AT_MOST.test(text.slice(at))) {
      found.push(written(unit.family, null, first * unit.factor, at));
      continue;
    }
    if (lowSide) {
      end = at + lowSide[0].length;
      // 「１質量％以上、１０質量％以下」: the upper end follows.
      const upper = new RegExp(`^[、,]?\\s?(?:かつ|and)?\\s?${ABOUT}(${NUMBER})\\s?`).exec(text.slice(end));
      const upperUnit = upper ? unitAt(text, end + upper[0].length) : null;
      const closes = upper && upperUnit?.family === unit.family ? AT_MOST.exec(text.slice(end + upper[0].length + upperUnit.length)) : null;
      if (upper && upperUnit && closes) {
        const stop = end + upper[0].length + upperUnit.length + closes[0].length;
        found.push(written(unit.family, first * unit.factor, numberOf(upper[1]!) * upperUnit.factor, stop));
        number.lastIndex = stop;
        continue;
      }
      found.push(written(unit.family, first * unit.factor, null, end));
      continue;
    }
    const highSide = AT_MOST.exec(text.slice(at));
    if (highSide) {
      found.push(written(unit.family, null, first * unit.factor, at + highSide[0].length));
      continue;
    }
    const leading = text.slice(Math.max(0, start - 30), start);
    if (LEADING_LOW.test(leading)) found.push(written(unit.family, first * unit.factor, null, at));
    else if (LEADING_HIGH.test(leading)) found.push(written(unit.family, null, first * unit.factor, at));
    else found.push(written(unit.family, first * unit.factor, first * unit.factor, at));
  }
  // 「３≦ｄ５０≦１２０（ｎｍ）」: a variable between two bounds, the unit after them in brackets.
  for (const bounded of text.matchAll(BOUNDED)) {
    const unit = unitAt(bounded[3]!, 0);
    if (!unit || unit.length !== bounded[3]!.length) continue;
    start = bounded.index;
    found.push(written(unit.family, numberOf(bounded[1]!) * unit.factor, numberOf(bounded[2]!) * unit.factor, bounded.index + bounded[0].length));
  }
  return found;
}

/**
 * Where a quantity's parameter is written, NFKC-normalised and in lower case: the `reach` characters before it, and the
 * 12 after it where a Japanese or Chinese attributive follows (「３〜５０μｍの厚み」; not "5% by injection").
 */
export function parameterWindow(text: string, quantity: Pick<Quantity, 'start' | 'end'>, reach = 40, anyAfter = false): { before: string; after: string } {
  const form = (part: string) => part.normalize('NFKC').toLowerCase();
  const after = anyAfter || /^\s?[のな的]/u.test(text.slice(quantity.end)) ? text.slice(quantity.end, quantity.end + 12) : '';
  return { before: form(text.slice(Math.max(0, quantity.start - reach), quantity.start)), after: form(after) };
}

/**
 * One parameter as documents write it beside a stated length (NFKC-normalised, lower case). A claim's limit named by one
 * form is met by a quantity a document names by another (namedNear): the corpus's gazettes name a particle size 粒径,
 * 平均粒子径 (only it in JP2018055019A, JP2020070450A) or メジアン径（Ｄ５０）, a thickness 厚さ (only it in 26 of the 281 JP
 * gazettes), 膜厚 (13) or 厚み (5); US texts a "particle size" or "particle diameter" (US7314687B2, US8784956).
 */
const PARAMETER_NAMES: ReadonlyArray<readonly string[]> = [
  ['粒径', '粒子径', 'メジアン径', 'd50', 'particle size', 'particle diameter'],
  ['厚さ', '厚み', '膜厚', 'thickness'],
];
/** Where a name is written in a window's text; a form of PARAMETER_NAMES alone (not the d50 of 「ＴＤ５０００Ｓ」, a product, JP2010111572A 【0117】). */
function writtenAt(text: string, name: string, alone: boolean): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const [previous, next] = [text[i - 1] ?? '', text[i + name.length] ?? ''];
    if (!alone || !((/^[a-z0-9]/.test(name) && /[a-z0-9]/.test(previous)) || (/[0-9]$/.test(name) && /[0-9]/.test(next)))) at.push(i);
  }
  return at;
}

/** How many characters lie between a name and the quantity in its window (Infinity where it is not written there); a stem's from the end of its word ("diamet" of "diameter"). */
function gapOf({ before, after }: { before: string; after: string }, name: string, alone = false): number {
  const back = writtenAt(before, name, alone).at(-1);
  const ahead = writtenAt(after, name, alone)[0];
  const end = back === undefined ? 0 : back + name.length + (/[a-z]$/.test(name) ? /^[a-z]*/.exec(before.slice(back + name.length))![0].length : 0);
  return Math.min(back === undefined ? Infinity : before.length - end, ahead ?? Infinity);
}

/**
 * How an element names a limit's parameter by one of PARAMETER_NAMES written no farther from it than its nearest word:
 * a document may name it by any of the forms, and by that word only where it is as near (粒径 of 「平均粒径」), not
 * where the analyser left the name out and the nearest word is what it is of (厚さ analyses as 厚い: 「前記保護フィルムの
 * 厚さが約０．０１ｍｍ〜約０．８ｍｍ」, JP2014070017A claim 7, has the nearest word フィルム).
 */
export interface ParameterNames {
  forms: readonly string[];
  withWord: boolean;
}

function namesOf(window: { before: string; after: string }, nearest: string | undefined): ParameterNames | undefined {
  if (nearest === undefined) return undefined;
  const reach = gapOf(window, nearest.toLowerCase());
  const named = PARAMETER_NAMES.map((forms) => ({ forms, gap: Math.min(...forms.map((form) => gapOf(window, form, true))) }))
    .filter(({ gap }) => gap <= reach)
    .sort((a, b) => a.gap - b.gap)[0];
  return named && { forms: named.forms, withWord: named.gap === reach };
}

/**
 * Whether the parameter's nearest word (an analysed form: a stem is found in its word), or its written forms (`names`),
 * name the quantity, written in its window: 「粒径」 of 「平均粒径は」, so that 「有機繊維の平均直径が１～１５μｍ」 is not a
 * particle size. The window reaches twice as far back as the element's and always 12 characters on: a passage words it
 * at more length ("metal foil or a metal plate having a thickness of about 1 to 3 mm", US8421353B2) or after it ("in
 * 1550 nm wavelength", US7158706B2).
 * Both words of a two-word parameter were asked for first: the US known items of the report half lost ○ in 4 of their
 * 20 limitation cells (rank A/B 95.8 → 94.2 %).
 */
export function namedNear(text: string, quantity: Quantity, words: readonly string[], names?: ParameterNames): boolean {
  if (words.length === 0) return true;
  const window = parameterWindow(text, quantity, 80, true);
  const nearest = words[0]!.toLowerCase();
  if ((!names || names.withWord) && (window.before.includes(nearest) || window.after.includes(nearest))) return true;
  return Boolean(names?.forms.some((form) => gapOf(window, form, true) < Infinity));
}

/** Mass, mole and volume percentages are different quantities; a bare % may be any of them. */
function comparable(a: string, b: string): boolean {
  if (a === b) return true;
  return (a === 'percent' && b.startsWith('percent')) || (b === 'percent' && a.startsWith('percent'));
}

const within = (value: number, limit: Quantity): boolean =>
  (limit.low === null || value >= limit.low - Math.abs(limit.low) * 1e-9) && (limit.high === null || value <= limit.high + Math.abs(limit.high) * 1e-9);

/**
 * A stated value or range meets a limit where it lies in it or overlaps it. A stated open bound meets it only where
 * the bound lies in it: 「粒径１０μｍ以下」 (JP2018044166A 【0046】, of a size distribution) says nothing of 10–50 nm
 * particles, though it includes them, as a generic range does not disclose a narrower range chosen from it.
 */
function meets(limit: Quantity, quantity: Quantity): boolean {
  if (!comparable(limit.family, quantity.family)) return false;
  // A condition meets one of its expression only (numeric-conditions.ts); the ranges compare as any quantity's.
  if (limit.family === CONDITION && !sameExpression({ ...limit, expression: limit.expression ?? '' }, { ...quantity, expression: quantity.expression ?? '' })) return false;
  if (quantity.low === null || quantity.high === null) return within((quantity.low ?? quantity.high)!, limit);
  return (limit.high === null || quantity.low <= limit.high + Math.abs(limit.high) * 1e-9) && (limit.low === null || quantity.high >= limit.low - Math.abs(limit.low) * 1e-9);
}

/**
 * The passage's quantity that meets the limit (a value inside it or a range overlapping it), if any; with `parameter`
 * words, only one they name (「有機繊維の平均直径が１～１５μｍ」 is no particle size of 0.1–3 μm).
 */
export const meetingQuantity = (limit: Quantity, quantities: readonly Quantity[], passage?: { text: string; parameter: readonly string[]; names?: ParameterNames }): Quantity | undefined =>
  quantities.find((quantity) => meets(limit, quantity) && (!passage || quantity.family === CONDITION || namedNear(passage.text, quantity, passage.parameter, passage.names)));

/** The family of a unitless condition (numeric-conditions.ts): its expression names it, no parameter word. */
export const CONDITION = 'condition';
const asQuantity = (condition: Condition, named?: string): Quantity => ({ ...condition, family: CONDITION, ...(named ? { named } : {}) });

/** A numerical limitation and its parameter: the element's words (at most two) nearest it (「粒径」「平均」 of 「平均粒径は０．１～３μｍ」). */
export interface Limit extends Quantity {
  parameter: string[];
  /** The parameter's written forms, where the element writes it as one of PARAMETER_NAMES (「平均粒径」: 粒子径, d50, …). */
  names?: ParameterNames;
}

/** A number alone is no parameter word. */
const NUMBER_WORD = /^[\p{Nd}.,．，]+$/u;

/** The limits an element claims with their parameter: the element's words (at most two) written in each one's parameter window, nearest first. */
export function limitsWithParameters(text: string, words: readonly string[]): Limit[] {
  return quantitiesOf(text).map((limit) => {
    const window = parameterWindow(text, limit);
    const { before, after } = window;
    const parameter = words
      .filter((word) => !NUMBER_WORD.test(word))
      .map((word) => {
        const [back, ahead] = [before.lastIndexOf(word.toLowerCase()), after.indexOf(word.toLowerCase())];
        return { word, distance: Math.min(back < 0 ? Infinity : before.length - back, ahead < 0 ? Infinity : ahead + 1) };
      })
      .filter(({ distance }) => distance < Infinity)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 2)
      .map(({ word }) => word);
    const names = namesOf(window, parameter[0]);
    return { ...limit, parameter, ...(names && { names }) };
  });
}

/**
 * An element's unitless conditions (「－０．３２＜ｆ３／ｆ＜－０．０５」) as limits: where it calls them 条件式 or 関係式, defines one of
 * their symbols, or states a ratio. Not the indices of a chemical formula (「０＜ｘ＜１である」, 「ｎ＋ｍ＝３」, JP2011001603A,
 * JP2011032263A): another document's x is another formula's. Each limit has the quantities its symbols name where the
 * element defines them (「前記第３レンズ群の焦点距離をｆ３」, 「但し、ｆａ：…」); its expression is its parameter, met in any passage.
 */
export function conditionLimits(text: string): Limit[] {
  const definitions = definitionsOf(text);
  const called = /条件式|関係式/u.test(text);
  return conditionsOf(text)
    .filter((condition) => called || condition.expression.includes('/') || symbolsOf(condition.expression).some((symbol) => definitions.has(symbol)))
    .map((condition) => ({ ...asQuantity(condition, namedExpression(condition.expression, definitions)), parameter: [condition.expression] }));
}

/** A quantity meeting a numerical limitation, as written, and its passage when not the cell's own. */
export interface MetQuantity {
  text: string;
  place: Pick<Passage, 'kind' | 'number'> | null;
}

/**
 * Where a document's limits are met, for each of its passages: by a quantity the limit's parameter names in the passage
 * (meetingQuantity), else in the first passage of the document that states one (「…の平均粒径は、２～２５μｍ」 a paragraph
 * away from the particles' other features), as an examiner reads a document whole. A limit whose parameter the element
 * does not name in words is met by a quantity in the passage itself only. A passage's quantities are read once, and
 * only when asked for.
 */
export function limitsMet(passages: readonly Passage[]) {
  const quantities: Array<Quantity[] | undefined> = [];
  // A passage's conditions name their quantities by its own definitions, else by the document's; a table's values by the document's numbering.
  let documentWide: { definitions: Map<string, string>; numbered: Map<string, string> } | undefined;
  const documentOf = () => (documentWide ??= { definitions: definitionsOf(passages.map((passage) => passage.text).join('\n')), numbered: numberedConditions(passages.map((passage) => passage.text)) });
  const conditionsAt = (text: string): Quantity[] => {
    if (!/[<>＜＞≦≧≤≥=＝]/u.test(text)) return [];
    const stated = conditionsOf(text);
    const tabled = /条件式/u.test(text) ? tabledValues(text, documentOf().numbered) : [];
    if (stated.length + tabled.length === 0) return [];
    const own = definitionsOf(text);
    return [...stated, ...tabled].map((condition) => asQuantity(condition, namedExpression(condition.expression, own, documentOf().definitions)));
  };
  const quantitiesAt = (at: number) => (quantities[at] ??= [...quantitiesOf(passages[at]!.text), ...conditionsAt(passages[at]!.text)]);
  const meetingAt = (limit: Limit, at: number) => meetingQuantity(limit, quantitiesAt(at), { text: passages[at]!.text, parameter: limit.parameter, names: limit.names });
  const stated = new Map<Limit, MetQuantity | null>();
  const statedOf = (limit: Limit) => {
    if (!stated.has(limit)) {
      const at = limit.parameter.length === 0 ? -1 : passages.findIndex((_, i) => meetingAt(limit, i));
      stated.set(limit, at < 0 ? null : { text: meetingAt(limit, at)!.text, place: { kind: passages[at]!.kind, number: passages[at]!.number } });
    }
    return stated.get(limit)!;
  };
  const metAt = (limit: Limit, at: number): MetQuantity | null => {
    const here = meetingAt(limit, at);
    return here ? { text: here.text, place: null } : statedOf(limit);
  };
  /** What meets every limit for a passage (each quantity once), or null where one is not met. */
  const metIn = (limits: readonly Limit[], at: number): MetQuantity[] | null => {
    const met: MetQuantity[] = [];
    for (const limit of limits) {
      const found = metAt(limit, at);
      if (!found) return null;
      if (!met.some((other) => other.text === found.text)) met.push(found);
    }
    return met;
  };
  return { metAt, metIn };
}
