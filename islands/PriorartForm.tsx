// /priorart/build-query (§2 "two tabs, enter the invention directly or specify by document
// number"): the invention text with a live character counter and its elements as the
// simulation will cut them (the server's cutter, asked after a pause in typing), or a stored
// document's claim chosen by number; then the options of §3/§9, each explained in one line,
// fixed main cited documents, a population file, optional formulas (the detailed search's
// row editor, reused, with a learning text per row), a second region, and a memo. Sends to /api/priorart/simulate
// and opens the waiting page; an error is shown beside its field.
import { useEffect, useMemo, useState } from 'react';
import { characterCount } from '../src/history/shared.ts';
import { ApiError, apiRequest } from './api.ts';
import type { ServerMessage } from './formula-builder/FormulaRows.tsx';
import { PartLoading } from './formula-builder/PartLoading.tsx';
import { loadFormulaChecks, useFormulaChecks } from './formula-builder/formula-checks.ts';
import { useT } from './i18n.tsx';
import { lazyPart } from './lazy-part.tsx';
import { ElementList, type Element } from './priorart-form/ElementList.tsx';
import { OptionsSection } from './priorart-form/OptionsSection.tsx';
import { formulaValidationOf, PRIORART_LIMITS, problemsOf, requestBodyOf, sentFormulas, type FieldProblem, type Message, type PriorartFormInput, type SimilarGroupChoice } from './priorart-form/model.ts';

export interface PriorartFormProps {
  initial: PriorartFormInput;
  /** The stored simulation the input came from (reopened from history), or null. */
  restoredFrom: string | null;
  /** Whether a GPT key is configured: without one, GPT translation cannot be chosen. */
  gptConfigured?: boolean;
  /** The user's own detailed searches that can be the similar patent group, newest first. */
  similarGroups?: SimilarGroupChoice[];
}

interface FoundClaim {
  documentId: string;
  title: string | null;
  claim: string;
  claimCount: number;
  elements: Element[];
}

/** The formulas section in a chunk of its own (the row editor, ~4 KB gzip): the form's JS within 80 KB (bench/page-scripts). */
const FormulasSection = lazyPart(() => import('./priorart-form/FormulasSection.tsx').then((module) => module.default), <PartLoading />);

const PREVIEW_DELAY_MS = 500;

