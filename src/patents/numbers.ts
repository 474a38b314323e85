// Publication numbers as people type them → one normalised form. "US 7,783,348 B2", "US7783348",
// "特開2020-123456", "特許第6183980号", "実登3214154", "WO2020/123456", "JP2020123456A",
// "CN112345678A" all find their document. Pure, no Node imports: the formula builder and the
// population-file reader run it in the browser too.
//
// A number that can never name a publication (a 5-digit Japanese patent number, a 7-digit
// serial after 特開2020-, a kind code the office does not use for that kind of number) is not a
// publication number: undefined, so the formula checker calls it invalid instead of searching.
import type { Region } from './record.ts';

export interface PublicationNumber {
  region: Region;
  /** The number without country, separators or kind code: 7783348, 20080250823, D456615, 2020123456, H11123456, WO2020123456, 112345678. */
  core: string;
  /**
   * Kind code when the input gave one (B2, A1, U, S1 …), or the letter the form implies
   * (特許第…号 → B: B1 or B2; 特開 → A; 実登 → U); null when unknown. A stored publication
   * matches when its kind code starts with this (kindMatches).
   */
  kind: string | null;
  /** The id in the corpus convention: region prefix + core + kind (when known). */
  id: string;
}

/** Whether a stored kind code is the kind the number asks for (null on either side: any). */
export const kindMatches = (wanted: string | null | undefined, stored: string | null | undefined): boolean =>
  !wanted || !stored || stored.startsWith(wanted);

const toHalfWidth = (text: string): string =>
  text.normalize('NFKC').replace(/[‐‑‒–—―ー－\u2212]/g, '-').replace(/\s+/g, ' ').trim();

const build = (region: Region, core: string, kind: string | null): PublicationNumber => ({
  region,
  core,
  kind,
  id: `${region.toUpperCase()}${core}${kind ?? ''}`,
});

/** Japanese era names and their letters in publication numbers (平成 H, 昭和 S); 令和 numbers use the Western year. */
const ERA = /^(平成?|昭和?|[HS])$/;
const eraLetter = (name: string): string => (name.startsWith('平') || name === 'H' ? 'H' : 'S');

/**
 * A Japanese number's core in one form: Western-year application publications as year + 6-digit
 * serial (2002366927), era ones as letter + 2-digit year + 6-digit serial (特開平8-6916 and the
 * corpus id JPH086916A alike → H08006916), patent and utility-model numbers as 7 digits.
 */
function japaneseCore(era: string | null, year: string | null, serial: string): string | undefined {
  if (era) {
    if (!year || year.length > 2 || serial.length > 6) return undefined;
    return `${eraLetter(era)}${year.padStart(2, '0')}${serial.padStart(6, '0')}`;
  }
  if (year) {
    const y = Number(year);
    if (year.length !== 4 || y < 1971 || y > 2099 || serial.length > 6) return undefined;
    return `${year}${serial.padStart(6, '0')}`;
  }
  return /^\d{7}$/.test(serial) ? serial : undefined;
}

/** Japanese forms: 特開2020-123456, 特開平11-123456, 特表, 再表, 特公平7-123456, 特許第6543210号, 特許6543210, 実登3200000, 実用新案登録第3200000号, 実開平5-12345. */
function parseJapanese(text: string): PublicationNumber | undefined {
  // Citations in Japanese gazettes name the office first: 日本特開2011-119311号公報.
  const compact = text.replace(/[\s,]/g, '').replace(/^日本国?/, '');
  let match = /^(特開|特表|特公|実開|実公)(平成?|昭和?)?(\d{1,4})-(\d{1,6})(?:号)?(?:公報)?$/.exec(compact) ?? /^(特開|特表|特公|実開|実公)(平成?|昭和?)?(\d{4}|\d{2})(\d{6})(?:号)?(?:公報)?$/.exec(compact);
  if (match) {
    const [, type, era, year, serial] = match;
    const kind = type === '特公' ? 'B' : type === '実開' ? 'U' : type === '実公' ? 'Y' : 'A';
    const core = japaneseCore(era ?? null, year!, serial!);
    return core ? build('jp', core, kind) : undefined;
  }
  // 再表2018/134950: Japan's re-publication of WO2018/134950.
  match = /^(?:再表|再公表)(\d{4})[-/]?(\d{6})(?:号)?(?:公報)?$/.exec(compact);
  if (match) return build('jp', `WO${match[1]}${match[2]}`, 'A');
  match = /^(?:特許|特許第)(\d+)(?:号)?(?:公報)?$/.exec(compact);
  if (match) return /^\d{7}$/.test(match[1]!) ? build('jp', match[1]!, 'B') : undefined;
  match = /^(?:実登|実用新案登録|実用新案登録第)(\d+)(?:号)?(?:公報)?$/.exec(compact);
  if (match) return /^\d{7}$/.test(match[1]!) ? build('jp', match[1]!, 'U') : undefined;
  return undefined;
}

