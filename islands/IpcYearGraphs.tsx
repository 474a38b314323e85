// IPC by filing year graphs of a simple search (§1): line, stacked vertical bar and
// bubble charts of the documents per IPC code and filing year, at a chosen IPC level,
// with the §3 graph options of each graph kept in the browser. The server renders the
// chart (visible without JavaScript); hydrated, it switches charts and follows options.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { IPC_LEVELS, type IpcLevel, type IpcYearGraphData } from '../src/search/result-types.ts';
import { useT } from './i18n.tsx';
import { BarChart, BubbleChart, LineChart, number, type ChartLabels, type ChartProps, type Hover } from './ipc-graphs/charts.tsx';
import { downloadSvg } from './ipc-graphs/download.ts';
import { CHART_IDS, DEFAULT_OPTIONS, initialState, parseStoredState, shownGraph, STORAGE_KEY, withLegends, type ChartId, type GraphsState, type StoredGraphOptions } from './ipc-graphs/model.ts';
import { OptionsPanel } from './ipc-graphs/OptionsPanel.tsx';

export interface IpcYearGraphsProps {
  data: IpcYearGraphData;
  /** The chart shown first (line unless told). */
  initialChart?: ChartId;
  /** The IPC level shown first (subclass unless told). */
  initialLevel?: IpcLevel;
}

const CHARTS = { line: LineChart, bar: BarChart, bubble: BubbleChart } satisfies Record<ChartId, (props: ChartProps) => unknown>;

/** The chart width before the browser measures its box: the search page's panel at full width. */
const DEFAULT_WIDTH = 1140;

