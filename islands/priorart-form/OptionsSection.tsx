// The prior-art form's options (§3/§9), each explained in one line: regions, what is compared, strategy, output
// type, fixed main cited documents, a population file, the similar patent group, GPT translation and a memo. Apart
// from PriorartForm.tsx so that each stays small; the state is the form's, changed through `change`.
import { useRef, useState, type ChangeEvent } from 'react';
import { characterCount } from '../../src/history/shared.ts';
import { shortenFileName } from '../file-name.ts';
import { POPULATION_ACCEPT } from '../formula-builder/population-accept.ts';
import { useT } from '../i18n.tsx';
import { COMPARED, OUTPUT_TYPES, PRIORART_LIMITS, REGIONS, STRATEGIES, type Message, type OutputType, type PriorartFormInput, type Region, type SimilarGroupChoice } from './model.ts';

export interface OptionsSectionProps {
  input: PriorartFormInput;
  change: (next: Partial<PriorartFormInput>) => void;
  /** The server's messages by field (the similar patent group's is shown here). */
  server: Record<string, Message>;
  fixedMessage: Message | null;
  memoMessage: Message | null;
  /** Whether a GPT key is configured: without one, GPT translation cannot be chosen. */
  gptConfigured: boolean;
  /** The user's own detailed searches that can be the similar patent group, newest first. */
  similarGroups: SimilarGroupChoice[];
}

