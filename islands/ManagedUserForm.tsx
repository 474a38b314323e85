// The add-user form (/manage/add-user) and the edit form with the account actions
// (/manage/users/detail): name, email, feature flags, second factor; reset password, reset the
// second factor and delete, each asking first where it cannot be taken back. Mirrors the
// server's rules (src/manage/users/rules.ts) so both refuse the same input with the same code.
import { useCallback, useState, type FormEvent } from 'react';
import { FEATURE_KEYS, firstBrokenRule, USER_LIMITS, userRuleCode, type UserFormMode } from '../src/manage/users/rules.ts';
import { ApiError, apiRequest } from './api.ts';
import { Dialog } from './Dialog.tsx';
import { useT } from './i18n.tsx';
import { Snackbar, SNACKBAR_TIMEOUT_MS } from './Snackbar.tsx';

type Features = Record<(typeof FEATURE_KEYS)[number], boolean>;

export interface ManagedUserFormProps {
  mode: UserFormMode;
  /** Edit mode: the user as the server has them. */
  user?: { uid: string; name: string; email: string; enable: Features; mfa: { enable: boolean; isregist: boolean } };
}

/** Codes the global dialogs handle (§8): never shown in the form. */
const GLOBAL_CODES = new Set(['ME041', 'ME998']);
const DEFAULTS: Features = { simple: true, detail: false, priorart: false, patent_creation_support: false };

