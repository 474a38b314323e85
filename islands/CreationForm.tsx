// /patent-creation-support/create (§2, §3 patent creation input): the claims one per box (a
// whole claim set pasted into one box is split at 【請求項２】 / "2."), a reference patent looked up
// by number with the parts of it to draw on, similar patents pasted or read from a population
// file, the similar-document text, keywords, drawings with their descriptions, GPT and GPT
// vision, memo. Sends a multipart form to /api/patent-creation-support/create and opens the
// waiting page; every refusal is shown beside its field in the person's language.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { characterCount } from '../src/history/shared.ts';
import { ApiError, apiRequest } from './api.ts';
import {
  CREATION_LIMITS, problemsOf, requestOf, similarNumbersOf, splitPastedClaims,
  type CreationField, type CreationFormInput, type NewDrawing,
} from './creation-form/model.ts';
import { useKeptPictures } from './creation-form/kept-pictures.ts';
import { shortenFileName } from './file-name.ts';
import { POPULATION_ACCEPT } from './formula-builder/population-accept.ts';
import { useT } from './i18n.tsx';

export interface CreationFormProps {
  initial: CreationFormInput;
  /** The entry the input came from (reopened from history), or null. */
  restoredFrom: string | null;
  gptConfigured: boolean;
}

interface FoundReference {
  id: string;
  number: string;
  title: string | null;
  abstract: string;
}
type Message = { errcode: string; text: string };

const DRAWING_ACCEPT = '.png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif';