export default function IpcYearGraphs({ data, initialChart = 'line', initialLevel = 'subclass' }: IpcYearGraphsProps) {
  const t = useT();
  const idPrefix = `ipcg${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<GraphsState>(() => initialState(initialChart, initialLevel));
  const [restored, setRestored] = useState(false);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [hover, setHover] = useState<Hover | null>(null);
  const [emphasis, setEmphasis] = useState<string | null>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const plotRef = useRef<HTMLDivElement>(null);

  // Options saved in this browser; read after hydration so the server's HTML matches the first render.
  useEffect(() => {
    try {
      setState((current) => parseStoredState(localStorage.getItem(STORAGE_KEY), current));
    } catch {
      // storage switched off: the defaults stay
    }
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!restored) return;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // full or switched off: the options last for this page only
    }
  }, [state, restored]);

  // Draw at the box's real width so text keeps its size.
  useEffect(() => {
    const element = plotRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 200) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { chart, level } = state;
  const options = state.options[chart];
  const graph = useMemo(() => shownGraph(data, level, options), [data, level, options]);
  // What the pointer was on may be gone once the chart, level or options change.
  useEffect(() => setHover(null), [state]);
  const emphasised = emphasis !== null && graph.series.some((series) => series.code === emphasis) ? emphasis : null;
  const setOptions = (next: StoredGraphOptions) => setState((current) => ({ ...current, options: { ...current.options, [current.chart]: next } }));
  const chartName = t(`ipcGraphs.charts.${chart}`);
  const levelName = t(`ipcGraphs.levels.${level}`);
  const graphedCount = data.documentCount - data.undatedCount;

  if (data.years.length === 0) {
    return (
      <div className="ipc-graphs ipc-graphs--empty">
        <p className="ipc-graphs__empty">{t('ipcGraphs.empty', { documents: number(data.documentCount) })}</p>
      </div>
    );
  }

  const labels: ChartLabels = {
    title: t('ipcGraphs.svgTitle', { level: levelName, chart: chartName, from: graph.years[0] ?? '', to: graph.years.at(-1) ?? '' }),
    year: t('ipcGraphs.axis.year'),
    count: t('ipcGraphs.axis.count'),
    ipc: t('ipcGraphs.axis.ipc'),
    yearTotal: t('ipcGraphs.tooltip.yearTotal'),
    total: t('ipcGraphs.total'),
    noneShown: t(graph.years.length ? 'ipcGraphs.noneShown' : 'ipcGraphs.noYears'),
  };
  const Chart = CHARTS[chart];
  const legendCodes = graph.legend.map((entry) => entry.code);
  const tooltipLeft = hover && hover.x > width * 0.62;

  return (
    <div className="ipc-graphs" data-chart={chart} data-level={level}>
      <div className="ipc-graphs__toolbar">
        <div className="ipc-graphs__types" role="group" aria-label={t('ipcGraphs.chartType')}>
          {CHART_IDS.map((id) => (
            <button
              key={id}
              type="button"
              className={`ipc-graphs__type${id === chart ? ' is-current' : ''}`}
              aria-pressed={id === chart}
              data-chart={id}
              onClick={() => {
                setHover(null);
                setState((current) => ({ ...current, chart: id }));
              }}
            >
              <ChartIcon chart={id} />
              {t(`ipcGraphs.charts.${id}`)}
            </button>
          ))}
        </div>
        <label className="ipc-graphs__level">
          <span>{t('ipcGraphs.level')}</span>
          <select className="input" value={level} onChange={(event) => setState((current) => ({ ...current, level: event.target.value as IpcLevel }))}>
            {IPC_LEVELS.map((id) => (
              <option key={id} value={id}>
                {t(`ipcGraphs.levelOptions.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="ipc-graphs__spacer" />
        <button type="button" className="button ipc-graphs__tool" aria-expanded={optionsOpen} aria-controls={`${idPrefix}-options`} onClick={() => setOptionsOpen((open) => !open)}>
          {t('ipcGraphs.optionsButton')}
        </button>
        <button
          type="button"
          className="button ipc-graphs__tool"
          onClick={() => {
            const svg = plotRef.current?.querySelector('svg');
            if (svg) downloadSvg(svg, chart === 'bubble' ? [] : graph.series, `ipc-${level}-${chart}.svg`);
          }}
        >
          {t('ipcGraphs.download')}
        </button>
      </div>

      {optionsOpen && (
        <OptionsPanel
          id={`${idPrefix}-options`}
          chartName={chartName}
          options={options}
          yearBounds={[data.years[0]!, data.years.at(-1)!]}
          yearCount={data.years.length}
          bubble={chart === 'bubble'}
          onChange={setOptions}
          onReset={() => setOptions({ ...DEFAULT_OPTIONS })}
        />
      )}

      <p className="ipc-graphs__note">
        {t('ipcGraphs.note', { count: graphedCount, documents: number(data.documentCount), graphed: number(graphedCount) })}
        {data.undatedCount > 0 && ` ${t('ipcGraphs.noteUndated', { undated: number(data.undatedCount) })}`} {t('ipcGraphs.noteCounting')}
        {chart === 'bar' && ` ${t('ipcGraphs.noteStacked')}`}
      </p>
      <p className="ipc-graphs__shown" data-testid="ipc-graphs-shown">
        {graph.years.length
          ? t('ipcGraphs.shown', { level: levelName, from: graph.years[0]!, to: graph.years.at(-1)!, columns: graph.years.length, codes: graph.series.length })
          : t('ipcGraphs.noYears')}
      </p>

      <div className="ipc-graphs__legend" role="group" aria-label={t('ipcGraphs.legend')}>
        {graph.legend.map((entry) => (
          <button
            key={entry.code}
            type="button"
            className={`ipc-graphs__legend-item${entry.on ? '' : ' is-off'}`}
            aria-pressed={entry.on}
            title={t('ipcGraphs.legendToggle')}
            data-code={entry.code}
            onClick={() => setOptions(withLegends(options, [entry.code], !entry.on))}
            onMouseEnter={() => entry.on && setEmphasis(entry.code)}
            onMouseLeave={() => setEmphasis(null)}
            onFocus={() => entry.on && setEmphasis(entry.code)}
            onBlur={() => setEmphasis(null)}
          >
            <span className="ipc-graphs__swatch" style={{ background: entry.colour }} aria-hidden="true" />
            <span className="ipc-graphs__legend-code">{entry.code}</span>
            <span className="ipc-graphs__legend-total">{number(entry.total)}</span>
          </button>
        ))}
        <span className="ipc-graphs__legend-actions">
          <button type="button" className="ipc-graphs__link" onClick={() => setOptions(withLegends(options, legendCodes, true))}>
            {t('ipcGraphs.legendAll')}
          </button>
          <button type="button" className="ipc-graphs__link" onClick={() => setOptions(withLegends(options, legendCodes, false))}>
            {t('ipcGraphs.legendNone')}
          </button>
        </span>
      </div>

      <div className="ipc-graphs__plot" ref={plotRef}>
        <Chart graph={graph} options={options} width={width} labels={labels} idPrefix={idPrefix} emphasis={emphasised} hover={hover} onHover={setHover} />
        {hover && (
          <div
            className={`ipc-graphs__tooltip${tooltipLeft ? ' is-left' : ''}`}
            style={{ left: hover.x, top: hover.y }}
            aria-hidden="true"
          >
            <strong className="ipc-graphs__tooltip-title">{hover.title}</strong>
            <dl>
              {hover.rows.map((row) => (
                <div key={row.label} className="ipc-graphs__tooltip-row">
                  <dt>
                    {row.colour && <span className="ipc-graphs__swatch" style={{ background: row.colour }} aria-hidden="true" />}
                    {row.label}
                  </dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>

      <details className="ipc-graphs__table">
        <summary>{t('ipcGraphs.table')}</summary>
        <div className="ipc-graphs__table-scroll">
          <table className="table">
            <caption>{labels.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ipcGraphs.levels.' + level)}</th>
                {graph.years.map((year) => (
                  <th key={year} scope="col">
                    {year}
                  </th>
                ))}
                <th scope="col">{labels.total}</th>
              </tr>
            </thead>
            <tbody>
              {graph.series.map((series) => (
                <tr key={series.code}>
                  <th scope="row">{series.code}</th>
                  {series.counts.map((count, index) => (
                    <td key={graph.years[index]} className={count === 0 ? 'is-zero' : undefined}>
                      {number(count)}
                    </td>
                  ))}
                  <td>{number(series.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** Small pictures on the chart-type buttons. */
function ChartIcon({ chart }: { chart: ChartId }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.6">
      {chart === 'line' && <path d="M1.5 12.5 5.5 7l3 3 6-7" strokeLinejoin="round" strokeLinecap="round" />}
      {chart === 'bar' && (
        <g fill="currentColor" stroke="none">
          <rect x="2" y="8" width="3" height="6" />
          <rect x="6.5" y="4" width="3" height="10" />
          <rect x="11" y="6" width="3" height="8" />
        </g>
      )}
      {chart === 'bubble' && (
        <g fill="currentColor" stroke="none">
          <circle cx="4.5" cy="10.5" r="2.5" />
          <circle cx="10.5" cy="5.5" r="3.5" />
          <circle cx="12.5" cy="12.5" r="1.5" />
        </g>
      )}
    </svg>
  );
}