export default function ManagedUserForm({ mode, user }: ManagedUserFormProps) {
  const t = useT();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [enable, setEnable] = useState<Features>(user?.enable ?? DEFAULTS);
  const [mfaEnable, setMfaEnable] = useState(user?.mfa.enable ?? true);
  const [mfaRegistered, setMfaRegistered] = useState(user?.mfa.isregist ?? false);
  const [errors, setErrors] = useState<{ name?: string; email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [confirming, setConfirming] = useState<'delete' | 'resetMfa'>();
  const message = (code: string) => t(`manageUsers.errors.${code}`);
  const closeNotice = useCallback(() => setNotice(undefined), []);

  /** Shows a failed call where it belongs: by the field it names, or above the buttons. */
  const showFailure = (error: unknown) => {
    const errcode = error instanceof ApiError ? error.errcode : 'ME999';
    if (GLOBAL_CODES.has(errcode)) return;
    const field = error instanceof ApiError && (error.field === 'name' || error.field === 'email') ? error.field : 'form';
    setErrors({ [field]: message(/^ME0(1[6-9]|2[0-7]|42)$/.test(errcode) ? errcode : 'ME999') });
  };

  const leaveAfterNotice = (text: string, href: string) => {
    setNotice(text);
    window.setTimeout(() => window.location.assign(href), SNACKBAR_TIMEOUT_MS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const broken = firstBrokenRule({ name, email });
    if (broken) return setErrors({ [broken.field]: message(userRuleCode(broken.rule, mode)) });
    setErrors({});
    setBusy(true);
    const body = { name, email, enable, mfaEnable };
    try {
      if (mode === 'add') {
        const added = await apiRequest<{ uid: string }>('manage', '/users', { body });
        leaveAfterNotice(t('manageUsers.added'), `/manage/users/detail?id=${encodeURIComponent(added.uid)}`);
        return;
      }
      await apiRequest('manage', `/users/${user!.uid}/update`, { body });
      setNotice(t('manageUsers.saved'));
    } catch (error) {
      showFailure(error);
    }
    setBusy(false);
  };

  const act = async (action: 'reset-password' | 'reset-2fa' | 'delete') => {
    setConfirming(undefined);
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('manage', `/users/${user!.uid}/${action}`, { body: {} });
      if (action === 'delete') return leaveAfterNotice(t('manageUsers.deleted'), '/manage/users');
      if (action === 'reset-2fa') setMfaRegistered(false);
      setNotice(t(action === 'reset-password' ? 'manageUsers.resetPasswordSent' : 'manageUsers.resetMfaDone'));
    } catch (error) {
      showFailure(error);
    }
    setBusy(false);
  };

  const counter = (text: string, max: number) => t('manageUsers.counter', { count: [...text].length, max });
  return (
    <>
      <form className="form manage-user-form" onSubmit={submit} noValidate data-testid="managed-user-form">
        <div className="form__field">
          <label className="form__label" htmlFor="managed-user-name">
            {t('manageUsers.name')} <span className="settings-form__required">{t('manageUsers.required')}</span>
          </label>
          <input id="managed-user-name" className="input" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} autoComplete="off" />
          <span className="form__hint">{counter(name, USER_LIMITS.name)}</span>
          {errors.name && <p className="form__error" role="alert">{errors.name}</p>}
        </div>
        <div className="form__field">
          <label className="form__label" htmlFor="managed-user-email">
            {t('manageUsers.email')} <span className="settings-form__required">{t('manageUsers.required')}</span>
          </label>
          <input id="managed-user-email" className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(errors.email)} autoComplete="off" />
          {errors.email && <p className="form__error" role="alert">{errors.email}</p>}
        </div>
        <fieldset className="form__field manage-user-form__group">
          <legend className="form__label">{t('manageUsers.features')}</legend>
          {FEATURE_KEYS.map((key) => (
            <label key={key} className="checkbox">
              <input type="checkbox" name={`feature-${key}`} checked={enable[key]} onChange={(e) => setEnable({ ...enable, [key]: e.target.checked })} />
              {t(`manageUsers.featureNames.${key}`)}
            </label>
          ))}
          <span className="form__hint">{t('manageUsers.featuresHint')}</span>
        </fieldset>
        <fieldset className="form__field manage-user-form__group">
          <legend className="form__label">{t('manageUsers.mfa')}</legend>
          <label className="checkbox">
            <input type="checkbox" name="mfa-enable" checked={mfaEnable} onChange={(e) => setMfaEnable(e.target.checked)} />
            {t('manageUsers.mfaOn')}
          </label>
          {mode === 'edit' && (
            <span className="form__hint" data-testid="mfa-state">
              {t('manageUsers.mfaState', { state: t(mfaRegistered ? 'manageUsers.registered' : 'manageUsers.unregistered') })}
            </span>
          )}
        </fieldset>
        {errors.form && <p className="form__alert" role="alert">{errors.form}</p>}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {mode === 'add' ? (busy ? t('manageUsers.adding') : t('manageUsers.add')) : busy ? t('manageUsers.saving') : t('manageUsers.save')}
          </button>
        </div>
      </form>

      {mode === 'edit' && (
        <section className="manage-user-actions" aria-label={t('manageUsers.actions')}>
          <button type="button" className="button" disabled={busy} onClick={() => act('reset-password')}>{t('manageUsers.resetPassword')}</button>
          <button type="button" className="button" disabled={busy || !mfaRegistered} onClick={() => setConfirming('resetMfa')}>{t('manageUsers.resetMfa')}</button>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirming('delete')}>{t('manageUsers.delete')}</button>
        </section>
      )}

      {confirming && (
        <Dialog
          size="notice"
          testId="confirm-dialog"
          title={t(confirming === 'delete' ? 'manageUsers.confirmDeleteTitle' : 'manageUsers.confirmResetMfaTitle')}
          okLabel={t(confirming === 'delete' ? 'manageUsers.deleteOk' : 'manageUsers.resetOk')}
          onOk={() => act(confirming === 'delete' ? 'delete' : 'reset-2fa')}
          cancelLabel={t('manageUsers.cancel')}
          onCancel={() => setConfirming(undefined)}
        >
          <p>{confirming === 'delete' ? t('manageUsers.confirmDelete', { name: user!.name, email: user!.email }) : t('manageUsers.confirmResetMfa')}</p>
        </Dialog>
      )}
      {notice && <Snackbar message={notice} onClose={closeNotice} />}
    </>
  );
}
