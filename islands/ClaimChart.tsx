// The claim chart of a simulation result (§1, §2 /priorart/result): rows are the invention's
// elements, columns the main, secondary and other compared documents; each cell the verdict
// (○ disclosed, △ partly, × not found) and a snippet of the evidence passage with the matched
// words marked, linked to the paragraph in the document details. Documents can be added from
// the candidate list (evaluated on the server when the simulation did not chart them) and
// removed again. The server renders the first columns; the browser only adds interaction, and
// the marks of documents a claim chart list's job charts while the page is open (charted-event.ts: those announced before it hydrated too).
import { useEffect, useState } from 'react';
import { limitLine, type LimitWording } from '../src/priorart/limit-line.ts';
import { passageHref, type PassagePlace } from '../src/priorart/passage-href.ts';
import type { ChartColumn, ChartMenuCandidate } from '../src/priorart/result-view.ts';
import { ApiError, apiRequest } from './api.ts';
import { onCharted } from './charted-event.ts';
import { useT } from './i18n.tsx';

export interface ClaimChartProps {
  queryId: string;
  elements: Array<{ id: number; label: string; text: string; preamble?: boolean; subject?: boolean }>;
  /** The columns shown first (main, secondary, the next best). */
  columns: ChartColumn[];
  /** Documents that can be added: the best candidates by match rate, marked when their chart is already made (added at once, nothing evaluated). */
  candidates: ChartMenuCandidate[];
  maxColumns: number;
}

const percent = (rate: number) => Math.round(rate * 100);