/**
 * WO2020/123456, WO 2020/123456 A1, PCT publication numbers: the store holds them as Japan's
 * re-publication of the international application (再公表特許, JPWO2020123456A1), so they are JP numbers.
 */
function parseInternational(text: string): PublicationNumber | undefined {
  const match = /^WO\s*(\d{4})\s*[/-]?\s*(\d{6})\s*(A\d)?$/i.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  if (year < 1978 || year > 2099) return undefined;
  return build('jp', `WO${match[1]}${match[2]}`, match[3]?.toUpperCase() ?? 'A');
}

/** Kind-code letters each office uses (JP: A publications, B patents, U/Y utility models, S designs; US: A, B, E reissue, H, P plant, S design; CN: A, B, C, U, Y, S). */
const KIND_LETTERS: Record<Region, RegExp> = { jp: /^[ABUYS]\d?$/, us: /^[ABEHPS]\d?$/, cn: /^[ABCUYS]\d?$/ };

/** Country-prefixed forms: US7783348B2, US 7,783,348 B2, US 2008/0250823 A1, USD456615S1, JP2000-174797 A, JPH086916A, JPWO2018134950A1, CN 112345678 A. */
function parsePrefixed(text: string): PublicationNumber | undefined {
  const match = /^(US|JP|CN)\s*([A-Z]{0,2})?\s*([\d][\d,/ -]*[\d]|[\d])\s*([A-Z]\d?)?$/i.exec(text);
  if (!match) return undefined;
  const region = match[1]!.toLowerCase() as Region;
  const series = (match[2] ?? '').toUpperCase(); // D (design), RE, PP, H for US; H/S era letters, WO for JP
  const digits = match[3]!.replace(/[,/ -]/g, '');
  const kind = match[4]?.toUpperCase() ?? null;
  if (kind && !KIND_LETTERS[region].test(kind)) return undefined;
  if (region === 'us') {
    // Pre-grant publications: year + 7 digits (2008/0250823 → 20080250823).
    const core = `${series}${/^\d{4}\d{1,7}$/.test(digits) && digits.length > 8 && !series ? digits.slice(0, 4) + digits.slice(4).padStart(7, '0') : digits}`;
    return build('us', core, kind);
  }
  if (region === 'jp') {
    if (series === 'WO') return /^\d{10}$/.test(digits) ? build('jp', `WO${digits}`, kind) : undefined;
    if (series && !ERA.test(series)) return undefined;
    // JP2000-174797 A, JP2000174797A, JPH11123456A, JPH086916A (serial not padded), JP6543210B2.
    const hyphen = /^(\d{2,4})[-](\d{1,6})$/.exec(match[3]!.replace(/[, ]/g, ''));
    const year = series ? digits.slice(0, 2) : hyphen ? hyphen[1]! : digits.length === 10 ? digits.slice(0, 4) : null;
    const serial = series ? digits.slice(2) : hyphen ? hyphen[2]! : digits.length === 10 ? digits.slice(4) : digits;
    const core = japaneseCore(series || null, year, serial);
    // Year-numbered publications are applications (A); 7-digit numbers are patents (B) and utility models (U, Y).
    if (!core || (kind && /^\d{10}$/.test(core) && !kind.startsWith('A')) || (kind && /^\d{7}$/.test(core) && kind.startsWith('A'))) return undefined;
    return build('jp', core, kind);
  }
  return build('cn', `${series}${digits}`, kind);
}

