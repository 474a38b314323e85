// The detailed-search builder (§1 detailed search, §3 formula rows/keywords, §4 formula editing
// and search flow, §5 formula syntax): two input modes — direct (0) and GPT generated (1) —
// each with its own rows and combination; region, types, IPC limit, population file and memo;
// keywords with synonyms that become formulas; then POST /api/detail-search/search and on to
// the executing page. Rows are checked as they are typed with the server's own parser
// (src/patents/query/formula.ts), so a search the builder sends normally passes; the server
// still decides, and its answer shows next to the row or field it concerns. The parser (~8 KB
// gzip), the rows, the keywords section and the conditions panel come in chunks of their own,
// asked for as the form hydrates, and the keyword work on first use, so the page's first
// JavaScript stays within 80 KB (bench/page-scripts).
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DetailSearchInput, FormulaSet, InputMode } from '../src/detail-search/input.ts';
import { FORMULA_LIMITS } from '../src/patents/query/formula-rules.ts';
import { useT } from './i18n.tsx';
import { ApiError } from './api.ts';
// The parser is fetched as soon as the form has hydrated (not with the page): it has come before a formula is typed.
import { loadFormulaChecks, PENDING_VALIDATION, type FormulaChecks } from './formula-builder/formula-checks.ts';
import type { CombinationNotice, ServerMessage } from './formula-builder/FormulaRows.tsx';
import type { JobMessage, KeywordJobContext, RunningJob } from './formula-builder/keyword-jobs.ts';
import { PartLoading } from './formula-builder/PartLoading.tsx';
import { lazyPart, prefetchWhenIdle } from './lazy-part.tsx';
import {
  addRow,
  characterCount,
  deleteRow,
  MEMO_LIMIT,
  setOf,
  updateRow,
  validateSet,
  withSet,
  withValidFlags,
} from './formula-builder/model.ts';

// The formula rows, the keywords section and the conditions panel hydrate from chunks of their
// own, asked for as the form hydrates (islands/lazy-part.tsx): the server's HTML shows until then,
// and a click or keystroke made meanwhile is replayed. The GPT panel (mode 1) comes with the
// keywords section.
const FormulaRows = lazyPart(() => import('./formula-builder/FormulaRows.tsx').then((module) => module.FormulaRows), <PartLoading />);
const KeywordsSection = lazyPart(() => import('./formula-builder/KeywordsSection.tsx').then((module) => module.KeywordsSection), <PartLoading />);
const GptPanel = lazyPart(() => import('./formula-builder/KeywordsSection.tsx').then((module) => module.GptPanel), <PartLoading />);
const ConditionsPanel = lazyPart(() => import('./formula-builder/ConditionsPanel.tsx').then((module) => module.ConditionsPanel), <PartLoading />);

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
export const executingAddress = (id: string): string => `/detail-search/executing?id=${encodeURIComponent(id)}`;

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

const MODES: InputMode[] = [0, 1];
const NO_SERVER_ERRORS: ServerErrors = { mode: 0, rows: {}, fields: {}, general: null };
/** Fields whose server errors show beside them; others show above the search button. */
const FIELD_PLACES = new Set(['combination', 'ipcLimit', 'memo', 'population', 'lang', 'filter', 'subjectMatter', 'keywords']);

/** The keyword work (jobs, formulas from keywords) and the search call: fetched on first use, or when the browser is idle after the form hydrated. */
const loadKeywordJobs = () => import('./formula-builder/keyword-jobs.ts');
const loadApi = () => import('./formula-builder/api.ts');

