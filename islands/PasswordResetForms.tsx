// Password reset: ask for a link by email, then set a new password with it (§5 rules).
import { useState, type FormEvent } from 'react';
import { ApiError, apiRequest, loginPath, type Area } from './api.ts';
import { useT } from './i18n.tsx';
import { useField } from './use-field.ts';

export interface PasswordResetFormsProps {
  area: Area;
  step: 'request' | 'new-password';
  /** The mailed token, or null when the link is no longer usable. */
  token?: string | null;
}

/** Which password rules (§5) a candidate meets, for the checklist under the field. */
export function passwordChecks(password: string) {
  return {
    length: password.length >= 8,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[!#$%&=?@]/.test(password),
    characters: /^[A-Za-z0-9!#$%&=?@]*$/.test(password),
  };
}

/** Posts a form's call once at a time: busy while it runs, the server's message when it fails, done after. */
function useSubmission(call: () => Promise<unknown>) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await call();
      setDone(true);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.detail ? caught.detail : t('auth.unexpected'));
    }
    setBusy(false);
  };
  return { busy, done, error, submit };
}

function DonePanel({ message, testId, href, label, primary }: { message: string; testId: string; href: string; label: string; primary?: boolean }) {
  return (
    <div className="form">
      <p className="form__notice" role="status" data-testid={testId}>
        {message}
      </p>
      <a className={`button${primary ? ' button--primary' : ''} button--block`} href={href}>
        {label}
      </a>
    </div>
  );
}

function RequestLink({ area }: { area: Area }) {
  const t = useT();
  const emailField = useField();
  const email = emailField.value;
  const { busy, done, error, submit } = useSubmission(() => apiRequest(area, '/forgetpassword', { body: { email } }));
  if (done) return <DonePanel message={t('auth.resetSent')} testId="reset-sent" href={loginPath(area)} label={t('auth.backToLogin')} />;
  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && <p className="form__alert" role="alert" data-testid="form-error">{error}</p>}
      <label className="form__field">
        <span className="form__label">{t('auth.email')}</span>
        <input className="input" type="email" name="email" autoComplete="username" maxLength={255} {...emailField.props} placeholder="name@example.co.jp" />
      </label>
      <button className="button button--primary button--block" type="submit" disabled={busy || !email}>
        {t('auth.sendLink')}
      </button>
      <p className="auth-card__links">
        <a href={loginPath(area)}>{t('auth.backToLogin')}</a>
      </p>
    </form>
  );
}

function NewPassword({ area, token }: { area: Area; token: string }) {
  const t = useT();
  const passwordField = useField();
  const confirmationField = useField();
  const password = passwordField.value;
  const confirmation = confirmationField.value;
  const checks = passwordChecks(password);
  const { busy, done, error, submit } = useSubmission(() => apiRequest(area, '/password', { body: { token, password, passwordConfirm: confirmation } }));
  if (done) return <DonePanel message={t('auth.passwordChanged')} testId="password-changed" href={loginPath(area)} label={t('auth.signIn')} primary />;
  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && <p className="form__alert" role="alert" data-testid="form-error">{error}</p>}
      <label className="form__field">
        <span className="form__label">{t('auth.newPassword')}</span>
        <input className="input" type="password" name="password" autoComplete="new-password" maxLength={255} {...passwordField.props} />
      </label>
      <ul className="password-checks" aria-label={t('auth.rules.title')}>
        {(Object.keys(checks) as Array<keyof typeof checks>).map((rule) => (
          <li key={rule} className={checks[rule] && password ? 'is-met' : ''}>
            {t(`auth.rules.${rule}`)}
          </li>
        ))}
      </ul>
      <label className="form__field">
        <span className="form__label">{t('auth.confirmPassword')}</span>
        <input className="input" type="password" name="passwordConfirm" autoComplete="new-password" maxLength={255} {...confirmationField.props} />
      </label>
      <button className="button button--primary button--block" type="submit" disabled={busy || !password || !confirmation}>
        {t('auth.setPassword')}
      </button>
    </form>
  );
}

export default function PasswordResetForms({ area, step, token }: PasswordResetFormsProps) {
  const t = useT();
  if (step === 'request') return <RequestLink area={area} />;
  if (!token) {
    return (
      <div className="form">
        <p className="form__alert" role="alert" data-testid="invalid-link">
          {t('auth.invalidLink')}
        </p>
        <a className="button button--primary button--block" href={area === 'manage' ? '/manage/forgetpassword' : '/forgetpassword'}>
          {t('auth.requestAgain')}
        </a>
      </div>
    );
  }
  return <NewPassword area={area} token={token} />;
}
