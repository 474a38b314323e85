// The biblio tab of /document-details: the record's fields as rows (parties, dates, classes, citations as links,
// its source), the fields it lacks named once at the end, and Japanese inventors as the gazette prints them.
import type { ReactNode } from 'react';
import type { StoredPatent } from '../../src/patents/repository.ts';
import { displayPublicationNumber, parsePublicationNumber, shownKind } from '../../src/patents/numbers.ts';
import { usePage } from '../page-context.tsx';
import { displayNumber, formatDate, NS, numberHref } from './format.tsx';

/** A list of values, or null when there are none (the row then shows a dash). */
const list = (items: string[] | null | undefined, className = '') =>
  items && items.length > 0 ? (
    <ul className={`doclist ${className}`}>
      {items.map((item, i) => (
        <li key={`${item}-${i}`}>{item}</li>
      ))}
    </ul>
  ) : null;

/**
 * Where a record came from, as links: "github:owner/repo@commit:path" is that file of that
 * repository at that commit; a file ingested from disk is named.
 */
function SourceLinks({ source }: { source: string }) {
  const { t } = usePage();
  const sources = source.split(' | ').filter(Boolean);
  return (
    <span className="docbiblio__source">
      {sources.map((entry, i) => {
        const github = /^github:([\w.-]+\/[\w.-]+)@([0-9a-f]{7,40}):(.+)$/.exec(entry);
        const label = sources.length > 1 ? t('sourceLinkNumbered', { ...NS, number: i + 1 }) : t('sourceLink', NS);
        if (github) {
          const [, repository, commit, file] = github;
          const href = `https://github.com/${repository}/blob/${commit}/${file!.split('/').map(encodeURIComponent).join('/')}`;
          return (
            <a key={entry} href={href} target="_blank" rel="noopener noreferrer" title={repository}>
              {label}
            </a>
          );
        }
        return <span key={entry}>{entry.startsWith('file:') ? t('sourceFile', { ...NS, file: entry.slice(5) }) : entry}</span>;
      })}
    </span>
  );
}

/**
 * Inventors as the gazette prints them: Japanese names family name first. The Google Patents
 * exports of the corpus (jp.jsonl: 'Takeshi Saito', '健 斉藤') give Japanese names given name
 * first and the romanised names beside them; there the Japanese names come first, turned round
 * (斉藤 健), and the romanised ones after them, marked as such.
 */
export function inventorsAsPublished(patent: Pick<StoredPatent, 'region' | 'inventors' | 'source'>): Array<{ name: string; romanised: boolean }> {
  const names = patent.inventors ?? [];
  if (patent.region !== 'jp' || !(patent.source ?? '').includes('WillKoehrsen/recurrent-neural-networks')) return names.map((name) => ({ name, romanised: false }));
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  const japanese = names.filter((name) => cjk.test(name)).map((name) => {
    const parts = name.split(/[\s\u3000]+/);
    return { name: parts.length === 2 ? `${parts[1]} ${parts[0]}` : name, romanised: false };
  });
  return [...japanese, ...names.filter((name) => !cjk.test(name)).map((name) => ({ name, romanised: japanese.length > 0 }))];
}

export function Biblio({ patent }: { patent: StoredPatent }) {
  const { t, lang } = usePage();
  // The status in words (権利存続, 審査中 …), not the store's code.
  const rightText = patent.right === null || patent.right === undefined ? undefined : t(`rightValues.${patent.right}`, NS);
  const inventors = inventorsAsPublished(patent);
  const rows: Array<[string, ReactNode]> = [
    ['number', <span className="docbiblio__number">{displayNumber(patent, lang)}</span>],
    ['kind', t(`kind.${shownKind(patent.id, patent.kind)}`, NS)],
    ['region', t(`region.${patent.region}`, NS)],
    ['title', patent.title],
    ['applicants', list(patent.applicants)],
    [
      'inventors',
      inventors.length > 0 ? (
        <ul className="doclist">
          {inventors.map(({ name, romanised }, i) => (
            <li key={`${name}-${i}`} className={romanised ? 'doclist__romanised' : undefined} title={romanised ? t('romanised', NS) : undefined}>
              {name}
            </li>
          ))}
        </ul>
      ) : null,
    ],
    ['applicationNumber', patent.applicationNumber],
    ['applicationDate', formatDate(patent.applicationDate, lang)],
    ['publicationDate', formatDate(patent.publicationDate, lang)],
    ['registrationDate', formatDate(patent.registrationDate, lang)],
    ['ipc', list(patent.ipc, 'doclist--codes')],
    ['cpc', list(patent.cpc, 'doclist--codes')],
    ['fi', list(patent.fi, 'doclist--codes')],
    ['fterm', list(patent.fterm, 'doclist--codes')],
    ['usc', list(patent.usc, 'doclist--codes')],
    ['right', rightText],
    [
      'citations',
      patent.citations && patent.citations.length > 0 ? (
        <ul className="doclist doclist--codes doclist--citations">
          {patent.citations.map((citation, i) => {
            // A link only where the citation reads as a number (JP63-312435 in a US citation does not say its era),
            // shown as the document's own number is (JP 2014-033163 A, not JP2014033163A).
            const number = parsePublicationNumber(citation);
            return <li key={`${citation}-${i}`}>{number ? <a href={numberHref(citation)}>{displayPublicationNumber(number, lang)}</a> : citation}</li>;
          })}
        </ul>
      ) : null,
    ],
    ['source', patent.source ? <SourceLinks source={patent.source} /> : null],
  ];
  const empty = (value: ReactNode) => value === null || value === undefined || value === '';
  // Most Chinese and US records of the corpus carry no parties, dates or classes: a wall of
  // dashes hid the few rows that say something. Fields the record lacks are named once, at the
  // end; a field its office does not give (FI and F-terms are the JPO's, USPC the USPTO's) or its
  // kind cannot have is not named at all.
  // An application's publication has no registration date to lack.
  const offices: Record<string, string[]> = { fi: ['jp'], fterm: ['jp'], usc: ['us'] };
  const applies = (key: string) => (offices[key]?.includes(patent.region) ?? true) && !(key === 'registrationDate' && patent.kind === 'application');
  const unrecorded = rows.filter(([key, value]) => empty(value) && applies(key)).map(([key]) => t(`field.${key}`, NS));
  return (
    <dl className="docbiblio">
      {rows
        .filter(([, value]) => !empty(value))
        .map(([key, value]) => (
          <div className="docbiblio__row" key={key} data-field={key}>
            <dt>{t(`field.${key}`, NS)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      {unrecorded.length > 0 && (
        <div className="docbiblio__row" data-field="unrecorded">
          <dt>{t('unrecorded', NS)}</dt>
          <dd className="docbiblio__none">{unrecorded.join(t('listSeparator', NS))}</dd>
        </div>
      )}
    </dl>
  );
}
