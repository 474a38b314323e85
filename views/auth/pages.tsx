// Sign-in pages of both areas, in the header-less layout: a card with a title, a lead
// and the form island.
import type { ReactNode } from 'react';
import type { Area } from '../../src/auth/guard.ts';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

function AuthCard({ title, lead, children, notice }: { title: string; lead: string; children: ReactNode; notice?: string }) {
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title" className="auth-card__title">
        {title}
      </h1>
      <p className="auth-card__lead">{lead}</p>
      {notice && (
        <p className="form__notice auth-card__notice" role="status">
          {notice}
        </p>
      )}
      {children}
    </section>
  );
}

export function LoginPage({ area, registrationMode, expired }: { area: Area; registrationMode: boolean; expired: boolean }) {
  const { t } = usePage();
  const title = registrationMode ? t('auth.reset2fa.title') : t(area === 'manage' ? 'auth.login.managerTitle' : 'auth.login.title');
  const lead = registrationMode ? t('auth.reset2fa.lead') : t(area === 'manage' ? 'auth.login.managerLead' : 'auth.login.lead');
  return (
    <AuthCard title={title} lead={lead} notice={expired ? t('auth.login.expired') : undefined}>
      <Island name="LoginForm" props={{ area, registrationMode }} />
    </AuthCard>
  );
}

export function TwoFactorPage({ area, registered }: { area: Area; registered: boolean }) {
  const { t } = usePage();
  return (
    <AuthCard title={t('auth.twoFactor.title')} lead={registered ? t('auth.twoFactor.leadValidate') : t('auth.twoFactor.leadRegister')}>
      <Island name="TwoFactorForm" props={{ area, registered }} />
    </AuthCard>
  );
}

export function ForgotPasswordPage({ area }: { area: Area }) {
  const { t } = usePage();
  return (
    <AuthCard title={t('auth.forgot.title')} lead={t('auth.forgot.lead')}>
      <Island name="PasswordResetForms" props={{ area, step: 'request' }} />
    </AuthCard>
  );
}

export function NewPasswordPage({ area, token }: { area: Area; token: string | null }) {
  const { t } = usePage();
  return (
    <AuthCard title={t('auth.newPassword.title')} lead={t('auth.newPassword.lead')}>
      <Island name="PasswordResetForms" props={{ area, step: 'new-password', token }} />
    </AuthCard>
  );
}
