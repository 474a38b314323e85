// History (§1, §2): what the user ran, newest first, with filters (run date, kind, region,
// status, prior-art rank, memo, favourites and memos only), order, paging, and per entry its
// status, summary, hit count, link, favourite star and memo (the two islands).
import type { HistoryPage as HistoryResult } from '../../src/history/service.ts';
import {
  HISTORY_KINDS,
  HISTORY_REGIONS,
  MEMO_SEARCH_LIMIT,
  PRIORART_RANKS,
  STATUS_LABELS,
  formatExecDate,
  type HistoryEntry,
} from '../../src/history/shared.ts';
import { filterParameters, type HistoryFilter } from '../../src/history/validation.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export interface HistoryPageProps {
  /** The date and memo fields as typed (shown back even when they could not be read). */
  form: { execDateFrom: string; execDateTo: string; memo: string };
  filter: HistoryFilter;
  result: HistoryResult | null;
  /** `field`: the filter parameter that could not be read (E071). */
  error: { errcode: string; detail: string; field?: string } | null;
  /** The result's entries, rendered already (src/history/entry-fragments.tsx keeps them rendered). */
  entriesHtml: string;
}

function useHistoryT() {
  const { t } = usePage();
  return (key: string, values?: Record<string, unknown>) => t(key, { ns: 'history', ...values });
}

const address = (filter: HistoryFilter, changes: { page?: number; order?: 'asc' | 'desc' } = {}) => {
  const params = filterParameters(filter, changes).toString();
  return params ? `/history?${params}` : '/history';
};

const isFiltered = (filter: HistoryFilter) =>
  Boolean(
    filter.execDateFrom || filter.execDateTo || filter.kinds.length || filter.langs.length || Object.keys(filter.statuses).length ||
      filter.priorartRanks.length || filter.favoritesMemoOnly || filter.memo || filter.id,
  );

export function HistoryPage({ form, filter, result, error, entriesHtml }: HistoryPageProps) {
  const t = useHistoryT();
  return (
    <div className="page history-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="history-layout">
        <FilterForm form={form} filter={filter} error={error} />
        <section className="history-results" aria-label={t('results.label')}>
          {error && (
            <p className="form__alert history-results__error" role="alert" data-errcode={error.errcode}>
              <span>{error.detail}</span>
              <a href="/history">{t('empty.clear')}</a>
            </p>
          )}
          {result && <Results filter={filter} result={result} entriesHtml={entriesHtml} />}
        </section>
      </div>
    </div>
  );
}

function Checkboxes({ name, legend, options, checked }: { name: string; legend: string; options: Array<{ value: string; label: string }>; checked: string[] }) {
  return (
    <fieldset className="history-filter__group">
      <legend className="form__label">{legend}</legend>
      <div className="history-filter__options">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FilterForm({ form, filter, error }: Pick<HistoryPageProps, 'form' | 'filter' | 'error'>) {
  const t = useHistoryT();
  return (
    <form className="panel history-filter" method="get" action="/history" aria-label={t('filter.label')}>
      <fieldset className="history-filter__group">
        <legend className="form__label">{t('filter.execDate')}</legend>
        <div className="history-filter__dates">
          <input className="input" type="date" name="execDateFrom" defaultValue={form.execDateFrom} max="9999-12-31" aria-label={t('filter.from')} aria-invalid={error?.field === 'execDateFrom' || undefined} />
          <span aria-hidden="true">{t('filter.dateSeparator')}</span>
          <input className="input" type="date" name="execDateTo" defaultValue={form.execDateTo} max="9999-12-31" aria-label={t('filter.to')} aria-invalid={error?.field === 'execDateTo' || undefined} />
        </div>
      </fieldset>
      <Checkboxes name="kind" legend={t('filter.kind')} options={HISTORY_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))} checked={filter.kinds} />
      <Checkboxes name="lang" legend={t('filter.region')} options={HISTORY_REGIONS.map((lang) => ({ value: lang, label: t(`regions.${lang}`) }))} checked={filter.langs} />
      <Checkboxes name="status" legend={t('filter.status')} options={STATUS_LABELS.map((label) => ({ value: label, label: t(`statuses.${label}`) }))} checked={filter.statusLabels} />
      <Checkboxes name="priorartRank" legend={t('filter.priorartRank')} options={PRIORART_RANKS.map((rank) => ({ value: rank, label: rank }))} checked={filter.priorartRanks} />
      <label className="form__field">
        <span className="form__label">{t('filter.memo')}</span>
        <input className="input" name="memo" defaultValue={form.memo} placeholder={t('filter.memoPlaceholder')} maxLength={MEMO_SEARCH_LIMIT} aria-invalid={error?.field === 'memo' || undefined} />
      </label>
      <label className="checkbox history-filter__favorites">
        <input type="checkbox" name="favoritesMemoOnly" value="1" defaultChecked={filter.favoritesMemoOnly} />
        {t('filter.favoritesMemoOnly')}
      </label>
      {filter.order !== 'desc' && <input type="hidden" name="order" value={filter.order} />}
      <div className="history-filter__actions">
        <button className="button button--primary" type="submit">
          {t('filter.apply')}
        </button>
        <a className="history-filter__clear" href="/history">
          {t('filter.clear')}
        </a>
      </div>
      <p className="history-filter__hint">{t('filter.hint')}</p>
    </form>
  );
}

