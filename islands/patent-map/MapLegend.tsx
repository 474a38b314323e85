// The patent map's legend: the groups of the current colouring with their counts, each a button that highlights
// its group (pinned by a click, shown while hovered or focused), and the input star's entry. Apart from PatentMap.tsx.
import type { Dispatch, SetStateAction } from 'react';
import type { MapPlotPoint, PatentMap as PatentMapData } from '../../src/search/result-types.ts';
import { useT } from '../i18n.tsx';
import { INPUT_COLOUR, STAR_POINTS } from './input-point.ts';
import { numberFormat, type ColourMode, type Group, type Grouping } from './model.ts';

export interface MapLegendProps {
  legendId: string;
  mode: ColourMode;
  data: PatentMapData;
  grouping: Grouping;
  /** The highlighted group: hovered, else pinned. */
  emphasis: string | null;
  pinned: string | null;
  setPinned: Dispatch<SetStateAction<string | null>>;
  setHovered: Dispatch<SetStateAction<string | null>>;
  input: MapPlotPoint | null;
  inputLabel: string;
  groupName: (group: Group) => string;
}

export function MapLegend({ legendId, mode, data, grouping, emphasis, pinned, setPinned, setHovered, input, inputLabel, groupName }: MapLegendProps) {
  const t = useT();
  return (
    <section className="patent-map__legend" aria-labelledby={legendId}>
      <h3 id={legendId} className="patent-map__legend-title">
        {t(`patentMap.modes.${mode}`)}
      </h3>
      <ul className="patent-map__legend-list">
        {input && (
          <li className="patent-map__legend-input">
            <svg className="patent-map__star" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <polygon points={STAR_POINTS} fill={INPUT_COLOUR} stroke="#1b2233" strokeWidth="1" strokeLinejoin="round" />
            </svg>
            <span className="patent-map__legend-name">{inputLabel}</span>
          </li>
        )}
        {grouping.groups.map((group) => (
          <li key={group.key}>
            <button
              type="button"
              className={`patent-map__legend-item${emphasis === group.key ? ' is-active' : ''}${emphasis !== null && emphasis !== group.key ? ' is-dim' : ''}`}
              aria-pressed={pinned === group.key}
              onClick={() => setPinned((current) => (current === group.key ? null : group.key))}
              onPointerEnter={() => setHovered(group.key)}
              onPointerLeave={() => setHovered(null)}
              onFocus={() => setHovered(group.key)}
              onBlur={() => setHovered(null)}
            >
              <span className="patent-map__swatch" style={{ background: group.colour }} aria-hidden="true" />
              <span className="patent-map__legend-name">{groupName(group)}</span>
              <span className="patent-map__legend-count">{numberFormat.format(group.count)}</span>
            </button>
          </li>
        ))}
      </ul>
      {mode === 'ipc' && data.points.some((point) => !point.ipc && point.cpc) && <p className="patent-map__legend-hint">{t('patentMap.cpcNote')}</p>}
      <p className="patent-map__legend-hint">{t('patentMap.legendHint')}</p>
      {pinned !== null && (
        <button type="button" className="patent-map__clear" onClick={() => setPinned(null)}>
          {t('patentMap.clearHighlight')}
        </button>
      )}
    </section>
  );
}
