// The waiting page's live part (§4 search flow): polls the query's status about once a
// second, draws the progress bar, cancels on request, says the user may leave and reopen
// the result from history, opens the result when done, and shows the error or the
// cancelled state otherwise.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CREATION_STAGES } from '../src/creation/shared.ts';
import { shownSubclasses } from '../src/patents/ipc.ts';
import { statusLabelOf, type HistoryKind } from '../src/history/shared.ts';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';

export interface JobProgressProps {
  queryId: string;
  kind?: HistoryKind;
  /** GET → { id, status, progress, errcode, totalHitCount } */
  statusUrl: string;
  /** POST { id } */
  cancelUrl: string;
  resultUrl: string;
  buildUrl: string;
  /** The state the page was rendered with. */
  status: number;
  progress: number;
  errcode: string | null;
  /** Messages of the codes a job may end with, in the page's language (the errors live on the server). */
  errorMessages: Record<string, string>;
  /** Creation support: the §4 stage the page was rendered with, and whether GPT takes part. */
  stage?: number;
  usesGpt?: boolean;
  pollMs?: number;
}

interface JobState {
  status: number;
  progress: number;
  errcode: string | null;
  /** A simulation's inferred IPC, once its stage 2 is reached. */
  ipc?: { subclasses: Array<{ code: string; score: number }> } | null;
  /** Creation support's §4 stage (its status is the simpler one). */
  stage?: number;
  /** A simulation's charted documents evaluated so far. */
  charted?: ChartedSoFar[];
}

interface ChartedSoFar {
  documentId: string;
  /** As the reader writes it (the server's displayNumberOfId in the page's language: 再表2018/134950). */
  number: string;
  title: string | null;
  disclosed: number;
  partly: number;
  elements: number;
}

/** §4 prior-art stages as named steps: 0 start, 1 processing, 2 IPC inferred, 3 similar documents found, 4 evaluated, 5 done. */
const PRIORART_STAGES = ['start', 'processing', 'ipc', 'extracted', 'evaluated', 'done'] as const;

/** Codes after which polling cannot succeed: the session is gone, the entry is not the user's, the page is outdated. */
const FINAL_CODES = new Set(['E072', 'E073', 'E998']);
const MAX_BACKOFF_MS = 10_000;

/** apiRequest prefixes /api itself. */
const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