export default function CreationForm({ initial, restoredFrom, gptConfigured }: CreationFormProps) {
  const t = useT();
  const [input, setInput] = useState<CreationFormInput>({ ...initial, shouldUseGPT: gptConfigured && initial.shouldUseGPT });
  const [drawings, setDrawings] = useState<NewDrawing[]>([]);
  const [server, setServer] = useState<Partial<Record<CreationField | 'form', Message>>>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<FoundReference | null>(null);
  const [looking, setLooking] = useState(false);
  const [populationNote, setPopulationNote] = useState<string | null>(null);
  const nextKey = useRef(1);
  const drawingInput = useRef<HTMLInputElement>(null);
  const populationInput = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => new Map(drawings.map((d) => [d.key, typeof URL !== 'undefined' ? URL.createObjectURL(d.file) : ''])), [drawings]);
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);
  const keptPictures = useKeptPictures(input.keptDrawings, () => setServer((current) => ({ ...current, drawings: undefined })));
  const { attached } = keptPictures;

  const change = (next: Partial<CreationFormInput>) => {
    setInput((current) => ({ ...current, ...next }));
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in next) && field !== 'form')));
  };
  const problems = useMemo(() => problemsOf(input, drawings, attached.map((a) => a.file)), [input, drawings, attached]);
  const message = (field: CreationField): Message | null => {
    if (server[field]) return server[field]!;
    const problem = problems.find((p) => p.field === field);
    // A missing claim is explained once the person tried to send; an over-long field at once.
    if (!problem || (problem.errcode === 'E040' && !tried)) return null;
    return { errcode: problem.errcode, text: t(`creationForm.errors.${problem.errcode}`, problem.values) };
  };
  const fieldMessage = (field: CreationField) => {
    const shown = message(field);
    return shown ? (
      <p className="form__field-error" role="alert" data-errcode={shown.errcode} data-field={field}>
        {shown.text}
      </p>
    ) : null;
  };

  const setClaim = (index: number, text: string) => {
    const split = splitPastedClaims(text);
    const claims = [...input.claims];
    claims.splice(index, 1, ...split.slice(0, Math.max(1, CREATION_LIMITS.claims - claims.length + 1)));
    change({ claims });
  };
  const addClaim = () => change({ claims: [...input.claims, ''] });
  const removeClaim = (index: number) => change({ claims: input.claims.length > 1 ? input.claims.filter((_, i) => i !== index) : [''] });

  const lookUp = async () => {
    const number = input.referenceNumber.trim();
    if (!number || characterCount(number) > CREATION_LIMITS.referenceNumber) return;
    setLooking(true);
    try {
      setReference(await apiRequest<FoundReference>('user', `/patent-creation-support/reference?number=${encodeURIComponent(number)}`, { method: 'GET' }));
    } catch (error) {
      setReference(null);
      if (error instanceof ApiError) setServer((current) => ({ ...current, referenceNumber: { errcode: error.errcode, text: error.detail || error.errcode } }));
    } finally {
      setLooking(false);
    }
  };
  useEffect(() => {
    if (initial.referenceNumber) void lookUp();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPopulation = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPopulationNote(null);
    // The reader comes when a file is chosen: it is 7 KB gzip the form's page would otherwise ship (JS budget 80 KB).
    const { readPopulationFile } = await import('./formula-builder/population.ts');
    const outcome = await readPopulationFile(file);
    if (!outcome.ok) return setPopulationNote(t(`creationForm.similar.problems.${outcome.problem.reason}`, outcome.problem.values));
    const numbers = outcome.population.documentIds;
    const kept = numbers.slice(0, CREATION_LIMITS.similarPatents);
    change({ similarPatents: kept.join('\n') });
    setPopulationNote(
      numbers.length > kept.length
        ? t('creationForm.errors.E046', { max: CREATION_LIMITS.similarPatents, given: numbers.length })
        : t('creationForm.similar.read', { count: kept.length, name: shortenFileName(file.name) }),
    );
  };

  const onDrawings = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setDrawings((current) => [...current, ...files.map((file) => ({ key: nextKey.current++, file, caption: '' }))]);
    setServer((current) => ({ ...current, drawings: undefined }));
  };
  const moveDrawing = (key: number, by: -1 | 1) =>
    setDrawings((current) => {
      const i = current.findIndex((d) => d.key === key);
      const j = i + by;
      if (i < 0 || j < 0 || j >= current.length) return current;
      const next = [...current];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });

  const submit = async () => {
    setTried(true);
    if (problems.length > 0) return;
    setSending(true);
    setServer({});
    const form = new FormData();
    form.append('request', JSON.stringify(requestOf(input, drawings, new Set(attached.map((a) => a.id)))));
    for (const { file } of attached) form.append('keptPictures', file, file.name);
    for (const drawing of drawings) form.append('drawings', drawing.file, drawing.file.name);
    try {
      const answer = await apiRequest<{ id: string }>('user', '/patent-creation-support/create', { body: form });
      window.location.assign(`/patent-creation-support/generating?id=${encodeURIComponent(answer.id)}`);
    } catch (error) {
      setSending(false);
      if (!(error instanceof ApiError)) return setServer({ form: { errcode: 'E999', text: t('creationForm.errors.E999') } });
      if (error.errcode === 'E073' || error.errcode === 'E998') return;
      const field = (error.field as CreationField | undefined) ?? 'form';
      setServer({ [field]: { errcode: error.errcode, text: error.detail || error.errcode } });
    }
  };

  const similarCount = similarNumbersOf(input.similarPatents).length;
  const drawingCount = drawings.length + input.keptDrawings.length;
  const drawingLimit = input.shouldUseGPT ? CREATION_LIMITS.drawingsWithGpt : CREATION_LIMITS.drawings;
  const filledClaims = input.claims.filter((claim) => claim.trim()).length;

  return (
    <form className="creation-form panel" onSubmit={(event) => (event.preventDefault(), void submit())} noValidate data-testid="creation-form">
      {restoredFrom && <p className="form__note">{t('creationForm.restored')}</p>}

      <fieldset className="creation-form__group">
        <legend className="form__label">{t('creationForm.region.label')}</legend>
        <p className="fb-hint">{t('creationForm.region.hint')}</p>
        <div className="segmented" role="radiogroup">
          {(['jp', 'us'] as const).map((region) => (
            <label key={region} className={`segmented__option${input.lang === region ? ' is-selected' : ''}`}>
              <input type="radio" name="lang" value={region} checked={input.lang === region} onChange={() => change({ lang: region })} />
              {t(`creationForm.region.${region}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="creation-form__group" data-field="claims">
        <legend className="form__label">
          {t('creationForm.claims.label')} <span className="required">{t('creationForm.required')}</span>
        </legend>
        <p className="fb-hint">{t('creationForm.claims.hint', { max: CREATION_LIMITS.claims, length: CREATION_LIMITS.claim })}</p>
        <ol className="creation-form__claims">
          {input.claims.map((claim, i) => (
            <li key={i} className="creation-form__claim">
              <label className="creation-form__claim-label" htmlFor={`claim-${i}`}>
                {t('creationForm.claims.item', { number: i + 1 })}
              </label>
              <textarea
                id={`claim-${i}`}
                className="textarea"
                rows={i === 0 ? 6 : 3}
                value={claim}
                onChange={(event) => setClaim(i, event.target.value)}
                data-testid={`claim-${i}`}
                aria-invalid={characterCount(claim) > CREATION_LIMITS.claim}
              />
              <span className={`counter${characterCount(claim) > CREATION_LIMITS.claim ? ' is-over' : ''}`}>
                {characterCount(claim)} / {CREATION_LIMITS.claim}
              </span>
              {input.claims.length > 1 && (
                <button type="button" className="button button--small button--ghost" onClick={() => removeClaim(i)}>
                  {t('creationForm.claims.remove')}
                </button>
              )}
            </li>
          ))}
        </ol>
        <p className="creation-form__row">
          <button type="button" className="button button--small" onClick={addClaim} disabled={input.claims.length >= CREATION_LIMITS.claims}>
            {t('creationForm.claims.add')}
          </button>
          <span className="counter">{t('creationForm.claims.count', { count: filledClaims, max: CREATION_LIMITS.claims })}</span>
        </p>
        {fieldMessage('claims')}
      </fieldset>

      <fieldset className="creation-form__group" data-field="referenceNumber">
        <legend className="form__label">{t('creationForm.reference.label')}</legend>
        <p className="fb-hint">{t('creationForm.reference.hint')}</p>
        <div className="creation-form__row">
          <input
            className="input"
            value={input.referenceNumber}
            placeholder={t('creationForm.reference.placeholder')}
            onChange={(event) => (change({ referenceNumber: event.target.value }), setReference(null))}
            onBlur={() => void lookUp()}
            data-testid="reference-number"
          />
          <button type="button" className="button button--small" onClick={() => void lookUp()} disabled={looking || !input.referenceNumber.trim()}>
            {t('creationForm.reference.lookUp')}
          </button>
        </div>
        {reference && (
          <p className="creation-form__found" data-testid="reference-found">
            <strong>{reference.number}</strong> {reference.title}
            {reference.abstract && <span className="creation-form__found-abstract">{reference.abstract}</span>}
          </p>
        )}
        {fieldMessage('referenceNumber')}
        <div className="creation-form__parts" role="group" aria-label={t('creationForm.reference.parts')}>
          <span className="form__sublabel">{t('creationForm.reference.parts')}</span>
          {(['claims', 'abstract', 'fullText'] as const).map((part) => (
            <label key={part} className="checkbox">
              <input
                type="checkbox"
                checked={input.referenceParts[part]}
                onChange={(event) => change({ referenceParts: { ...input.referenceParts, [part]: event.target.checked } })}
              />
              {t(`creationForm.reference.${part}`)}
            </label>
          ))}
        </div>
        {fieldMessage('referenceParts')}
      </fieldset>

      <fieldset className="creation-form__group" data-field="similarPatents">
        <legend className="form__label">{t('creationForm.similar.label')}</legend>
        <p className="fb-hint">{t('creationForm.similar.hint', { max: CREATION_LIMITS.similarPatents })}</p>
        <textarea className="textarea" rows={4} value={input.similarPatents} onChange={(event) => change({ similarPatents: event.target.value })} data-testid="similar-patents" />
        <p className="creation-form__row">
          <span className={`counter${similarCount > CREATION_LIMITS.similarPatents ? ' is-over' : ''}`}>
            {t('creationForm.similar.count', { count: similarCount, max: CREATION_LIMITS.similarPatents })}
          </span>
          <button type="button" className="button button--small" onClick={() => populationInput.current?.click()}>
            {t('creationForm.similar.file')}
          </button>
          <input ref={populationInput} type="file" accept={POPULATION_ACCEPT} hidden onChange={(event) => void onPopulation(event)} />
        </p>
        {similarCount > CREATION_LIMITS.similarPatents && <p className="form__note">{t('creationForm.errors.E046', { max: CREATION_LIMITS.similarPatents, given: similarCount })}</p>}
        {populationNote && <p className="form__note">{populationNote}</p>}
        {fieldMessage('similarPatents')}
      </fieldset>

      <fieldset className="creation-form__group" data-field="similarDocument">
        <legend className="form__label">{t('creationForm.similarDocument.label')}</legend>
        <p className="fb-hint">{t('creationForm.similarDocument.hint')}</p>
        <textarea className="textarea" rows={4} value={input.similarDocument} onChange={(event) => change({ similarDocument: event.target.value })} />
        <span className={`counter${characterCount(input.similarDocument) > CREATION_LIMITS.similarDocument ? ' is-over' : ''}`}>
          {characterCount(input.similarDocument)} / {CREATION_LIMITS.similarDocument}
        </span>
        {fieldMessage('similarDocument')}
      </fieldset>

      <fieldset className="creation-form__group" data-field="keywords">
        <legend className="form__label">{t('creationForm.keywords.label')}</legend>
        <p className="fb-hint">{t('creationForm.keywords.hint')}</p>
        <input className="input" value={input.keywords} onChange={(event) => change({ keywords: event.target.value })} placeholder={t('creationForm.keywords.placeholder')} />
        {fieldMessage('keywords')}
      </fieldset>

      <fieldset className="creation-form__group" data-field="drawings">
        <legend className="form__label">{t('creationForm.drawings.label')}</legend>
        <p className="fb-hint">{t('creationForm.drawings.hint', { max: drawingLimit, size: CREATION_LIMITS.drawingMegabytes })}</p>
        <ol className="creation-form__drawings">
          {input.keptDrawings.map((drawing, i) => {
            const picture = keptPictures.pictureOf(drawing);
            return (
              <li key={drawing.id} className="creation-form__drawing" data-testid="kept-drawing">
                {picture ? (
                  keptPictures.previewOf(drawing.id) && <img src={keptPictures.previewOf(drawing.id)} alt="" className="creation-form__thumb" />
                ) : drawing.withoutPicture ? (
                  <span className="creation-form__thumb creation-form__thumb--none">{t('creationForm.drawings.noPicture')}</span>
                ) : (
                  <img src={`/patent-creation-support/drawing?id=${encodeURIComponent(drawing.id)}`} alt="" className="creation-form__thumb" />
                )}
                <span className="creation-form__figure">{t('creationForm.drawings.figure', { number: i + 1 })}</span>
                <span className="creation-form__file">{shortenFileName(picture?.name ?? drawing.fileName)}</span>
                <input
                  className="input"
                  value={drawing.caption}
                  placeholder={t('creationForm.drawings.caption')}
                  onChange={(event) => change({ keptDrawings: input.keptDrawings.map((d) => (d.id === drawing.id ? { ...d, caption: event.target.value } : d)) })}
                />
                {drawing.withoutPicture &&
                  (picture ? (
                    <button type="button" className="button button--small button--ghost" onClick={() => keptPictures.remove(drawing.id)} data-testid="remove-picture">
                      {t('creationForm.drawings.removePicture')}
                    </button>
                  ) : (
                    <button type="button" className="button button--small" onClick={() => keptPictures.choose(drawing.id)} aria-label={t('creationForm.drawings.attachPictureTo', { number: i + 1 })} data-testid="attach-picture">
                      {t('creationForm.drawings.attachPicture')}
                    </button>
                  ))}
                <button type="button" className="button button--small button--ghost" onClick={() => (keptPictures.remove(drawing.id), change({ keptDrawings: input.keptDrawings.filter((d) => d.id !== drawing.id) }))}>
                  {t('creationForm.drawings.remove')}
                </button>
              </li>
            );
          })}
          {drawings.map((drawing, i) => (
            <li key={drawing.key} className="creation-form__drawing" data-testid="drawing">
              {previews.get(drawing.key) && <img src={previews.get(drawing.key)} alt="" className="creation-form__thumb" />}
              <span className="creation-form__figure">{t('creationForm.drawings.figure', { number: input.keptDrawings.length + i + 1 })}</span>
              <span className="creation-form__file">{shortenFileName(drawing.file.name)}</span>
              <input
                className="input"
                value={drawing.caption}
                placeholder={t('creationForm.drawings.caption')}
                onChange={(event) => setDrawings((current) => current.map((d) => (d.key === drawing.key ? { ...d, caption: event.target.value } : d)))}
              />
              <span className="creation-form__order">
                <button type="button" className="button button--small button--ghost" onClick={() => moveDrawing(drawing.key, -1)} disabled={i === 0} aria-label={t('creationForm.drawings.up')}>
                  ↑
                </button>
                <button type="button" className="button button--small button--ghost" onClick={() => moveDrawing(drawing.key, 1)} disabled={i === drawings.length - 1} aria-label={t('creationForm.drawings.down')}>
                  ↓
                </button>
              </span>
              <button type="button" className="button button--small button--ghost" onClick={() => setDrawings((current) => current.filter((d) => d.key !== drawing.key))}>
                {t('creationForm.drawings.remove')}
              </button>
            </li>
          ))}
        </ol>
        <p className="creation-form__row">
          <button type="button" className="button button--small" onClick={() => drawingInput.current?.click()} disabled={drawingCount >= CREATION_LIMITS.drawings}>
            {t('creationForm.drawings.add')}
          </button>
          <span className="counter">{t('creationForm.drawings.count', { count: drawingCount, max: drawingLimit })}</span>
          <input ref={drawingInput} type="file" accept={DRAWING_ACCEPT} multiple hidden onChange={onDrawings} data-testid="drawing-input" />
          <input ref={keptPictures.input} type="file" accept={DRAWING_ACCEPT} hidden onChange={keptPictures.onChosen} data-testid="kept-picture-input" />
        </p>
        {fieldMessage('drawings')}
      </fieldset>

      <fieldset className="creation-form__group">
        <legend className="form__label">{t('creationForm.gpt.label')}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={input.shouldUseGPT} disabled={!gptConfigured} onChange={(event) => change({ shouldUseGPT: event.target.checked })} data-testid="use-gpt" />
          {t('creationForm.gpt.use')}
        </label>
        <p className="fb-hint">{gptConfigured ? t('creationForm.gpt.hint') : t('creationForm.gpt.notConfigured')}</p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={input.shouldUseGPT && input.shouldUseGPTVision}
            disabled={!gptConfigured || !input.shouldUseGPT || drawingCount === 0}
            onChange={(event) => change({ shouldUseGPTVision: event.target.checked })}
          />
          {t('creationForm.gpt.vision', { max: CREATION_LIMITS.drawingsWithGpt })}
        </label>
      </fieldset>

      <fieldset className="creation-form__group" data-field="memo">
        <legend className="form__label">{t('creationForm.memo.label')}</legend>
        <textarea className="textarea" rows={2} value={input.memo} onChange={(event) => change({ memo: event.target.value })} />
        {fieldMessage('memo')}
      </fieldset>

      {server.form && (
        <p className="form__alert" role="alert" data-errcode={server.form.errcode}>
          {server.form.text}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending} data-testid="creation-submit">
          {sending ? t('creationForm.sending') : t('creationForm.submit')}
        </button>
      </div>
    </form>
  );
}
