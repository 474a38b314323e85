// The three IPC-by-filing-year charts as React SVG: d3 does the maths (scales, ticks,
// paths, stacking), React draws, so the server's HTML already holds the chart. Styling is
// in presentation attributes, not the stylesheet, so a downloaded SVG looks the same.
import { format, lab, line, max as maxOf, scaleBand, scaleLinear, scaleSqrt, stack, tickStep, type ScaleBand, type ScaleLinear } from 'd3';
import type { ReactNode } from 'react';
import type { ShownGraph, ShownSeries, StoredGraphOptions } from './model.ts';

export const number = format(',');

export interface TooltipRow {
  colour?: string;
  label: string;
  value: string;
}

/** What the pointer is on: a key the chart highlights, and where and what the tooltip shows. */
export interface Hover {
  key: string;
  x: number;
  y: number;
  title: string;
  rows: TooltipRow[];
}

export interface ChartLabels {
  title: string;
  year: string;
  count: string;
  ipc: string;
  yearTotal: string;
  total: string;
  noneShown: string;
}

export interface ChartProps {
  graph: ShownGraph;
  options: StoredGraphOptions;
  width: number;
  labels: ChartLabels;
  /** Unique per island, for the clip path and the title. */
  idPrefix: string;
  /** The legend entry under the pointer: other series fade. */
  emphasis: string | null;
  hover: Hover | null;
  onHover: (hover: Hover | null) => void;
}

const TEXT = '#1b2233';
const MUTED = '#5b6475';
const GRID = '#e6e9f0';
const AXIS = '#aab2c0';
const FONT = '"Noto Sans JP", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic UI", "Segoe UI", system-ui, sans-serif';

const ordered = (range: { min: number | null; max: number | null }) =>
  range.min !== null && range.max !== null && range.min > range.max ? { min: range.max, max: range.min } : range;

/** The count axis: the options' range, else 0 to a round number above the largest value. */
export function countScale(largest: number, vertical: StoredGraphOptions['vertical'], bottom: number, top: number): ScaleLinear<number, number> {
  const { min, max } = ordered(vertical);
  const low = min ?? 0;
  let high = max ?? Math.max(largest, low + 1);
  if (max === null) {
    // Headroom above the largest value, up to a round number.
    const step = Math.max(1, tickStep(low, high, 5));
    high = Math.ceil((high + (high - low) * 0.04) / step) * step;
  }
  if (high <= low) high = low + 1;
  return scaleLinear().domain([low, high]).range([bottom, top]);
}

/** Whole-number ticks only: counts are documents. */
const countTicks = (y: ScaleLinear<number, number>) => y.ticks(6).filter((tick) => Number.isInteger(tick));

/** Year labels every so many columns so they never overlap; the latest year always labelled. */
function yearLabelStep(columns: number, plotWidth: number): number {
  const fit = Math.max(1, Math.floor(plotWidth / 40));
  const step = Math.ceil(columns / fit);
  return [1, 2, 5, 10, 20, 50].find((s) => s >= step) ?? step;
}

interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const yearScale = (years: number[], frame: Frame, padding = 0.2) =>
  scaleBand<number>().domain(years).range([frame.left, frame.width - frame.right]).paddingInner(padding).paddingOuter(padding / 2);

function Svg({ frame, labels, idPrefix, children }: { frame: Frame; labels: ChartLabels; idPrefix: string; children: ReactNode }) {
  return (
    <svg
      className="ipc-graphs__svg"
      xmlns="http://www.w3.org/2000/svg"
      width="100%"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      role="img"
      aria-labelledby={`${idPrefix}-title`}
      fontFamily={FONT}
      fontSize={12}
    >
      <title id={`${idPrefix}-title`}>{labels.title}</title>
      <defs>
        <clipPath id={`${idPrefix}-plot`}>
          {/* A little over the plot's top so markers on the upper bound are not cut in half. */}
          <rect x={frame.left} y={frame.top - 6} width={Math.max(0, frame.width - frame.left - frame.right)} height={Math.max(0, frame.height - frame.top - frame.bottom + 6)} />
        </clipPath>
      </defs>
      {children}
    </svg>
  );
}

