// The memo of a history entry (§9: at most 5000 characters): shown as text, edited in
// place with a counter, saved without reloading. A failed save keeps both the saved memo
// and what was typed, so nothing is lost.
import { useId, useState, type FormEvent } from 'react';
import { MEMO_LIMIT, characterCount } from '../src/history/shared.ts';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';

export interface HistoryEntryMemoProps {
  id: string;
  memo: string;
}

const GLOBAL_CODES = new Set(['E073', 'E998']);

export default function HistoryEntryMemo({ id, memo: initial }: HistoryEntryMemoProps) {
  const t = useT();
  const fieldId = useId();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const count = draft === null ? 0 : characterCount(draft);
  const tooLong = count > MEMO_LIMIT;

  const edit = () => {
    setDraft(saved);
    setError(undefined);
    setNotice(undefined);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    if (tooLong) {
      setError(t('historyEntry.memo.errors.E059'));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const result = await apiRequest<{ memo: string }>('user', '/history/memo', { body: { id, memo: draft } });
      setSaved(result.memo);
      setDraft(null);
      setNotice(t('historyEntry.memo.saved'));
    } catch (failure) {
      const errcode = failure instanceof ApiError ? failure.errcode : 'E999';
      if (GLOBAL_CODES.has(errcode)) return;
      // The server's message is already in the user's language; the island's own strings stand in when there is none.
      const detail = failure instanceof ApiError && failure.detail && errcode !== 'E999' ? failure.detail : '';
      setError(detail || t(`historyEntry.memo.errors.${errcode === 'E059' || errcode === 'E072' ? errcode : 'E999'}`));
    } finally {
      setSaving(false);
    }
  };

  if (draft === null) {
    return (
      <div className="history-memo" data-testid="history-memo">
        <div className="history-memo__view">
          <span className="history-memo__label">{t('historyEntry.memo.label')}</span>
          {saved ? <p className="history-memo__text" data-testid="history-memo-text">{saved}</p> : <p className="history-memo__empty">{t('historyEntry.memo.empty')}</p>}
          <button type="button" className="link-button history-memo__edit" onClick={edit} data-testid="history-memo-edit">
            {t(saved ? 'historyEntry.memo.edit' : 'historyEntry.memo.add')}
          </button>
        </div>
        {notice && (
          <p className="history-memo__notice" role="status">
            {notice}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="history-memo history-memo--editing" onSubmit={save} data-testid="history-memo">
      <label className="history-memo__label" htmlFor={fieldId}>
        {t('historyEntry.memo.label')}
      </label>
      <textarea
        id={fieldId}
        className="input history-memo__field"
        value={draft}
        rows={4}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={tooLong || Boolean(error) || undefined}
        aria-describedby={`${fieldId}-count`}
        autoFocus
      />
      <div className="history-memo__bar">
        <span id={`${fieldId}-count`} className={`history-memo__counter${tooLong ? ' is-over' : ''}`} data-testid="history-memo-counter">
          {t('historyEntry.memo.counter', { count: count.toLocaleString('en-US'), max: MEMO_LIMIT.toLocaleString('en-US') })}
        </span>
        <span className="history-memo__actions">
          <button type="button" className="button" onClick={() => { setDraft(null); setError(undefined); }} disabled={saving}>
            {t('historyEntry.memo.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving || tooLong}>
            {t(saving ? 'historyEntry.memo.saving' : 'historyEntry.memo.save')}
          </button>
        </span>
      </div>
      {(error || tooLong) && (
        <p className="form__error history-memo__error" role="alert" data-errcode={tooLong ? 'E059' : undefined}>
          {tooLong ? t('historyEntry.memo.errors.E059') : error}
        </p>
      )}
    </form>
  );
}
