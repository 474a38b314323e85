// Simple search (§1, §2): keywords with synonyms, excluded words, region and filters;
// hit count, applicant ranking that narrows the list, and the paged result list.
import { DETAIL_LIMIT, PAGE_SIZE, RESULT_VIEWS, type ResultView, type SimpleSearchResult } from '../../src/search/service.ts';
import type { SimpleSearchInput } from '../../src/search/validation.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

export interface SearchPageProps {
  form: { q: string; exclude: string; region: 'jp' | 'us' | 'cn' };
  input: SimpleSearchInput | null;
  view: ResultView;
  result: SimpleSearchResult | null;
  error: { errcode: string; detail: string } | null;
}

const yyyyMmDd = (date: Date | null): string =>
  date ? `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}` : '—';

type AddressChanges = { page?: number; applicants?: string[]; sort?: string; view?: ResultView };

/** The search's parameters (what /search, the map API and the exports all read). */
export function searchParameters(input: SimpleSearchInput, form: SearchPageProps['form'], changes: AddressChanges = {}): URLSearchParams {
  const params = new URLSearchParams({ q: form.q, exclude: form.exclude, region: input.region });
  for (const key of ['patent', 'public', 'utility', 'expired'] as const) params.set(key, input.filter[key] ? '1' : '0');
  for (const applicant of changes.applicants ?? input.applicants) params.append('applicant', applicant);
  return params;
}

function searchAddress(input: SimpleSearchInput, form: SearchPageProps['form'], view: ResultView, changes: AddressChanges = {}): string {
  const params = searchParameters(input, form, changes);
  params.set('sort', changes.sort ?? input.order);
  const target = changes.view ?? view;
  if (target !== 'list') params.set('view', target);
  if ((changes.page ?? 1) > 1) params.set('page', String(changes.page));
  return `/search?${params}`;
}

