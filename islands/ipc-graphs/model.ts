// What the IPC graphs draw, worked out from the data and the §3 graph options: pure
// functions shared by the three charts, the legend and the data table.
import { interpolateRgb, schemeTableau10 } from 'd3';
import { IPC_LEVELS, type GraphOptions, type IpcLevel, type IpcYearGraphData } from '../../src/search/result-types.ts';

export const CHART_IDS = ['line', 'bar', 'bubble'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** Most codes a level holds (the aggregation keeps the top 20). */
export const MAX_CODES = 20;

/**
 * Graph options as kept in the browser. `legends` lists the codes switched on among
 * `offered`, the codes the legend showed when the choice was made: a code never offered
 * (another search, another level) is on, so a choice made on one result never blanks
 * the graphs of the next.
 */
export interface StoredGraphOptions extends GraphOptions {
  offered: string[];
}

export const DEFAULT_OPTIONS: StoredGraphOptions = {
  horizontal: { min: null, max: null },
  vertical: { min: null, max: null },
  legends: [],
  offered: [],
  // 20 years: a patent's term, and as many columns as a bubble row shows readably.
  horizontalColumns: 20,
  // 10 codes: as many colours as stay apart at a glance.
  horizontalBars: 10,
};

const defaults = (): Record<ChartId, StoredGraphOptions> => ({ line: { ...DEFAULT_OPTIONS }, bar: { ...DEFAULT_OPTIONS }, bubble: { ...DEFAULT_OPTIONS } });

export interface GraphsState {
  chart: ChartId;
  level: IpcLevel;
  options: Record<ChartId, StoredGraphOptions>;
}

export const initialState = (chart: ChartId = 'line', level: IpcLevel = 'subclass'): GraphsState => ({ chart, level, options: defaults() });

// ---- colours -------------------------------------------------------------------------

/**
 * Tableau 10 for the ten most frequent codes, lighter tints of it for the next ten. A code's
 * colour follows its rank in its level (not in the shown years), so it is the same in all three charts.
 */
export const PALETTE: readonly string[] = [...schemeTableau10, ...schemeTableau10.map((colour) => interpolateRgb(colour, '#ffffff')(0.45))];

// ---- what is shown -------------------------------------------------------------------

export interface ShownSeries {
  code: string;
  colour: string;
  /** Counts aligned to ShownGraph.years. */
  counts: number[];
  /** Documents in the shown years. */
  total: number;
  /** Switched on in the legend. */
  on: boolean;
}

export interface ShownGraph {
  /** The year columns drawn (range, then the latest horizontalColumns). */
  years: number[];
  /** The legend: the codes with most documents in those years, at most horizontalBars. */
  legend: ShownSeries[];
  /** The legend entries switched on: what is drawn. */
  series: ShownSeries[];
}

export const isOn = (options: Pick<StoredGraphOptions, 'legends' | 'offered'>, code: string): boolean =>
  !options.offered.includes(code) || options.legends.includes(code);

export function shownGraph(data: IpcYearGraphData, level: IpcLevel, options: StoredGraphOptions): ShownGraph {
  const { min, max } = options.horizontal;
  // A crossed range (start after end) is read the other way round.
  const from = min !== null && max !== null ? Math.min(min, max) : (min ?? -Infinity);
  const to = min !== null && max !== null ? Math.max(min, max) : (max ?? Infinity);
  const inRange = data.years.map((year, index) => ({ year, index })).filter(({ year }) => year >= from && year <= to);
  const columns = inRange.slice(-Math.max(1, options.horizontalColumns));
  const legend = data.levels[level]
    .map((series, rank) => {
      const counts = columns.map(({ index }) => series.counts[index] ?? 0);
      return { code: series.code, colour: PALETTE[rank % PALETTE.length]!, counts, total: counts.reduce((sum, n) => sum + n, 0), on: isOn(options, series.code), rank };
    })
    .filter((series) => series.total > 0)
    .sort((a, b) => b.total - a.total || a.rank - b.rank)
    .slice(0, Math.max(1, options.horizontalBars))
    .map(({ rank: _, ...series }) => series);
  return { years: columns.map(({ year }) => year), legend, series: legend.filter((series) => series.on) };
}

/** Legend changes: switch codes on or off among those offered now. */
export function withLegends(options: StoredGraphOptions, codes: string[], on: boolean): StoredGraphOptions {
  const offered = [...new Set([...codes, ...options.offered])].slice(0, 400);
  const legends = on ? [...new Set([...codes, ...options.legends])] : options.legends.filter((code) => !codes.includes(code));
  return { ...options, offered, legends: legends.filter((code) => offered.includes(code)) };
}

// ---- keeping the options -------------------------------------------------------------

export const STORAGE_KEY = 'hatsumei:ipc-graphs';

const finiteOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 400) : []);
const range = (value: unknown): { min: number | null; max: number | null } => {
  const { min, max } = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return { min: finiteOrNull(min), max: finiteOrNull(max) };
};
const clampInt = (value: unknown, low: number, high: number, fallback: number): number => {
  const n = finiteOrNull(value);
  return n === null ? fallback : Math.min(high, Math.max(low, n));
};

/** Options read back from storage, whatever it holds: anything unusable falls back to the default. */
export function normaliseOptions(value: unknown): StoredGraphOptions {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    horizontal: range(raw.horizontal),
    vertical: range(raw.vertical),
    legends: strings(raw.legends),
    offered: strings(raw.offered),
    horizontalColumns: clampInt(raw.horizontalColumns, 1, 500, DEFAULT_OPTIONS.horizontalColumns),
    horizontalBars: clampInt(raw.horizontalBars, 1, MAX_CODES, DEFAULT_OPTIONS.horizontalBars),
  };
}

export function parseStoredState(text: string | null, fallback: GraphsState): GraphsState {
  if (!text) return fallback;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const options = (raw.options && typeof raw.options === 'object' ? raw.options : {}) as Record<string, unknown>;
    return {
      chart: CHART_IDS.includes(raw.chart as ChartId) ? (raw.chart as ChartId) : fallback.chart,
      level: IPC_LEVELS.includes(raw.level as IpcLevel) ? (raw.level as IpcLevel) : fallback.level,
      options: Object.fromEntries(CHART_IDS.map((id) => [id, id in options ? normaliseOptions(options[id]) : fallback.options[id]])) as GraphsState['options'],
    };
  } catch {
    return fallback;
  }
}
