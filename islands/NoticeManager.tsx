// /manage/notice: the company's notices (drafts and published) with write, edit, publish,
// unpublish and delete (asking first: it cannot be undone). Mirrors the server's rules
// (src/manage/notice/validation.ts) so both refuse the same input with the same code.
import { useCallback, useState, type FormEvent } from 'react';
import { firstBrokenNoticeRule, NOTICE_CODES, NOTICE_LIMITS, type Importance, type NoticeField } from '../src/manage/notice/validation.ts';
import { formatExecDate } from '../src/history/shared.ts';
import { ApiError, apiRequest } from './api.ts';
import { Dialog } from './Dialog.tsx';
import { useT } from './i18n.tsx';
import { Snackbar } from './Snackbar.tsx';

export interface ManagedNoticeView {
  id: string;
  titleJa: string;
  titleEn: string;
  bodyJa: string;
  bodyEn: string;
  importance: Importance;
  publishedAt: string | null;
  updatedAt: string;
}

export interface NoticeManagerProps {
  notices: ManagedNoticeView[];
  lang: 'ja' | 'en';
}

const EMPTY = { titleJa: '', titleEn: '', bodyJa: '', bodyEn: '', importance: 'normal' as Importance };
const OWN_CODES = new Set<string>(Object.values(NOTICE_CODES));
/** Codes the global dialogs handle (§8): never shown in the form. */
const GLOBAL_CODES = new Set(['ME041', 'ME998']);

// Japan time on the server and in any browser alike (the product's dates, §9), so hydration matches.
const formatDate = formatExecDate;

