// The detailed-search builder (§1 detailed search, §3 formula rows/keywords, §4 formula editing
// and search flow, §5 formula syntax): two input modes — direct (0) and GPT generated (1) —
// each with its own rows and combination; region, types, IPC limit, population file and memo;
// keywords with synonyms that become formulas; then POST /api/detail-search/search and on to
// the executing page. Rows are checked as they are typed with the server's own parser
// (src/patents/query/formula.ts), so a search the builder sends normally passes; the server
// still decides, and its answer shows next to the row or field it concerns.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DetailSearchInput, FormulaSet, InputMode, Keyword, Region } from '../src/detail-search/input.ts';
import { FORMULA_LIMITS } from '../src/patents/query/formula-rules.ts';
import { useT } from './i18n.tsx';
import { ApiError } from './api.ts';
import { callApi, cancelJob, startJob, waitForJob } from './formula-builder/api.ts';
import { ConditionsPanel } from './formula-builder/ConditionsPanel.tsx';
// The parser with the page: formulas are what this form is for, checked as they are typed (the prior-art form, where they are optional, fetches it with the first one).
import { formulasFromKeywords, formulaWarnings, validateDetailFormulas } from './formula-builder/formula-parser.ts';
import type { FormulaChecks } from './formula-builder/formula-checks.ts';
import { FormulaRows, type CombinationNotice, type ServerMessage } from './formula-builder/FormulaRows.tsx';
import { KeywordList } from './formula-builder/KeywordsPanel.tsx';
import {
  activeKeywords,
  addRow,
  characterCount,
  DEFAULT_TAG,
  deleteRow,
  isFormulaTag,
  MEMO_LIMIT,
  mergeCounts,
  mergeExtracted,
  setOf,
  SUBJECT_MATTER_LIMIT,
  updateRow,
  validateSet,
  withSet,
  withValidFlags,
} from './formula-builder/model.ts';

const formulaParser: FormulaChecks = { formulasFromKeywords, formulaWarnings, validateDetailFormulas };

export interface FormulaBuilderProps {
  /** The form as it opens: empty, or a stored search restored (§4). */
  initial: DetailSearchInput;
  /** Whether GPT generation is available on this server (OPENAI_API_KEY set). */
  gptConfigured: boolean;
  /** Id of the stored search the input was restored from, if any. */
  restoredFrom: string | null;
  /** What that search held beyond what is restored: a population file, an IPC limit … */
  notRestored?: Array<{ part: string; values?: Record<string, string | number> }>;
}

export const SEARCH_PATH = '/api/detail-search/search';
export const KEYWORDS_PATH = '/api/detail-search/keywords';
export const HIT_COUNTS_PATH = '/api/detail-search/keywords/hit-counts';
export const executingAddress = (id: string): string => `/detail-search/executing?id=${encodeURIComponent(id)}`;

type JobKind = 'extract' | 'hitCounts' | 'generate';
interface RunningJob {
  kind: JobKind;
  progress: number;
}
interface ServerErrors {
  mode: InputMode;
  rows: Record<number, ServerMessage>;
  fields: Record<string, ServerMessage>;
  general: ServerMessage | null;
}
interface Undo {
  mode: InputMode;
  set: FormulaSet;
  message: string;
}

/** What the keyword job answers (§3 keyword; GPT adds formulas and a combination). */
interface ExtractResult {
  keywords?: Keyword[];
  formulas?: Array<{ text: string; tag: string }>;
  combination?: string;
  /** Whether GPT made them (the server falls back to the corpus when GPT is off). */
  usedGpt?: boolean;
  /** GPT rows the parser refused (not passed on). */
  droppedFormulas?: number;
}
/** The keywords a job answered: the list itself, or under its name. */
function keywordsIn(result: unknown, name: 'keywords' | 'deniedKeywords'): Keyword[] | undefined {
  if (Array.isArray(result)) return result as Keyword[];
  const list = result && typeof result === 'object' ? (result as Record<string, unknown>)[name] : undefined;
  return Array.isArray(list) ? (list as Keyword[]) : undefined;
}

