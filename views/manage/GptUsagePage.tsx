// /manage/gpt-usage-status: a company's GPT budget and spend for a billing month (Japanese
// time): the month (bookmarkable ?month=yyyy-mm), the budget with its meter and the form for
// additional quota (island), the spend per day (chart island), per user and per feature.
import type { GptUsageOverviewJson } from '../../src/manage/gpt-usage/controller.tsx';
import { formatUsd, monthParameter } from '../../src/manage/gpt-usage/rules.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export function GptUsagePage({ overview }: { overview: GptUsageOverviewJson }) {
  const { t: translate, lang } = usePage();
  const t = (key: string, values?: Record<string, unknown>) => translate(key, { ns: 'manage-gpt-usage', ...values });
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const monthName = (month: string) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}T00:00:00Z`));
  const count = (value: number) => value.toLocaleString(locale);
  const index = overview.months.indexOf(overview.month);
  const newer = index > 0 ? overview.months[index - 1] : undefined;
  const older = index < overview.months.length - 1 ? overview.months[index + 1] : undefined;
  const link = (month: string) => (month === overview.currentMonth ? '/manage/gpt-usage-status' : `/manage/gpt-usage-status?month=${monthParameter(month)}`);
  const empty = overview.users.length === 0;
  /** The calls, tokens and dollars columns both tables end with. */
  const FigureHeaders = () => (
    <>
      {(['calls', 'tokens', 'cost'] as const).map((column) => (
        <th key={column} scope="col" className="manage-gpt-usage__number">{t(`columns.${column}`)}</th>
      ))}
    </>
  );
  const Figures = ({ calls, tokens, costUsd }: { calls: number; tokens: number; costUsd: number }) => (
    <>
      <td className="manage-gpt-usage__number">{count(calls)}</td>
      <td className="manage-gpt-usage__number">{count(tokens)}</td>
      <td className="manage-gpt-usage__number">{formatUsd(costUsd)}</td>
    </>
  );
  const featureName = (feature: string | null, purposes: string[]) => (feature ? t(`features.${feature}`) : purposes.join(', '));

  return (
    <div className="page manage-gpt-usage">
      <PageHeader title={t('title')} lead={t('lead')} />
      <nav className="manage-gpt-usage__months" aria-label={t('month.label')}>
        {older ? <a href={link(older)} data-testid="month-older">{t('month.older')}</a> : <span />}
        <form method="get" action="/manage/gpt-usage-status" className="manage-gpt-usage__month-form">
          <label htmlFor="gpt-usage-month">{t('month.label')}</label>
          <select id="gpt-usage-month" name="month" className="input" defaultValue={monthParameter(overview.month)} data-testid="month-select">
            {overview.months.map((month) => (
              <option key={month} value={monthParameter(month)}>
                {monthName(month)}
              </option>
            ))}
          </select>
          <button type="submit" className="button">{t('month.show')}</button>
        </form>
        {newer ? <a href={link(newer)} data-testid="month-newer">{t('month.newer')}</a> : <span />}
      </nav>
      <p className="manage-gpt-usage__note">{t('month.note', { month: monthName(overview.month) })}</p>
      <Island
        name="GptQuotaPanel"
        props={{ lang, status: overview.status, additions: overview.additions, canAdd: overview.month === overview.currentMonth }}
      />
      <h2 className="manage-gpt-usage__heading">{t('spend.title', { month: monthName(overview.month) })}</h2>
      {empty ? (
        <p className="manage-gpt-usage__empty" data-testid="gpt-usage-empty">{t('spend.empty')}</p>
      ) : (
        <div className="manage-gpt-usage__spend">
          <Island name="GptUsageChart" props={{ days: overview.days }} />
          <div className="manage-gpt-usage__tables">
            <table className="table manage-gpt-usage__table" data-testid="gpt-usage-users">
              <caption>{t('users.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('users.name')}</th>
                  <th scope="col">{t('users.email')}</th>
                  <FigureHeaders />
                </tr>
              </thead>
              <tbody>
                {overview.users.map((user, row) => (
                  <tr key={user.email ?? `deleted-${row}`}>
                    <td>{user.name ?? t('users.deleted')}</td>
                    <td className="manage-gpt-usage__email">{user.email ?? '—'}</td>
                    <Figures {...user} />
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="table manage-gpt-usage__table" data-testid="gpt-usage-features">
              <caption>{t('featuresTable.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('featuresTable.feature')}</th>
                  <FigureHeaders />
                </tr>
              </thead>
              <tbody>
                {overview.features.map((feature) => (
                  <tr key={feature.feature ?? feature.purposes.join(',')}>
                    <td title={feature.purposes.join(', ')}>{featureName(feature.feature, feature.purposes)}</td>
                    <Figures {...feature} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