function YearAxis({ x, frame, label, active }: { x: ScaleBand<number>; frame: Frame; label: string; active?: number }) {
  const years = x.domain();
  const step = yearLabelStep(years.length, frame.width - frame.left - frame.right);
  const baseline = frame.height - frame.bottom;
  return (
    <g aria-hidden="true">
      <line x1={frame.left} x2={frame.width - frame.right} y1={baseline} y2={baseline} stroke={AXIS} />
      {years.map((year, index) => {
        const labelled = (years.length - 1 - index) % step === 0;
        const cx = x(year)! + x.bandwidth() / 2;
        return (
          <g key={year} transform={`translate(${cx},${baseline})`}>
            <line y2={labelled ? 6 : 3} stroke={AXIS} />
            {labelled && (
              <text y={20} textAnchor="middle" fill={year === active ? TEXT : MUTED} fontWeight={year === active ? 700 : 400}>
                {year}
              </text>
            )}
          </g>
        );
      })}
      <text x={(frame.left + frame.width - frame.right) / 2} y={frame.height - 6} textAnchor="middle" fill={TEXT} fontWeight={600}>
        {label}
      </text>
    </g>
  );
}

function CountAxis({ y, frame, label }: { y: ScaleLinear<number, number>; frame: Frame; label: string }) {
  return (
    <g aria-hidden="true">
      {countTicks(y).map((tick) => (
        <g key={tick} transform={`translate(0,${y(tick)})`}>
          <line x1={frame.left} x2={frame.width - frame.right} stroke={GRID} />
          <text x={frame.left - 8} dy="0.32em" textAnchor="end" fill={MUTED} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {number(tick)}
          </text>
        </g>
      ))}
      <text x={8} y={frame.top - 14} fill={TEXT} fontWeight={600}>
        {label}
      </text>
    </g>
  );
}

function NoneShown({ frame, text }: { frame: Frame; text: string }) {
  return (
    <text x={(frame.left + frame.width - frame.right) / 2} y={(frame.top + frame.height - frame.bottom) / 2} textAnchor="middle" fill={MUTED}>
      {text}
    </text>
  );
}

const faded = (emphasis: string | null, code: string) => (emphasis !== null && emphasis !== code ? 0.15 : 1);

const countFrame = (width: number, largest: number): Frame => ({
  width,
  height: Math.round(Math.min(410, Math.max(280, width * 0.42))),
  left: 24 + String(number(largest)).length * 7,
  right: 16,
  top: 34,
  bottom: 52,
});

/** Line chart: one line per IPC code; the pointer picks a year and the tooltip lists every line there. */
export function LineChart({ graph, options, width, labels, idPrefix, emphasis, hover, onHover }: ChartProps) {
  const { years, series } = graph;
  const largest = maxOf(series, (s) => maxOf(s.counts)) ?? 0;
  const frame = countFrame(width, Math.max(largest, options.vertical.max ?? 0));
  const x = yearScale(years, frame, 0.1);
  const y = countScale(largest, options.vertical, frame.height - frame.bottom, frame.top);
  const cx = (year: number) => x(year)! + x.bandwidth() / 2;
  const path = line<number>()
    .x((_, index) => cx(years[index]!))
    .y((count) => y(count));
  const activeYear = hover?.key.startsWith('year:') ? Number(hover.key.slice(5)) : undefined;
  const drawn = [...series].reverse(); // the largest on top
  return (
    <Svg frame={frame} labels={labels} idPrefix={idPrefix}>
      <CountAxis y={y} frame={frame} label={labels.count} />
      <YearAxis x={x} frame={frame} label={labels.year} active={activeYear} />
      {activeYear !== undefined && <line x1={cx(activeYear)} x2={cx(activeYear)} y1={frame.top} y2={frame.height - frame.bottom} stroke={AXIS} strokeDasharray="3 3" />}
      <g clipPath={`url(#${idPrefix}-plot)`}>
        {drawn.map((s) => (
          <g key={s.code} opacity={faded(emphasis, s.code)} data-code={s.code}>
            <path d={path(s.counts) ?? ''} fill="none" stroke={s.colour} strokeWidth={emphasis === s.code ? 3.5 : 2.25} strokeLinejoin="round" strokeLinecap="round" />
            {s.counts.map((count, index) => (
              <circle key={years[index]} cx={cx(years[index]!)} cy={y(count)} r={years[index] === activeYear ? 4.5 : years.length > 30 ? 2 : 3} fill={years[index] === activeYear ? s.colour : '#fff'} stroke={s.colour} strokeWidth={1.5} />
            ))}
          </g>
        ))}
      </g>
      {series.length === 0 && <NoneShown frame={frame} text={labels.noneShown} />}
      {series.length > 0 && (
        <g onMouseLeave={() => onHover(null)}>
          {years.map((year, index) => (
          <rect
            key={year}
            x={x(year)! - (x.step() - x.bandwidth()) / 2}
            y={frame.top}
            width={x.step()}
            height={frame.height - frame.top - frame.bottom}
            fill="transparent"
            onMouseEnter={() =>
              onHover({
                key: `year:${year}`,
                x: cx(year),
                y: frame.top + 8,
                title: `${labels.year} ${year}`,
                rows: [...series].sort((a, b) => b.counts[index]! - a.counts[index]!).map((s) => ({ colour: s.colour, label: s.code, value: number(s.counts[index]!) })),
              })
            }
          />
          ))}
        </g>
      )}
    </Svg>
  );
}

