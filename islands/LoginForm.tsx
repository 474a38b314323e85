// Sign-in form of both areas; in the manager's registration mode (/manage/2fa/reset) it
// leads to registering a new authenticator (§4).
import { useState, type FormEvent } from 'react';
import { ApiError, apiRequest, type Area } from './api.ts';
import { continueAfterLogin, isUsableToken } from './auth-flow.ts';
import { useT } from './i18n.tsx';
import { useField } from './use-field.ts';

export interface LoginFormProps {
  area: Area;
  registrationMode: boolean;
}

export default function LoginForm({ area, registrationMode }: LoginFormProps) {
  const t = useT();
  const emailField = useField();
  const passwordField = useField();
  const email = emailField.value;
  const password = passwordField.value;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const { token } = await apiRequest<{ token?: string }>(area, '/login', {
        body: { email, password, ...(registrationMode && { mode: 'registration' }) },
      });
      if (!isUsableToken(token)) throw new ApiError(500, area === 'manage' ? 'ME999' : 'E999', t('auth.unexpected'));
      const next = await continueAfterLogin(area);
      if (next) {
        window.dispatchEvent(new Event('hatsumei:navigation-start'));
        window.location.assign(next);
        return;
      }
    } catch (caught) {
      setError(caught instanceof ApiError && caught.detail ? caught.detail : t('auth.unexpected'));
    }
    setBusy(false);
  };

  const base = area === 'manage' ? '/manage' : '';
  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p className="form__alert" role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      <label className="form__field">
        <span className="form__label">{t('auth.email')}</span>
        <input className="input" type="email" name="email" autoComplete="username" maxLength={255} required {...emailField.props} placeholder="name@example.co.jp" />
      </label>
      <label className="form__field">
        <span className="form__label">{t('auth.password')}</span>
        <input className="input" type="password" name="password" autoComplete="current-password" maxLength={255} required {...passwordField.props} />
      </label>
      <button className="button button--primary button--block" type="submit" disabled={busy || !email || !password}>
        {busy ? t('auth.signingIn') : registrationMode ? t('auth.continueToRegistration') : t('auth.signIn')}
      </button>
      {!registrationMode && (
        <p className="auth-card__links">
          <a href={`${base}/forgetpassword`}>{t('auth.forgotPassword')}</a>
        </p>
      )}
    </form>
  );
}
