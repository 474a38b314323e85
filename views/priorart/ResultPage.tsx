// /priorart/result (§2, §3 result with rank_description): the rank, large, with what it means
// and why; the main and secondary cited documents with the elements each brings; the claim
// chart (islands/ClaimChart.tsx); the inferred IPC; exports; and the candidate list, paged and
// sorted on the server.
import { formatExecDate } from '../../src/history/shared.ts';
import { shownSubclasses } from '../../src/patents/ipc.ts';
import { elementLabel, elementRanges } from '../../src/priorart/chart.ts';
import type { ChartListProgress } from '../../src/priorart/chart-list.ts';
import { gptFailureLines, regionTranslationLines, simulationDictionaries, type RegionTranslation } from '../../src/priorart/translation-note.ts';
import type { StoredSimulation } from '../../src/priorart/repository.ts';
import { LIST_SORTS, MAX_COLUMNS, type CandidatePage, type ChartColumn, type ChartMenuCandidate, type ListSort, type StoredResult } from '../../src/priorart/result-view.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export interface PriorartResultPageProps {
  simulation: StoredSimulation;
  result: StoredResult;
  /** What was evaluated, in one line (the claim of a document, or the opening of the text). */
  invention: string;
  /** The columns the chart shows at first (result-view initialCharts): main, secondary, the next best. */
  columns: ChartColumn[];
  reasons: Record<string, number[]>;
  list: CandidatePage;
  /** The chart's menu of candidates to add (result-view chartMenuOf), each saying whether its chart is made. */
  chartMenu: ChartMenuCandidate[];
  /**
   * How each searched region in another language was compared (translation-note.ts regionTranslations):
   * the conditions' translation row says it in the exports' lines, a failed GPT translation is the notice's alone, and the dictionaries used are credited under the chart.
   */
  translations?: RegionTranslation[];
  /** The similar patent group (one of the user's detailed searches): what it searched and how many it hit. */
  similarGroup?: { summary: string; totalHitCount: number } | null;
  /** A claim chart list (output type 3): how many listed documents are charted, whether the rest are being charted now, and the last chart stored (the progress note polls for those after it). */
  chartList?: ChartListProgress | null;
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