/**
 * Stacked vertical bars: a column per year, a segment per code, the largest code at the
 * bottom. Stacked rather than grouped because grouped bars of ten codes over twenty
 * years are two hundred slivers; stacks keep each year one readable column.
 */
export function BarChart({ graph, options, width, labels, idPrefix, emphasis, hover, onHover }: ChartProps) {
  const { years, series } = graph;
  const rows = years.map((_, index) => Object.fromEntries(series.map((s) => [s.code, s.counts[index]!])));
  const layers = stack<Record<string, number>>().keys(series.map((s) => s.code))(rows);
  const totals = years.map((_, index) => series.reduce((sum, s) => sum + s.counts[index]!, 0));
  const largest = maxOf(totals) ?? 0;
  const frame = countFrame(width, Math.max(largest, options.vertical.max ?? 0));
  const x = yearScale(years, frame, 0.25);
  const y = countScale(largest, options.vertical, frame.height - frame.bottom, frame.top);
  const activeYear = hover?.key.startsWith('bar:') ? Number(hover.key.split(':')[2]) : undefined;
  const showTotals = x.bandwidth() >= 18;
  return (
    <Svg frame={frame} labels={labels} idPrefix={idPrefix}>
      <CountAxis y={y} frame={frame} label={labels.count} />
      <YearAxis x={x} frame={frame} label={labels.year} active={activeYear} />
      <g clipPath={`url(#${idPrefix}-plot)`}>
        {layers.map((layer, layerIndex) => {
          const s = series[layerIndex]!;
          return (
            <g key={s.code} fill={s.colour} opacity={faded(emphasis, s.code)} data-code={s.code}>
              {layer.map(([low, high], index) => {
                if (high === low) return null;
                const year = years[index]!;
                const key = `bar:${s.code}:${year}`;
                return (
                  <rect
                    key={year}
                    x={x(year)}
                    y={y(high)}
                    width={x.bandwidth()}
                    height={Math.max(0, y(low) - y(high))}
                    stroke={hover?.key === key ? TEXT : '#fff'}
                    strokeWidth={hover?.key === key ? 1.5 : 0.75}
                    onMouseEnter={() =>
                      onHover({
                        key,
                        x: x(year)! + x.bandwidth() / 2,
                        y: y(high),
                        title: s.code,
                        rows: [
                          { label: labels.year, value: String(year) },
                          { colour: s.colour, label: labels.count, value: number(high - low) },
                          { label: labels.yearTotal, value: number(totals[index]!) },
                        ],
                      })
                    }
                    onMouseLeave={() => onHover(null)}
                  />
                );
              })}
            </g>
          );
        })}
      </g>
      <g aria-hidden="true" pointerEvents="none">
        {showTotals &&
          years.map((year, index) =>
            totals[index]! > 0 && totals[index]! <= y.domain()[1]! ? (
              <text key={year} x={x(year)! + x.bandwidth() / 2} y={y(totals[index]!) - 5} textAnchor="middle" fontSize={11} fill={MUTED}>
                {number(totals[index]!)}
              </text>
            ) : null,
          )}
      </g>
      {series.length === 0 && <NoneShown frame={frame} text={labels.noneShown} />}
    </Svg>
  );
}

