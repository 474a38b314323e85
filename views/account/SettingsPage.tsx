// /setting and /manage/setting: the profile form (an island) beside the account's
// read-only facts: role, second factor and, for users, the features switched on.
import type { CompanySettingsFormProps } from '../../islands/CompanySettingsForm.tsx';
import type { AccountInfo, FeatureFlags } from '../../src/users/account.ts';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

const FEATURES: Array<keyof FeatureFlags> = ['simple', 'detail', 'priorart', 'patent_creation_support'];

function Status({ on, label, testId }: { on: boolean; label: string; testId?: string }) {
  return (
    <span className={`status-badge ${on ? 'status-badge--on' : 'status-badge--off'}`} data-testid={testId}>
      <span className="status-badge__dot" aria-hidden="true" />
      {label}
    </span>
  );
}

/** `company`: the company's settings, for managers (they change them here). */
export function SettingsPage({ area, account, company }: { area: 'user' | 'manage'; account: AccountInfo; company?: CompanySettingsFormProps }) {
  const page = usePage();
  const t = (key: string) => page.t(key, { ns: 'settings' });
  return (
    <div className="page settings">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="settings__layout">
        <section className="panel settings__main" aria-labelledby="settings-profile-title">
          <h2 className="panel__title" id="settings-profile-title">
            {page.t('settings.profile', { ns: page.islandNamespaces })}
          </h2>
          <Island
            name="AccountSettingsForm"
            props={{
              area,
              uid: account.uid,
              email: account.email,
              companyName: account.companyName,
              userName: account.userName,
              languageCD: account.languageCD,
              profileImg: account.profileImg,
            }}
          />
        </section>

        <div className="settings__side">
          <section className="panel settings__card" aria-labelledby="settings-account-title">
            <h2 className="panel__title" id="settings-account-title">
              {t('account.title')}
            </h2>
            <dl className="settings__facts">
              <div>
                <dt>{t('account.companyCD')}</dt>
                <dd data-testid="account-company-code">{account.companyCD}</dd>
              </div>
              <div>
                <dt>{t('account.authority')}</dt>
                <dd data-testid="account-authority">{t(`account.authorities.${account.authorityCD}`)}</dd>
              </div>
            </dl>
          </section>

          <section className="panel settings__card" aria-labelledby="settings-security-title">
            <h2 className="panel__title" id="settings-security-title">
              {t('security.title')}
            </h2>
            <p className="settings__note">{t('security.lead')}</p>
            <dl className="settings__facts">
              <div>
                <dt>{t('security.status')}</dt>
                <dd>
                  <Status on={account.mfa.enable} label={t(account.mfa.enable ? 'security.enabled' : 'security.disabled')} testId="mfa-enable" />
                </dd>
              </div>
              <div>
                <dt>{t('security.app')}</dt>
                <dd>
                  <Status on={account.mfa.isregist} label={t(account.mfa.isregist ? 'security.registered' : 'security.unregistered')} testId="mfa-regist" />
                </dd>
              </div>
            </dl>
          </section>

          {area === 'user' && account.enable && (
            <section className="panel settings__card" aria-labelledby="settings-features-title">
              <h2 className="panel__title" id="settings-features-title">
                {t('features.title')}
              </h2>
              <ul className="settings__features" data-testid="account-features">
                {FEATURES.map((feature) => (
                  <li key={feature} data-feature={feature} data-enabled={String(account.enable![feature])}>
                    <span>{t(`features.names.${feature}`)}</span>
                    <Status on={account.enable![feature]} label={t(account.enable![feature] ? 'features.on' : 'features.off')} />
                  </li>
                ))}
                <li data-feature="history" data-enabled="true">
                  <span>{t('features.names.history')}</span>
                  <Status on label={t('features.on')} />
                </li>
              </ul>
              <p className="settings__note">{t('features.lead')}</p>
            </section>
          )}
        </div>
      </div>

      {area === 'manage' && company && (
        <section className="panel settings__company" aria-labelledby="settings-company-title" data-testid="company-settings">
          <h2 className="panel__title" id="settings-company-title">
            {page.t('title', { ns: 'manage-settings' })}
          </h2>
          <p className="settings__note">{page.t('lead', { ns: 'manage-settings' })}</p>
          <Island name="CompanySettingsForm" props={company} />
        </section>
      )}
    </div>
  );
}
