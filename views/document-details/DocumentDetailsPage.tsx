// /document-details: one publication of a result set, with its tabs (§2): biblio,
// abstract, claims, description, drawings (only when there are any), intermediate information.
// Every tab is a server-rendered section with its own anchor; the DocumentTabs island turns
// them into switchable tabs, and without JavaScript they read one after another.
import type { ReactNode } from 'react';
import type { ProcedureRecord } from '../../src/patents/record.ts';
import type { StoredPatent } from '../../src/patents/repository.ts';
import { shownKind } from '../../src/patents/numbers.ts';
import type { Claim, DescriptionBlock } from '../../src/document-details/service.ts';
import type { ResultContext } from '../../src/document-details/result-set.ts';
import type { Highlighter } from '../../src/search/highlight.ts';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';
import { Biblio } from './Biblio.tsx';
import { Claims } from './Claims.tsx';
import { Description } from './Description.tsx';
import { displayNumber, formatDate, Marked, NS } from './format.tsx';
import { Procedures } from './Procedures.tsx';

export { inventorsAsPublished } from './Biblio.tsx';

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

export const documentHref = (docIds: string[], index: number): string =>
  `/document-details?docIds=${docIds.map(encodeURIComponent).join(',')}&initialIndex=${index}`;

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
