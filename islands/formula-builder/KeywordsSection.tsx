// The detailed-search form's keyword work as the person sees it: the keywords section (the
// subject matter in direct mode, extraction, the keyword and denied lists, hit counts, formulas
// from keywords) and the GPT panel of mode 1, with a job's progress where it was asked for. A
// chunk of its own (islands/lazy-part.tsx): the section hydrates as soon as it has come, the GPT
// panel shows once the GPT tab is chosen; the work itself is in keyword-jobs.ts.
import type { DetailSearchInput, InputMode } from '../../src/detail-search/input.ts';
import { useT } from '../i18n.tsx';
import type { ServerMessage } from './FormulaRows.tsx';
import type { JobMessage, RunningJob } from './keyword-jobs.ts';
import { KeywordList } from './KeywordsPanel.tsx';
import { activeKeywords, characterCount, SUBJECT_MATTER_LIMIT } from './model.ts';

/** Counts as the memo's (5,000): the two counters sit side by side. */
const numberFormat = new Intl.NumberFormat('en-US');

interface KeywordWorkProps {
  idPrefix: string;
  input: DetailSearchInput;
  busy: boolean;
  /** The server's word on a field (subjectMatter, keywords). */
  server: Record<string, ServerMessage>;
  job: RunningJob | null;
  jobMessage: JobMessage | null;
  /** Whether the job's progress and its outcome show here (generation in the GPT panel, the rest under the keywords). */
  jobHere: boolean;
  onSubjectMatter: (subjectMatter: string) => void;
  onCancelJob: () => void;
}

function SubjectMatterField({ idPrefix, input, busy, server, onSubjectMatter }: KeywordWorkProps) {
  const t = useT();
  return (
    <div className="form__field">
      <div className="fb-label-row">
        <label className="form__label" htmlFor={`${idPrefix}-subject`}>
          {t('formulaBuilder.subjectMatter.label')}
        </label>
        <span className={`fb-counter${characterCount(input.subjectMatter) > SUBJECT_MATTER_LIMIT ? ' is-over' : ''}`}>
          {t('formulaBuilder.counter', { count: numberFormat.format(characterCount(input.subjectMatter)), max: numberFormat.format(SUBJECT_MATTER_LIMIT) })}
        </span>
      </div>
      <textarea
        id={`${idPrefix}-subject`}
        className="input fb-textarea fb-textarea--subject"
        rows={4}
        value={input.subjectMatter}
        disabled={busy}
        placeholder={t('formulaBuilder.subjectMatter.placeholder')}
        onChange={(event) => onSubjectMatter(event.target.value)}
        data-testid="subject-matter"
      />
      {server.subjectMatter && <p className="form__error">{server.subjectMatter.text}</p>}
    </div>
  );
}