export default function ClaimChart({ queryId, elements, columns: initial, candidates, maxColumns }: ClaimChartProps) {
  const t = useT();
  const [columns, setColumns] = useState(initial);
  const [choice, setChoice] = useState('');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Documents charted since the page was rendered (the chart-list job, heard of through the progress note's polls, those before this island hydrated included).
  const [chartedSince, setChartedSince] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => onCharted(queryId, (documentIds) => setChartedSince((current) => new Set([...current, ...documentIds]))), [queryId]);
  const shown = new Set(columns.map((column) => column.documentId));
  // Documents of two regions (a second region searched): each column says where it was found.
  const mixedRegions = new Set(columns.map((column) => column.region)).size > 1;
  const full = columns.length >= maxColumns;
  const placeName = (place: PassagePlace) => t(`claimChart.places.${place.kind}`, { number: place.number ?? '' });
  const limitWording: LimitWording = { say: (key, values) => t(`claimChart.${key}`, values), place: placeName, separator: t('claimChart.separator') };

  const add = async (documentId: string) => {
    if (!documentId || shown.has(documentId) || full) return;
    setAdding(true);
    setProblem(null);
    try {
      const column = await apiRequest<ChartColumn>('user', `/priorart/column?id=${encodeURIComponent(queryId)}&documentId=${encodeURIComponent(documentId)}`, { method: 'GET' });
      setColumns((current) => (current.some((c) => c.documentId === column.documentId) ? current : [...current, column]));
      setChoice('');
    } catch (error) {
      setProblem(t('claimChart.failed', { errcode: error instanceof ApiError ? error.errcode : 'E999' }));
    } finally {
      setAdding(false);
    }
  };
  const remove = (documentId: string) => setColumns((current) => (current.length > 1 ? current.filter((column) => column.documentId !== documentId) : current));

  return (
    <div className="claim-chart" data-testid="claim-chart">
      <div className="claim-chart__tools">
        <p className="claim-chart__legend">{t('claimChart.legend')}</p>
        <div className="claim-chart__add">
          <select className="input" value={choice} onChange={(event) => setChoice(event.target.value)} disabled={full || adding} aria-label={t('claimChart.add')} data-testid="chart-candidate">
            <option value="">{full ? t('claimChart.full', { max: maxColumns }) : t('claimChart.addPlaceholder')}</option>
            {candidates
              .filter((candidate) => !shown.has(candidate.documentId))
              .map((candidate) => {
                const charted = candidate.charted || chartedSince.has(candidate.documentId);
                return (
                  <option key={candidate.documentId} value={candidate.documentId} data-charted={charted ? '' : undefined}>
                    {/* One text (an option holds no markup): number — rate — charted — title. */}
                    {[candidate.number, t('claimChart.matchRate', { rate: percent(candidate.matchRate) }), charted ? t('claimChart.chartedMark') : null, candidate.title?.slice(0, 40)]
                      .filter(Boolean)
                      .join(' — ')}
                  </option>
                );
              })}
          </select>
          <button type="button" className="button" disabled={!choice || full || adding} onClick={() => add(choice)} data-testid="chart-add">
            {adding ? t('claimChart.adding') : t('claimChart.add')}
          </button>
        </div>
      </div>
      {problem && (
        <p className="form__alert" role="alert">
          {problem}
        </p>
      )}
      <div className="claim-chart__scroll">
        <table className="claim-chart__table">
          <thead>
            <tr>
              <th scope="col" className="claim-chart__element-head">
                {t('claimChart.element')}
              </th>
              {columns.map((column) => (
                <th key={column.documentId} scope="col" className={`claim-chart__doc claim-chart__doc--${column.role}`} data-document={column.documentId}>
                  <span className={`claim-chart__role claim-chart__role--${column.role}`}>{t(`claimChart.${column.role}`)}</span>
                  <a className="claim-chart__number" href={`/document-details?docIds=${encodeURIComponent(column.documentId)}`} target="_blank" rel="noopener">
                    {column.number}
                  </a>
                  {mixedRegions && (
                    <span className="claim-chart__region" data-region={column.region}>
                      {t(`claimChart.regions.${column.region}`)}
                    </span>
                  )}
                  <span className="claim-chart__title">{column.title}</span>
                  {column.applicants.length > 0 && <span className="claim-chart__applicant">{column.applicants.join(t('claimChart.separator'))}</span>}
                  <span className="claim-chart__rate">{t('claimChart.matchRate', { rate: percent(column.matchRate) })}</span>
                  {columns.length > 1 && (
                    <button type="button" className="claim-chart__remove" onClick={() => remove(column.documentId)} aria-label={t('claimChart.remove', { document: column.number })}>
                      <span aria-hidden="true">×</span>
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {elements.map((element, row) => (
              <tr key={element.id}>
                <th scope="row" className="claim-chart__element">
                  <span className="claim-chart__label">{element.label}</span>
                  <span className="claim-chart__element-text">{element.text}</span>
                  {element.preamble && <span className="claim-chart__element-role">{t(element.subject ? 'claimChart.subject' : 'claimChart.preamble')}</span>}
                </th>
                {columns.map((column) => {
                  const cell = column.cells[row];
                  if (!cell) return <td key={column.documentId} />;
                  const place = cell.place ? placeName(cell.place) : null;
                  const href = cell.href ?? (cell.place ? passageHref(column.documentId, cell.place, cell.words) : null);
                  return (
                    <td key={column.documentId} className={`claim-chart__cell claim-chart__cell--${cell.verdict}`} data-verdict={cell.verdict}>
                      <span className="claim-chart__mark" title={t(`claimChart.verdicts.${cell.verdict}`)}>
                        {cell.mark}
                        <span className="fb-sr">{t(`claimChart.verdicts.${cell.verdict}`)}</span>
                      </span>
                      {place && href && (
                        <a className="claim-chart__place" href={href} target="_blank" rel="noopener" title={t('claimChart.open', { place })} data-testid="evidence-link">
                          {place}
                        </a>
                      )}
                      {cell.snippet.length > 0 ? (
                        <span className="claim-chart__snippet">{cell.snippet.map((run, i) => (i % 2 === 1 ? <mark key={i}>{run}</mark> : run))}</span>
                      ) : (
                        !place && <span className="claim-chart__none">{t('claimChart.noPassage')}</span>
                      )}
                      {cell.limit && (
                        <span className="claim-chart__limit" data-testid="limit">
                          {limitLine(cell.limit, limitWording)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
