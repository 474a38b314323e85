// /manage/users (§2 managers' landing page, §3 "Managed user list"): the company's users with
// their dates and features, sortable by added, last sign-in and last run (links, so every view
// can be bookmarked), searchable by name or email, paged on the server.
import type { ManagedUser, ListQuery } from '../../src/manage/users/repository.ts';
import { FEATURE_KEYS, type UserSortKey } from '../../src/manage/users/rules.ts';
import { listParameters } from '../../src/manage/users/validation.ts';
import { formatExecDate } from '../../src/history/shared.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { usePage } from '../page-context.tsx';

export interface UsersPageProps {
  query: ListQuery;
  users: ManagedUser[];
  totalCount: number;
}

const address = (query: ListQuery, changes: Partial<ListQuery> = {}) => `/manage/users${listParameters(query, changes)}`;

export function UsersPage({ query, users, totalCount }: UsersPageProps) {
  const { t: translate } = usePage();
  const t = (key: string, values?: Record<string, unknown>) => translate(key, { ns: 'manage', ...values });
  const pages = Math.max(1, Math.ceil(totalCount / query.perPage));
  const date = (value: string | null) => (value ? formatExecDate(value) : t('users.never'));

  /** A sortable column: a second click on the current column turns the order round. */
  const SortHeader = ({ sort }: { sort: UserSortKey }) => {
    const current = query.sort === sort;
    const order = current && query.order === 'desc' ? 'asc' : 'desc';
    return (
      <th aria-sort={current ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <a className="manage-users__sort" href={address(query, { sort, order, page: 1 })} aria-current={current ? 'true' : undefined} title={t(order === 'asc' ? 'users.sortAsc' : 'users.sortDesc')} data-testid={`sort-${sort}`}>
          {t(`users.columns.${sort}`)} {current ? (query.order === 'asc' ? '▲' : '▼') : ''}
        </a>
      </th>
    );
  };

  return (
    <div className="page manage-users">
      <PageHeader title={t('users.title')} lead={t('users.lead')} />
      <div className="manage-users__toolbar">
        <form className="manage-users__search" method="get" action="/manage/users" role="search">
          <label className="visually-hidden" htmlFor="manage-users-q">{t('users.searchLabel')}</label>
          <input id="manage-users-q" className="input" type="search" name="q" defaultValue={query.search} placeholder={t('users.searchPlaceholder')} maxLength={255} />
          {query.sort !== 'createdAt' && <input type="hidden" name="sort" value={query.sort} />}
          {query.order !== 'desc' && <input type="hidden" name="order" value={query.order} />}
          <button type="submit" className="button">{t('users.search')}</button>
          {query.search && <a href={address(query, { search: '', page: 1 })}>{t('users.clear')}</a>}
        </form>
        <span className="manage-users__count" data-testid="users-count">{t('users.count', { count: totalCount })}</span>
        <a className="button button--primary" href="/manage/add-user">{t('users.add')}</a>
      </div>
      <section className="panel">
        {query.page > pages && totalCount > 0 ? (
          // Users removed or a search narrowed since the address was kept: not "no users".
          <PastEndNotice message={t('users.pastEnd', { page: query.page, users: t('users.count', { count: totalCount }), count: pages })} pages={pages} hrefOf={(page) => address(query, { page })} />
        ) : users.length === 0 ? (
          <p data-testid="users-empty">{t(query.search ? 'users.noMatch' : 'users.empty')}</p>
        ) : (
          <table className="table manage-users__table" data-testid="users-table">
            <thead>
              <tr>
                <th>{t('users.columns.name')}</th>
                <th>{t('users.columns.email')}</th>
                <SortHeader sort="createdAt" />
                <SortHeader sort="lastLoginAt" />
                <SortHeader sort="lastExecAt" />
                <th>{t('users.columns.features')}</th>
                <th>{t('users.columns.mfa')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.uid} data-testid="user-row">
                  <td><a href={`/manage/users/detail?id=${user.uid}`}>{user.name}</a></td>
                  <td>{user.email}</td>
                  <td className="manage-users__date">{date(user.createdAt)}</td>
                  <td className="manage-users__date">{date(user.lastLoginAt)}</td>
                  <td className="manage-users__date">{date(user.lastExecAt)}</td>
                  <td>
                    <span className="manage-users__features">
                      {FEATURE_KEYS.filter((key) => user.enable[key]).map((key) => (
                        <span key={key} className="status-badge status-badge--on">{t(`features.${key}`)}</span>
                      ))}
                    </span>
                  </td>
                  <td>{t(!user.mfa.enable ? 'users.mfaOff' : user.mfa.isregist ? 'users.mfaOn' : 'users.mfaPending')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {pages > 1 && query.page <= pages && (
        <nav className="pager" aria-label={t('users.pages')}>
          {query.page > 1 ? <a href={address(query, { page: query.page - 1 })} rel="prev">{t('users.previous')}</a> : <span>{t('users.previous')}</span>}
          <span aria-current="page">{query.page} / {pages}</span>
          {query.page < pages ? <a href={address(query, { page: query.page + 1 })} rel="next">{t('users.next')}</a> : <span>{t('users.next')}</span>}
        </nav>
      )}
    </div>
  );
}
