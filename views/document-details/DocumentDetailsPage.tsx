// /document-details: one publication of a result set, with its tabs (§2): biblio,
// abstract, claims, description, drawings (only when there are any), intermediate information.
// Every tab is a server-rendered section with its own anchor; the DocumentTabs island turns
// them into switchable tabs, and without JavaScript they read one after another.
import type { ReactNode } from 'react';
import type { ProcedureRecord } from '../../src/patents/record.ts';
import type { StoredPatent } from '../../src/patents/repository.ts';
import { displayPublicationNumber, parsePublicationNumber, shownKind, type NumberLanguage } from '../../src/patents/numbers.ts';
import type { Claim, DescriptionBlock } from '../../src/document-details/service.ts';
import type { ResultContext } from '../../src/document-details/result-set.ts';
import type { Highlighter } from '../../src/search/highlight.ts';
import { procedureGroup, procedureTitle } from '../../src/document-details/procedure-types.ts';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

const NS = { ns: 'document-details' } as const;

export interface ResultSet {
  docIds: string[];
  index: number;
}

export interface DocumentDetailsProps {
  patent: StoredPatent;
  claims: Claim[];
  description: DescriptionBlock[];
  procedures: ProcedureRecord[];
  resultSet: ResultSet;
  /** The result list the document was opened from (previous/next through all of it, the way back). */
  context?: ResultContext | null;
  /** Marks the search's words; null when there are none or highlighting is off. */
  highlight?: Highlighter | null;
  /** This page with highlighting switched the other way, when the search has words to mark. */
  highlightToggle?: { href: string; on: boolean } | null;
}

/** A document of a result list by its place in it (from 1). */
/** The list address, encoded once for the 50 rows of a page that share it (encoding it per row was 3 % of a result page's render). */
let lastFrom: string | undefined;
let lastFromEncoded = '';
export const contextHref = (from: string, position: number): string => {
  if (from !== lastFrom) {
    lastFromEncoded = new URLSearchParams({ from }).toString();
    lastFrom = from;
  }
  return `/document-details?${lastFromEncoded}&position=${position}`;
};

