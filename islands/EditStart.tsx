// Where editing starts (/patent-document-edit without an id): a creation result (the one the
// user came from first), a Word (.docx) or HTML patent document, or an empty document in
// Japanese (JPO) or English (US). Opening creates an editing entry and goes to the editor.
import { useState, type ChangeEvent } from 'react';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';

export interface EditStartProps {
  creations: Array<{ id: string; execDate: string; claim: string }>;
  fromCreation: string | null;
  fromVersion: number | null;
}

const DOCUMENT_ACCEPT = '.docx,.html,.htm,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/html';

export default function EditStart({ creations, fromCreation, fromVersion }: EditStartProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ errcode: string; text: string } | null>(null);

  const open = async (body: FormData | Record<string, unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiRequest<{ id: string }>('user', '/patent-document-edit/open', { body });
      window.location.assign(`/patent-document-edit?id=${encodeURIComponent(answer.id)}`);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && (error.errcode === 'E073' || error.errcode === 'E998')) return;
      setProblem({ errcode: error instanceof ApiError ? error.errcode : 'E999', text: error instanceof ApiError && error.detail ? error.detail : t('editStart.errors.E999') });
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    void open(form);
  };

  return (
    <div className="edit-start" data-testid="edit-start">
      {problem && (
        <p className="form__alert" role="alert" data-errcode={problem.errcode}>
          {problem.text}
        </p>
      )}
      <div className="edit-start__choices">
        <section className="panel edit-start__choice">
          <h2 className="panel__title">{t('editStart.creation.title')}</h2>
          <p className="fb-hint">{t('editStart.creation.hint')}</p>
          {creations.length === 0 ? (
            <p className="draft-editor__empty">{t('editStart.creation.none')}</p>
          ) : (
            <ul className="edit-start__creations">
              {creations.map((creation) => (
                <li key={creation.id} className={creation.id === fromCreation ? 'is-current' : ''}>
                  <span className="edit-start__claim">{creation.claim}</span>
                  <time>{creation.execDate}</time>
                  <button
                    type="button"
                    className={`button button--small${creation.id === fromCreation ? ' button--primary' : ''}`}
                    disabled={busy}
                    onClick={() => void open({ creationId: creation.id, ...(creation.id === fromCreation && fromVersion ? { version: fromVersion } : {}) })}
                    data-testid={`open-creation-${creation.id}`}
                  >
                    {creation.id === fromCreation && fromVersion ? t('editStart.creation.openVersion', { version: fromVersion }) : t('editStart.creation.open')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel edit-start__choice">
          <h2 className="panel__title">{t('editStart.upload.title')}</h2>
          <p className="fb-hint">{t('editStart.upload.hint')}</p>
          <label className={`button${busy ? ' is-disabled' : ''}`}>
            {t('editStart.upload.choose')}
            <input type="file" accept={DOCUMENT_ACCEPT} hidden disabled={busy} onChange={onFile} data-testid="edit-upload" />
          </label>
        </section>
        <section className="panel edit-start__choice">
          <h2 className="panel__title">{t('editStart.empty.title')}</h2>
          <p className="fb-hint">{t('editStart.empty.hint')}</p>
          <div className="creation-form__row">
            <button type="button" className="button" disabled={busy} onClick={() => void open({ lang: 'ja' })} data-testid="edit-empty-ja">
              {t('editStart.empty.ja')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void open({ lang: 'en' })} data-testid="edit-empty-en">
              {t('editStart.empty.en')}
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