function JobStatus({ job, jobMessage, jobHere, onCancelJob }: KeywordWorkProps) {
  const t = useT();
  if (!jobHere) return null;
  const jobLabel = job ? t(`formulaBuilder.jobs.${job.kind}`) : '';
  return (
    <>
      {job && (
        <div className="fb-job" role="status" data-testid="job-progress">
          <div className="fb-job__label">
            <span>{jobLabel}</span>
            <span className="fb-job__percent">{job.progress}%</span>
          </div>
          <div className="fb-job__bar" role="progressbar" aria-label={jobLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={job.progress}>
            <span className="fb-job__fill" style={{ width: `${Math.max(4, job.progress)}%` }} />
          </div>
          <div className="fb-job__foot">
            <p className="fb-hint">{t('formulaBuilder.jobs.wait')}</p>
            <button type="button" className="fb-link" onClick={onCancelJob} data-testid="job-cancel">
              {t('formulaBuilder.jobs.cancel')}
            </button>
          </div>
        </div>
      )}
      {jobMessage && !job && (
        <p className={jobMessage.kind === 'error' ? 'form__alert' : 'form__notice'} role={jobMessage.kind === 'error' ? 'alert' : 'status'} data-testid="job-message">
          {jobMessage.text}
        </p>
      )}
    </>
  );
}

export interface GptPanelProps extends KeywordWorkProps {
  gptConfigured: boolean;
  onGenerate: (useGpt: boolean) => void;
}

/** Mode 1: formulas generated from the subject matter by GPT (or, without a key, by the extraction). */
export function GptPanel(props: GptPanelProps) {
  const t = useT();
  const { gptConfigured, busy, input, onGenerate } = props;
  const subjectMatterMissing = input.subjectMatter.trim() === '';
  return (
    <div className={`fb-gpt${gptConfigured ? '' : ' is-unavailable'}`} data-testid="gpt-panel">
      {!gptConfigured && (
        <p className="fb-gpt__notice" role="note" data-testid="gpt-unavailable">
          <strong>{t('formulaBuilder.gpt.unavailableTitle')}</strong> {t('formulaBuilder.gpt.unavailable')}
        </p>
      )}
      <SubjectMatterField {...props} />
      <div className="fb-actions">
        {gptConfigured ? (
          <button type="button" className="button button--primary" disabled={busy || subjectMatterMissing} onClick={() => onGenerate(true)} data-testid="gpt-generate">
            <span aria-hidden="true">✦</span>
            {t('formulaBuilder.gpt.generate')}
          </button>
        ) : (
          <button type="button" className="button button--primary" disabled={busy || subjectMatterMissing} onClick={() => onGenerate(false)} data-testid="gpt-fallback">
            {t('formulaBuilder.gpt.generateWithoutGpt')}
          </button>
        )}
        <span className="fb-hint">{subjectMatterMissing ? t('formulaBuilder.subjectMatter.needed') : t(gptConfigured ? 'formulaBuilder.gpt.generateHint' : 'formulaBuilder.gpt.withoutGptHint')}</span>
      </div>
      <JobStatus {...props} />
    </div>
  );
}

export interface KeywordsSectionProps extends KeywordWorkProps {
  mode: InputMode;
  onKeywords: (change: Partial<Pick<DetailSearchInput, 'keywords' | 'deniedKeywords'>>) => void;
  onExtract: () => void;
  onCheckHits: () => void;
  onMakeFormulas: () => void;
}

export function KeywordsSection(props: KeywordsSectionProps) {
  const t = useT();
  const { idPrefix, input, busy, server, mode, onKeywords } = props;
  const subjectMatterMissing = input.subjectMatter.trim() === '';
  return (
    <section className="panel fb-keywords" aria-labelledby={`${idPrefix}-keywords-title`}>
      <div className="fb-keywords__head">
        <h2 className="panel__title" id={`${idPrefix}-keywords-title`}>
          {t('formulaBuilder.keywords.title')}
          <span className="fb-keywords__total">{input.keywords.filter((k) => !k.isRemoved).length}</span>
        </h2>
        <p className="fb-hint">{t('formulaBuilder.keywords.lead')}</p>
      </div>
      {mode === 0 && (
        <>
          <SubjectMatterField {...props} />
          <div className="fb-actions">
            <button type="button" className="button" disabled={busy || subjectMatterMissing} onClick={props.onExtract} data-testid="extract-keywords">
              {t('formulaBuilder.keywords.extract')}
            </button>
            <span className="fb-hint">{subjectMatterMissing ? t('formulaBuilder.subjectMatter.needed') : t('formulaBuilder.keywords.extractHint')}</span>
          </div>
        </>
      )}
      {server.keywords && <p className="form__error">{server.keywords.text}</p>}
      <KeywordList kind="keywords" list={input.keywords} disabled={busy} onChange={(keywords) => onKeywords({ keywords })} />
      <details className="fb-denied" data-testid="denied">
        <summary>
          {t('formulaBuilder.keywords.deniedTitle')}
          <span className="fb-keywords__total">{input.deniedKeywords.filter((k) => !k.isRemoved).length}</span>
        </summary>
        <p className="fb-hint">{t('formulaBuilder.keywords.deniedLead')}</p>
        <KeywordList kind="denied" list={input.deniedKeywords} disabled={busy} onChange={(deniedKeywords) => onKeywords({ deniedKeywords })} />
      </details>
      <div className="fb-actions fb-keywords__actions">
        <button type="button" className="button" disabled={busy || (input.keywords.length === 0 && input.deniedKeywords.length === 0)} onClick={props.onCheckHits} data-testid="check-hits">
          {t('formulaBuilder.keywords.checkHits')}
        </button>
        <button type="button" className="button button--primary" disabled={busy || activeKeywords(input.keywords).length === 0} onClick={props.onMakeFormulas} data-testid="make-formulas">
          {t('formulaBuilder.keywords.makeFormulas', { mode: t(mode === 0 ? 'formulaBuilder.modes.direct' : 'formulaBuilder.modes.gpt') })}
        </button>
      </div>
      <JobStatus {...props} />
    </section>
  );
}
