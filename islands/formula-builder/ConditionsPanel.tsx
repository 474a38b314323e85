// Conditions around the formulas: region (§9 default jp), document types (§3 patent search
// filter), the limited IPC search (§5: at most 3), the population file and the memo (§9: 5000).
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { DetailSearchInput, PatentFilter, Region } from '../../src/detail-search/input.ts';
import { FORMULA_LIMITS, type FormulaProblem } from '../../src/patents/query/formula-rules.ts';
import { shortenFileName } from '../file-name.ts';
import { useT } from '../i18n.tsx';
import type { ServerMessage } from './FormulaRows.tsx';
import { problemText } from './FormulaRows.tsx';
import { characterCount, MEMO_LIMIT, normalizeIpc } from './model.ts';
import { POPULATION_ACCEPT } from './population-accept.ts';
import type { PopulationProblem } from './population.ts';

export const REGIONS: Region[] = ['jp', 'us', 'cn'];
const FILTERS: Array<keyof PatentFilter> = ['patent', 'public', 'utility', 'expired'];
const numberFormat = new Intl.NumberFormat('en-US');

interface ConditionsPanelProps {
  idPrefix: string;
  input: DetailSearchInput;
  ipcProblem: FormulaProblem | null;
  server: Record<string, ServerMessage>;
  disabled: boolean;
  onChange: (change: Partial<Pick<DetailSearchInput, 'lang' | 'filter' | 'ipcLimit' | 'memo' | 'population'>>) => void;
}