const MODES: InputMode[] = [0, 1];
const NO_SERVER_ERRORS: ServerErrors = { mode: 0, rows: {}, fields: {}, general: null };
/** Fields whose server errors show beside them; others show above the search button. */
const FIELD_PLACES = new Set(['combination', 'ipcLimit', 'memo', 'population', 'lang', 'filter', 'subjectMatter', 'keywords']);
/** Codes the global dialogs handle (session, version): not repeated in the form. */
const HANDLED_GLOBALLY = new Set(['E073', 'E998']);

/** Rows as a job or the keyword helper gives them, numbered 1…n with known tags only. */
function rowsFrom(formulas: Array<{ text: string; tag: string }>): FormulaSet['formulas'] {
  return formulas.slice(0, FORMULA_LIMITS.rows).map((row, index) => ({ id: index + 1, text: String(row.text ?? ''), tag: isFormulaTag(String(row.tag)) ? (row.tag as FormulaSet['formulas'][number]['tag']) : DEFAULT_TAG, valid: true }));
}

/**
 * Rows from the enabled keywords (formulasFromKeywords), and when denied keywords are on, one
 * more row ORing them that the combination subtracts: "…-n".
 */
function setFromKeywords(keywords: Keyword[], denied: Keyword[], region: Region): { set: FormulaSet; truncated: boolean } {
  const made = formulasFromKeywords(activeKeywords(keywords), region);
  const deniedActive = activeKeywords(denied);
  let formulas = rowsFrom(made.formulas);
  let combination = made.combination;
  const room = FORMULA_LIMITS.rows - (deniedActive.length > 0 ? 1 : 0);
  const truncated = made.formulas.length > room;
  if (truncated) {
    formulas = formulas.slice(0, room);
    combination = formulas.map((row) => row.id).join('*');
  }
  if (deniedActive.length > 0 && formulas.length > 0) {
    const deniedText = formulasFromKeywords(deniedActive, region).formulas.map((row) => row.text).join('+');
    const id = formulas.length + 1;
    formulas = [...formulas, { id, text: deniedText, tag: DEFAULT_TAG, valid: true }];
    const base = combination || formulas.slice(0, -1).map((row) => row.id).join('*');
    combination = base.includes('+') ? `(${base})-${id}` : `${base}-${id}`;
  }
  if (formulas.length === 0) formulas = [{ id: 1, text: '', tag: DEFAULT_TAG, valid: true }];
  return { set: { formulas, combination }, truncated };
}

