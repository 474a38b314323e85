// The manager's GPT usage page: the month's budget (monthly quota, additional quota and
// carry-over), what was used and what is left as a meter, the additional quota added so far
// and — for the current month — the form to add more. The figures follow an addition at once.
import { useCallback, useState, type FormEvent } from 'react';
import { additionalQuotaRule, formatUsd, MAX_ADDITIONAL_QUOTA_USD } from '../src/manage/gpt-usage/rules.ts';
import type { QuotaStatus } from '../src/gpt-usage/service.ts';
import type { GptUsageOverviewJson } from '../src/manage/gpt-usage/controller.tsx';
import { ApiError, apiRequest } from './api.ts';
import { useT } from './i18n.tsx';
import { Snackbar } from './Snackbar.tsx';

type Status = Omit<QuotaStatus, 'month'>;
type Addition = GptUsageOverviewJson['additions'][number];

export interface GptQuotaPanelProps {
  lang: 'ja' | 'en';
  status: Status;
  additions: Addition[];
  /** The current billing month is shown: quota can be added. */
  canAdd: boolean;
}

/** Codes the global dialogs handle (§8): never shown in the form. */
const GLOBAL_CODES = new Set(['ME041', 'ME998']);
const FIELD_CODES = new Set(['ME060', 'ME061', 'ME062']);
const ID = 'gpt-quota';
/** A share as a percentage a manager reads: one decimal below 10 % (0.1 %, not 0 %), whole above. */
const percentOf = (share: number): string => (share > 0 && share < 0.1 ? (Math.ceil(share * 1000) / 10).toFixed(1) : String(Math.round(share * 100)));

export default function GptQuotaPanel(props: GptQuotaPanelProps) {
  const t = useT();
  const [status, setStatus] = useState(props.status);
  const [additions, setAdditions] = useState(props.additions);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const closeNotice = useCallback(() => setNotice(undefined), []);
  const usedShare = status.totalQuotaUsd > 0 ? Math.min(1, status.spentUsd / status.totalQuotaUsd) : status.spentUsd > 0 ? 1 : 0;
  const dateTime = new Intl.DateTimeFormat(props.lang === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const rule = additionalQuotaRule(amount);
    if (rule) {
      setError(t(`manageGptUsage.errors.${rule}`, { max: MAX_ADDITIONAL_QUOTA_USD.toLocaleString('en-US') }));
      return;
    }
    setBusy(true);
    try {
      const result = await apiRequest<{ status: Status; additions: Addition[] }>('manage', '/gpt-usage/additional-quota', { body: { amountUsd: amount } });
      setStatus(result.status);
      setAdditions(result.additions);
      setAmount('');
      setNotice(t('manageGptUsage.add.done'));
    } catch (failure) {
      const errcode = failure instanceof ApiError ? failure.errcode : 'ME999';
      if (!GLOBAL_CODES.has(errcode)) setError(failure instanceof ApiError && FIELD_CODES.has(errcode) ? failure.detail : t('manageGptUsage.add.unexpected'));
    }
    setBusy(false);
  };

  const row = (key: string, value: number, testId: string) => (
    <div className="gpt-quota__row">
      <dt>{t(`manageGptUsage.quota.${key}`)}</dt>
      <dd data-testid={testId}>{formatUsd(value)}</dd>
    </div>
  );

  return (
    <section className="gpt-quota" aria-labelledby={`${ID}-title`}>
      <h2 id={`${ID}-title`} className="gpt-quota__title">{t('manageGptUsage.quota.title')}</h2>
      <dl className="gpt-quota__figures">
        {row('monthly', status.monthlyQuotaUsd, 'quota-monthly')}
        {row('additional', status.additionalQuotaUsd, 'quota-additional')}
        {row('carryOver', status.carryOverUsd, 'quota-carry-over')}
        {row('total', status.totalQuotaUsd, 'quota-total')}
        {row('spent', status.spentUsd, 'quota-spent')}
        {row('remaining', status.remainingUsd, 'quota-remaining')}
      </dl>
      <div className="gpt-quota__meter">
        <meter min={0} max={1} low={0.7} high={0.9} optimum={0} value={usedShare} aria-label={t('manageGptUsage.quota.meter')} data-testid="quota-meter" />
        <span>{t('manageGptUsage.quota.used', { percent: percentOf(usedShare) })}</span>
      </div>
      {additions.length > 0 && (
        <details className="gpt-quota__additions">
          <summary>{t('manageGptUsage.additions.title', { count: additions.length })}</summary>
          <ul data-testid="quota-additions">
            {additions.map((addition) => (
              <li key={addition.addedAt + addition.amountUsd}>
                {t('manageGptUsage.additions.entry', {
                  amount: formatUsd(addition.amountUsd),
                  date: dateTime.format(new Date(addition.addedAt)),
                  name: addition.addedByName ?? t('manageGptUsage.additions.formerManager'),
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
      {props.canAdd && (
        <form className="form gpt-quota__form" onSubmit={submit} noValidate data-testid="quota-form">
          <div className="form__field">
            <label className="form__label" htmlFor={`${ID}-amount`}>
              {t('manageGptUsage.add.label')}
            </label>
            <p className="form__hint" id={`${ID}-hint`}>
              {t('manageGptUsage.add.hint', { max: formatUsd(MAX_ADDITIONAL_QUOTA_USD) })}
            </p>
            <div className="gpt-quota__input">
              <span aria-hidden="true">$</span>
              <input
                id={`${ID}-amount`}
                className="input"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${ID}-hint${error ? ` ${ID}-error` : ''}`}
                data-testid="quota-amount"
              />
              <button type="submit" className="button button--primary" disabled={busy} data-testid="quota-add">
                {t('manageGptUsage.add.submit')}
              </button>
            </div>
            {error && (
              <p className="form__error" id={`${ID}-error`} role="alert" data-testid="quota-error">
                {error}
              </p>
            )}
          </div>
        </form>
      )}
      {notice && <Snackbar message={notice} onClose={closeNotice} />}
    </section>
  );
}