export function ConditionsPanel({ idPrefix, input, ipcProblem, server, disabled, onChange }: ConditionsPanelProps) {
  const t = useT();
  const [ipcDraft, setIpcDraft] = useState('');
  const [ipcNote, setIpcNote] = useState<string | null>(null);
  const [populationProblem, setPopulationProblem] = useState<PopulationProblem | null>(null);
  const [reading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const ipcFull = input.ipcLimit.length >= FORMULA_LIMITS.ipcLimit;
  const addIpc = () => {
    const code = normalizeIpc(ipcDraft);
    if (!code) return;
    if (input.ipcLimit.includes(code)) {
      setIpcNote(t('formulaBuilder.conditions.ipcDuplicate', { code }));
      return;
    }
    if (ipcFull) return;
    setIpcNote(null);
    setIpcDraft('');
    onChange({ ipcLimit: [...input.ipcLimit, code] });
  };
  const onIpcKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      addIpc();
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after a fix
    if (!file) return;
    setReading(true);
    setPopulationProblem(null);
    try {
      // The reader comes when a file is chosen, not with the page (JS budget 80 KB, bench/page-scripts).
      const { readPopulationFile } = await import('./population.ts');
      const outcome = await readPopulationFile(file);
      if (outcome.ok) onChange({ population: { fileName: outcome.population.fileName, documentIds: outcome.population.documentIds } });
      else setPopulationProblem(outcome.problem);
    } finally {
      setReading(false);
    }
  };

  const memoCount = characterCount(input.memo);
  const memoOver = memoCount > MEMO_LIMIT;
  const population = input.population;
  const otherRegion = population ? population.documentIds.filter((id) => id.slice(0, 2).toLowerCase() !== input.lang).length : 0;
  const ipcMessage = server.ipcLimit?.text ?? (ipcProblem ? problemText(t, ipcProblem) : null);
  const populationMessage = server.population?.text ?? (populationProblem ? t(`formulaBuilder.population.problems.${populationProblem.reason}`, populationProblem.values) : null);
  const memoMessage = server.memo?.text ?? (memoOver ? t('formulaBuilder.conditions.memoTooLong', { max: MEMO_LIMIT }) : null);

  return (
    <section className="panel fb-conditions" aria-labelledby={`${idPrefix}-conditions-title`}>
      <h2 className="panel__title" id={`${idPrefix}-conditions-title`}>
        {t('formulaBuilder.conditions.title')}
      </h2>

      <div className="form__field">
        <label className="form__label" htmlFor={`${idPrefix}-region`}>
          {t('formulaBuilder.conditions.region')}
        </label>
        <select id={`${idPrefix}-region`} className="input" name="lang" value={input.lang} disabled={disabled} onChange={(event) => onChange({ lang: event.target.value as Region })} data-testid="region">
          {REGIONS.map((code) => (
            <option key={code} value={code}>
              {t(`formulaBuilder.regions.${code}`)}
            </option>
          ))}
        </select>
        {server.lang && <p className="form__error">{server.lang.text}</p>}
      </div>

      <fieldset className="fb-conditions__filters">
        <legend className="form__label">{t('formulaBuilder.conditions.filter')}</legend>
        {FILTERS.map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" checked={input.filter[key]} disabled={disabled} onChange={(event) => onChange({ filter: { ...input.filter, [key]: event.target.checked } })} />
            {t(`formulaBuilder.filters.${key}`)}
          </label>
        ))}
        {server.filter && <p className="form__error">{server.filter.text}</p>}
      </fieldset>

      <div className="form__field">
        <div className="fb-label-row">
          <label className="form__label" htmlFor={`${idPrefix}-ipc`}>
            {t('formulaBuilder.conditions.ipcLimit')}
          </label>
          <span className={`fb-counter${ipcFull ? ' is-full' : ''}`}>
            {input.ipcLimit.length}/{FORMULA_LIMITS.ipcLimit}
          </span>
        </div>
        {input.ipcLimit.length > 0 && (
          <ul className="fb-chips" aria-label={t('formulaBuilder.conditions.ipcChosen')} data-testid="ipc-list">
            {input.ipcLimit.map((code) => (
              <li key={code} className="fb-chip fb-chip--code">
                <span className="fb-chip__label">{code}</span>
                <button type="button" className="fb-chip__remove" disabled={disabled} onClick={() => onChange({ ipcLimit: input.ipcLimit.filter((c) => c !== code) })} aria-label={t('formulaBuilder.conditions.ipcRemove', { code })}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="fb-inline">
          <input
            id={`${idPrefix}-ipc`}
            className="input"
            value={ipcDraft}
            placeholder={ipcFull ? t('formulaBuilder.conditions.ipcFull', { max: FORMULA_LIMITS.ipcLimit }) : t('formulaBuilder.conditions.ipcPlaceholder')}
            disabled={disabled || ipcFull}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={ipcMessage ? true : undefined}
            aria-describedby={`${idPrefix}-ipc-hint`}
            onChange={(event) => {
              setIpcDraft(event.target.value);
              setIpcNote(null);
            }}
            onKeyDown={onIpcKey}
            data-testid="ipc-input"
          />
          <button type="button" className="button" disabled={disabled || ipcFull || ipcDraft.trim() === ''} onClick={addIpc}>
            {t('formulaBuilder.conditions.ipcAdd')}
          </button>
        </div>
        <p className="fb-hint" id={`${idPrefix}-ipc-hint`}>
          {t('formulaBuilder.conditions.ipcHint', { max: FORMULA_LIMITS.ipcLimit })}
        </p>
        {(ipcMessage || ipcNote) && (
          <p className="form__error" data-errcode={server.ipcLimit?.errcode ?? ipcProblem?.errcode} data-testid="ipc-message">
            {ipcMessage ?? ipcNote}
          </p>
        )}
      </div>

      <div className="form__field">
        <span className="form__label" id={`${idPrefix}-population`}>
          {t('formulaBuilder.population.label')}
        </span>
        {population ? (
          <div className="fb-file" data-testid="population">
            <span className="fb-file__icon" aria-hidden="true" />
            <span className="fb-file__text">
              <span className="fb-file__name" title={population.fileName} data-testid="population-name">
                {shortenFileName(population.fileName)}
              </span>
              <span className="fb-file__meta" data-testid="population-count">
                {t('formulaBuilder.population.count', { count: population.documentIds.length, shown: numberFormat.format(population.documentIds.length) })}
              </span>
            </span>
            <button type="button" className="fb-icon-button" disabled={disabled} onClick={() => onChange({ population: null })} aria-label={t('formulaBuilder.population.remove', { name: population.fileName })}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : (
          <p className="fb-hint">{t('formulaBuilder.population.none')}</p>
        )}
        <div className="fb-inline">
          <button type="button" className="button" disabled={disabled || reading} onClick={() => fileInput.current?.click()} aria-describedby={`${idPrefix}-population`} data-testid="population-choose">
            {reading ? t('formulaBuilder.population.reading') : population ? t('formulaBuilder.population.replace') : t('formulaBuilder.population.choose')}
          </button>
          <input ref={fileInput} type="file" accept={POPULATION_ACCEPT} className="fb-file-input" tabIndex={-1} aria-hidden="true" onChange={onFile} data-testid="population-input" />
        </div>
        <p className="fb-hint">{t('formulaBuilder.population.hint', { max: FORMULA_LIMITS.fileName })}</p>
        {population && otherRegion > 0 && (
          <p className="fb-warning" data-testid="population-region">
            {t('formulaBuilder.population.otherRegion', { count: otherRegion, shown: numberFormat.format(otherRegion), region: t(`formulaBuilder.regions.${input.lang}`) })}
          </p>
        )}
        {populationMessage && (
          <p className="form__error" role="alert" data-errcode={server.population?.errcode} data-testid="population-message">
            {populationMessage}
          </p>
        )}
      </div>

      <div className="form__field">
        <div className="fb-label-row">
          <label className="form__label" htmlFor={`${idPrefix}-memo`}>
            {t('formulaBuilder.conditions.memo')}
          </label>
          <span className={`fb-counter${memoOver ? ' is-over' : ''}`} data-testid="memo-counter" aria-live="polite">
            {t('formulaBuilder.counter', { count: numberFormat.format(memoCount), max: numberFormat.format(MEMO_LIMIT) })}
          </span>
        </div>
        <textarea
          id={`${idPrefix}-memo`}
          className="input fb-textarea"
          rows={3}
          value={input.memo}
          disabled={disabled}
          placeholder={t('formulaBuilder.conditions.memoPlaceholder')}
          aria-invalid={memoMessage ? true : undefined}
          onChange={(event) => onChange({ memo: event.target.value })}
          data-testid="memo"
        />
        {memoMessage && (
          <p className="form__error" data-errcode={server.memo?.errcode ?? (memoOver ? 'E059' : undefined)} data-testid="memo-message">
            {memoMessage}
          </p>
        )}
      </div>
    </section>
  );
}
