// /detail-search/result (§2): what was searched (formulas with their tags, combination,
// region, population), the favourite and memo of the stored search, and the same result
// views as simple search over the stored hits.
import type { DataKind, DetailSearch } from '../../src/detail-search/repository.ts';
import { formatExecDate } from '../../src/history/shared.ts';
import type { SearchOrder } from '../../src/patents/search-repository.ts';
import type { ResultView, SimpleSearchResult } from '../../src/search/service.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';
import { SearchResults, type AddressChanges } from '../search/SearchResults.tsx';

export interface DetailResultPageProps {
  search: DetailSearch;
  result: SimpleSearchResult;
  view: ResultView;
  order: SearchOrder;
  applicants: string[];
  /** Data the formulas search that no document of the region carries (asked when nothing was found). */
  missingData?: DataKind[];
}

function resultAddress(id: string, view: ResultView, order: SearchOrder, applicants: string[], changes: AddressChanges): string {
  const params = new URLSearchParams({ id, type: 'detail' });
  const target = changes.view ?? view;
  if (target !== 'list') params.set('view', target);
  const sort = changes.sort ?? order;
  if (sort !== 'relevance') params.set('sort', sort);
  for (const applicant of changes.applicants ?? applicants) params.append('applicant', applicant);
  if ((changes.page ?? 1) > 1) params.set('page', String(changes.page));
  return `/detail-search/result?${params}`;
}

export function DetailResultPage({ search, result, view, order, applicants, missingData = [] }: DetailResultPageProps) {
  const page = usePage();
  const t = (key: string, values?: Record<string, unknown>) => page.t(key, { ns: 'detail-result', ...values });
  const tagLabel = (tag: string) => page.t(`formulaTags.${tag}`, { ns: page.islandNamespaces });
  const input = search.input;
  const chosen = input.modes[input.inputMode];
  const rows = chosen.formulas.filter((row) => row.text.trim());
  // An empty combination searches the one formula, or all of them ANDed (「すべての式の AND（1）」 read oddly for one).
  const implicitCombination = rows.map((row) => row.id).join('*');
  // No hits: the population file is named only when there was one, and data the region lacks is said.
  const noneMessage = [
    input.population ? page.t('E029', { ns: 'errors' }) : t('detailResult.none'),
    missingData.length > 0 ? t('detailResult.missingData', { region: t(`detailResult.regions.${search.lang}`), items: missingData.map(tagLabel).join(t('detailResult.itemSeparator')) }) : '',
  ]
    .filter(Boolean)
    .join(page.lang === 'ja' ? '' : ' '); // Japanese sentences follow each other without a space
  return (
    <div className="page detail-result-page">
      <PageHeader title={t('detailResult.titles.result')} lead={t('detailResult.lead')} />
      <section className="panel detail-conditions" aria-labelledby="conditions-title">
        <div className="detail-conditions__head">
          <h2 id="conditions-title" className="panel__title">
            {t('detailResult.conditions')}
          </h2>
          <div className="detail-conditions__actions">
            <a className="button" href={`/detail-search/build-query?id=${search.id}`}>
              {t('detailResult.edit')}
            </a>
            <a className="button" href="/detail-search/build-query">
              {t('detailResult.newSearch')}
            </a>
          </div>
        </div>
        <table className="detail-conditions__formulas">
          <thead>
            <tr>
              <th scope="col">{t('detailResult.row')}</th>
              <th scope="col">{t('detailResult.tag')}</th>
              <th scope="col">{t('detailResult.formula')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="detail-conditions__row-id">{row.id}</td>
                <td>{tagLabel(row.tag)}</td>
                <td>
                  <code className="detail-conditions__formula">{row.text}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="detail-conditions__facts">
          <div>
            <dt>{t('detailResult.combination')}</dt>
            <dd>
              <code data-testid="combination">
                {chosen.combination || (rows.length === 1 ? t('detailResult.combinationSingle', { id: rows[0]!.id }) : t('detailResult.combinationDefault', { value: implicitCombination }))}
              </code>
            </dd>
          </div>
          <div>
            <dt>{t('detailResult.region')}</dt>
            <dd>{t(`detailResult.regions.${search.lang}`)}</dd>
          </div>
          <div>
            <dt>{t('detailResult.mode')}</dt>
            <dd>{t(`detailResult.modes.${input.inputMode}`)}</dd>
          </div>
          {input.ipcLimit.length > 0 && (
            <div>
              <dt>{t('detailResult.ipcLimit')}</dt>
              <dd>{input.ipcLimit.join(', ')}</dd>
            </div>
          )}
          {input.population && (
            <div>
              <dt>{t('detailResult.population')}</dt>
              <dd>{t('detailResult.populationValue', { fileName: input.population.fileName, count: input.population.documentIds.length })}</dd>
            </div>
          )}
          <div>
            <dt>{t('detailResult.executed')}</dt>
            <dd>{formatExecDate(search.execDate)}</dd>
          </div>
        </dl>
        <Island name="HistoryEntryActions" props={{ id: search.id, favorite: search.favorite, memo: search.memo }} />
      </section>

      {search.status === 9 && <p className="panel form__notice">{t('detailResult.cancelled')}</p>}
      {search.status === 8 && (
        <p className="panel form__alert" role="alert" data-errcode={search.errcode ?? 'E999'}>
          {t('detailResult.failed')} {page.t(search.errcode ?? 'E999', { ns: 'errors' })}
        </p>
      )}
      {search.status === 1 && (
        <SearchResults
          result={result}
          view={view}
          order={order}
          applicants={applicants}
          noneCode="E029"
          noneMessage={noneMessage}
          tooManyCode="E028"
          addressing={{
            address: (changes) => resultAddress(search.id, view, order, applicants, changes),
            narrowForm: { action: '/detail-search/result', fields: [['id', search.id], ['type', 'detail']] },
            exportHref: (format) => `/detail-search/export.${format}?id=${search.id}&sort=${order}`,
            mapSource: `/api/detail-search/map?id=${search.id}`,
          }}
        />
      )}
    </div>
  );
}
