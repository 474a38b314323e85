// /manage/audit-log (issue 14 part 6): what the company's managers did, newest first, 50 to a
// page, filtered by action and by days in Japan time; every view is a bookmarkable address.
import type { AuditEntry, AuditFilter } from '../../src/manage/audit/repository.ts';
import { AUDIT_ACTIONS } from '../../src/manage/audit/rules.ts';
import { auditParameters } from '../../src/manage/audit/service.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { usePage } from '../page-context.tsx';
import { AuditEntries } from './AuditEntries.tsx';

export function AuditLogPage({ filter, entries, totalCount }: { filter: AuditFilter; entries: AuditEntry[]; totalCount: number }) {
  const { t: translate } = usePage();
  const t = (key: string, values?: Record<string, unknown>) => translate(key, { ns: 'manage-audit', ...values });
  const pages = Math.max(1, Math.ceil(totalCount / filter.perPage));
  const link = (changes: Partial<AuditFilter>) => `/manage/audit-log${auditParameters(filter, changes)}`;
  return (
    <div className="page manage-audit">
      <PageHeader title={t('title')} lead={t('lead')} />
      <section className="panel">
        <form className="manage-audit__filter" method="get" action="/manage/audit-log" data-testid="audit-filter">
          <label>
            {t('filter.action')}
            <select name="action" className="input" defaultValue={filter.action ?? ''}>
              <option value="">{t('filter.allActions')}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>{t(`actions.${action}`)}</option>
              ))}
            </select>
          </label>
          <label>
            {t('filter.from')}
            <input type="date" className="input" name="from" defaultValue={filter.from ?? ''} />
          </label>
          <label>
            {t('filter.to')}
            <input type="date" className="input" name="to" defaultValue={filter.to ?? ''} />
          </label>
          {filter.user && <input type="hidden" name="user" value={filter.user} />}
          <button type="submit" className="button">{t('filter.apply')}</button>
          <a href="/manage/audit-log">{t('filter.clear')}</a>
        </form>
        <p className="manage-audit__note">{t('filter.timeZone')} <span data-testid="audit-count">{t('count', { count: totalCount })}</span></p>
        {filter.page > pages && totalCount > 0 ? (
          // Past the last page: not "no entries match".
          <PastEndNotice message={t('pastEnd', { page: filter.page, entries: t('count', { count: totalCount }), count: pages })} pages={pages} hrefOf={(page) => link({ page })} />
        ) : entries.length ? (
          <AuditEntries entries={entries} />
        ) : (
          // No filter at all: nothing has been recorded yet, which "no entries match these filters" did not say.
          <p data-testid="audit-empty">{t(filter.action || filter.from || filter.to || filter.user ? 'empty' : 'none')}</p>
        )}
        {pages > 1 && filter.page <= pages && (
          <nav className="pager" aria-label={t('title')}>
            {filter.page > 1 && <a href={link({ page: filter.page - 1 })} rel="prev">{t('previous')}</a>}
            <span>{t('page', { page: filter.page, pages })}</span>
            {filter.page < pages && <a href={link({ page: filter.page + 1 })} rel="next">{t('next')}</a>}
          </nav>
        )}
      </section>
    </div>
  );
}
