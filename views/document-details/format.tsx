// How the document details page writes values, shared by the page and its tab panels: the search's words marked,
// dates, the document's number and the link to a cited number. Apart from DocumentDetailsPage.tsx so that the
// panels in their own files need not import the page.
import type { StoredPatent } from '../../src/patents/repository.ts';
import { displayPublicationNumber, type NumberLanguage } from '../../src/patents/numbers.ts';
import type { Highlighter } from '../../src/search/highlight.ts';

export const NS = { ns: 'document-details' } as const;

/** Text with the search's words in <mark>. */
export function Marked({ text, highlight }: { text: string; highlight?: Highlighter | null }) {
  if (!highlight) return <>{text}</>;
  return (
    <>
      {highlight.parts(text).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
    </>
  );
}

export const numberHref = (number: string): string => `/document-details?number=${encodeURIComponent(number)}`;

/** yyyyMMdd → 2010/08/24 (ja) or 2010-08-24 (en). */
export function formatDate(value: string | null | undefined, lang: string): string | undefined {
  if (!value || !/^\d{8}$/.test(value)) return undefined;
  const separator = lang === 'ja' ? '/' : '-';
  return [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)].join(separator);
}

/** The number as offices print it: US 7,783,348 B2, US 2001/0031072 A1, JP 2000-174797 A, CN 106022747 A. */
export function displayNumber(patent: Pick<StoredPatent, 'region' | 'numberCore' | 'kindCode' | 'id'>, lang: NumberLanguage): string {
  return patent.numberCore ? displayPublicationNumber({ region: patent.region, core: patent.numberCore, kind: patent.kindCode }, lang) : patent.id;
}
