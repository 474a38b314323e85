// The result of a search as tabs of one address: the paged list with the applicant panel,
// the patent map, the applicant ranking and the IPC graphs, with the export links. Simple
// search and detailed search show the same views; each says how its addresses are built.
import { DETAIL_LIMIT, PAGE_SIZE, RESULT_VIEWS, type ResultView, type SimpleSearchResult } from '../../src/search/service.ts';
import { displayNumberOfId, shownKind } from '../../src/patents/numbers.ts';
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { Island } from '../Island.tsx';
import { contextHref } from '../document-details/DocumentDetailsPage.tsx';
import { usePage } from '../page-context.tsx';

export type AddressChanges = { page?: number; applicants?: string[]; sort?: string; view?: ResultView };

export interface ResultAddressing {
  /** This result with another view, page, sort or applicant narrowing. */
  address(changes: AddressChanges): string;
  /** The applicant ranking's form: where it goes and the fields it keeps (not the applicants). */
  narrowForm: { action: string; fields: Array<[string, string]> };
  exportHref(format: 'csv' | 'xlsx'): string;
  mapSource: string;
}

export interface SearchResultsProps {
  result: SimpleSearchResult;
  view: ResultView;
  order: 'relevance' | 'newest' | 'oldest';
  applicants: string[];
  addressing: ResultAddressing;
  /** The message for no hits (simple search E401, detailed search E029). */
  noneCode?: string;
  /** The no-hits text when the page words it itself (the code stays noneCode). */
  noneMessage?: string;
  /** The notice when details cover only the best-ranked hits (E022, detailed search E028). */
  tooManyCode?: string;
}

const yyyyMmDd = (date: Date | null): string =>
  date ? `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}` : '—';

export function SearchResults(props: SearchResultsProps) {
  const { result, view, addressing, noneCode = 'E401', tooManyCode = 'E022' } = props;
  const { t: translate } = usePage();
  const t = useSearchT();
  return (
    <section className="search-results" aria-label={t('search.results')}>
      {result.totalHitCount === 0 ? (
        <p className="panel search-results__none" data-errcode={noneCode}>
          {props.noneMessage ?? translate(noneCode, { ns: 'errors' })}
        </p>
      ) : (
        <>
          <div className="search-results__summary">
            <p>
              <strong className="search-results__count" data-testid="hit-count">
                {t('search.hits', { count: result.totalHitCount, shown: result.totalHitCount.toLocaleString('en-US') })}
              </strong>
              {view === 'list' && result.pageCount > 1 && !beyondEnd(result) && <span className="search-results__page">{t('search.pageOf', { page: result.page, pages: result.pageCount })}</span>}
            </p>
            <div className="search-results__export">
              <span>{t('search.export')}</span>
              {(['csv', 'xlsx'] as const).map((format) => (
                <a key={format} className="chip" href={addressing.exportHref(format)} download>
                  {t(`search.exportFormats.${format}`)}
                </a>
              ))}
            </div>
          </div>
          <nav className="tabs search-views" aria-label={t('search.views')}>
            {RESULT_VIEWS.map((name) => (
              <a key={name} className={`tabs__tab${name === view ? ' is-current' : ''}`} href={addressing.address({ view: name })} aria-current={name === view ? 'page' : undefined} data-view={name}>
                {t(`search.viewNames.${name}`)}
              </a>
            ))}
          </nav>
          {result.tooManyForDetails && (
            <p className="form__notice" data-errcode={tooManyCode}>
              {translate(tooManyCode, { ns: 'errors' })}
            </p>
          )}
          {view === 'list' && <ResultList {...props} />}
          {view === 'map' && (
            <section className="panel search-view" aria-label={t('search.viewNames.map')}>
              <p className="search-view__note">{t('search.mapNote', { shown: Math.min(result.totalHitCount, DETAIL_LIMIT).toLocaleString('en-US') })}</p>
              <Island name="PatentMap" props={{ source: addressing.mapSource }} />
            </section>
          )}
          {view === 'applicants' && <ApplicantRanking {...props} />}
          {view === 'graphs' && result.graphs && (
            <section className="panel search-view" aria-label={t('search.viewNames.graphs')}>
              <Island name="IpcYearGraphs" props={{ data: result.graphs }} />
            </section>
          )}
        </>
      )}
    </section>
  );
}