/** The normalised number, or undefined when the text is not a publication number we know. */
export function parsePublicationNumber(input: string): PublicationNumber | undefined {
  const text = toHalfWidth(input);
  if (!text) return undefined;
  return parseJapanese(text) ?? parseInternational(text) ?? parsePrefixed(text.replace(/^([A-Z]{2})-/i, '$1'));
}

/** The core of a corpus id (US7783348B2 → 7783348, US8442821 → 8442821, JP2000174797A → 2000174797, JPH086916A → H08006916). */
export function coreOfId(id: string): PublicationNumber {
  const parsed = parsePrefixed(id);
  if (!parsed) throw new Error(`Not a publication id: ${id}`);
  return parsed;
}

/** The language a number is shown in: only Japan's re-publications of PCT applications differ. */
export type NumberLanguage = 'ja' | 'en';

/**
 * The number as offices print it: US 7,783,348 B2, US 2001/0031072 A1, JP 2000-174797 A, CN 106022747 A.
 * Japan's re-publication of a PCT application (再公表特許, JPWO2018134950A1) is shown as a Japanese
 * attorney cites it, 再表2018/134950 (J-PlatPat's form), and in English as its international
 * publication, WO 2018/134950 A1 — not 「JP WO2018/134950 A1」, a number no office prints.
 */
export function displayPublicationNumber(number: Pick<PublicationNumber, 'region' | 'core' | 'kind'>, lang: NumberLanguage): string {
  const { core, region } = number;
  const republished = region === 'jp' ? /^WO(\d{4})(\d{6})$/.exec(core) : null;
  if (republished) return lang === 'ja' ? `再表${republished[1]}/${republished[2]}` : ['WO', `${republished[1]}/${republished[2]}`, number.kind].filter(Boolean).join(' ');
  let shown = core;
  if (region === 'us') {
    if (/^\d{11}$/.test(core)) shown = `${core.slice(0, 4)}/${core.slice(4)}`;
    else if (/^\d{1,8}$/.test(core)) shown = Number(core).toLocaleString('en-US');
    else shown = core.replace(/^([A-Z]+)(\d+)$/, (_, series: string, digits: string) => `${series}${Number(digits).toLocaleString('en-US')}`);
  } else if (region === 'jp' && /^\d{10}$/.test(core)) shown = `${core.slice(0, 4)}-${core.slice(4)}`;
  else if (region === 'jp' && /^[HS]\d{8}$/.test(core)) shown = `${core.slice(0, 3)}-${core.slice(3)}`;
  return [region.toUpperCase(), shown, number.kind].filter(Boolean).join(' ');
}

/**
 * The kind a document is shown as: a Japanese re-publication of a PCT application (JPWO…) is a
 * 再公表 (its own gazette), not a 公開 of a Japanese application, though a kind filter counts it
 * with the applications.
 */
export const shownKind = (id: string, kind: string): string => (kind === 'application' && /^JPWO\d/.test(id) ? 'republication' : kind);

/** displayPublicationNumber for a corpus id, or the id itself when it is not one. */
export function displayNumberOfId(id: string, lang: NumberLanguage): string {
  const key = `${lang}:${id}`;
  let shown = displayedNumbers.get(key);
  if (shown === undefined) {
    try {
      shown = displayPublicationNumber(coreOfId(id), lang);
    } catch {
      shown = id;
    }
    if (displayedNumbers.size >= DISPLAYED_NUMBERS_KEPT) displayedNumbers.clear();
    displayedNumbers.set(key, shown);
  }
  return shown;
}

/** A result page shows 50–100 numbers, mostly the same ones again (3 % of its render parsed them every time). */
const DISPLAYED_NUMBERS_KEPT = 20_000;
const displayedNumbers = new Map<string, string>();
