// The §3 graph options of one graph: filing-year range, count range, how many year
// columns and IPC codes, and a reset to the defaults.
import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n.tsx';
import { MAX_CODES, type StoredGraphOptions } from './model.ts';

interface NumberFieldProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  /** Empty means "automatic" (null); otherwise empty is not accepted. */
  placeholder?: string;
  invalid?: boolean;
}

/** A whole-number input that keeps what is typed and passes on only values in range. */
function NumberField({ label, value, onChange, min, max, placeholder, invalid }: NumberFieldProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText(value === null ? '' : String(value));
    setBad(false);
  }, [value]);
  const optional = placeholder !== undefined;
  return (
    <label className="ipc-graphs__field">
      <span className="ipc-graphs__field-label">{label}</span>
      <input
        className="input ipc-graphs__number"
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={text}
        placeholder={placeholder}
        aria-invalid={bad || invalid ? true : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setBad(!optional);
            if (optional) onChange(null);
            return;
          }
          const parsed = Number(next);
          const ok = Number.isInteger(parsed) && parsed >= min && parsed <= max;
          setBad(!ok);
          if (ok) onChange(parsed);
        }}
        onBlur={() => {
          setText(value === null ? '' : String(value));
          setBad(false);
        }}
      />
    </label>
  );
}

export interface OptionsPanelProps {
  id: string;
  chartName: string;
  options: StoredGraphOptions;
  /** First and last filing year of the data. */
  yearBounds: [number, number];
  yearCount: number;
  bubble: boolean;
  onChange: (options: StoredGraphOptions) => void;
  onReset: () => void;
}

export function OptionsPanel({ id, chartName, options, yearBounds, yearCount, bubble, onChange, onReset }: OptionsPanelProps) {
  const t = useT();
  const headingId = useId();
  const [first, last] = yearBounds;
  const yearsCrossed = options.horizontal.min !== null && options.horizontal.max !== null && options.horizontal.min > options.horizontal.max;
  const countsCrossed = options.vertical.min !== null && options.vertical.max !== null && options.vertical.min > options.vertical.max;
  const set = (change: Partial<StoredGraphOptions>) => onChange({ ...options, ...change });
  return (
    <section id={id} className="ipc-graphs__options" aria-labelledby={headingId}>
      <h3 id={headingId} className="ipc-graphs__options-title">
        {t('ipcGraphs.options.title', { chart: chartName })}
      </h3>
      <div className="ipc-graphs__options-grid">
        <fieldset className="ipc-graphs__range">
          <legend>{t('ipcGraphs.options.horizontal')}</legend>
          <NumberField label={t('ipcGraphs.options.from')} value={options.horizontal.min} min={1800} max={2999} placeholder={String(first)} invalid={yearsCrossed} onChange={(min) => set({ horizontal: { ...options.horizontal, min } })} />
          <span aria-hidden="true">〜</span>
          <NumberField label={t('ipcGraphs.options.to')} value={options.horizontal.max} min={1800} max={2999} placeholder={String(last)} invalid={yearsCrossed} onChange={(max) => set({ horizontal: { ...options.horizontal, max } })} />
        </fieldset>
        <fieldset className="ipc-graphs__range">
          <legend>{t(bubble ? 'ipcGraphs.options.verticalBubble' : 'ipcGraphs.options.vertical')}</legend>
          <NumberField label={t('ipcGraphs.options.min')} value={options.vertical.min} min={0} max={1_000_000} placeholder={bubble ? '1' : '0'} invalid={countsCrossed} onChange={(min) => set({ vertical: { ...options.vertical, min } })} />
          <span aria-hidden="true">〜</span>
          <NumberField label={t('ipcGraphs.options.max')} value={options.vertical.max} min={1} max={1_000_000} placeholder={t('ipcGraphs.options.auto')} invalid={countsCrossed} onChange={(max) => set({ vertical: { ...options.vertical, max } })} />
        </fieldset>
        <NumberField label={t('ipcGraphs.options.columns', { n: yearCount })} value={options.horizontalColumns} min={1} max={Math.max(yearCount, options.horizontalColumns, 1)} onChange={(n) => n !== null && set({ horizontalColumns: n })} />
        <NumberField label={t('ipcGraphs.options.bars', { n: MAX_CODES })} value={options.horizontalBars} min={1} max={MAX_CODES} onChange={(n) => n !== null && set({ horizontalBars: n })} />
        <button type="button" className="button ipc-graphs__reset" onClick={onReset}>
          {t('ipcGraphs.options.reset')}
        </button>
      </div>
      {bubble && <p className="ipc-graphs__options-note">{t('ipcGraphs.options.bubbleNote')}</p>}
      {(yearsCrossed || countsCrossed) && <p className="ipc-graphs__options-hint">{t('ipcGraphs.options.crossed')}</p>}
    </section>
  );
}
