// Exact-match keys of the structured fields, one function for both sides: the store writes
// them for each publication (patents.search_keys, applicant_names, inventor_names; see
// migrations/20261121060000_formula_search.ts) and the formula compiler looks a query up
// with the same function, so "h01l 21/02", "H01L21/02" and "Ｈ０１Ｌ２１／０２" meet the
// same key. Pure and without Node imports: the formula parser runs in the browser too.
//
// Classification codes are matched by prefix along their hierarchy. Each code of a
// publication contributes one key per level, e.g. IPC "H01L 21/027":
//   ipc:H  ipc:H01  ipc:H01L  ipc:H01L21  ipc:H01L21/0  ipc:H01L21/02  ipc:H01L21/027
// so a query is one key and retrieval is `search_keys @> ARRAY[key]` on a GIN index.
// A main group matches as a whole (H01L21 does not match H01L210), and "/00" names the main
// group itself (H01L21/00 = H01L21, as IPC writes main groups); subgroup digits match by
// prefix (21/02 covers 21/027, which IPC numbers as its subdivision).

export type ClassScheme = 'ipc' | 'cpc' | 'fi' | 'fterm' | 'usc';

/** Full-width ASCII → ASCII, ideographic space → space (length-preserving, unlike NFKC). */
export function toHalfWidthAscii(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

const compact = (code: string): string => toHalfWidthAscii(code.normalize('NFKC')).toUpperCase().replace(/\s+/g, '');

/** IPC and CPC (same hierarchy; CPC adds section Y and 2000-series groups). */
const IPC = /^([A-HY])(?:(\d{2})(?:([A-Z])(?:(\d{1,4})(?:\/(\d{0,6}))?)?)?)?$/;

interface IpcParts {
  section: string;
  klass?: string;
  subclass?: string;
  mainGroup?: string;
  subgroup?: string;
}

function ipcParts(text: string, scheme: 'ipc' | 'cpc' | 'fi'): IpcParts | null {
  const match = IPC.exec(text);
  if (!match) return null;
  const [, section, klass, subclass, mainGroup, subgroup] = match;
  if (section === 'Y' && scheme !== 'cpc') return null;
  return {
    section: section!,
    ...(klass && { klass }),
    ...(subclass && { subclass }),
    ...(mainGroup && { mainGroup: String(Number(mainGroup)) }),
    // "/00" is the main group itself; "21/" too.
    ...(subgroup && !/^0+$/.test(subgroup) && { subgroup }),
  };
}

/** Prefix keys of one IPC/CPC code: every level, subgroup digits one by one. */
function ipcKeys(parts: IpcParts): string[] {
  const keys = [parts.section];
  if (!parts.klass) return keys;
  const klass = parts.section + parts.klass;
  keys.push(klass);
  if (!parts.subclass) return keys;
  const subclass = klass + parts.subclass;
  keys.push(subclass);
  if (!parts.mainGroup) return keys;
  const group = subclass + parts.mainGroup;
  keys.push(group);
  for (let i = 1; i <= (parts.subgroup?.length ?? 0); i++) keys.push(`${group}/${parts.subgroup!.slice(0, i)}`);
  return keys;
}

/** The most specific key of a parsed IPC/CPC code (what a query looks up). */
const ipcKey = (parts: IpcParts): string => ipcKeys(parts).at(-1)!;

/** FI: an IPC symbol, optionally a 3-digit subdivision and a file discrimination letter: H01L21/302,101@A, "H01L 21/302 101A". */
const FI_SUFFIX = /^(.*?\d)(?:[,]?(\d{3}))?(?:@?([A-Z]))?$/;

function fiParts(text: string): { ipc: IpcParts; subdivision?: string; letter?: string } | null {
  const direct = ipcParts(text, 'fi');
  if (direct) return { ipc: direct };
  const match = FI_SUFFIX.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const ipc = ipcParts(match[1]!, 'fi');
  // A subdivision or letter needs a full symbol before it (group/subgroup).
  if (!ipc?.mainGroup || !/\//.test(match[1]!)) return null;
  return { ipc, ...(match[2] && { subdivision: match[2] }), ...(match[3] && { letter: match[3] }) };
}

function fiKeys(parts: NonNullable<ReturnType<typeof fiParts>>): string[] {
  const keys = ipcKeys(parts.ipc);
  const base = `${keys.at(-1)!}${parts.ipc.subgroup ? '' : '/00'}`;
  if (parts.subdivision) keys.push(`${base},${parts.subdivision}`);
  if (parts.letter) keys.push(`${base}${parts.subdivision ? `,${parts.subdivision}` : ''}@${parts.letter}`);
  return keys;
}

/** F-term: theme (5), viewpoint (2 letters), figure (2 digits), an additional code: 4C083AB082. */
const FTERM = /^(\d[A-Z]\d{3})(?:([A-Z]{2})(?:(\d{2})([0-9A-Z]{1,2})?)?)?$/;

function ftermKeys(text: string): string[] | null {
  const match = FTERM.exec(text.replace(/[.]/g, ''));
  if (!match) return null;
  const [, theme, viewpoint, figure, extra] = match;
  const keys = [theme!];
  if (viewpoint) keys.push(theme! + viewpoint);
  if (figure) keys.push(theme! + viewpoint! + figure);
  if (extra) keys.push(theme! + viewpoint! + figure! + extra);
  return keys;
}

/** US classification: class/subclass with decimals (360/78.11), design classes (D12/345), plants (PLT/123). */
const USC = /^((?:D|PLT|G9B)?\d{0,3}[A-Z]?)(?:\/([A-Z]{0,3}\d+[A-Z]?)(?:\.(\d+)[A-Z]?)?)?$/;

function uscKeys(text: string): string[] | null {
  // "123/456-458" (ranges in older grants) index as their first subclass.
  const match = USC.exec(text.replace(/-.*$/, ''));
  if (!match || !match[1] || !/\d/.test(match[1] + (match[2] ?? ''))) return null;
  const [, klass, subclass, decimals] = match;
  const keys = [klass!.replace(/^0+(?=\d)/, '')];
  if (subclass) keys.push(`${keys[0]}/${subclass.replace(/^0+(?=\d)/, '')}`);
  if (subclass && decimals) keys.push(`${keys[1]}.${decimals}`);
  return keys;
}

function schemeKeys(scheme: ClassScheme, code: string): string[] | null {
  const text = compact(code);
  if (!text) return null;
  switch (scheme) {
    case 'ipc':
    case 'cpc': {
      const parts = ipcParts(text, scheme);
      return parts && ipcKeys(parts);
    }
    case 'fi': {
      const parts = fiParts(text);
      return parts && fiKeys(parts);
    }
    case 'fterm':
      return ftermKeys(text);
    case 'usc':
      return uscKeys(text);
  }
}

/** The key a query for this code looks up (`ipc:H01L21`), or null when it is not a code of the scheme. */
export function classQueryKey(scheme: ClassScheme, code: string): string | null {
  const keys = schemeKeys(scheme, code);
  if (!keys) return null;
  if (scheme === 'ipc' || scheme === 'cpc') {
    const parts = ipcParts(compact(code), scheme)!;
    return `${scheme}:${ipcKey(parts)}`;
  }
  return `${scheme}:${keys.at(-1)}`;
}

/** All keys one code of a publication contributes (empty when the code is not readable). */
export function classIndexKeys(scheme: ClassScheme, code: string): string[] {
  return (schemeKeys(scheme, code) ?? []).map((key) => `${scheme}:${key}`);
}

/**
 * An application number in one form: 特願2023-022940, 特願2023-22940, 2023-022940, JP2023022940 → 2023022940;
 * 特願平11-123456 → H11123456; US 12/345,678 → 12345678; CN 201810123456.7 → 201810123456.
 * Empty when there is no digit.
 */
export function applicationNumberKey(text: string): string {
  let key = toHalfWidthAscii(text.normalize('NFKC')).toUpperCase();
  key = key.replace(/平成?/g, 'H').replace(/昭和?/g, 'S').replace(/令和?/g, 'R');
  // Japanese year-serial: the serial has 6 digits (特願2023-22940 is 2023-022940), an era year 2.
  key = key.replace(/(?<![0-9A-Z])([HSR]?)(\d{1,4})-(\d{1,6})(?!\d)/, (_, era: string, year: string, serial: string) =>
    era || year.length === 4 ? `${era}${era ? year.padStart(2, '0') : year}${serial.padStart(6, '0')}` : `${year}-${serial}`,
  );
  key = key.replace(/\.\d$/, ''); // CN check digit
  key = key.replace(/[^0-9A-Z]/g, '').replace(/^(JP|US|CN)(?=[A-Z]?\d)/, '');
  return /\d/.test(key) ? key : '';
}

/**
 * Whether an application-number key can name an application at all: JP year + 6 digits
 * (2008123456) or era + year + 6 digits (H11123456); US series + 6 digits (12345678); CN 12
 * digits (201810123456) or, before 2004, 8–9 digits. Anything else can never match.
 */
export function plausibleApplicationNumber(key: string): boolean {
  return /^(?:\d{8,10}|\d{12}|[HS]\d{8})$/.test(key);
}

/**
 * A name for partial matching: NFKC, case-folded, without spaces or punctuation, so
 * "Hewlett Packard" finds "Hewlett-Packard Development Company, L.P." and "ＳＯＮＹ" finds "Sony Corp".
 */
export function nameKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Names as stored for partial matching: one key per name, newline-separated (a key never contains one, so a match never spans two names). */
export const namesIndexText = (names: readonly string[] | null | undefined): string =>
  (names ?? []).map(nameKey).filter(Boolean).join('\n');

export const APPLICATION_NUMBER_PREFIX = 'appno:';

/** Everything a publication contributes to patents.search_keys: class code prefixes and its application number. */
export function searchKeysOf(record: {
  ipc?: readonly string[] | null;
  cpc?: readonly string[] | null;
  fi?: readonly string[] | null;
  fterm?: readonly string[] | null;
  usc?: readonly string[] | null;
  applicationNumber?: string | null;
}): string[] {
  const keys = new Set<string>();
  for (const scheme of ['ipc', 'cpc', 'fi', 'fterm', 'usc'] as const) {
    for (const code of record[scheme] ?? []) for (const key of classIndexKeys(scheme, code)) keys.add(key);
  }
  const number = record.applicationNumber ? applicationNumberKey(record.applicationNumber) : '';
  if (number) keys.add(APPLICATION_NUMBER_PREFIX + number);
  return [...keys];
}