export default function FormulaBuilder({ initial, gptConfigured, restoredFrom, notRestored = [] }: FormulaBuilderProps) {
  const t = useT();
  const idPrefix = `fb${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [input, setInput] = useState<DetailSearchInput>(initial);
  const [attempted, setAttempted] = useState(false);
  const [notices, setNotices] = useState<Record<InputMode, CombinationNotice>>({ 0: {}, 1: {} });
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const [job, setJob] = useState<RunningJob | null>(null);
  const [jobMessage, setJobMessage] = useState<JobMessage | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [posting, setPosting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  // Null until the parser has come (on the server too): rows with text show 「確認中…」 for that moment.
  const [checks, setChecks] = useState<FormulaChecks | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const jobRun = useRef<KeywordJobContext['jobRun']['current']>(null);

  useEffect(() => {
    // The parts first, then the parser: a state change before a part has hydrated would make React
    // render it afresh instead (its server HTML replaced). The GPT panel, shown when its tab is
    // chosen, is in the keywords section's chunk: at hand then. data-hydrated: all of it is live.
    let live = true;
    void Promise.allSettled([FormulaRows.prefetch(), KeywordsSection.prefetch(), ConditionsPanel.prefetch(), GptPanel.prefetch()])
      .then(() => loadFormulaChecks().catch(() => null)) // not come: the rows stay unchecked, a search fetches it again
      .then((loaded) => {
        if (!live) return;
        setChecks(loaded);
        setHydrated(true);
      });
    prefetchWhenIdle(loadKeywordJobs, loadApi);
    return () => {
      live = false;
      jobRun.current?.controller.abort();
    };
  }, []);

  /** The parser, fetched again if it had not come with the form (its rows then checked too). */
  const parser = (): Promise<FormulaChecks> =>
    checks
      ? Promise.resolve(checks)
      : loadFormulaChecks().then((loaded) => {
          setChecks(loaded);
          return loaded;
        });

  const mode = input.inputMode;
  const set = setOf(input);
  const validations = useMemo(
    () =>
      checks
        ? { 0: validateSet(input.modes[0], input.lang, input.ipcLimit, checks), 1: validateSet(input.modes[1], input.lang, input.ipcLimit, checks) }
        : { 0: PENDING_VALIDATION, 1: PENDING_VALIDATION },
    [input.modes, input.lang, input.ipcLimit, checks],
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

  // ---- keyword work (formula-builder/keyword-jobs.ts) ------------------------------------
  /** Formulas of `m` replaced by keyword work: the rows as rendered are offered back when they had text. */
  const replaced = (m: InputMode, clearUndo: boolean) => {
    const before = input.modes[m];
    setNotices((current) => ({ ...current, [m]: {} }));
    clearServer({ all: true });
    if (before.formulas.some((row) => row.text.trim() !== '')) setUndo({ mode: m, set: before, message: t('formulaBuilder.undo.replaced') });
    else if (clearUndo) setUndo(null);
  };

  /** Runs keyword work once its module and the parser are at hand (normally already, fetched when idle); if they cannot come, says so where it was asked. */
  const keywordWork = (source: JobMessage['source'], work: (jobs: Awaited<ReturnType<typeof loadKeywordJobs>>, ctx: KeywordJobContext) => unknown) =>
    Promise.all([loadKeywordJobs(), parser()]).then(
      ([jobs, loaded]) => work(jobs, { t, input, parser: loaded, job, jobRun, setJob, setJobMessage, setInput, replaced }),
      () => setJobMessage({ kind: 'error', source, text: t('formulaBuilder.errors.unexpected') }),
    );

  const extractKeywords = () => keywordWork('extract', (jobs, ctx) => jobs.extractKeywords(ctx));
  const generate = (useGpt: boolean) => keywordWork('generate', (jobs, ctx) => jobs.generate(ctx, useGpt));
  const checkHitCounts = () => keywordWork('hitCounts', (jobs, ctx) => jobs.checkHitCounts(ctx));
  const makeFormulas = () => keywordWork('make', (jobs, ctx) => jobs.makeFormulas(ctx));
  const cancelRunningJob = () => keywordWork(job?.kind ?? 'extract', (jobs, ctx) => jobs.cancelRunningJob(ctx));

  // ---- search -----------------------------------------------------------------------
  const memoOver = characterCount(input.memo) > MEMO_LIMIT;
  const invalidRows = set.formulas.filter((row) => validation.rows[row.id]).length;
  const problems = invalidRows + (validation.combination ? 1 : 0) + (validation.ipcLimit ? 1 : 0) + (memoOver ? 1 : 0) + (notice.usedDeleted !== undefined ? 1 : 0);

  const focusFirstProblem = () => {
    window.requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (busy) return;
    // Sent before the parser came: checked once it has (if it cannot come, the server's check alone decides).
    const checked = validation.pending ? await parser().then((loaded) => validateSet(set, input.lang, input.ipcLimit, loaded), () => ({ ...validation, valid: true })) : validation;
    if (!checked.valid || memoOver || notice.usedDeleted !== undefined) {
      focusFirstProblem();
      return;
    }
    const body: DetailSearchInput = withSet(input, mode, withValidFlags(set, checked));
    setPosting(true);
    setServer(NO_SERVER_ERRORS);
    try {
      const { callApi } = await loadApi();
      const { id } = await callApi<{ id: string }>('POST', SEARCH_PATH, body);
      window.location.assign(executingAddress(id));
    } catch (error) {
      setPosting(false);
      if (!(error instanceof ApiError)) {
        setServer({ ...NO_SERVER_ERRORS, mode, general: { errcode: 'E999', text: t('formulaBuilder.errors.unexpected') } });
        return;
      }
      if ((await loadApi()).HANDLED_GLOBALLY.has(error.errcode)) return;
      const message = { errcode: error.errcode, text: error.detail || t('formulaBuilder.errors.withCode', { code: error.errcode }) };
      if (error.row !== null && set.formulas.some((row) => row.id === error.row)) setServer({ ...NO_SERVER_ERRORS, mode, rows: { [error.row]: message } });
      else if (error.field !== null && FIELD_PLACES.has(error.field)) setServer({ ...NO_SERVER_ERRORS, mode, fields: { [error.field]: message } });
      else setServer({ ...NO_SERVER_ERRORS, mode, general: message });
      focusFirstProblem();
    }
  };

  // ---- view -------------------------------------------------------------------------
  const filledRows = (m: InputMode) => input.modes[m].formulas.filter((row) => row.text.trim() !== '').length;
  // Generation reports in the GPT panel where it was asked for; the rest under the keywords.
  const jobInGptPanel = mode === 1 && (job?.kind ?? jobMessage?.source) === 'generate';
  const keywordProps = {
    idPrefix,
    input,
    busy,
    server: serverHere.fields,
    job,
    jobMessage,
    onSubjectMatter: (subjectMatter: string) => {
      setInput((current) => ({ ...current, subjectMatter }));
      clearServer({ field: 'subjectMatter' });
    },
    onCancelJob: cancelRunningJob,
  };

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
              {mode === 1 && <GptPanel {...keywordProps} jobHere={jobInGptPanel} gptConfigured={gptConfigured} onGenerate={generate} />}
              <FormulaRows
                idPrefix={`${idPrefix}-m${mode}`}
                set={set}
                validation={validation}
                checks={checks}
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

          <KeywordsSection
            {...keywordProps}
            jobHere={!jobInGptPanel}
            mode={mode}
            onKeywords={(change) => setInput((current) => ({ ...current, ...change }))}
            onExtract={extractKeywords}
            onCheckHits={checkHitCounts}
            onMakeFormulas={makeFormulas}
          />
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