export default function PriorartForm({ initial, restoredFrom, gptConfigured = false, similarGroups = [] }: PriorartFormProps) {
  const t = useT();
  const [input, setInput] = useState<PriorartFormInput>({ ...initial, shouldUseGPT: gptConfigured && initial.shouldUseGPT });
  const [elements, setElements] = useState<Element[] | null>(null);
  const [found, setFound] = useState<FoundClaim | null>(null);
  const [server, setServer] = useState<Record<string, Message>>({});
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [looking, setLooking] = useState(false);
  const change = (next: Partial<PriorartFormInput>) => {
    setInput((current) => ({ ...current, ...next }));
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in next) && field !== 'form')));
  };
  const problems = useMemo(() => problemsOf(input), [input]);
  // Formulas: checked as typed by the detailed search's parser, fetched with the first formula typed (most simulations have none); the server's answer is shown beside its row.
  // The formulas section hydrates when its chunk has come (lazy-part.tsx); the form's own changes of
  // state wait for it, as one before would make React render the section afresh (its server HTML replaced).
  const [sectionLive, setSectionLive] = useState(false);
  useEffect(() => {
    let live = true;
    void FormulasSection.prefetch().then(() => live && setSectionLive(true));
    return () => {
      live = false;
    };
  }, []);
  const checks = useFormulaChecks(sectionLive && sentFormulas(input).length > 0);
  const formulaValidation = useMemo(() => formulaValidationOf(input, checks), [input, checks]);
  const [serverRows, setServerRows] = useState<Record<number, ServerMessage>>({});
  const learningTooLong = input.learningTexts.map((text) => characterCount(text) > PRIORART_LIMITS.learningText);
  const changeFormulas = (formulas: PriorartFormInput['formulas'], learningTexts = input.learningTexts) => {
    change({ formulas, learningTexts });
    setServerRows({});
  };
  const message = (field: FieldProblem['field'] | 'population' | 'form'): Message | null => {
    if (server[field]) return server[field]!;
    const problem = problems.find((p) => p.field === field);
    // An empty field is explained once the person tried to send; an over-long one at once.
    if (!problem || (problem.errcode === 'E030' && !shown.has(field))) return null;
    return { errcode: problem.errcode, text: t(`priorartForm.errors.${problem.errcode}`, problem.values) };
  };

  // Elements as the server will cut them, after a pause in typing.
  useEffect(() => {
    if (input.isSelectDocumentId || !input.subjectMatter.trim() || characterCount(input.subjectMatter) > PRIORART_LIMITS.subjectMatter) {
      setElements(null);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const answer = await apiRequest<{ elements: Element[] }>('user', '/priorart/elements', { body: { subjectMatter: input.subjectMatter, isAutoElementCutter: input.isAutoElementCutter }, signal: controller.signal });
        setElements(answer.elements);
      } catch {
        if (!controller.signal.aborted) setElements(null);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [input.isSelectDocumentId, input.subjectMatter, input.isAutoElementCutter]);

  const lookUp = async (claimNumber = input.claimNumber) => {
    const documentId = input.documentId.trim();
    setShown((current) => new Set(current).add('documentId'));
    if (!documentId || characterCount(documentId) > PRIORART_LIMITS.documentId) return;
    setLooking(true);
    try {
      const answer = await apiRequest<FoundClaim>('user', '/priorart/elements', { body: { documentId, claimNumber } });
      setFound(answer);
      setServer((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'documentId')));
    } catch (error) {
      setFound(null);
      if (error instanceof ApiError) setServer((current) => ({ ...current, documentId: { errcode: error.errcode, text: error.detail || error.errcode } }));
    } finally {
      setLooking(false);
    }
  };
  // A document restored from history is looked up once, so its claim shows.
  useEffect(() => {
    if (sectionLive && initial.isSelectDocumentId && initial.documentId) void lookUp(initial.claimNumber);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sectionLive]);

  /** The elements as lines the person can edit: the cutter is switched off. */
  const editElements = () => {
    if (!elements?.length) return;
    change({ subjectMatter: elements.map((element) => element.text).join('\n'), isAutoElementCutter: false });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setShown(new Set(['subjectMatter', 'documentId', 'fixedPatents', 'memo', 'formulas']));
    // Formulas sent before the parser came: checked once it has (if it cannot come, the server's check alone decides).
    const pending = Boolean(formulaValidation.pending);
    const validation = pending ? await loadFormulaChecks().then((loaded) => formulaValidationOf(input, loaded), () => ({ valid: true })) : formulaValidation;
    if (problems.length || !validation.valid || learningTooLong.some(Boolean)) {
      const focusProblem = () => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      if (pending) window.requestAnimationFrame(focusProblem);
      else focusProblem();
      return;
    }
    setSending(true);
    try {
      const { id } = await apiRequest<{ id: string }>('user', '/priorart/simulate', { body: requestBodyOf(input) });
      window.location.assign(`/priorart/executing?id=${encodeURIComponent(id)}`);
    } catch (error) {
      setSending(false);
      if (!(error instanceof ApiError) || error.errcode === 'E073' || error.errcode === 'E998') return;
      if (error.row !== null) {
        setServerRows({ [error.row]: { errcode: error.errcode, text: error.detail || error.errcode } });
        return;
      }
      const field = error.field === 'claimNumber' ? 'documentId' : (error.field ?? 'form');
      setServer((current) => ({ ...current, [field]: { errcode: error.errcode, text: error.detail || error.errcode } }));
    }
  };

  const count = characterCount(input.subjectMatter);
  const textMessage = message('subjectMatter');
  const documentMessage = message('documentId');
  const fixedMessage = message('fixedPatents');
  const memoMessage = message('memo');
  const formMessage = server.form ?? server.population ?? null;
  const tab = (select: boolean, key: string) => (
    <button
      type="button"
      role="tab"
      id={`pa-tab-${key}`}
      aria-selected={input.isSelectDocumentId === select}
      aria-controls={`pa-panel-${key}`}
      className={`pa-tabs__tab${input.isSelectDocumentId === select ? ' is-active' : ''}`}
      onClick={() => change({ isSelectDocumentId: select })}
      data-testid={`tab-${key}`}
    >
      {t(`priorartForm.tabs.${key}`)}
    </button>
  );

  return (
    <form className="pa-form" onSubmit={submit} noValidate data-testid="priorart-form">
      {restoredFrom && <p className="panel form__notice pa-form__restored">{t('priorartForm.restored')}</p>}
      <section className="panel pa-form__input">
        <div className="pa-tabs" role="tablist" aria-label={t('priorartForm.tabs.label')}>
          {tab(false, 'text')}
          {tab(true, 'document')}
        </div>
        {!input.isSelectDocumentId ? (
          <div id="pa-panel-text" role="tabpanel" aria-labelledby="pa-tab-text" className="pa-form__panel">
            <div className="fb-label-row">
              <label className="form__label" htmlFor="pa-subject">
                {t('priorartForm.text.label')}
              </label>
              <span className={`fb-counter${count > PRIORART_LIMITS.subjectMatter ? ' is-over' : ''}`} data-testid="subject-counter">
                {t('priorartForm.text.counter', { count, max: PRIORART_LIMITS.subjectMatter })}
              </span>
            </div>
            <textarea
              id="pa-subject"
              className="input pa-form__textarea"
              value={input.subjectMatter}
              rows={10}
              placeholder={t('priorartForm.text.placeholder')}
              aria-invalid={textMessage ? true : undefined}
              aria-describedby="pa-subject-hint"
              onChange={(event) => change({ subjectMatter: event.target.value })}
              data-testid="subject-matter"
            />
            <p className="fb-hint" id="pa-subject-hint">
              {t('priorartForm.text.hint')}
            </p>
            {textMessage && (
              <p className="form__error" role="alert" data-errcode={textMessage.errcode} data-testid="subject-message">
                {textMessage.text}
              </p>
            )}
            <label className="checkbox">
              <input type="checkbox" checked={input.isAutoElementCutter} onChange={(event) => change({ isAutoElementCutter: event.target.checked })} data-testid="auto-cutter" />
              {t('priorartForm.text.autoCutter')}
            </label>
            <p className="fb-hint">{t(input.isAutoElementCutter ? 'priorartForm.text.autoCutterOn' : 'priorartForm.text.autoCutterOff')}</p>
            <ElementList elements={elements} onEdit={input.isAutoElementCutter ? editElements : undefined} />
          </div>
        ) : (
          <div id="pa-panel-document" role="tabpanel" aria-labelledby="pa-tab-document" className="pa-form__panel">
            <label className="form__label" htmlFor="pa-document">
              {t('priorartForm.document.label')}
            </label>
            <div className="fb-inline">
              <input
                id="pa-document"
                className="input"
                value={input.documentId}
                placeholder={t('priorartForm.document.placeholder')}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={documentMessage ? true : undefined}
                onChange={(event) => {
                  change({ documentId: event.target.value, claimNumber: 1 });
                  setFound(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    void lookUp(1);
                  }
                }}
                data-testid="document-id"
              />
              <button type="button" className="button" onClick={() => lookUp(1)} disabled={looking} data-testid="document-lookup">
                {looking ? t('priorartForm.document.looking') : t('priorartForm.document.lookUp')}
              </button>
            </div>
            <p className="fb-hint">{t('priorartForm.document.hint')}</p>
            {documentMessage && (
              <p className="form__error" role="alert" data-errcode={documentMessage.errcode} data-testid="document-message">
                {documentMessage.text}
              </p>
            )}
            {found && (
              <div className="pa-found" data-testid="document-found">
                <p className="pa-found__title">
                  <a href={`/document-details?docIds=${encodeURIComponent(found.documentId)}#claims`} target="_blank" rel="noopener">
                    {found.documentId}
                  </a>{' '}
                  {found.title}
                </p>
                <label className="form__label" htmlFor="pa-claim">
                  {t('priorartForm.document.claim')}
                </label>
                <select
                  id="pa-claim"
                  className="input pa-found__claim"
                  value={input.claimNumber}
                  onChange={(event) => {
                    const claimNumber = Number(event.target.value);
                    change({ claimNumber });
                    void lookUp(claimNumber);
                  }}
                  data-testid="claim-number"
                >
                  {Array.from({ length: found.claimCount }, (_, i) => (
                    <option key={i + 1} value={i + 1}>
                      {t('priorartForm.document.claimOption', { number: i + 1 })}
                    </option>
                  ))}
                </select>
                <blockquote className="pa-found__text" data-testid="claim-text">
                  {found.claim}
                </blockquote>
                <ElementList elements={found.elements} />
              </div>
            )}
          </div>
        )}
      </section>

      <OptionsSection input={input} change={change} server={server} fixedMessage={fixedMessage} memoMessage={memoMessage} gptConfigured={gptConfigured} similarGroups={similarGroups} />

      <section className="panel pa-form__formulas" aria-labelledby="pa-formulas-title" data-testid="priorart-formulas">
        <h2 className="panel__title" id="pa-formulas-title">
          {t('priorartForm.formulas.title')}
        </h2>
        <p className="fb-hint">{t('priorartForm.formulas.hint')}</p>
        <FormulasSection
          formulas={input.formulas}
          learningTexts={input.learningTexts}
          learningTooLong={learningTooLong}
          validation={formulaValidation}
          checks={checks}
          showAll={shown.has('formulas')}
          serverRows={serverRows}
          serverCombination={server.combination ?? null}
          disabled={sending}
          onChange={changeFormulas}
          onCombinationEdited={() => setServer((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'combination')))}
        />
        <p className="fb-hint">{t('priorartForm.formulas.learningHint')}</p>
      </section>

      <div className="pa-form__submit">
        {formMessage && (
          <p className="form__alert" role="alert" data-errcode={formMessage.errcode} data-testid="form-message">
            {formMessage.text}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={sending} data-testid="simulate">
          {sending ? t('priorartForm.sending') : t('priorartForm.submit')}
        </button>
      </div>
    </form>
  );
}
