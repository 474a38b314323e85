// Publication numbers as people type them → one normalised form. "US 7,783,348 B2",
// "US7783348", "特開2020-123456", "JP2020123456A", "CN112345678A" all find their document.
import type { Region } from './record.ts';

export interface PublicationNumber {
  region: Region;
  /** The number without country, separators or kind code: 7783348, 20080250823, D456615, 2020123456, H11123456, 112345678. */
  core: string;
  /** Kind code when the input gave one or implied it (B2, A1, A, U, S1 …); null when unknown. */
  kind: string | null;
  /** The id in the corpus convention: region prefix + core + kind (when known). */
  id: string;
}

const toHalfWidth = (text: string): string =>
  text.normalize('NFKC').replace(/[‐‑‒–—―ー－]/g, '-').replace(/\s+/g, ' ').trim();

const build = (region: Region, core: string, kind: string | null): PublicationNumber => ({
  region,
  core,
  kind,
  id: `${region.toUpperCase()}${core}${kind ?? ''}`,
});

/** Japanese forms: 特開2020-123456, 特開平11-123456, 特許第6543210号, 特許6543210, 特表2019-500000, 実登3200000, 実用新案登録第3200000号. */
function parseJapanese(text: string): PublicationNumber | undefined {
  const compact = text.replace(/[\s,]/g, '');
  const era = (name: string | undefined) => (name?.startsWith('平') ? 'H' : name?.startsWith('昭') ? 'S' : '');
  let match = /^(特開|特表|再表|実開)(平成?|昭和?)?(\d{2,4})-?(\d{1,6})(?:号)?(?:公報)?$/.exec(compact);
  if (match) {
    const [, type, eraName, year, serial] = match;
    const prefix = era(eraName);
    const core = `${prefix}${year}${serial!.padStart(prefix ? 6 : 6, '0')}`;
    return build('jp', core, type === '実開' ? 'U' : 'A');
  }
  match = /^(?:特許|特許第)(\d{7})(?:号)?(?:公報)?$/.exec(compact);
  if (match) return build('jp', match[1]!, 'B2');
  match = /^(?:実登|実用新案登録|実用新案登録第)(\d{7})(?:号)?(?:公報)?$/.exec(compact);
  if (match) return build('jp', match[1]!, 'U');
  return undefined;
}

/** Country-prefixed forms: US7783348B2, US 7,783,348 B2, US 2008/0250823 A1, USD456615S1, JP2000-174797 A, CN 112345678 A, ZL… is not a publication number. */
function parsePrefixed(text: string): PublicationNumber | undefined {
  const match = /^(US|JP|CN)\s*([A-Z]{0,2})?\s*([\d][\d,/ -]*[\d]|[\d])\s*([A-Z]\d?)?$/i.exec(text);
  if (!match) return undefined;
  const region = match[1]!.toLowerCase() as Region;
  const series = (match[2] ?? '').toUpperCase(); // D (design), RE, PP, H for US; H/S era letters for JP
  const digits = match[3]!.replace(/[,/ -]/g, '');
  const kind = match[4]?.toUpperCase() ?? null;
  if (region === 'us') {
    // Pre-grant publications: year + 7 digits (2008/0250823 → 20080250823).
    const core = `${series}${/^\d{4}\d{1,7}$/.test(digits) && digits.length > 8 && !series ? digits.slice(0, 4) + digits.slice(4).padStart(7, '0') : digits}`;
    return build('us', core, kind);
  }
  if (region === 'jp') {
    const core = series ? `${series}${digits}` : digits;
    return build('jp', core, kind);
  }
  return build('cn', `${series}${digits}`, kind);
}

/** The normalised number, or undefined when the text is not a publication number we know. */
export function parsePublicationNumber(input: string): PublicationNumber | undefined {
  const text = toHalfWidth(input);
  if (!text) return undefined;
  return parseJapanese(text) ?? parsePrefixed(text.replace(/^([A-Z]{2})-/i, '$1'));
}

/** The core of a corpus id (US7783348B2 → 7783348, US8442821 → 8442821, JP2000174797A → 2000174797). */
export function coreOfId(id: string): PublicationNumber {
  const parsed = parsePrefixed(id);
  if (!parsed) throw new Error(`Not a publication id: ${id}`);
  return parsed;
}

/** The number as offices print it: US 7,783,348 B2, US 2001/0031072 A1, JP 2000-174797 A, CN 106022747 A. */
export function displayPublicationNumber(number: Pick<PublicationNumber, 'region' | 'core' | 'kind'>): string {
  const { core, region } = number;
  let shown = core;
  if (region === 'us') {
    if (/^\d{11}$/.test(core)) shown = `${core.slice(0, 4)}/${core.slice(4)}`;
    else if (/^\d{1,8}$/.test(core)) shown = Number(core).toLocaleString('en-US');
    else shown = core.replace(/^([A-Z]+)(\d+)$/, (_, series: string, digits: string) => `${series}${Number(digits).toLocaleString('en-US')}`);
  } else if (region === 'jp' && /^\d{10}$/.test(core)) shown = `${core.slice(0, 4)}-${core.slice(4)}`;
  return [region.toUpperCase(), shown, number.kind].filter(Boolean).join(' ');
}

/** displayPublicationNumber for a corpus id, or the id itself when it is not one. */
export function displayNumberOfId(id: string): string {
  try {
    return displayPublicationNumber(coreOfId(id));
  } catch {
    return id;
  }
}