function Results({ filter, result, entriesHtml }: { filter: HistoryFilter; result: HistoryResult; entriesHtml: string }) {
  const t = useHistoryT();
  const { account } = usePage();
  const pastEnd = result.totalCount > 0 && result.page > result.maxPageNum;
  if (result.totalCount === 0) {
    return isFiltered(filter) ? (
      <div className="panel history-empty" data-testid="history-empty">
        <p>{t('empty.filtered')}</p>
        <a href="/history">{t('empty.clear')}</a>
      </div>
    ) : (
      <div className="panel history-empty" data-testid="history-empty">
        <h2 className="history-empty__title">{t('empty.title')}</h2>
        <p>{t('empty.body')}</p>
        {account?.enable?.detail && (
          <a className="button button--primary" href="/detail-search/build-query">
            {t('empty.start')}
          </a>
        )}
      </div>
    );
  }
  return (
    <>
      <div className="history-results__summary">
        <p>
          <strong className="history-results__count" data-testid="history-count">
            {t('results.count', { count: result.totalCount, shown: result.totalCount.toLocaleString('en-US') })}
          </strong>
          {result.maxPageNum > 1 && !pastEnd && <span className="history-results__page">{t('results.pageOf', { page: result.page, pages: result.maxPageNum })}</span>}
        </p>
        <nav className="history-results__sort" aria-label={t('results.sort')}>
          <span className="history-results__sort-label">{t('results.sort')}</span>
          {(['desc', 'asc'] as const).map((order) =>
            order === filter.order ? (
              <span key={order} className="chip is-current" aria-current="true">
                {t(`results.orders.${order}`)}
              </span>
            ) : (
              <a key={order} className="chip" href={address(filter, { order })} data-order={order}>
                {t(`results.orders.${order}`)}
              </a>
            ),
          )}
        </nav>
      </div>
      {filter.id && (
        <p className="form__notice history-results__single">
          {t('results.single')} <a href="/history">{t('results.showAll')}</a>
        </p>
      )}
      {pastEnd ? (
        // Entries deleted or filtered since the address was kept: no other page's entries under it.
        <PastEndNotice
          className="panel"
          message={t('results.pastEnd.message', { page: result.page, entries: t('results.count', { count: result.totalCount, shown: result.totalCount.toLocaleString('en-US') }), count: result.maxPageNum })}
          pages={result.maxPageNum}
          hrefOf={(page) => address(filter, { page })}
        />
      ) : (
        <>
          <ol className="history-list" dangerouslySetInnerHTML={{ __html: entriesHtml }} />
          <Pager filter={filter} page={result.page} pages={result.maxPageNum} />
        </>
      )}
    </>
  );
}

/** Page numbers around the current one, with the first and last. */
function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1) items.push('gap');
    items.push(n);
  });
  return items;
}