/** Dark text on light bubbles, white on dark ones. */
const labelColour = (fill: string) => (lab(fill).l > 64 ? TEXT : '#fff');

/**
 * Bubbles: years across, IPC codes down, bubble area proportional to the count, the
 * count written on each bubble. The vertical range of the options is the count range:
 * bubbles below its minimum are left out, its maximum sizes the largest bubble.
 */
export function BubbleChart({ graph, options, width, labels, idPrefix, emphasis, hover, onHover }: ChartProps) {
  const { years, series } = graph;
  const longest = Math.max(4, ...series.map((s) => s.code.length));
  const rowHeight = 40;
  const frame: Frame = { width, height: 20 + Math.max(1, series.length) * rowHeight + 52, left: 24 + longest * 7.5, right: 64, top: 20, bottom: 52 };
  const x = yearScale(years, frame, 0.05);
  const rowsScale = scaleBand<string>().domain(series.map((s) => s.code)).range([frame.top, frame.height - frame.bottom]);
  const { min, max } = ordered(options.vertical);
  const largest = max ?? Math.max(1, maxOf(series, (s) => maxOf(s.counts)) ?? 1);
  const radius = scaleSqrt()
    .domain([0, largest])
    .range([0, Math.max(3, Math.min(x.bandwidth(), rowHeight) / 2 - 1)])
    .clamp(true);
  const activeYear = hover?.key.startsWith('bubble:') ? Number(hover.key.split(':').at(-1)) : undefined;
  const totalX = frame.width - frame.right + 12;
  return (
    <Svg frame={frame} labels={labels} idPrefix={idPrefix}>
      <YearAxis x={x} frame={frame} label={labels.year} active={activeYear} />
      {series.length > 0 && (
        <g fill={MUTED} fontSize={11} aria-hidden="true">
          <text x={frame.left - 10} y={frame.top - 6} textAnchor="end">
            {labels.ipc}
          </text>
          <text x={totalX} y={frame.top - 6}>
            {labels.total}
          </text>
        </g>
      )}
      {series.map((s: ShownSeries) => {
        const cy = rowsScale(s.code)! + rowsScale.bandwidth() / 2;
        return (
          <g key={s.code} opacity={faded(emphasis, s.code)} data-code={s.code}>
            <line x1={frame.left} x2={frame.width - frame.right} y1={cy} y2={cy} stroke={GRID} />
            <text x={frame.left - 10} y={cy} dy="0.32em" textAnchor="end" fill={TEXT} fontWeight={600}>
              {s.code}
            </text>
            <text x={totalX} y={cy} dy="0.32em" fill={MUTED} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {number(s.total)}
            </text>
            {s.counts.map((count, index) => {
              if (count === 0 || (min !== null && count < min)) return null;
              const year = years[index]!;
              const cx = x(year)! + x.bandwidth() / 2;
              const r = Math.max(2, radius(count));
              const key = `bubble:${s.code}:${year}`;
              return (
                <g key={year}>
                  <circle
                    cx={cx}
                    cy={cy}
                    r={r}
                    fill={s.colour}
                    fillOpacity={0.85}
                    stroke={hover?.key === key ? TEXT : s.colour}
                    strokeWidth={hover?.key === key ? 2 : 1}
                    onMouseEnter={() =>
                      onHover({
                        key,
                        x: cx,
                        y: cy - r,
                        title: s.code,
                        rows: [
                          { label: labels.year, value: String(year) },
                          { colour: s.colour, label: labels.count, value: number(count) },
                        ],
                      })
                    }
                    onMouseLeave={() => onHover(null)}
                  />
                  {/* On the bubble when it holds the number, else just above it. */}
                  <text
                    x={cx}
                    y={r >= 9 ? cy : cy - r - 3}
                    dy={r >= 9 ? '0.35em' : undefined}
                    textAnchor="middle"
                    fontSize={r >= 9 ? (count >= 1000 ? 9 : 11) : 10}
                    fontWeight={600}
                    fill={r >= 9 ? labelColour(s.colour) : MUTED}
                    pointerEvents="none"
                    aria-hidden="true"
                  >
                    {number(count)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
      {series.length === 0 && <NoneShown frame={frame} text={labels.noneShown} />}
    </Svg>
  );
}
