// The manager's GPT usage page: the company's spend per day of the billing month as bars (d3
// scales, SVG). Rendered on the server, so it reads without JavaScript; each bar names its day
// and amount (hover title and the chart's text alternative).
import { max as maxOf, scaleBand, scaleLinear } from 'd3';
import { formatUsd } from '../src/manage/gpt-usage/rules.ts';
import { useT } from './i18n.tsx';

export interface GptUsageChartProps {
  /** Every day of the month ('yyyy-mm-dd') with its spend in dollars. */
  days: Array<{ day: string; costUsd: number }>;
}

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 64 };

export default function GptUsageChart({ days }: GptUsageChartProps) {
  const t = useT();
  const x = scaleBand<string>().domain(days.map((entry) => entry.day)).range([MARGIN.left, WIDTH - MARGIN.right]).padding(0.2);
  const top = maxOf(days, (entry) => entry.costUsd) ?? 0;
  const y = scaleLinear().domain([0, top > 0 ? top : 1]).nice(4).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const ticks = y.ticks(4);
  const busiest = days.reduce((best, entry) => (entry.costUsd > best.costUsd ? entry : best), days[0] ?? { day: '', costUsd: 0 });
  const dayNumber = (day: string) => Number(day.slice(8));
  const label = t('manageGptUsage.chart.summary', { days: days.filter((entry) => entry.costUsd > 0).length, busiest: dayNumber(busiest.day), amount: formatUsd(busiest.costUsd) });

  return (
    <figure className="gpt-usage-chart" data-testid="gpt-usage-chart">
      <figcaption className="gpt-usage-chart__caption">{t('manageGptUsage.chart.title')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="gpt-usage-chart__svg">
        {ticks.map((tick) => (
          <g key={tick} transform={`translate(0,${y(tick)})`}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} stroke="#e6eaf2" />
            <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end" fontSize="11" fill="#5b6478">
              {formatUsd(tick)}
            </text>
          </g>
        ))}
        {days.map((entry) => {
          const top = y(entry.costUsd);
          return (
            <rect
              key={entry.day}
              className="gpt-usage-chart__bar"
              x={x(entry.day)}
              y={top}
              width={x.bandwidth()}
              height={Math.max(0, HEIGHT - MARGIN.bottom - top)}
              data-day={entry.day}
              data-cost={entry.costUsd}
            >
              <title>{t('manageGptUsage.chart.bar', { day: dayNumber(entry.day), amount: formatUsd(entry.costUsd) })}</title>
            </rect>
          );
        })}
        {days
          .filter((entry, index) => index === 0 || dayNumber(entry.day) % 5 === 0)
          .map((entry) => (
            <text key={entry.day} x={(x(entry.day) ?? 0) + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize="11" fill="#5b6478">
              {t('manageGptUsage.chart.day', { day: dayNumber(entry.day) })}
            </text>
          ))}
      </svg>
    </figure>
  );
}