function useSearchT() {
  const { t } = usePage();
  return (key: string, values?: Record<string, unknown>) => t(key, { ns: 'search', ...values });
}

/** Where a description snippet is from: its paragraph as the gazette numbers it (明細書【００１２】; ¶12 in English), or the description. */
const descriptionSource = (paragraph: string | undefined, t: ReturnType<typeof useSearchT>): string =>
  paragraph === undefined ? t('search.descriptionSnippet') : t('search.descriptionParagraphSnippet', { paragraph, number: Number(paragraph.normalize('NFKC')) });

/** An address whose page number is past the result's last page (a shorter result than when it was bookmarked, or a typed number). */
const beyondEnd = (result: SimpleSearchResult): boolean => result.totalHitCount > 0 && result.page > result.pageCount;

/** The paged list, with the applicant panel that narrows it and the sort order. */
function ResultList({ result, order, applicants, addressing }: SearchResultsProps) {
  const t = useSearchT();
  const { lang } = usePage();
  // A document opens with the list it came from, so it can go through the whole result and back.
  const from = addressing.address({ view: 'list', page: 1 });
  const first = (result.page - 1) * PAGE_SIZE + 1;
  return (
    <>
      <nav className="search-results__sort" aria-label={t('search.sort')}>
        <span className="search-results__sort-label">{t('search.sort')}</span>
        {(['relevance', 'newest', 'oldest'] as const).map((sort) =>
          sort === order ? (
            <span key={sort} className="chip is-current">
              {t(`search.sorts.${sort}`)}
            </span>
          ) : (
            <a key={sort} className="chip" href={addressing.address({ view: 'list', sort })}>
              {t(`search.sorts.${sort}`)}
            </a>
          ),
        )}
      </nav>
      <div className="search-results__layout">
        <aside className="panel search-applicants" aria-labelledby="applicants-title">
          <h2 id="applicants-title" className="panel__title">
            {t('search.applicants')}
          </h2>
          {applicants.length > 0 && (
            <a className="search-applicants__clear" href={addressing.address({ view: 'list', applicants: [] })}>
              {t('search.allApplicants')}
            </a>
          )}
          {result.applicants.length === 0 && <p className="search-applicants__none">{t('search.noApplicants')}</p>}
          <ol className="search-applicants__list">
            {result.applicants.map(({ applicant, count }) => {
              const selected = applicants.includes(applicant);
              const next = selected ? applicants.filter((a) => a !== applicant) : [...applicants, applicant];
              return (
                <li key={applicant}>
                  <a className={`search-applicants__item${selected ? ' is-selected' : ''}`} href={addressing.address({ view: 'list', applicants: next })} aria-pressed={selected}>
                    <span className="search-applicants__name">{applicant}</span>
                    <span className="search-applicants__count">{count}</span>
                  </a>
                </li>
              );
            })}
          </ol>
        </aside>
        {beyondEnd(result) ? (
          // No other page's hits under this address: it says there is no such page, with the way back.
          <PastEndNotice
            className="panel"
            message={t('search.beyondEnd.message', { page: result.page, hits: t('search.hits', { count: result.totalHitCount, shown: result.totalHitCount.toLocaleString('en-US') }), count: result.pageCount })}
            pages={result.pageCount}
            hrefOf={(page) => addressing.address({ view: 'list', page })}
          />
        ) : (
          <ol className="search-list" start={(result.page - 1) * PAGE_SIZE + 1}>
            {result.items.map((item, index) => (
              <li key={item.id} className="search-list__item" id={`hit-${first + index}`}>
                <div className="search-list__head">
                  <a className="search-list__number" data-id={item.id} href={contextHref(from, first + index)}>
                    {displayNumberOfId(item.id, lang)}
                  </a>
                  <span className="search-list__kind">{t(`search.kinds.${shownKind(item.id, item.kind)}`)}</span>
                </div>
                <h3 className="search-list__title">{item.title ?? t('search.untitled')}</h3>
                {/* Only what the record gives: most Chinese and US records of the corpus have no parties or dates, and "— 出願日 — 発行日 —" said nothing. */}
                {(item.applicants.length > 0 || item.applicationDate || item.publicationDate || item.ipc.length > 0) && (
                  <p className="search-list__meta">
                    {item.applicants.length > 0 && <span>{item.applicants.slice(0, 3).join(' / ')}</span>}
                    {item.applicationDate && (
                      <span>
                        {t('search.filed')} {yyyyMmDd(item.applicationDate)}
                      </span>
                    )}
                    {item.publicationDate && (
                      <span>
                        {t('search.published')} {yyyyMmDd(item.publicationDate)}
                      </span>
                    )}
                    {item.ipc.length > 0 && <span className="search-list__ipc">{item.ipc.slice(0, 3).join(', ')}</span>}
                  </p>
                )}
                {item.snippet.length > 0 && (
                  <p className="search-list__snippet">
                    {item.snippetClaim !== undefined && <span className="search-list__snippet-source">{t('search.claimSnippet', { number: item.snippetClaim })}</span>}
                    {item.snippetDescription && <span className="search-list__snippet-source">{descriptionSource(item.snippetDescription.paragraph, t)}</span>}
                    {item.snippet.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      {result.pageCount > 1 && !beyondEnd(result) && (
        <nav className="pager" aria-label={t('search.pages')}>
          {result.page > 1 && <a href={addressing.address({ view: 'list', page: result.page - 1 })}>{t('search.previous')}</a>}
          <span>{t('search.pageOf', { page: result.page, pages: result.pageCount })}</span>
          {result.page < result.pageCount && <a href={addressing.address({ view: 'list', page: result.page + 1 })}>{t('search.next')}</a>}
        </nav>
      )}
    </>
  );
}

/** Applicants by number of hits, drawn as bars; choosing some narrows the list to them. */
function ApplicantRanking({ result, order, applicants, addressing }: SearchResultsProps) {
  const t = useSearchT();
  const most = result.applicants[0]?.count ?? 1;
  return (
    <section className="panel search-view applicant-ranking" aria-labelledby="ranking-title">
      <h2 id="ranking-title" className="panel__title">
        {t('search.applicantRanking', { count: result.applicants.length })}
      </h2>
      {result.applicants.length === 0 ? (
        <p className="search-applicants__none">{t('search.noApplicants')}</p>
      ) : (
      <form method="get" action={addressing.narrowForm.action}>
        {addressing.narrowForm.fields.map(([name, value], i) => (
          <input key={`${name}${i}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="sort" value={order} />
        <table className="applicant-ranking__table">
          <thead>
            <tr>
              <th scope="col">{t('search.rankColumn')}</th>
              <th scope="col">{t('search.applicantColumn')}</th>
              <th scope="col" className="applicant-ranking__bar-head">
                {t('search.countColumn')}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.applicants.map(({ applicant, count }, index) => (
              <tr key={applicant}>
                <td className="applicant-ranking__rank">{index + 1}</td>
                <td>
                  <label className="checkbox">
                    <input type="checkbox" name="applicant" value={applicant} defaultChecked={applicants.includes(applicant)} />
                    {applicant}
                  </label>
                </td>
                <td>
                  <div className="applicant-ranking__bar-cell">
                    <span className="applicant-ranking__bar" style={{ width: `${Math.max(2, (count / most) * 90)}%` }} />
                    <span className="applicant-ranking__count">{count}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="applicant-ranking__actions">
          <button className="button button--primary" type="submit">
            {t('search.narrowToApplicants')}
          </button>
        </p>
      </form>
      )}
    </section>
  );
}