export default function JobProgress(props: JobProgressProps) {
  const t = useT();
  const kind = props.kind ?? 'detail';
  const pollMs = props.pollMs ?? 1000;
  const [state, setState] = useState<JobState>({ status: props.status, progress: props.progress, errcode: props.errcode, stage: props.stage });
  const [cancelling, setCancelling] = useState(false);
  const [stalled, setStalled] = useState(false);
  const [problem, setProblem] = useState<string>();
  const failures = useRef(0);
  const label = statusLabelOf(kind, state.status);
  // A simulation speaks of simulating, a draft of drafting, a search of searching.
  const own = (key: string) => (kind === 'priorart' ? `jobProgress.priorart.${key}` : kind === 'patent_creation_support' ? `jobProgress.creation.${key}` : `jobProgress.${key}`);

  const poll = useCallback(async (): Promise<boolean> => {
    try {
      const next = await apiRequest<JobState>('user', apiPath(props.statusUrl), { method: 'GET' });
      failures.current = 0;
      setStalled(false);
      setState({ status: Number(next.status), progress: Math.max(0, Math.min(100, Number(next.progress) || 0)), errcode: next.errcode ?? null, ipc: next.ipc ?? null, stage: next.stage, charted: next.charted });
      return true;
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : 'E999';
      if (FINAL_CODES.has(errcode)) {
        setProblem(props.errorMessages[errcode] ?? t('jobProgress.errors.E999'));
        return false;
      }
      failures.current += 1;
      setStalled(true);
      return true;
    }
  }, [props.statusUrl, props.errorMessages, t]);

  useEffect(() => {
    if (label !== 'running' || problem) return;
    let stopped = false;
    let timer = 0;
    // One poll at a time, the next after the answer; failures back off up to 10 s.
    const schedule = () => {
      timer = window.setTimeout(async () => {
        if (stopped) return;
        const keepPolling = await poll();
        if (!stopped && keepPolling) schedule();
      }, Math.min(MAX_BACKOFF_MS, pollMs * 2 ** failures.current));
    };
    schedule();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [label, problem, poll, pollMs]);

  useEffect(() => {
    if (label === 'done') window.location.assign(props.resultUrl);
  }, [label, props.resultUrl]);

  const cancel = async () => {
    setCancelling(true);
    setProblem(undefined);
    try {
      await apiRequest('user', apiPath(props.cancelUrl), { body: { id: props.queryId } });
      await poll();
    } catch (error) {
      const errcode = error instanceof ApiError ? error.errcode : 'E999';
      // Session and version problems open the global dialogs instead.
      if (errcode !== 'E073' && errcode !== 'E998') setProblem(props.errorMessages[errcode] ?? ((error instanceof ApiError && error.detail) || t('jobProgress.errors.E999')));
    } finally {
      setCancelling(false);
    }
  };

  const progress = label === 'done' ? 100 : state.progress;
  const message =
    label === 'running'
      ? t(cancelling ? 'jobProgress.status.cancelling' : own('status.running'))
      : t(own(`status.${label}`));
  return (
    <div className={`job-progress job-progress--${label}`} data-status={state.status} data-testid="job-progress">
      <p className="job-progress__message" role="status" aria-live="polite">
        {message}
      </p>
      {(label === 'running' || label === 'done') && (
        <div
          className={`job-progress__bar${label === 'running' && progress === 0 ? ' is-indeterminate' : ''}`}
          role="progressbar"
          aria-label={t('jobProgress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span className="job-progress__fill" style={{ width: `${progress}%` }} />
        </div>
      )}
      {kind === 'priorart' && (label === 'running' || label === 'done') && (
        <Stages stages={PRIORART_STAGES} prefix="jobProgress.stages" reached={label === 'done' ? 5 : state.status <= 5 ? state.status : -1} running={label === 'running'} ipc={state.ipc ?? null} />
      )}
      {kind === 'priorart' && label === 'running' && (state.charted?.length ?? 0) > 0 && <ChartedList charted={state.charted!} />}
      {kind === 'patent_creation_support' && (label === 'running' || label === 'done') && (
        <Stages
          stages={CREATION_STAGES.filter((stage) => stage !== 'gpt' || props.usesGpt)}
          prefix="jobProgress.creation.stages"
          // Without GPT its stage is skipped: stage 5 is then the 5th step, not the 6th.
          reached={label === 'done' ? 5 : Math.min(state.stage ?? 0, props.usesGpt ? 4 : 3)}
          running={label === 'running'}
          ipc={null}
        />
      )}
      {label === 'running' && (
        <p className="job-progress__percent" data-testid="job-progress-percent">
          {t('jobProgress.percent', { progress })}
        </p>
      )}
      {label === 'error' && (
        <p className="form__alert job-progress__error" role="alert" data-errcode={state.errcode ?? 'E999'}>
          {props.errorMessages[state.errcode ?? ''] ?? t('jobProgress.errors.E999')}
          {state.errcode && <span className="job-progress__code"> {t('jobProgress.errcode', { errcode: state.errcode })}</span>}
        </p>
      )}
      {stalled && label === 'running' && <p className="job-progress__stalled">{t('jobProgress.retrying')}</p>}
      {problem && (
        <p className="form__alert" role="alert">
          {problem}
        </p>
      )}
      {label === 'running' && (
        <p className="job-progress__leave">
          {t(own('leave'))} <a href="/history">{t('jobProgress.history')}</a>
        </p>
      )}
      <div className="job-progress__actions">
        {label === 'running' && (
          <button type="button" className="button" onClick={cancel} disabled={cancelling} data-testid="job-progress-cancel">
            {t(own('cancel'))}
          </button>
        )}
        {label === 'done' && (
          <a className="button button--primary" href={props.resultUrl}>
            {t('jobProgress.result')}
          </a>
        )}
        {(label === 'error' || label === 'cancel') && (
          <>
            <a className="button button--primary" href={props.buildUrl}>
              {t(own('edit'))}
            </a>
            <a className="button" href="/history">
              {t('jobProgress.history')}
            </a>
          </>
        )}
      </div>
    </div>
  );
}

/** The named stages of a simulation or a draft, the reached ones ticked; a simulation's inferred IPC as soon as it is known. */
function Stages({ stages, prefix, reached, running, ipc }: { stages: readonly string[]; prefix: string; reached: number; running: boolean; ipc: JobState['ipc'] }) {
  const t = useT();
  // `reached` is the last stage completed; the next one is under way.
  return (
    <div className="job-stages">
      <ol className="job-stages__list" data-testid="job-stages">
        {stages.map((stage, i) => (
          <li key={stage} className={`job-stages__step${i <= reached ? ' is-done' : i === reached + 1 && running ? ' is-current' : ''}`} data-stage={i}>
            <span className="job-stages__dot" aria-hidden="true">
              {i <= reached ? '✓' : i + 1}
            </span>
            {t(`${prefix}.${stage}`)}
          </li>
        ))}
      </ol>
      {ipc && ipc.subclasses.length > 0 && (
        <p className="job-stages__ipc" data-testid="job-ipc">
          <span className="job-stages__ipc-label">{t('jobProgress.inferredIpc')}</span>
          {shownSubclasses(ipc.subclasses).map((entry) => (
            <span key={entry.code} className="chip">
              {entry.code} <small>{Math.round(entry.score * 100)}%</small>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** The documents charted so far, each with how many elements it discloses, as they complete. */
function ChartedList({ charted }: { charted: ChartedSoFar[] }) {
  const t = useT();
  return (
    <div className="job-charted" data-testid="job-charted">
      <p className="job-charted__label">{t('jobProgress.priorart.charted', { count: charted.length })}</p>
      <ol className="job-charted__list">
        {charted.map((chart) => (
          <li key={chart.documentId}>
            <span className="job-charted__number">{chart.number}</span> <span className="job-charted__title">{chart.title}</span>{' '}
            <span className="chip">{t('jobProgress.priorart.disclosed', { disclosed: chart.disclosed, partly: chart.partly, elements: chart.elements })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