export function OptionsSection({ input, change, server, fixedMessage, memoMessage, gptConfigured, similarGroups }: OptionsSectionProps) {
  const t = useT();
  const [populationNote, setPopulationNote] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPopulationNote(null);
    // The reader comes when a file is chosen, not with the page (JS budget 80 KB, bench/page-scripts).
    const { readPopulationFile } = await import('../formula-builder/population.ts');
    const outcome = await readPopulationFile(file);
    if (outcome.ok) change({ population: { fileName: outcome.population.fileName, documentIds: outcome.population.documentIds } });
    else setPopulationNote(t(`priorartForm.population.problems.${outcome.problem.reason}`, outcome.problem.values));
  };

  return (
    <section className="panel pa-form__options" aria-labelledby="pa-options-title">
      <h2 className="panel__title" id="pa-options-title">
        {t('priorartForm.options.title')}
      </h2>
      <Choice name="lang" value={input.lang} values={REGIONS} label={t('priorartForm.options.region')} hint={t('priorartForm.options.regionHint')} labelOf={(v) => t(`priorartForm.regions.${v}`)} onChange={(lang) => change({ lang, subLang: input.subLang === lang ? null : input.subLang })} />
      <Choice
        name="subLang"
        value={input.subLang ?? 'none'}
        values={(['none', ...REGIONS] as const).filter((value) => value !== input.lang)}
        label={t('priorartForm.options.subLang')}
        hint={t('priorartForm.options.subLangHint')}
        labelOf={(v) => (v === 'none' ? t('priorartForm.subLang.none') : t(`priorartForm.regions.${v}`))}
        onChange={(value) => change({ subLang: value === 'none' ? null : (value as Region) })}
      />
      <Choice name="compared" value={input.compared} values={COMPARED} label={t('priorartForm.options.compared')} hint={t(`priorartForm.compared.${input.compared}Hint`)} labelOf={(v) => t(`priorartForm.compared.${v}`)} onChange={(compared) => change({ compared })} />
      <Choice name="strategy" value={input.strategy} values={STRATEGIES} label={t('priorartForm.options.strategy')} hint={t(`priorartForm.strategy.${input.strategy}Hint`)} labelOf={(v) => t(`priorartForm.strategy.${v}`)} onChange={(strategy) => change({ strategy })} />
      <Choice
        name="outputType"
        value={String(input.outputType)}
        values={OUTPUT_TYPES.map(String)}
        label={t('priorartForm.options.outputType')}
        hint={t(`priorartForm.outputType.hint${input.outputType}`)}
        labelOf={(v) => t(`priorartForm.outputType.type${v}`)}
        onChange={(value) => change({ outputType: Number(value) as OutputType })}
      />

      <div className="form__field">
        <span className="form__label">{t('priorartForm.fixed.label')}</span>
        <p className="fb-hint">{t('priorartForm.fixed.hint', { max: PRIORART_LIMITS.fixedPatents })}</p>
        <div className="pa-fixed">
          {Array.from({ length: PRIORART_LIMITS.fixedPatents }, (_, i) => (
            <input
              key={i}
              className="input"
              value={input.fixedPatents[i] ?? ''}
              aria-label={t('priorartForm.fixed.item', { number: i + 1 })}
              aria-invalid={fixedMessage ? true : undefined}
              placeholder={t('priorartForm.fixed.placeholder')}
              onChange={(event) => {
                const next = [...input.fixedPatents];
                next[i] = event.target.value;
                change({ fixedPatents: next.map((v) => v ?? '') });
              }}
              data-testid={`fixed-${i + 1}`}
            />
          ))}
        </div>
        {fixedMessage && (
          <p className="form__error" role="alert" data-errcode={fixedMessage.errcode} data-testid="fixed-message">
            {fixedMessage.text}
          </p>
        )}
      </div>

      <div className="form__field">
        <span className="form__label">{t('priorartForm.population.label')}</span>
        <p className="fb-hint">{t('priorartForm.population.hint')}</p>
        {input.population && (
          <p className="fb-file" data-testid="population">
            <span className="fb-file__text">
              <span className="fb-file__name" title={input.population.fileName}>
                {shortenFileName(input.population.fileName)}
              </span>
              <span className="fb-file__meta">{t('priorartForm.population.count', { count: input.population.documentIds.length })}</span>
            </span>
            <button type="button" className="fb-icon-button" onClick={() => change({ population: null })} aria-label={t('priorartForm.population.remove')}>
              <span aria-hidden="true">×</span>
            </button>
          </p>
        )}
        <button type="button" className="button" onClick={() => fileInput.current?.click()} data-testid="population-choose">
          {t(input.population ? 'priorartForm.population.replace' : 'priorartForm.population.choose')}
        </button>
        <input ref={fileInput} type="file" accept={POPULATION_ACCEPT} className="fb-file-input" tabIndex={-1} aria-hidden="true" onChange={onFile} data-testid="population-input" />
        {populationNote && (
          <p className="form__error" role="alert">
            {populationNote}
          </p>
        )}
      </div>

      <div className="form__field">
        <label className="form__label" htmlFor="pa-similar-group">
          {t('priorartForm.similarGroup.label')}
        </label>
        <p className="fb-hint">{t(similarGroups.length ? 'priorartForm.similarGroup.hint' : 'priorartForm.similarGroup.none')}</p>
        <select
          id="pa-similar-group"
          className="input"
          value={input.similarGroup ?? ''}
          disabled={similarGroups.length === 0}
          aria-invalid={server.similarGroup ? true : undefined}
          onChange={(event) => change({ similarGroup: event.target.value || null })}
          data-testid="similar-group"
        >
          <option value="">{t('priorartForm.similarGroup.unset')}</option>
          {similarGroups.map((group) => (
            <option key={group.id} value={group.id}>
              {t('priorartForm.similarGroup.option', { date: group.execDate, region: t(`priorartForm.regions.${group.lang}`), summary: group.summary, count: group.totalHitCount })}
            </option>
          ))}
        </select>
        {server.similarGroup && (
          <p className="form__error" role="alert" data-errcode={server.similarGroup.errcode} data-testid="similar-group-message">
            {server.similarGroup.text}
          </p>
        )}
      </div>

      <div className="form__field" role="group" aria-labelledby="pa-gpt-label">
        <span className="form__label" id="pa-gpt-label">
          {t('priorartForm.gpt.label')}
        </span>
        <label className="checkbox">
          <input type="checkbox" checked={input.shouldUseGPT} disabled={!gptConfigured} onChange={(event) => change({ shouldUseGPT: event.target.checked })} data-testid="use-gpt" />
          {t('priorartForm.gpt.use')}
        </label>
        <p className="fb-hint">{gptConfigured ? t('priorartForm.gpt.hint') : t('priorartForm.gpt.notConfigured')}</p>
      </div>

      <div className="form__field">
        <div className="fb-label-row">
          <label className="form__label" htmlFor="pa-memo">
            {t('priorartForm.memo.label')}
          </label>
          <span className="fb-counter">{t('priorartForm.text.counter', { count: characterCount(input.memo), max: PRIORART_LIMITS.memo })}</span>
        </div>
        <textarea id="pa-memo" className="input" rows={2} value={input.memo} aria-invalid={memoMessage ? true : undefined} onChange={(event) => change({ memo: event.target.value })} data-testid="memo" />
        {memoMessage && <p className="form__error">{memoMessage.text}</p>}
      </div>
    </section>
  );
}

function Choice<V extends string>(props: { name: string; value: V; values: readonly V[]; label: string; hint: string; labelOf: (value: V) => string; onChange: (value: V) => void }) {
  return (
    <fieldset className="pa-choice">
      <legend className="form__label">{props.label}</legend>
      <div className="pa-choice__options">
        {props.values.map((value) => (
          <label key={value} className={`pa-choice__option${props.value === value ? ' is-checked' : ''}`}>
            <input type="radio" name={props.name} value={value} checked={props.value === value} onChange={() => props.onChange(value)} data-testid={`${props.name}-${value}`} />
            {props.labelOf(value)}
          </label>
        ))}
      </div>
      <p className="fb-hint">{props.hint}</p>
    </fieldset>
  );
}
