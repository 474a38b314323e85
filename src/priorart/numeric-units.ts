// The units a numerical limitation is written in (numeric-limits.ts quantitiesOf), each with the family of quantity it measures
// and its factor to the family's base unit. A unit glued to a "per" (℃／分, mPa·s, MPa/m) is another quantity than its numerator's.

export interface Unit {
  family: string;
  factor: number;
}

/**
 * A viscosity, in Pa·s: 「１００ｍＰａ・ｓ」, "5 mPa.s", "39 mPa s", "Pa·s", cP / cps / センチポイズ. 「Ｐａ・ｓ」 was read as a
 * pressure (and mPa·s as nothing): a viscosity met a claimed pressure.
 */
const VISCOSITIES: Array<[RegExp, Unit]> = [
  [/^mPa\s?[·・⋅•.*-]?\s?s(?:ec)?\b|^(?:cP|cps|cPs)\b|^centipoises?\b|^センチポイズ/, { family: 'viscosity', factor: 1e-3 }],
  [/^kPa\s?[·・⋅•.*-]?\s?s(?:ec)?\b/, { family: 'viscosity', factor: 1e3 }],
  [/^Pa\s?[·・⋅•.*-]?\s?s(?:ec)?\b/, { family: 'viscosity', factor: 1 }],
  [/^poises?\b|^ポイズ/i, { family: 'viscosity', factor: 0.1 }],
];

/**
 * A rate of heating or cooling, in °C (K) per second: 「１０℃／分」, "10° C./min", "5 °C per minute", 「５℃／秒」, "° C./hr".
 * The number before 「℃」 was read as a temperature: a heating rate of 10 °C/min met a claimed 5–20 °C.
 */
const PER_TEMPERATURE = String.raw`^(?:°\s?C|K|degrees?\s+(?:C|Celsius|centigrade))\.?\s?(?:\/|per\s+|毎)\s?`;
const RATES: Array<[RegExp, Unit]> = [
  [new RegExp(PER_TEMPERATURE + String.raw`(?:分間?|min(?:ute)?s?\b)`, 'i'), { family: 'temperature-rate', factor: 1 / 60 }],
  [new RegExp(PER_TEMPERATURE + String.raw`(?:秒|s\b|sec(?:ond)?s?\b)`, 'i'), { family: 'temperature-rate', factor: 1 }],
  [new RegExp(PER_TEMPERATURE + String.raw`(?:時間?|h\b|hrs?\b|hours?\b)`, 'i'), { family: 'temperature-rate', factor: 1 / 3600 }],
];

/**
 * A length per something is no length: 「ｎｍ／秒」, "mm/min" (the slash), and a speed whose slash the text lost ("a
 * velocity of 15 m s", "10 mm s", "1.0 10cm s": some 160 in the US descriptions).
 */
const NOT_LENGTH = String.raw`(?![a-zA-Z²³23/]|\s?\/|\s(?:s|sec|min)\b)`;
/** A pressure per or times something is no pressure (「ＭＰａ／ｍ」, "MPa·m1/2", a fracture toughness). */
const NOT_PRESSURE = String.raw`(?![a-zA-Z]|\s?[/·・⋅])`;

/** Units by how they are written once NFKC-normalised (℃ → °C, ％ → %, µ → μ), longest first within a family. */
const UNITS: Array<[RegExp, Unit]> = [
  [/^(?:質量|重量|质量|wt\.?\s?|mass\s?|weight\s?)%|^%\s?by\s(?:weight|mass)|^(?:weight|wt\.?|mass)\s?percent|^percent\sby\s(?:weight|mass)/i, { family: 'percent-mass', factor: 1 }],
  [/^(?:mol|モル)\s?%|^mole?\s?percent|^%\s?by\s(?:moles?|mol)\b/i, { family: 'percent-mol', factor: 1 }],
  [/^(?:体積|体积|容量|vol\.?\s?|volume\s?)%|^%\s?by\s?volume|^(?:vol\.?|volume)\s?percent/i, { family: 'percent-vol', factor: 1 }],
  [/^(?:%|percent\b|パーセント)/i, { family: 'percent', factor: 1 }],
  [/^(?:質量部|重量部|质量份|重量份|parts?\s+by\s+(?:weight|mass)|(?:weight|mass)\s+parts?)/i, { family: 'parts', factor: 1 }],
  ...RATES,
  // Not a thermal resistance ("0.5° C./W").
  [/^(?:°\s?C|degrees?\s+(?:C\b|Celsius|centigrade)|度C|摄氏度)(?!\.?\s?\/\s?W\b)/i, { family: 'temperature', factor: 1 }],
  [new RegExp(String.raw`^nm${NOT_LENGTH}|^nanomet(?:er|re)s?|^纳米`, 'i'), { family: 'length', factor: 1e-9 }],
  [new RegExp(String.raw`^(?:μm|um)${NOT_LENGTH}|^microm(?:et(?:er|re)s?|icrons?)?\b|^microns?\b|^ミクロン|^微米`, 'i'), { family: 'length', factor: 1e-6 }],
  [new RegExp(String.raw`^mm${NOT_LENGTH}|^millimet(?:er|re)s?|^毫米`, 'i'), { family: 'length', factor: 1e-3 }],
  [new RegExp(String.raw`^cm${NOT_LENGTH}|^centimet(?:er|re)s?|^厘米`, 'i'), { family: 'length', factor: 1e-2 }],
  [new RegExp(String.raw`^m(?![a-zA-Zμ²³23/%]|\s?\/|\s(?:s|sec|min)\b)|^met(?:er|re)s?\b`), { family: 'length', factor: 1 }],
  ...VISCOSITIES,
  [new RegExp(`^GPa${NOT_PRESSURE}`), { family: 'pressure', factor: 1e9 }],
  [new RegExp(`^MPa${NOT_PRESSURE}`), { family: 'pressure', factor: 1e6 }],
  [new RegExp(`^kPa${NOT_PRESSURE}`), { family: 'pressure', factor: 1e3 }],
  [new RegExp(`^Pa${NOT_PRESSURE}`), { family: 'pressure', factor: 1 }],
];

/** The unit written at `at` (after the number and a space at most), with its length. */
export function unitAt(text: string, at: number): (Unit & { length: number }) | null {
  const rest = text.slice(at, at + 40);
  for (const [pattern, unit] of UNITS) {
    const match = pattern.exec(rest);
    if (match) return { ...unit, length: match[0].length };
  }
  return null;
}