export function PriorartResultPage({ simulation, result, invention, columns, reasons, list, chartMenu, translations = [], similarGroup = null, chartList = null }: PriorartResultPageProps) {
  const page = usePage();
  const t = (key: string, values?: Record<string, unknown>) => page.t(`result.${key}`, { ns: 'priorart', ...values });
  const form = (key: string, values?: Record<string, unknown>) => page.t(`priorartForm.${key}`, { ns: 'islands-priorart', ...values });
  const input = simulation.input;
  const id = encodeURIComponent(simulation.id);
  // How a list is joined in the reader's language (、 / , ), as the chart island joins applicants.
  const separator = page.t('claimChart.separator', { ns: 'islands-claim-chart' });
  const labels = (ids: number[]) => elementRanges(ids, page.lang === 'en' ? 'en' : 'ja').join(separator);
  // A second region searched (subLang): the list says where each document was found.
  const twoRegions = Boolean(input.subLang) || list.rows.some((row) => row.region !== simulation.lang);
  const main = columns.find((column) => column.role === 'main');
  const secondary = columns.filter((column) => column.role === 'secondary');
  const mainFields = new Set(result.candidates.find((c) => c.documentId === main?.documentId)?.subclasses ?? []);
  const listAddress = (changes: { page?: number; sort?: ListSort }) => {
    const params = new URLSearchParams({ id: simulation.id, type: 'priorart' });
    const sort = changes.sort ?? list.sort;
    if (sort !== 'rate') params.set('sort', sort);
    if ((changes.page ?? 1) > 1) params.set('page', String(changes.page));
    return `/priorart/result?${params}#candidates`;
  };
  const elements = result.elements.map((element) => ({ id: element.id, label: elementLabel(element.id), text: element.text, preamble: element.preamble, subject: element.subject }));
  // The dictionaries' licences (EDRDG, CC-CEDICT) ask to be named where their words are used: a credit per dictionary under the chart.
  const dictionaries = simulationDictionaries(translations);
  // GPT asked for and not used: said once, at the top, before the rank it weakens (the exports, without a notice, add it to their translation lines).
  const translationFailures = gptFailureLines(translations, page.t);
  // GPT's translated elements, for the regions it translated.
  const gptTranslated = result.translation?.gptRequested ? result.translation.gpt.flatMap(({ region, elements: translated }) => (translated ? [{ region, translated }] : [])) : [];

  return (
    <div className="page priorart-result-page">
      <PageHeader title={page.t('titles.result', { ns: 'priorart' })} lead={t('lead')} />
      {translationFailures.map((failure) => (
        <p key={failure} className="form__note" role="status" data-testid="gpt-translation-notice">
          {failure}
        </p>
      ))}

      <section className="panel pa-conditions" aria-labelledby="pa-conditions-title">
        <div className="detail-conditions__head">
          <h2 id="pa-conditions-title" className="panel__title">
            {t('conditions')}
          </h2>
          <div className="detail-conditions__actions">
            <a className="button" href={`/priorart/build-query?id=${id}`} data-testid="edit-rerun">
              {t('edit')}
            </a>
            <a className="button" href="/priorart/build-query">
              {t('new')}
            </a>
          </div>
        </div>
        <dl className="pa-conditions__facts">
          <div className="pa-conditions__invention">
            <dt>{t('invention')}</dt>
            <dd data-testid="invention">{invention}</dd>
          </div>
          <div>
            <dt>{t('region')}</dt>
            <dd data-testid="regions">{[simulation.lang, ...(input.subLang ? [input.subLang] : [])].map((region) => form(`regions.${region}`)).join(separator)}</dd>
          </div>
          {input.formulas?.length > 0 && (
            <div>
              <dt>{t('formulas')}</dt>
              <dd data-testid="formulas">
                {[
                  ...input.formulas.map((row) => t('formulaRow', { id: row.id, text: row.text })),
                  ...(input.combination ? [t('combination', { combination: input.combination })] : []),
                  ...(input.formulas.some((row) => row.learningTexts.trim()) ? [t('learningTexts', { count: input.formulas.filter((row) => row.learningTexts.trim()).length })] : []),
                ].join(separator)}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('compared')}</dt>
            <dd>{form(`compared.${input.compared}`)}</dd>
          </div>
          <div>
            <dt>{t('strategy')}</dt>
            <dd>{form(`strategy.${input.strategy}`)}</dd>
          </div>
          <div>
            <dt>{t('outputType')}</dt>
            <dd>{form(`outputType.type${input.outputType}`)}</dd>
          </div>
          {input.fixedPatents.length > 0 && (
            <div>
              <dt>{t('fixed')}</dt>
              <dd>{input.fixedPatents.join(', ')}</dd>
            </div>
          )}
          {translations.length > 0 && (
            <div className="pa-conditions__translation">
              <dt>{t('translation.label')}</dt>
              {/* The exports' lines (XLSX, CSV, print) of which regions were translated and how; why GPT's is missing is the notice's. */}
              <dd data-testid="translation">
                {regionTranslationLines(translations, page.t).map((line, i) => (
                  <span key={i} className="pa-conditions__translation-line">
                    {line}
                  </span>
                ))}
              </dd>
            </div>
          )}
          {similarGroup && (
            <div>
              <dt>{t('similarGroup')}</dt>
              <dd data-testid="similar-group">{t('similarGroupCount', { summary: similarGroup.summary, count: similarGroup.totalHitCount })}</dd>
            </div>
          )}
          {input.population && (
            <div>
              <dt>{t('population')}</dt>
              <dd>{t('populationCount', { name: input.population.fileName, count: input.population.documentIds.length })}</dd>
            </div>
          )}
          <div>
            <dt>{t('execDate')}</dt>
            <dd>{formatExecDate(simulation.execDate)}</dd>
          </div>
          {simulation.memo && (
            <div>
              <dt>{t('memo')}</dt>
              <dd>{simulation.memo}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className="panel pa-verdict" aria-labelledby="pa-verdict-title" data-rank={result.rank}>
        <h2 id="pa-verdict-title" className="fb-sr">
          {t('conclusion')}
        </h2>
        <div className={`pa-verdict__rank rank--${result.rank.toLowerCase()}`} data-testid="rank">
          <span className="pa-verdict__rank-label">{t('rankLabel')}</span>
          <span className="pa-verdict__rank-letter">{result.rank}</span>
        </div>
        <div className="pa-verdict__body">
          <p className="pa-verdict__meaning">{t(`ranks.${result.rank}`)}</p>
          <p className="pa-verdict__description" data-testid="rank-description">
            {result.rank_description[page.lang === 'ja' ? 'ja' : 'en']}
          </p>
          {main && (
            <div className="pa-verdict__meter">
              <span>{t('mainRate')}</span>
              <span className="pa-meter" role="img" aria-label={percent(main.matchRate)}>
                <span className="pa-meter__fill" style={{ width: percent(main.matchRate) }} />
              </span>
              <strong data-testid="main-rate">{percent(main.matchRate)}</strong>
            </div>
          )}
          {result.ipc.subclasses.length > 0 ? (
            <p className="pa-verdict__ipc" title={t('ipcHint')} data-testid="inferred-ipc">
              <span>{t('ipc')}</span>
              {shownSubclasses(result.ipc.subclasses).map((entry) => (
                <span key={entry.code} className="chip">
                  {entry.code} <small>{percent(entry.score)}</small>
                </span>
              ))}
            </p>
          ) : (
            result.ipc.none && (
              // Why no field was inferred (no classified document near the invention, or the region's classes name one field): said, so none is assumed.
              <p className="pa-verdict__ipc" data-testid="inferred-ipc">
                <span>{t('ipc')}</span>
                <small>{t(`ipcNone.${result.ipc.none}`)}</small>
              </p>
            )
          )}
        </div>
      </section>

      <section className="panel pa-cited" aria-labelledby="pa-cited-title">
        <h2 id="pa-cited-title" className="panel__title">
          {t('cited')}
        </h2>
        {!main ? (
          <p>{t('noCited')}</p>
        ) : (
          <ul className="pa-cited__list">
            {[main, ...secondary].map((column) => {
              const reason = reasons[column.documentId] ?? [];
              const shared = column.role === 'secondary' ? (result.candidates.find((c) => c.documentId === column.documentId)?.subclasses ?? []).filter((code) => mainFields.has(code)) : [];
              return (
                <li key={column.documentId} className={`pa-cited__item pa-cited__item--${column.role}`} data-testid={`cited-${column.role}`}>
                  <span className={`claim-chart__role claim-chart__role--${column.role}`}>{t(column.role)}</span>
                  <a className="pa-cited__number" href={`/document-details?docIds=${encodeURIComponent(column.documentId)}`}>
                    {column.number}
                  </a>
                  <span className="pa-cited__rate">{percent(column.matchRate)}</span>
                  <p className="pa-cited__title">{column.title}</p>
                  {column.applicants.length > 0 && <p className="pa-cited__applicant">{column.applicants.join(separator)}</p>}
                  <p className="pa-cited__reason">
                    {column.role === 'main' ? (reason.length ? t('mainReason', { elements: labels(reason) }) : t('mainReasonNone')) : t('secondaryReason', { elements: labels(reason) })}
                    {shared.length > 0 && ` ${t('sharesField', { codes: shared.join(', ') })}`}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="panel pa-chart" aria-labelledby="pa-chart-title">
        <div className="detail-conditions__head">
          <h2 id="pa-chart-title" className="panel__title">
            {t('chart')}
          </h2>
          <nav className="pa-exports" aria-label={t('export')}>
            <a className="button" href={`/priorart/export.xlsx?id=${id}&what=chart`} data-testid="export-chart-xlsx">
              {t('exportChartXlsx')}
            </a>
            <a className="button" href={`/priorart/export.csv?id=${id}&what=chart`}>
              {t('exportChartCsv')}
            </a>
            <a className="button" href={`/priorart/print?id=${id}`} target="_blank" rel="noopener" data-testid="print-chart">
              {t('print')}
            </a>
          </nav>
        </div>
        <p className="fb-hint">{t('chartLead')}</p>
        <Island
          name="ClaimChart"
          propsInScript
          props={{ queryId: simulation.id, elements, columns: columns.map((column) => ({ ...column, cells: column.cells.map(({ href: _href, ...cell }) => cell) })), candidates: chartMenu, maxColumns: MAX_COLUMNS }}
        />
        {dictionaries.map((dictionary) => (
          <p key={dictionary} className="fb-hint pa-chart__dictionary" data-testid="dictionary-credit">
            {t(`dictionary.${dictionary}`)}
          </p>
        ))}
        {gptTranslated.map(({ region, translated }) => (
          <details key={region} className="pa-chart__translation" data-testid="gpt-translation">
            <summary>{t('translation.elements', { region: form(`regions.${region}`) })}</summary>
            <ol>
              {translated.map((text, i) => (
                <li key={i}>
                  {elements[i] ? `${elements[i]!.label} ` : ''}
                  {text}
                </li>
              ))}
            </ol>
          </details>
        ))}
      </section>

      <section className="panel pa-list" id="candidates" aria-labelledby="pa-list-title">
        <div className="detail-conditions__head">
          <h2 id="pa-list-title" className="panel__title">
            {t('list')} <small className="pa-list__count">{t('listCount', { count: list.total })}</small>
          </h2>
          <div className="pa-exports">
            <a className="button" href={`/priorart/export.xlsx?id=${id}&what=list`}>
              {t('exportListXlsx')}
            </a>
            <a className="button" href={`/priorart/export.csv?id=${id}&what=list`}>
              {t('exportListCsv')}
            </a>
          </div>
        </div>
        <p className="pa-list__note">{t('listNote')}</p>
        {chartList && <Island name="ChartListProgress" props={{ id: simulation.id, ...chartList }} />}
        <p className="pa-list__sorts">
          {t('sorts.label')}:{' '}
          {LIST_SORTS.map((sort) =>
            sort === list.sort ? (
              <strong key={sort} className="pa-list__sort is-current" aria-current="true">
                {t(`sorts.${sort}`)}
              </strong>
            ) : (
              <a key={sort} className="pa-list__sort" href={listAddress({ sort })}>
                {t(`sorts.${sort}`)}
              </a>
            ),
          )}
        </p>
        {list.page > list.pageCount ? (
          <PastEndNotice
            className="pa-list__past-end"
            message={t('pager.pastEnd', { page: list.page, count: list.pageCount, documents: t('pager.documents', { count: list.total }) })}
            pages={list.pageCount}
            hrefOf={(page) => listAddress({ page })}
          />
        ) : (
          <div className="pa-list__scroll">
            <table className="pa-list__table" data-testid="candidate-list">
              <thead>
                <tr>
                  <th scope="col">{t('columns.rank')}</th>
                  <th scope="col">{t('columns.matchRate')}</th>
                  <th scope="col">{t('columns.number')}</th>
                  {twoRegions && <th scope="col">{t('columns.region')}</th>}
                  <th scope="col">{t('columns.title')}</th>
                  <th scope="col">{t('columns.applicant')}</th>
                  <th scope="col">{t('columns.ipc')}</th>
                  <th scope="col" title={elements.map((e) => e.label).join(' ')}>
                    {t('columns.verdicts')} <span className="pa-list__labels">{elements.map((e) => e.label).join('')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.documentId}>
                    <td className="pa-list__rank">{row.rank}</td>
                    <td className="pa-list__rate">
                      <span className="pa-meter pa-meter--small" aria-hidden="true">
                        <span className="pa-meter__fill" style={{ width: percent(row.matchRate) }} />
                      </span>
                      {percent(row.matchRate)}
                    </td>
                    <td className="pa-list__number">
                      <a href={`/document-details?docIds=${encodeURIComponent(row.documentId)}`}>{row.number}</a>
                      {row.charted && <span className="fb-badge">{t('chartedMark')}</span>}
                    </td>
                    {twoRegions && (
                      <td className="pa-list__region" data-region={row.region}>
                        {t(`regions.${row.region}`)}
                      </td>
                    )}
                    <td>{row.title}</td>
                    <td>{row.applicants.join(separator)}</td>
                    <td className="pa-list__ipc">{row.subclasses.slice(0, 3).join(' ')}</td>
                    <td className="pa-list__marks">{row.marks.join('')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.pageCount > 1 && list.page <= list.pageCount && (
          <nav className="pager" aria-label={t('list')}>
            {list.page > 1 && (
              <a className="pager__link" href={listAddress({ page: list.page - 1 })} rel="prev">
                {t('pager.previous')}
              </a>
            )}
            <span className="pager__current">{t('pager.page', { page: list.page, pages: list.pageCount })}</span>
            {list.page < list.pageCount && (
              <a className="pager__link" href={listAddress({ page: list.page + 1 })} rel="next">
                {t('pager.next')}
              </a>
            )}
          </nav>
        )}
      </section>

      <section className="panel pa-map" aria-labelledby="pa-map-title" data-testid="priorart-map">
        <h2 id="pa-map-title" className="panel__title">
          {t('map')}
        </h2>
        <p className="fb-hint">{t('mapLead')}</p>
        <Island name="PatentMap" props={{ source: `/api/priorart/map?id=${id}` }} />
      </section>
    </div>
  );
}
