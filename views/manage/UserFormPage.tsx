// /manage/add-user and /manage/users/detail (§2, §5 "Admin add/edit user"): the form island,
// and beside an existing user the dates a manager checks before changing anything.
import type { AuditEntry } from '../../src/manage/audit/repository.ts';
import type { ManagedUser } from '../../src/manage/users/repository.ts';
import { formatExecDate } from '../../src/history/shared.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';
import { AuditEntries } from './AuditEntries.tsx';

export function UserFormPage({ user, audit }: { user?: ManagedUser; audit?: AuditEntry[] }) {
  const { t: translate } = usePage();
  const t = (key: string) => translate(key, { ns: 'manage' });
  const date = (value: string | null) => (value ? formatExecDate(value) : t('users.never'));
  const section = user ? 'detail' : 'addUser';
  return (
    <div className="page manage-user">
      <PageHeader title={t(`${section}.title`)} lead={t(`${section}.lead`)} />
      <div className="manage-user__layout">
        <section className="panel">
          <Island name="ManagedUserForm" props={user ? { mode: 'edit', user: { uid: user.uid, name: user.name, email: user.email, enable: user.enable, mfa: user.mfa } } : { mode: 'add' }} />
        </section>
        {user && (
          <aside className="panel">
            <h2 className="panel__title">{t('detail.facts')}</h2>
            <dl className="manage-user-facts" data-testid="user-facts">
              <dt>{t('users.columns.createdAt')}</dt>
              <dd>{date(user.createdAt)}</dd>
              <dt>{t('users.columns.lastLoginAt')}</dt>
              <dd>{date(user.lastLoginAt)}</dd>
              <dt>{t('users.columns.lastExecAt')}</dt>
              <dd>{date(user.lastExecAt)}</dd>
            </dl>
            <p><a href="/manage/users">{t('detail.back')}</a></p>
          </aside>
        )}
      </div>
      {user && audit && (
        <section className="panel manage-user__audit">
          <h2 className="panel__title">{translate('aboutUser', { ns: 'manage-audit' })}</h2>
          {audit.length ? <AuditEntries entries={audit} testId="user-audit" /> : <p data-testid="user-audit-empty">{translate('aboutUserEmpty', { ns: 'manage-audit' })}</p>}
          <p><a href={`/manage/audit-log?user=${user.uid}`}>{translate('allLink', { ns: 'manage-audit' })}</a></p>
        </section>
      )}
    </div>
  );
}