function Pager({ filter, page, pages }: { filter: HistoryFilter; page: number; pages: number }) {
  const t = useHistoryT();
  if (pages <= 1) return null;
  return (
    <nav className="pager history-pager" aria-label={t('results.pages')}>
      {page > 1 ? <a href={address(filter, { page: page - 1 })} rel="prev">{t('results.previous')}</a> : <span className="history-pager__off">{t('results.previous')}</span>}
      {pageWindow(page, pages).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap${i}`} className="history-pager__gap">…</span>
        ) : item === page ? (
          <span key={item} className="history-pager__page is-current" aria-current="page">{item}</span>
        ) : (
          <a key={item} className="history-pager__page" href={address(filter, { page: item })}>{item}</a>
        ),
      )}
      {page < pages ? <a href={address(filter, { page: page + 1 })} rel="next">{t('results.next')}</a> : <span className="history-pager__off">{t('results.next')}</span>}
    </nav>
  );
}

/** One entry of the list: everything it shows comes from the entry and the language (entry-fragments.tsx keeps it rendered). */
export function HistoryEntryItem({ entry }: { entry: HistoryEntry }) {
  const t = useHistoryT();
  const { t: translate, lang } = usePage();
  const { summary } = entry;
  const tagLabel = (tag: string) => translate(`formulaTags.${tag}`, { ns: 'islands-formula', defaultValue: tag });
  return (
    <li className={`history-entry history-entry--${entry.statusLabel}`} data-id={entry.id} data-kind={entry.kind} data-status={entry.status}>
      <div className="history-entry__head">
        <span className="history-entry__kind">{t(`kinds.${entry.kind}`)}</span>
        <span className={`history-status history-status--${entry.statusLabel}`} data-testid="history-status">
          {t(`statuses.${entry.statusLabel}`)}
          {entry.statusLabel === 'running' && entry.progress > 0 && <span className="history-status__progress">{t('entry.progress', { progress: entry.progress })}</span>}
        </span>
        <span className="history-entry__region">{t(`regions.${entry.lang}`)}</span>
        <time className="history-entry__date" dateTime={entry.execDate} title={t('entry.execDate')}>
          {formatExecDate(entry.execDate)}
        </time>
        {entry.priorartRank && (
          <span className={`rank rank--${entry.priorartRank.toLowerCase()} history-entry__rank`} title={t('entry.rank')}>
            {entry.priorartRank}
          </span>
        )}
        <span className="history-entry__star">
          <Island name="HistoryEntryFavorite" props={{ id: entry.id, favorite: entry.favorite }} />
        </span>
      </div>

      <div className="history-entry__body">
        <div className="history-entry__summary">
          {entry.kind === 'detail' ? (
            summary.formulas.length ? (
              <>
                <ol className="history-entry__formulas" aria-label={t('entry.formulas')}>
                  {summary.formulas.map((row) => (
                    <li key={row.id}>
                      <span className="history-entry__row">{row.id}</span>
                      <span className="history-entry__tag">{tagLabel(row.tag)}</span>
                      <span className="history-entry__formula">{row.text}</span>
                    </li>
                  ))}
                </ol>
                {summary.moreFormulas > 0 && <p className="history-entry__more">{t('entry.moreFormulas', { count: summary.moreFormulas })}</p>}
                {(summary.combination || summary.formulas.length + summary.moreFormulas > 1) && (
                  <p className="history-entry__combination">
                    <span className="history-entry__label">{t('entry.combination')}</span>
                    <code>{summary.combination || t('entry.impliedCombination', { combination: summary.effectiveCombination })}</code>
                  </p>
                )}
              </>
            ) : (
              <p className="history-entry__more">{t('entry.noFormulas')}</p>
            )
          ) : (
            <>
              {summary.document && (
                <p className="history-entry__text" data-testid="history-document">
                  {t('summary.document', { ns: 'priorart', document: displayNumberOfId(summary.document.documentId, lang), claim: summary.document.claimNumber })}
                </p>
              )}
              {summary.text && <p className="history-entry__text">{summary.text}</p>}
            </>
          )}
        </div>
        <dl className="history-entry__facts">
          {entry.kind === 'detail' && (
            <div>
              <dt>{t('entry.hits')}</dt>
              <dd data-testid="history-hits">
                {entry.totalHitCount === null ? t('entry.noResult') : t('entry.hitCount', { count: entry.totalHitCount, shown: entry.totalHitCount.toLocaleString('en-US') })}
              </dd>
            </div>
          )}
          {entry.jobs.length > 0 && (
            <div>
              <dt>{t('entry.jobs')}</dt>
              <dd>
                <ul className="history-entry__jobs">
                  {entry.jobs.map((job, i) => {
                    const label = job.status === 1 ? 'done' : job.status === 8 ? 'error' : job.status === 9 ? 'cancel' : 'running';
                    return (
                      <li key={i} data-job-type={job.type}>
                        {`${t(`jobTypes.${job.type}`, { defaultValue: String(job.type) })}: `}
                        <span className={`history-status history-status--${label} history-status--small`}>{`${t(`statuses.${label}`)}${label === 'running' && job.progress > 0 ? ` ${job.progress}%` : ''}`}</span>
                      </li>
                    );
                  })}
                </ul>
              </dd>
            </div>
          )}
        </dl>
        <a className={`button history-entry__open history-entry__open--${entry.link.target}`} href={entry.link.href}>
          {t(`entry.links.${entry.link.target}`)}
        </a>
      </div>

      {entry.statusLabel === 'error' && entry.errcode && (
        <p className="history-entry__error" data-errcode={entry.errcode}>
          {translate(entry.errcode, { ns: 'errors', defaultValue: t('entry.errcode', { errcode: entry.errcode }) })}
        </p>
      )}

      <Island name="HistoryEntryMemo" props={{ id: entry.id, memo: entry.memo }} />
    </li>
  );
}