export function SearchPage({ form, input, view, result, error }: SearchPageProps) {
  const { t: translate } = usePage();
  const t = useSearchT();
  const region = input?.region ?? form.region;
  const filter = input?.filter ?? { patent: true, public: true, utility: true, expired: false };
  return (
    <div className="page search-page">
      <PageHeader title={t('search.title')} lead={t('search.lead')} />
      <form className="panel search-form" method="get" action="/search" role="search">
        <div className="search-form__row">
          <label className="form__field search-form__keywords">
            <span className="form__label">{t('search.keywords')}</span>
            <input className="input" name="q" defaultValue={form.q} placeholder={t('search.keywordsPlaceholder')} aria-invalid={error ? true : undefined} />
          </label>
          <label className="form__field search-form__region">
            <span className="form__label">{t('search.region')}</span>
            <select className="input" name="region" defaultValue={region}>
              {(['jp', 'us', 'cn'] as const).map((code) => (
                <option key={code} value={code}>
                  {t(`search.regions.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <button className="button button--primary search-form__submit" type="submit">
            {t('search.submit')}
          </button>
        </div>
        <div className="search-form__row">
          <label className="form__field search-form__exclude">
            <span className="form__label">{t('search.exclude')}</span>
            <input className="input" name="exclude" defaultValue={form.exclude} placeholder={t('search.excludePlaceholder')} />
          </label>
          <fieldset className="search-form__filters">
            <legend className="form__label">{t('search.filter')}</legend>
            {(['patent', 'public', 'utility', 'expired'] as const).map((key) => (
              <label key={key} className="checkbox">
                <input type="hidden" name={key} value="0" />
                <input type="checkbox" name={key} value="1" defaultChecked={filter[key]} />
                {t(`search.filters.${key}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <p className="search-form__hint">{t('search.hint')}</p>
        {error && (
          <p className="form__alert" role="alert" data-errcode={error.errcode}>
            {error.detail}
          </p>
        )}
      </form>

      {result && input && (
        <section className="search-results" aria-label={t('search.results')}>
          {result.totalHitCount === 0 ? (
            <p className="panel search-results__none" data-errcode="E401">
              {translate('E401', { ns: 'errors' })}
            </p>
          ) : (
            <>
              <div className="search-results__summary">
                <p>
                  <strong className="search-results__count" data-testid="hit-count">
                    {t('search.hits', { count: result.totalHitCount, shown: result.totalHitCount.toLocaleString('en-US') })}
                  </strong>
                  {view === 'list' && result.pageCount > 1 && <span className="search-results__page">{t('search.pageOf', { page: result.page, pages: result.pageCount })}</span>}
                </p>
                <div className="search-results__export">
                  <span>{t('search.export')}</span>
                  {(['csv', 'xlsx'] as const).map((format) => (
                    <a key={format} className="chip" href={`/search/export.${format}?${searchParameters(input, form)}&sort=${input.order}`} download>
                      {t(`search.exportFormats.${format}`)}
                    </a>
                  ))}
                </div>
              </div>
              <nav className="tabs search-views" aria-label={t('search.views')}>
                {RESULT_VIEWS.map((name) => (
                  <a key={name} className={`tabs__tab${name === view ? ' is-current' : ''}`} href={searchAddress(input, form, view, { view: name })} aria-current={name === view ? 'page' : undefined} data-view={name}>
                    {t(`search.viewNames.${name}`)}
                  </a>
                ))}
              </nav>
              {result.tooManyForDetails && (
                <p className="form__notice" data-errcode="E022">
                  {translate('E022', { ns: 'errors' })}
                </p>
              )}
              {view === 'list' && <ResultList input={input} form={form} result={result} />}
              {view === 'map' && (
                <section className="panel search-view" aria-label={t('search.viewNames.map')}>
                  <p className="search-view__note">{t('search.mapNote', { shown: Math.min(result.totalHitCount, DETAIL_LIMIT).toLocaleString('en-US') })}</p>
                  <Island name="PatentMap" props={{ source: `/api/search/map?${searchParameters(input, form)}` }} />
                </section>
              )}
              {view === 'applicants' && <ApplicantRanking input={input} form={form} result={result} />}
              {view === 'graphs' && result.graphs && (
                <section className="panel search-view" aria-label={t('search.viewNames.graphs')}>
                  <Island name="IpcYearGraphs" props={{ data: result.graphs }} />
                </section>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}

interface ResultViewProps {
  input: SimpleSearchInput;
  form: SearchPageProps['form'];
  result: SimpleSearchResult;
}

function useSearchT() {
  const { t } = usePage();
  return (key: string, values?: Record<string, unknown>) => t(key, { ns: 'search', ...values });
}

/** The paged list, with the applicant panel that narrows it and the sort order. */
function ResultList({ input, form, result }: ResultViewProps) {
  const t = useSearchT();
  const docIds = result.items.map((i) => i.id).join(',');
  return (
    <>
      <nav className="search-results__sort" aria-label={t('search.sort')}>
        <span className="search-results__sort-label">{t('search.sort')}</span>
        {(['relevance', 'newest', 'oldest'] as const).map((sort) =>
          sort === input.order ? (
            <span key={sort} className="chip is-current">
              {t(`search.sorts.${sort}`)}
            </span>
          ) : (
            <a key={sort} className="chip" href={searchAddress(input, form, 'list', { sort })}>
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
          {input.applicants.length > 0 && (
            <a className="search-applicants__clear" href={searchAddress(input, form, 'list', { applicants: [] })}>
              {t('search.allApplicants')}
            </a>
          )}
          <ol className="search-applicants__list">
            {result.applicants.map(({ applicant, count }) => {
              const selected = input.applicants.includes(applicant);
              const next = selected ? input.applicants.filter((a) => a !== applicant) : [...input.applicants, applicant];
              return (
                <li key={applicant}>
                  <a className={`search-applicants__item${selected ? ' is-selected' : ''}`} href={searchAddress(input, form, 'list', { applicants: next })} aria-pressed={selected}>
                    <span className="search-applicants__name">{applicant}</span>
                    <span className="search-applicants__count">{count}</span>
                  </a>
                </li>
              );
            })}
          </ol>
        </aside>
        <ol className="search-list" start={(result.page - 1) * PAGE_SIZE + 1}>
          {result.items.map((item, index) => (
            <li key={item.id} className="search-list__item">
              <div className="search-list__head">
                <a className="search-list__number" data-id={item.id} href={`/document-details?docIds=${encodeURIComponent(docIds)}&initialIndex=${index}`}>
                  {displayNumberOfId(item.id)}
                </a>
                <span className="search-list__kind">{t(`search.kinds.${item.kind}`)}</span>
              </div>
              <h3 className="search-list__title">{item.title ?? t('search.untitled')}</h3>
              <p className="search-list__meta">
                <span>{item.applicants.slice(0, 3).join(' / ') || '—'}</span>
                <span>
                  {t('search.filed')} {yyyyMmDd(item.applicationDate)}
                </span>
                <span>
                  {t('search.published')} {yyyyMmDd(item.publicationDate)}
                </span>
                {item.ipc.length > 0 && <span className="search-list__ipc">{item.ipc.slice(0, 3).join(', ')}</span>}
              </p>
              {item.snippet.length > 0 && <p className="search-list__snippet">{item.snippet.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</p>}
            </li>
          ))}
        </ol>
      </div>
      {result.pageCount > 1 && (
        <nav className="pager" aria-label={t('search.pages')}>
          {result.page > 1 && <a href={searchAddress(input, form, 'list', { page: result.page - 1 })}>{t('search.previous')}</a>}
          <span>{t('search.pageOf', { page: result.page, pages: result.pageCount })}</span>
          {result.page < result.pageCount && <a href={searchAddress(input, form, 'list', { page: result.page + 1 })}>{t('search.next')}</a>}
        </nav>
      )}
    </>
  );
}

/** Applicants by number of hits, drawn as bars; choosing some narrows the list to them. */
function ApplicantRanking({ input, form, result }: ResultViewProps) {
  const t = useSearchT();
  const most = result.applicants[0]?.count ?? 1;
  return (
    <section className="panel search-view applicant-ranking" aria-labelledby="ranking-title">
      <h2 id="ranking-title" className="panel__title">
        {t('search.applicantRanking', { count: result.applicants.length })}
      </h2>
      <form method="get" action="/search">
        {[...searchParameters(input, form, { applicants: [] })].map(([name, value], i) => (
          <input key={`${name}${i}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="sort" value={input.order} />
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
                    <input type="checkbox" name="applicant" value={applicant} defaultChecked={input.applicants.includes(applicant)} />
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
    </section>
  );
}