/** Text with the search's words in <mark>. */
function Marked({ text, highlight }: { text: string; highlight?: Highlighter | null }) {
  if (!highlight) return <>{text}</>;
  return (
    <>
      {highlight.parts(text).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
    </>
  );
}

export const documentHref = (docIds: string[], index: number): string =>
  `/document-details?docIds=${docIds.map(encodeURIComponent).join(',')}&initialIndex=${index}`;

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

function Pager({ resultSet, context }: { resultSet: ResultSet; context?: ResultContext | null }) {
  const { t } = usePage();
  // Opened from a list: through the whole result, with the way back to the list's page.
  const { previous, next, current, total, back } = context
    ? {
        previous: context.previous ? contextHref(context.from, context.position - 1) : undefined,
        next: context.next ? contextHref(context.from, context.position + 1) : undefined,
        current: context.position,
        total: context.total,
        back: context.listHref,
      }
    : {
        previous: resultSet.index > 0 ? documentHref(resultSet.docIds, resultSet.index - 1) : undefined,
        next: resultSet.index < resultSet.docIds.length - 1 ? documentHref(resultSet.docIds, resultSet.index + 1) : undefined,
        current: resultSet.index + 1,
        total: resultSet.docIds.length,
        back: undefined,
      };
  if (total < 2 && !back) return null;
  return (
    <nav className="docpager" aria-label={t('resultSet', NS)}>
      {back && (
        <a className="docpager__back" href={back} data-testid="back-to-list">
          ← {t('backToList', NS)}
        </a>
      )}
      {previous ? (
        <a className="docpager__link docpager__link--prev" href={previous} rel="prev" data-keep-tab="">
          ‹ {t('previous', NS)}
        </a>
      ) : (
        <span className="docpager__link docpager__link--prev is-disabled" aria-disabled="true">
          ‹ {t('previous', NS)}
        </span>
      )}
      <span className="docpager__position" aria-live="polite">
        {t('position', { ...NS, current: current.toLocaleString('en-US'), total: total.toLocaleString('en-US') })}
      </span>
      {next ? (
        <a className="docpager__link docpager__link--next" href={next} rel="next" data-keep-tab="">
          {t('next', NS)} ›
        </a>
      ) : (
        <span className="docpager__link docpager__link--next is-disabled" aria-disabled="true">
          {t('next', NS)} ›
        </span>
      )}
    </nav>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="docsection" id={id} data-tab={id} aria-labelledby={`${id}-title`}>
      <h2 className="docsection__title" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

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

function Biblio({ patent }: { patent: StoredPatent }) {
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

function Claims({ claims, highlight }: { claims: Claim[]; highlight?: Highlighter | null }) {
  const { t, lang } = usePage();
  if (claims.length === 0) return <p className="docsection__empty">{t('noClaims', NS)}</p>;
  const independent = claims.filter((claim) => claim.refersTo.length === 0).length;
  return (
    <>
      <p className="docsection__meta">{t('claimCount', { ...NS, count: claims.length, independent })}</p>
      <ol className="docclaims">
        {claims.map((claim) => {
          const dependent = claim.refersTo.length > 0;
          return (
            <li
              key={claim.number}
              id={`claim-${claim.number}`}
              className={`docclaim ${dependent ? 'docclaim--dependent' : 'docclaim--independent'}`}
              data-claim={claim.number}
              data-dependent={dependent ? 'true' : 'false'}
            >
              <div className="docclaim__head">
                <span className="docclaim__number">{t('claimLabel', { ...NS, number: claim.number })}</span>
                <span className={`docclaim__badge ${dependent ? 'docclaim__badge--dependent' : 'docclaim__badge--independent'}`}>
                  {dependent ? t('dependent', NS) : t('independent', NS)}
                </span>
                {dependent && (
                  <span className="docclaim__refers">
                    {t('refersTo', { ...NS, count: claim.refersTo.length, numbers: new Intl.ListFormat(lang === 'ja' ? 'ja' : 'en', { type: 'conjunction' }).format(claim.refersTo.map(String)) })}
                    {' '}
                    {claim.refersTo.slice(0, 3).map((n) => (
                      <a key={n} href={`#claim-${n}`} className="docclaim__ref">
                        #{n}
                      </a>
                    ))}
                  </span>
                )}
              </div>
              <p className="docclaim__text">
                <Marked text={claim.text} highlight={highlight} />
              </p>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function Description({ blocks, japanese, highlight }: { blocks: DescriptionBlock[]; japanese: boolean; highlight?: Highlighter | null }) {
  const { t } = usePage();
  if (blocks.length === 0) return <p className="docsection__empty">{t('noDescription', NS)}</p>;
  const paragraphs = blocks.filter((block) => block.kind === 'paragraph').length;
  return (
    <>
      <p className="docsection__meta">{t('paragraphCount', { ...NS, count: paragraphs })}</p>
      <div className="docdescription">
        {blocks.map((block, i) =>
          block.kind === 'heading' ? (
            <h3 key={i} className="docdescription__heading">
              {block.text}
            </h3>
          ) : (
            <p key={i} className="docparagraph" id={block.number ? `p${block.number}` : undefined}>
              {block.number && <span className="docparagraph__number">{japanese ? `【${block.number}】` : `[${block.number}]`}</span>}
              <span className="docparagraph__text">
                <Marked text={block.text} highlight={highlight} />
              </span>
            </p>
          ),
        )}
      </div>
    </>
  );
}

function Procedures({ procedures }: { procedures: ProcedureRecord[] }) {
  const { t, lang } = usePage();
  if (procedures.length === 0) return <p className="docsection__empty">{t('noProcedures', NS)}</p>;
  return (
    <table className="table docprocedures">
      <thead>
        <tr>
          <th scope="col">{t('procedure.date', NS)}</th>
          <th scope="col">{t('procedure.document', NS)}</th>
          <th scope="col">{t('procedure.code', NS)}</th>
        </tr>
      </thead>
      <tbody>
        {procedures.map((procedure, i) => {
          const group = procedureGroup(procedure.code);
          return (
            <tr key={i} data-code={procedure.code ?? ''}>
              <td className="docprocedures__date">{formatDate(procedure.date, lang) ?? procedure.date}</td>
              <td>
                {group && <span className={`docprocedures__group docprocedures__group--${group}`}>{t(`procedure.group.${group}`, NS)}</span>}
                {procedureTitle(procedure.code, procedure.title, lang)}
              </td>
              <td className="docprocedures__code">{procedure.code ?? ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function DocumentDetailsPage({ patent, claims, description, procedures, resultSet, context, highlight, highlightToggle }: DocumentDetailsProps) {
  const { t, lang } = usePage();
  const drawings: unknown[] = [];
  const tabs = [
    { id: 'biblio', label: t('tabs.biblio', NS) },
    { id: 'abstract', label: t('tabs.abstract', NS) },
    { id: 'claims', label: t('tabs.claims', NS), count: claims.length },
    { id: 'description', label: t('tabs.description', NS) },
    ...(drawings.length > 0 ? [{ id: 'drawings', label: t('tabs.drawings', NS), count: drawings.length }] : []),
    { id: 'procedures', label: t('tabs.procedures', NS), count: procedures.length },
  ];
  const textLang = patent.region === 'jp' ? 'ja' : patent.region === 'cn' ? 'zh' : 'en';
  const published = formatDate(patent.publicationDate, lang);
  return (
    <article className="docdetail" data-doc-id={patent.id}>
      <Pager resultSet={resultSet} context={context} />
      <header className="docdetail__head">
        <p className="docdetail__number">
          <span className={`docdetail__region docdetail__region--${patent.region}`}>{t(`region.${patent.region}`, NS)}</span>
          <span className="docdetail__id">{displayNumber(patent, lang)}</span>
          <span className="docdetail__kind">{t(`kind.${shownKind(patent.id, patent.kind)}`, NS)}</span>
        </p>
        <h1 className="docdetail__title" lang={textLang}>
          <Marked text={patent.title ?? patent.id} highlight={highlight} />
        </h1>
        <p className="docdetail__summary">
          {patent.applicants && patent.applicants.length > 0 && <span>{patent.applicants.join(' / ')}</span>}
          {published && (
            <span>
              {t('field.publicationDate', NS)} {published}
            </span>
          )}
        </p>
        {highlightToggle && (
          <p className="docdetail__highlight" data-testid="highlight-bar">
            {highlightToggle.on && <span>{t('highlighting', { ...NS, terms: context?.terms.join('、') ?? '' })}</span>}
            <a href={highlightToggle.href}>{highlightToggle.on ? t('highlightOff', NS) : t('highlightOn', NS)}</a>
          </p>
        )}
      </header>
      <Island name="DocumentTabs" props={{ tabs, container: '.docdetail__sections' }} />
      <div className="docdetail__sections">
        <Section id="biblio" title={t('tabs.biblio', NS)}>
          <Biblio patent={patent} />
        </Section>
        <Section id="abstract" title={t('tabs.abstract', NS)}>
          {patent.abstract ? (
            <p className="docabstract" lang={textLang}>
              <Marked text={patent.abstract} highlight={highlight} />
            </p>
          ) : (
            <p className="docsection__empty">{t('noAbstract', NS)}</p>
          )}
        </Section>
        <Section id="claims" title={t('tabs.claims', NS)}>
          <div lang={textLang}>
            <Claims claims={claims} highlight={highlight} />
          </div>
        </Section>
        <Section id="description" title={t('tabs.description', NS)}>
          <div lang={textLang}>
            <Description blocks={description} japanese={patent.region === 'jp'} highlight={highlight} />
          </div>
        </Section>
        <Section id="procedures" title={t('tabs.procedures', NS)}>
          <Procedures procedures={procedures} />
        </Section>
      </div>
      <Pager resultSet={resultSet} context={context} />
    </article>
  );
}

/** Not found (404) or unusable input (400): a message in the page's language and a way back. */
export function DocumentProblemPage({
  status,
  message,
  backHref,
  resultSet,
  context,
}: {
  status: number;
  message: string;
  backHref: string;
  resultSet?: ResultSet;
  context?: ResultContext | null;
}) {
  const { t } = usePage();
  return (
    <article className="docdetail docdetail--problem">
      {(resultSet || context) && <Pager resultSet={resultSet ?? { docIds: [], index: 0 }} context={context} />}
      <div className="docproblem card">
        <p className="docproblem__status" aria-hidden="true">
          {status}
        </p>
        <h1 className="docproblem__title">{status === 404 ? t('notFound.title', NS) : t('invalid.title', NS)}</h1>
        <p className="docproblem__message">{message}</p>
        <a className="button button--primary" href={backHref}>
          {t('notFound.back', NS)}
        </a>
      </div>
    </article>
  );
}