export default function FormulaBuilder({ initial, gptConfigured, restoredFrom, notRestored = [] }: FormulaBuilderProps) {
  const t = useT();
  const idPrefix = `fb${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [input, setInput] = useState<DetailSearchInput>(initial);
  const [attempted, setAttempted] = useState(false);
  const [notices, setNotices] = useState<Record<InputMode, CombinationNotice>>({ 0: {}, 1: {} });
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const [job, setJob] = useState<RunningJob | null>(null);
  const [jobMessage, setJobMessage] = useState<{ kind: 'error' | 'done'; source: JobKind | 'make'; text: string } | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [posting, setPosting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLFormElement>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const jobRun = useRef<{ controller: AbortController; uuids: string[] } | null>(null);

  useEffect(() => {
    setHydrated(true);
    return () => jobRun.current?.controller.abort();
  }, []);

  const mode = input.inputMode;
  const set = setOf(input);
  const validations = useMemo(
    () => ({ 0: validateSet(input.modes[0], input.lang, input.ipcLimit, formulaParser), 1: validateSet(input.modes[1], input.lang, input.ipcLimit, formulaParser) }),
    [input.modes, input.lang, input.ipcLimit],
  );
  const validation = validations[mode];
  const notice = notices[mode];
  const serverHere = server.mode === mode ? server : NO_SERVER_ERRORS;
  const busy = posting || job !== null;

  // ---- edits ------------------------------------------------------------------------
  const changeSet = useCallback((change: (current: FormulaSet) => FormulaSet) => {
    setInput((current) => withSet(current, current.inputMode, change(setOf(current))));
  }, []);

  const clearServer = (what: { row?: number; field?: string; all?: boolean }) =>
    setServer((current) => {
      if (what.all) return NO_SERVER_ERRORS;
      const rows = { ...current.rows };
      const fields = { ...current.fields };
      if (what.row !== undefined) delete rows[what.row];
      if (what.field !== undefined) delete fields[what.field];
      return { ...current, rows, fields, general: null };
    });

  const onRowChange = (id: number, change: { text?: string; tag?: FormulaSet['formulas'][number]['tag'] }) => {
    changeSet((current) => updateRow(current, id, change));
    clearServer({ row: id });
    setUndo(null);
  };

  const onAdd = (focus: boolean) => {
    if (set.formulas.length >= FORMULA_LIMITS.rows) return;
    const next = addRow(set);
    changeSet(() => next);
    if (focus) setFocusRow(next.formulas[next.formulas.length - 1]!.id);
  };

  const onDelete = (id: number) => {
    const before = set;
    const outcome = deleteRow(set, id);
    changeSet(() => outcome.set);
    // Row numbers moved: messages the server gave for the old numbers no longer point right.
    clearServer({ all: true });
    setNotices((current) => ({
      ...current,
      [mode]: outcome.combinationUsedDeleted !== null ? { usedDeleted: outcome.combinationUsedDeleted } : outcome.combinationRenumbered ? { renumbered: true } : {},
    }));
    const deletedText = before.formulas.find((row) => row.id === id)?.text.trim() ?? '';
    if (deletedText) setUndo({ mode, set: before, message: t('formulaBuilder.undo.deleted', { id }) });
    const remaining = outcome.set.formulas;
    setFocusRow(remaining[Math.min(id - 1, remaining.length - 1)]?.id ?? 1);
  };

  const onCombinationChange = (value: string, rejected: string[]) => {
    changeSet((current) => ({ ...current, combination: value }));
    clearServer({ field: 'combination' });
    setNotices((current) => ({ ...current, [mode]: rejected.length > 0 ? { rejected } : {} }));
  };

  const switchMode = (next: InputMode, focus = false) => {
    setInput((current) => (current.inputMode === next ? current : { ...current, inputMode: next }));
    setUndo(null);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft' || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const next: InputMode = event.key === 'Home' ? 0 : event.key === 'End' ? 1 : mode === 0 ? 1 : 0;
      switchMode(next, true);
    }
  };

  const applyUndo = () => {
    if (!undo) return;
    setInput((current) => withSet(current, undo.mode, undo.set));
    setNotices((current) => ({ ...current, [undo.mode]: {} }));
    setUndo(null);
    // "Made n formulas" no longer describes the rows shown.
    setJobMessage((current) => (current?.kind === 'done' && (current.source === 'make' || current.source === 'generate') ? null : current));
  };

  // ---- keyword jobs -------------------------------------------------------------------
  const jobErrorText = (error: unknown): string | null => {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    if (!(error instanceof ApiError)) return t('formulaBuilder.errors.unexpected');
    if (HANDLED_GLOBALLY.has(error.errcode)) return null;
    if (error.detail) return error.detail;
    const key = `formulaBuilder.errors.${error.errcode}`;
    const text = t(key);
    return text === key ? t('formulaBuilder.errors.withCode', { code: error.errcode }) : text;
  };

  /**
   * Queues a keyword job and follows it to its end (§3 background job). A call that also
   * queues a related job (hit counts of the denied keywords) is followed through both, the
   * progress bar sharing the way between them.
   */
  const runKeywordJob = async <R,>(kind: JobKind, path: string, body: unknown, apply: (result: R, related: unknown) => string) => {
    jobRun.current?.controller.abort();
    const controller = new AbortController();
    const run = { controller, uuids: [] as string[] };
    jobRun.current = run;
    setJob({ kind, progress: 0 });
    setJobMessage(null);
    const progress = (percent: number) => setJob((current) => (current && jobRun.current === run ? { ...current, progress: Math.round(percent) } : current));
    try {
      const started = await startJob(path, body, controller.signal);
      const related = typeof started.deniedJobUuid === 'string' ? started.deniedJobUuid : null;
      run.uuids = related ? [started.jobUuid, related] : [started.jobUuid];
      const share = related ? 0.5 : 1;
      const result = await waitForJob<R>(started.jobUuid, (percent) => progress(percent * share), controller.signal);
      const relatedResult = related ? await waitForJob<unknown>(related, (percent) => progress(50 + percent / 2), controller.signal) : undefined;
      setJobMessage({ kind: 'done', source: kind, text: apply(result, relatedResult) });
    } catch (error) {
      if (controller.signal.aborted) return;
      const text = jobErrorText(error);
      if (text) setJobMessage({ kind: 'error', source: kind, text });
    } finally {
      if (jobRun.current === run) {
        jobRun.current = null;
        setJob(null);
      }
    }
  };

  /** Stops following the job and cancels it on the server (with its related jobs). */
  const cancelRunningJob = () => {
    const run = jobRun.current;
    if (!run || !job) return;
    run.controller.abort();
    for (const uuid of run.uuids) void cancelJob(uuid);
    jobRun.current = null;
    setJobMessage({ kind: 'error', source: job.kind, text: t('formulaBuilder.errors.cancelled') });
    setJob(null);
  };

  const subjectMatterMissing = input.subjectMatter.trim() === '';

  const extractKeywords = () =>
    runKeywordJob<ExtractResult>('extract', KEYWORDS_PATH, { subjectMatter: input.subjectMatter, lang: input.lang, useGpt: false }, (result) => {
      const extracted = result.keywords ?? [];
      setInput((current) => ({ ...current, keywords: mergeExtracted(current.keywords, extracted) }));
      return extracted.length > 0 ? t('formulaBuilder.keywords.extracted', { count: extracted.length }) : t('formulaBuilder.keywords.extractedNone');
    });

  /** GPT (or, without it, the extraction) fills mode 1: keywords, formulas and combination. */
  const generate = (useGpt: boolean) =>
    runKeywordJob<ExtractResult>('generate', KEYWORDS_PATH, { subjectMatter: input.subjectMatter, lang: input.lang, useGpt }, (result) => {
      const keywords = mergeExtracted(input.keywords, result.keywords ?? []);
      const made = result.formulas && result.formulas.length > 0 ? { set: { formulas: rowsFrom(result.formulas), combination: result.combination ?? '' }, truncated: false } : setFromKeywords(keywords, input.deniedKeywords, input.lang);
      const before = input.modes[1];
      setInput((current) => withSet({ ...current, keywords, inputMode: 1 }, 1, made.set));
      setNotices((current) => ({ ...current, 1: {} }));
      clearServer({ all: true });
      if (before.formulas.some((row) => row.text.trim() !== '')) setUndo({ mode: 1, set: before, message: t('formulaBuilder.undo.replaced') });
      const count = made.set.formulas.filter((row) => row.text).length;
      const text = t((result.usedGpt ?? useGpt) ? 'formulaBuilder.gpt.generated' : 'formulaBuilder.gpt.generatedWithoutGpt', { count });
      return result.droppedFormulas ? `${text} ${t('formulaBuilder.gpt.dropped', { count: result.droppedFormulas })}` : text;
    });

  const checkHitCounts = () =>
    runKeywordJob<unknown>('hitCounts', HIT_COUNTS_PATH, { keywords: input.keywords, deniedKeywords: input.deniedKeywords, lang: input.lang }, (result, related) => {
      const keywords = keywordsIn(result, 'keywords');
      const denied = keywordsIn(related, 'deniedKeywords') ?? keywordsIn(result, 'deniedKeywords');
      setInput((current) => ({ ...current, keywords: mergeCounts(current.keywords, keywords), deniedKeywords: mergeCounts(current.deniedKeywords, denied) }));
      return t('formulaBuilder.keywords.counted');
    });

  const makeFormulas = () => {
    const before = set;
    const made = setFromKeywords(input.keywords, input.deniedKeywords, input.lang);
    changeSet(() => made.set);
    setNotices((current) => ({ ...current, [mode]: {} }));
    clearServer({ all: true });
    if (before.formulas.some((row) => row.text.trim() !== '')) setUndo({ mode, set: before, message: t('formulaBuilder.undo.replaced') });
    else setUndo(null);
    setJobMessage({ kind: 'done', source: 'make', text: made.truncated ? t('formulaBuilder.keywords.madeTruncated', { max: FORMULA_LIMITS.rows }) : t('formulaBuilder.keywords.made', { count: made.set.formulas.filter((row) => row.text).length }) });
  };

  // ---- search -----------------------------------------------------------------------
  const memoOver = characterCount(input.memo) > MEMO_LIMIT;
  const invalidRows = set.formulas.filter((row) => validation.rows[row.id]).length;
  const problems = invalidRows + (validation.combination ? 1 : 0) + (validation.ipcLimit ? 1 : 0) + (memoOver ? 1 : 0) + (notice.usedDeleted !== undefined ? 1 : 0);
  const ready = validation.valid && !memoOver && notice.usedDeleted === undefined;

  const focusFirstProblem = () => {
    window.requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (busy) return;
    if (!ready) {
      focusFirstProblem();
      return;
    }
    const body: DetailSearchInput = withSet(input, mode, withValidFlags(set, validation));
    setPosting(true);
    setServer(NO_SERVER_ERRORS);
    try {
      const { id } = await callApi<{ id: string }>('POST', SEARCH_PATH, body);
      window.location.assign(executingAddress(id));
    } catch (error) {
      setPosting(false);
      if (!(error instanceof ApiError)) {
        setServer({ ...NO_SERVER_ERRORS, mode, general: { errcode: 'E999', text: t('formulaBuilder.errors.unexpected') } });
        return;
      }
      if (HANDLED_GLOBALLY.has(error.errcode)) return;
      const message = { errcode: error.errcode, text: error.detail || t('formulaBuilder.errors.withCode', { code: error.errcode }) };
      if (error.row !== null && set.formulas.some((row) => row.id === error.row)) setServer({ ...NO_SERVER_ERRORS, mode, rows: { [error.row]: message } });
      else if (error.field !== null && FIELD_PLACES.has(error.field)) setServer({ ...NO_SERVER_ERRORS, mode, fields: { [error.field]: message } });
      else setServer({ ...NO_SERVER_ERRORS, mode, general: message });
      focusFirstProblem();
    }
  };

  // ---- view -------------------------------------------------------------------------
  const filledRows = (m: InputMode) => input.modes[m].formulas.filter((row) => row.text.trim() !== '').length;
  const jobLabel = job ? t(`formulaBuilder.jobs.${job.kind}`) : '';
  // Generation reports in the GPT panel where it was asked for; the rest under the keywords.
  const jobInGptPanel = mode === 1 && (job?.kind ?? jobMessage?.source) === 'generate';
  const keywordCount = input.keywords.filter((k) => !k.isRemoved).length;

  const subjectMatterField = (
    <div className="form__field">
      <div className="fb-label-row">
        <label className="form__label" htmlFor={`${idPrefix}-subject`}>
          {t('formulaBuilder.subjectMatter.label')}
        </label>
        <span className={`fb-counter${characterCount(input.subjectMatter) > SUBJECT_MATTER_LIMIT ? ' is-over' : ''}`}>
          {t('formulaBuilder.counter', { count: characterCount(input.subjectMatter), max: SUBJECT_MATTER_LIMIT })}
        </span>
      </div>
      <textarea
        id={`${idPrefix}-subject`}
        className="input fb-textarea fb-textarea--subject"
        rows={4}
        value={input.subjectMatter}
        disabled={busy}
        placeholder={t('formulaBuilder.subjectMatter.placeholder')}
        onChange={(event) => {
          setInput((current) => ({ ...current, subjectMatter: event.target.value }));
          clearServer({ field: 'subjectMatter' });
        }}
        data-testid="subject-matter"
      />
      {serverHere.fields.subjectMatter && <p className="form__error">{serverHere.fields.subjectMatter.text}</p>}
    </div>
  );

  const jobStatus = (
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
            <button type="button" className="fb-link" onClick={cancelRunningJob} data-testid="job-cancel">
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

  return (
    <form ref={rootRef} className="formula-builder" onSubmit={submit} noValidate data-hydrated={hydrated ? 'true' : undefined} data-testid="formula-builder">
      {restoredFrom && (
        <div className="form__notice fb-restored" data-testid="restored">
          <p>{t('formulaBuilder.restored')}</p>
          {notRestored.length > 0 && (
            <>
              <p>{t('formulaBuilder.notRestored.title')}</p>
              <ul className="fb-restored__missing" data-testid="not-restored">
                {notRestored.map(({ part, values }) => (
                  <li key={part} data-part={part}>
                    {t(`formulaBuilder.notRestored.${part}`, values)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="fb-layout">
        <div className="fb-main">
          <section className="panel fb-formulas" aria-labelledby={`${idPrefix}-formulas-title`}>
            <div className="fb-formulas__head">
              <h2 className="panel__title" id={`${idPrefix}-formulas-title`}>
                {t('formulaBuilder.formulas.title')}
              </h2>
              <div className="fb-tabs" role="tablist" aria-label={t('formulaBuilder.modes.label')}>
                {MODES.map((m) => {
                  const invalid = validations[m].valid ? 0 : input.modes[m].formulas.filter((row) => row.text.trim() !== '' && validations[m].rows[row.id]).length;
                  return (
                    <button
                      key={m}
                      ref={(element) => {
                        tabRefs.current[m] = element;
                      }}
                      type="button"
                      role="tab"
                      id={`${idPrefix}-tab-${m}`}
                      aria-selected={mode === m}
                      aria-controls={`${idPrefix}-panel`}
                      tabIndex={mode === m ? 0 : -1}
                      className={`fb-tabs__tab${mode === m ? ' is-current' : ''}`}
                      onClick={() => switchMode(m)}
                      onKeyDown={onTabKey}
                      disabled={posting}
                      data-mode={m}
                      data-testid={`mode-${m}`}
                    >
                      {m === 1 && <span className="fb-tabs__spark" aria-hidden="true">✦</span>}
                      {t(m === 0 ? 'formulaBuilder.modes.direct' : 'formulaBuilder.modes.gpt')}
                      <span className="fb-tabs__count">{t('formulaBuilder.modes.rows', { count: filledRows(m) })}</span>
                      {invalid > 0 && <span className="fb-tabs__error" title={t('formulaBuilder.modes.invalid', { count: invalid })}>!</span>}
                    </button>
                  );
                })}
              </div>
            </div>
            <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${mode}`} className="fb-formulas__panel" data-mode={mode}>
              <p className="fb-hint fb-formulas__lead">{t(mode === 0 ? 'formulaBuilder.modes.directLead' : 'formulaBuilder.modes.gptLead')}</p>
              {mode === 1 && (
                <div className={`fb-gpt${gptConfigured ? '' : ' is-unavailable'}`} data-testid="gpt-panel">
                  {!gptConfigured && (
                    <p className="fb-gpt__notice" role="note" data-testid="gpt-unavailable">
                      <strong>{t('formulaBuilder.gpt.unavailableTitle')}</strong> {t('formulaBuilder.gpt.unavailable')}
                    </p>
                  )}
                  {subjectMatterField}
                  <div className="fb-actions">
                    {gptConfigured ? (
                      <button type="button" className="button button--primary" disabled={busy || subjectMatterMissing} onClick={() => generate(true)} data-testid="gpt-generate">
                        <span aria-hidden="true">✦</span>
                        {t('formulaBuilder.gpt.generate')}
                      </button>
                    ) : (
                      <button type="button" className="button button--primary" disabled={busy || subjectMatterMissing} onClick={() => generate(false)} data-testid="gpt-fallback">
                        {t('formulaBuilder.gpt.generateWithoutGpt')}
                      </button>
                    )}
                    <span className="fb-hint">{subjectMatterMissing ? t('formulaBuilder.subjectMatter.needed') : t(gptConfigured ? 'formulaBuilder.gpt.generateHint' : 'formulaBuilder.gpt.withoutGptHint')}</span>
                  </div>
                  {jobInGptPanel && jobStatus}
                </div>
              )}
              <FormulaRows
                idPrefix={`${idPrefix}-m${mode}`}
                set={set}
                validation={validation}
                checks={formulaParser}
                showAll={attempted}
                serverRows={serverHere.rows}
                serverCombination={serverHere.fields.combination ?? null}
                notice={notice}
                disabled={busy}
                focusRow={focusRow}
                onFocused={() => setFocusRow(null)}
                onRowChange={onRowChange}
                onAdd={onAdd}
                onDelete={onDelete}
                onCombinationChange={onCombinationChange}
                onDismissNotice={() => setNotices((current) => ({ ...current, [mode]: {} }))}
              />
              {undo && undo.mode === mode && (
                <p className="fb-undo" role="status" data-testid="undo">
                  {undo.message}
                  <button type="button" className="fb-link" onClick={applyUndo}>
                    {t('formulaBuilder.undo.action')}
                  </button>
                </p>
              )}
            </div>
          </section>

          <section className="panel fb-keywords" aria-labelledby={`${idPrefix}-keywords-title`}>
            <div className="fb-keywords__head">
              <h2 className="panel__title" id={`${idPrefix}-keywords-title`}>
                {t('formulaBuilder.keywords.title')}
                <span className="fb-keywords__total">{keywordCount}</span>
              </h2>
              <p className="fb-hint">{t('formulaBuilder.keywords.lead')}</p>
            </div>
            {mode === 0 && (
              <>
                {subjectMatterField}
                <div className="fb-actions">
                  <button type="button" className="button" disabled={busy || subjectMatterMissing} onClick={extractKeywords} data-testid="extract-keywords">
                    {t('formulaBuilder.keywords.extract')}
                  </button>
                  <span className="fb-hint">{subjectMatterMissing ? t('formulaBuilder.subjectMatter.needed') : t('formulaBuilder.keywords.extractHint')}</span>
                </div>
              </>
            )}
            {serverHere.fields.keywords && <p className="form__error">{serverHere.fields.keywords.text}</p>}
            <KeywordList kind="keywords" list={input.keywords} disabled={busy} onChange={(keywords) => setInput((current) => ({ ...current, keywords }))} />
            <details className="fb-denied" data-testid="denied">
              <summary>
                {t('formulaBuilder.keywords.deniedTitle')}
                <span className="fb-keywords__total">{input.deniedKeywords.filter((k) => !k.isRemoved).length}</span>
              </summary>
              <p className="fb-hint">{t('formulaBuilder.keywords.deniedLead')}</p>
              <KeywordList kind="denied" list={input.deniedKeywords} disabled={busy} onChange={(deniedKeywords) => setInput((current) => ({ ...current, deniedKeywords }))} />
            </details>
            <div className="fb-actions fb-keywords__actions">
              <button type="button" className="button" disabled={busy || (input.keywords.length === 0 && input.deniedKeywords.length === 0)} onClick={checkHitCounts} data-testid="check-hits">
                {t('formulaBuilder.keywords.checkHits')}
              </button>
              <button type="button" className="button button--primary" disabled={busy || activeKeywords(input.keywords).length === 0} onClick={makeFormulas} data-testid="make-formulas">
                {t('formulaBuilder.keywords.makeFormulas', { mode: t(mode === 0 ? 'formulaBuilder.modes.direct' : 'formulaBuilder.modes.gpt') })}
              </button>
            </div>
            {!jobInGptPanel && jobStatus}
          </section>
        </div>

        <aside className="fb-side">
          <ConditionsPanel
            idPrefix={idPrefix}
            input={input}
            ipcProblem={validation.ipcLimit}
            server={serverHere.fields}
            disabled={busy}
            onChange={(change) => {
              setInput((current) => ({ ...current, ...change }));
              for (const field of Object.keys(change)) clearServer({ field: field === 'lang' ? 'lang' : field });
            }}
          />
        </aside>
      </div>

      <div className="fb-submit" data-testid="submit-bar">
        <div className="fb-submit__summary">
          <span>{t('formulaBuilder.submit.summary', { mode: t(mode === 0 ? 'formulaBuilder.modes.direct' : 'formulaBuilder.modes.gpt'), count: filledRows(mode), rows: filledRows(mode), region: t(`formulaBuilder.regions.${input.lang}`) })}</span>
          <code className="fb-submit__combination" title={t('formulaBuilder.combination.label')}>
            {set.combination || (set.formulas.length === 1 ? '1' : set.formulas.map((row) => row.id).join('*'))}
          </code>
          {input.population && <span>{t('formulaBuilder.submit.population', { count: input.population.documentIds.length })}</span>}
          {attempted && problems > 0 && (
            <span className="fb-submit__problems" role="alert" data-testid="submit-problems">
              {t('formulaBuilder.submit.problems', { count: problems })}
            </span>
          )}
        </div>
        {serverHere.general && (
          <p className="form__alert fb-submit__alert" role="alert" data-errcode={serverHere.general.errcode} data-testid="submit-error">
            {serverHere.general.text}
          </p>
        )}
        <button type="submit" className="button button--primary fb-submit__button" disabled={posting || job !== null} aria-busy={posting || undefined} data-testid="submit">
          {posting ? t('formulaBuilder.submit.posting') : t('formulaBuilder.submit.search')}
        </button>
      </div>
    </form>
  );
}
