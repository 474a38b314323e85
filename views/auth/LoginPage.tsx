// Sign-in form (§5 login rules: email and password required, at most 255 characters).
import { usePage } from '../page-context.tsx';

export function LoginPage({ area }: { area: 'user' | 'manage' }) {
  const { t, csrfToken } = usePage();
  const base = area === 'manage' ? '/manage' : '';
  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-card__title">
        {t(area === 'manage' ? 'auth.login.managerTitle' : 'auth.login.title')}
      </h1>
      <p className="auth-card__lead">{t(area === 'manage' ? 'auth.login.managerLead' : 'auth.login.lead')}</p>
      <form className="form" method="post" action={`${base}/login`} noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <label className="form__field">
          <span className="form__label">{t('auth.login.email')}</span>
          <input className="input" type="email" name="email" autoComplete="username" maxLength={255} required placeholder="name@example.co.jp" />
        </label>
        <label className="form__field">
          <span className="form__label">{t('auth.login.password')}</span>
          <input className="input" type="password" name="password" autoComplete="current-password" maxLength={255} required />
        </label>
        <button className="button button--primary button--block" type="submit">
          {t('auth.login.submit')}
        </button>
      </form>
      <p className="auth-card__links">
        <a href={`${base}/forgetpassword`}>{t('auth.login.forgotPassword')}</a>
      </p>
    </section>
  );
}
