// The GPT-instructed edit (§1, §2): the selected items and an instruction (≤ 5,000) go to a job
// that can be cancelled; its proposals come back as before/after per item with the differences
// marked, and the user confirms the items to keep. Nothing changes until then.
import { useEffect, useRef, useState } from 'react';
import { characterCount } from '../../src/history/shared.ts';
import { ApiError, apiRequest } from '../api.ts';
import { useT } from '../i18n.tsx';

export interface Proposal {
  item: string;
  before: string;
  after: string;
  warnings?: string[];
  diff: Array<{ kind: 'same' | 'added' | 'removed'; text: string }>;
}

interface GptState {
  status: number;
  progress: number;
  errcode: string | null;
  proposals?: Proposal[];
}

const INSTRUCTION_LIMIT = 5000;

export function GptPanel(props: {
  id: string;
  version: number;
  selected: string[];
  itemLabel: (item: string) => string;
  gptConfigured: boolean;
  onApplied: () => Promise<void>;
}) {
  const t = useT();
  const [instruction, setInstruction] = useState('');
  const [job, setJob] = useState<string | null>(null);
  const [state, setState] = useState<GptState | null>(null);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<{ errcode: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef(0);

  const fail = (error: unknown) => {
    const errcode = error instanceof ApiError ? error.errcode : 'E999';
    if (errcode === 'E073' || errcode === 'E998') return;
    setProblem({ errcode, text: error instanceof ApiError && error.detail ? error.detail : t('documentEditor.errors.E999') });
  };

  // Poll the job about once a second while it runs.
  useEffect(() => {
    if (!job || (state && state.status !== 0)) return;
    timer.current = window.setTimeout(async () => {
      try {
        const next = await apiRequest<GptState>('user', `/patent-document-edit/gpt?id=${encodeURIComponent(props.id)}&job=${encodeURIComponent(job)}`, { method: 'GET' });
        setState(next);
        if (next.status === 1) setAccepted(new Set((next.proposals ?? []).filter((p) => p.after !== p.before).map((p) => p.item)));
        if (next.status === 8) setProblem({ errcode: next.errcode ?? 'E417', text: t(`documentEditor.gpt.errors.${next.errcode === 'E098' ? 'E098' : 'E417'}`) });
      } catch (error) {
        fail(error);
      }
    }, 1000);
    return () => window.clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job, state]);

  const start = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await apiRequest<{ job: string }>('user', '/patent-document-edit/gpt', { body: { id: props.id, version: props.version, items: props.selected, instruction } });
      setState({ status: 0, progress: 0, errcode: null });
      setJob(answer.job);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (!job) return;
    try {
      await apiRequest('user', '/patent-document-edit/gpt/cancel', { body: { id: props.id, job } });
      setState((current) => (current ? { ...current, status: 9 } : current));
    } catch (error) {
      fail(error);
    }
  };
  const apply = async () => {
    if (!job) return;
    setBusy(true);
    try {
      await apiRequest('user', '/patent-document-edit/gpt/apply', { body: { id: props.id, job, accept: [...accepted] } });
      setJob(null);
      setState(null);
      await props.onApplied();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const discard = () => {
    setJob(null);
    setState(null);
  };

  const running = state?.status === 0;
  const over = characterCount(instruction) > INSTRUCTION_LIMIT;
  return (
    <section className="panel document-editor__gpt" data-testid="gpt-panel">
      <h2 className="panel__title">{t('documentEditor.gpt.title')}</h2>
      {!props.gptConfigured ? (
        <p className="fb-hint">{t('documentEditor.gpt.notConfigured')}</p>
      ) : (
        <>
          <p className="fb-hint">{props.selected.length ? t('documentEditor.gpt.selected', { items: props.selected.map(props.itemLabel).join(t('documentEditor.separator')) }) : t('documentEditor.gpt.selectFirst')}</p>
          <textarea className="textarea" rows={3} value={instruction} onChange={(event) => setInstruction(event.target.value)} placeholder={t('documentEditor.gpt.placeholder')} disabled={running} data-testid="gpt-instruction" />
          <span className={`counter${over ? ' is-over' : ''}`}>
            {characterCount(instruction)} / {INSTRUCTION_LIMIT}
          </span>
          <div className="form__actions">
            {running ? (
              <>
                <span className="counter" role="status">
                  {t('documentEditor.gpt.running', { progress: state?.progress ?? 0 })}
                </span>
                <button type="button" className="button button--small" onClick={() => void cancel()} data-testid="gpt-cancel">
                  {t('documentEditor.gpt.cancel')}
                </button>
              </>
            ) : (
              <button type="button" className="button button--primary button--small" disabled={busy || !instruction.trim() || over || props.selected.length === 0 || state?.status === 1} onClick={() => void start()} data-testid="gpt-run">
                {t('documentEditor.gpt.run')}
              </button>
            )}
          </div>
          {state?.status === 9 && <p className="form__note">{t('documentEditor.gpt.cancelled')}</p>}
        </>
      )}
      {problem && (
        <p className="form__alert" role="alert" data-errcode={problem.errcode}>
          {problem.text}
        </p>
      )}
      {state?.status === 1 && state.proposals && (
        <div className="document-editor__proposals" data-testid="gpt-proposals">
          <h3>{t('documentEditor.gpt.proposals')}</h3>
          {state.proposals.map((proposal) => (
            <div key={proposal.item} className="document-editor__proposal" data-item={proposal.item}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={accepted.has(proposal.item)}
                  disabled={proposal.after === proposal.before}
                  onChange={(event) => setAccepted((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(proposal.item);
                    else next.delete(proposal.item);
                    return next;
                  })}
                />
                <strong>{props.itemLabel(proposal.item)}</strong>
                {proposal.after === proposal.before && <span className="counter">{t('documentEditor.gpt.unchanged')}</span>}
              </label>
              <p className="document-editor__diff">
                {proposal.diff.map((part, i) =>
                  part.kind === 'same' ? <span key={i}>{part.text}</span> : part.kind === 'added' ? <ins key={i}>{part.text}</ins> : <del key={i}>{part.text}</del>,
                )}
              </p>
              {(proposal.warnings ?? []).map((warning) => (
                <p key={warning} className="form__note">
                  {t(`documentEditor.gpt.warnings.${warning.replace(/^gptEdit\./, '')}`)}
                </p>
              ))}
            </div>
          ))}
          <div className="form__actions">
            <button type="button" className="button button--primary button--small" disabled={busy || accepted.size === 0} onClick={() => void apply()} data-testid="gpt-apply">
              {t('documentEditor.gpt.apply', { count: accepted.size })}
            </button>
            <button type="button" className="button button--small" onClick={discard} data-testid="gpt-discard">
              {t('documentEditor.gpt.discard')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