export default function NoticeManager(props: NoticeManagerProps) {
  const t = useT();
  const [notices, setNotices] = useState(props.notices);
  const [editing, setEditing] = useState<string | 'new'>();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<NoticeField | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [confirming, setConfirming] = useState<ManagedNoticeView>();
  const closeDone = useCallback(() => setDone(undefined), []);
  const message = (code: string) => t(`notice.errors.${OWN_CODES.has(code) ? code : 'ME999'}`);
  const titleOf = (n: ManagedNoticeView) => (props.lang === 'en' ? n.titleEn || n.titleJa : n.titleJa || n.titleEn);

  const showFailure = (error: unknown) => {
    const errcode = error instanceof ApiError ? error.errcode : 'ME999';
    if (GLOBAL_CODES.has(errcode)) return;
    const field = error instanceof ApiError && error.field && error.field in EMPTY ? (error.field as NoticeField) : 'form';
    setErrors({ [field]: message(errcode) });
  };
  const replace = (notice: ManagedNoticeView) => setNotices((list) => [notice, ...list.filter((n) => n.id !== notice.id)]);

  const open = (notice?: ManagedNoticeView) => {
    setErrors({});
    setEditing(notice?.id ?? 'new');
    setForm(notice ? { titleJa: notice.titleJa, titleEn: notice.titleEn, bodyJa: notice.bodyJa, bodyEn: notice.bodyEn, importance: notice.importance } : EMPTY);
  };

  const save = async (event: FormEvent, publish: boolean) => {
    event.preventDefault();
    const broken = firstBrokenNoticeRule(form);
    if (broken) return setErrors({ [broken.field]: message(NOTICE_CODES[broken.rule]) });
    setErrors({});
    setBusy(true);
    try {
      let saved = editing === 'new'
        ? await apiRequest<ManagedNoticeView>('manage', '/notices', { body: { ...form, publish } })
        : await apiRequest<ManagedNoticeView>('manage', `/notices/${editing}/update`, { body: form });
      if (publish && !saved.publishedAt) saved = await apiRequest<ManagedNoticeView>('manage', `/notices/${saved.id}/publish`, { body: {} });
      replace(saved);
      setEditing(undefined);
      setDone(t(publish ? 'notice.published' : 'notice.saved'));
    } catch (error) {
      showFailure(error);
    }
    setBusy(false);
  };

  const act = async (notice: ManagedNoticeView, action: 'publish' | 'unpublish' | 'delete') => {
    setConfirming(undefined);
    setBusy(true);
    try {
      if (action === 'delete') {
        await apiRequest('manage', `/notices/${notice.id}/delete`, { body: {} });
        setNotices((list) => list.filter((n) => n.id !== notice.id));
        if (editing === notice.id) setEditing(undefined);
        setDone(t('notice.deleted'));
      } else {
        replace(await apiRequest<ManagedNoticeView>('manage', `/notices/${notice.id}/${action}`, { body: {} }));
        setDone(t(action === 'publish' ? 'notice.published' : 'notice.unpublished'));
      }
    } catch (error) {
      showFailure(error);
    }
    setBusy(false);
  };

  const field = (name: NoticeField, multiline: boolean) => {
    const max = multiline ? NOTICE_LIMITS.body : NOTICE_LIMITS.title;
    const id = `notice-${name}`;
    const common = { id, className: multiline ? 'input textarea' : 'input', value: form[name], 'aria-invalid': Boolean(errors[name]), onChange: (e: { target: { value: string } }) => {
      setForm({ ...form, [name]: e.target.value });
      // The title rule spans both titles: a message goes once the manager changes anything.
      if (Object.keys(errors).length > 0) setErrors({});
    } };
    return (
      <div className="form__field">
        <label className="form__label" htmlFor={id}>{t(`notice.fields.${name}`)}</label>
        {multiline ? <textarea {...common} rows={6} /> : <input {...common} autoComplete="off" />}
        <span className="form__hint">{t('notice.counter', { count: [...form[name]].length, max: max.toLocaleString('en-US') })}</span>
        {errors[name] && <p className="form__error" role="alert">{errors[name]}</p>}
      </div>
    );
  };

  return (
    <div className="notice-manager" data-testid="notice-manager">
      {editing ? (
        <form className="form panel" onSubmit={(e) => save(e, false)} noValidate data-testid="notice-form">
          <h2 className="panel__title">{t(editing === 'new' ? 'notice.newTitle' : 'notice.editTitle')}</h2>
          <p className="form__hint">{t('notice.languagesHint')}</p>
          {field('titleJa', false)}
          {field('bodyJa', true)}
          {field('titleEn', false)}
          {field('bodyEn', true)}
          <label className="checkbox">
            <input type="checkbox" name="important" checked={form.importance === 'important'} onChange={(e) => setForm({ ...form, importance: e.target.checked ? 'important' : 'normal' })} />
            {t('notice.markImportant')}
          </label>
          {errors.form && <p className="form__alert" role="alert">{errors.form}</p>}
          <div className="form__actions">
            <button type="button" className="button" disabled={busy} onClick={() => setEditing(undefined)}>{t('notice.cancel')}</button>
            <button type="submit" className="button" disabled={busy}>{t('notice.saveDraft')}</button>
            <button type="button" className="button button--primary" disabled={busy} onClick={(e) => save(e, true)}>{t('notice.savePublish')}</button>
          </div>
        </form>
      ) : (
        <p><button type="button" className="button button--primary" onClick={() => open()} data-testid="notice-new">{t('notice.write')}</button></p>
      )}
      {notices.length === 0 ? (
        <p className="notice-manager__empty">{t('notice.empty')}</p>
      ) : (
        <ul className="notice-manager__list">
          {notices.map((notice) => (
            <li key={notice.id} className="notice-manager__item" data-testid="managed-notice">
              <div>
                <span className={`badge${notice.publishedAt ? ' badge--published' : ''}`}>{t(notice.publishedAt ? 'notice.stateOn' : 'notice.stateDraft')}</span>
                {notice.importance === 'important' && <span className="badge badge--important">{t('notice.important')}</span>}
                <strong className="notice-manager__title">{titleOf(notice)}</strong>
                <span className="form__hint">{notice.publishedAt ? t('notice.publishedAt', { date: formatDate(notice.publishedAt) }) : t('notice.updatedAt', { date: formatDate(notice.updatedAt) })}</span>
              </div>
              <div className="notice-manager__actions">
                <button type="button" className="button" disabled={busy} onClick={() => open(notice)}>{t('notice.edit')}</button>
                <button type="button" className="button" disabled={busy} onClick={() => act(notice, notice.publishedAt ? 'unpublish' : 'publish')}>{t(notice.publishedAt ? 'notice.unpublish' : 'notice.publish')}</button>
                <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirming(notice)}>{t('notice.delete')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <Dialog size="notice" title={t('notice.confirmDeleteTitle')} okLabel={t('notice.deleteOk')} onOk={() => act(confirming, 'delete')} cancelLabel={t('notice.cancel')} onCancel={() => setConfirming(undefined)} testId="notice-delete-dialog">
          <p>{t('notice.confirmDelete', { title: titleOf(confirming) })}</p>
        </Dialog>
      )}
      {done && <Snackbar message={done} onClose={closeDone} />}
    </div>
  );
}
