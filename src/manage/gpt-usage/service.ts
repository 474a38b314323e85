// The manager's GPT usage page: a company's quota and spend for a billing month, per user, per
// feature and per day, and additional quota for the current month.
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../audit/service.ts';
import { companySpendByDay, companySpendByPurpose, insertQuotaAddition, quotaAdditions, type QuotaAddition } from '../../gpt-usage/repository.ts';
import { billingMonthOf, companySpendByUser, gptQuotaStatusOfMonth, type QuotaStatus } from '../../gpt-usage/service.ts';
import { AppError } from '../../platform/errors.ts';
import { additionalQuotaAmount, additionalQuotaRule, featureOfPurpose, MAX_ADDITIONAL_QUOTA_USD, selectableMonths } from './rules.ts';
import { namesOfCompanyUsers } from './repository.ts';

export interface UserUsage {
  /** null: a user since deleted (their calls still count). */
  name: string | null;
  email: string | null;
  calls: number;
  tokens: number;
  costUsd: number;
}

export interface FeatureUsage {
  /** A feature key (translated by the page), or null for a purpose we do not know. */
  feature: string | null;
  /** The purposes grouped under it, as recorded. */
  purposes: string[];
  calls: number;
  tokens: number;
  costUsd: number;
}

export interface GptUsageOverview {
  /** The billing month shown, 'yyyy-mm-01'. */
  month: string;
  /** This billing month: the only one quota can be added to. */
  currentMonth: string;
  months: string[];
  status: QuotaStatus;
  additions: QuotaAddition[];
  users: UserUsage[];
  features: FeatureUsage[];
  /** Every day of the month with its spend (0 for days without calls). */
  days: Array<{ day: string; costUsd: number }>;
}

/** Every day of a billing month 'yyyy-mm-01' as 'yyyy-mm-dd'. */
export function daysOfMonth(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month.slice(0, 8)}${String(index + 1).padStart(2, '0')}`);
}

export class ManagedGptUsageService {
  constructor(private readonly context: Pick<AppContext, 'db' | 'config'>) {}

  currentMonth(now: Date = new Date()): string {
    return billingMonthOf(now);
  }

  async overview(companyId: string, month: string, now: Date = new Date()): Promise<GptUsageOverview> {
    const { db, config } = this.context;
    const currentMonth = billingMonthOf(now);
    const [status, additions, spendByUser, spendByPurpose, spendByDay] = await Promise.all([
      gptQuotaStatusOfMonth(db, companyId, config.gpt, month),
      quotaAdditions(db, companyId, month),
      companySpendByUser(db, companyId, month),
      companySpendByPurpose(db, companyId, month),
      companySpendByDay(db, companyId, month),
    ]);
    const names = await namesOfCompanyUsers(db, companyId, spendByUser.flatMap((row) => (row.userId ? [row.userId] : [])));
    const users = spendByUser.map((row) => {
      const person = row.userId ? names.get(row.userId) : undefined;
      return { name: person?.name ?? null, email: person?.email ?? null, calls: row.calls, tokens: row.promptTokens + row.completionTokens, costUsd: row.costUsd };
    });
    const features = new Map<string, FeatureUsage>();
    for (const row of spendByPurpose) {
      const feature = featureOfPurpose(row.purpose);
      const key = feature ?? `purpose:${row.purpose}`;
      const entry = features.get(key) ?? { feature, purposes: [], calls: 0, tokens: 0, costUsd: 0 };
      entry.purposes.push(row.purpose);
      entry.calls += row.calls;
      entry.tokens += row.tokens;
      entry.costUsd += row.costUsd;
      features.set(key, entry);
    }
    const perDay = new Map(spendByDay.map((row) => [row.day, row.costUsd]));
    return {
      month,
      currentMonth,
      months: selectableMonths(currentMonth),
      status,
      additions,
      users,
      features: [...features.values()].sort((a, b) => b.costUsd - a.costUsd),
      days: daysOfMonth(month).map((day) => ({ day, costUsd: perDay.get(day) ?? 0 })),
    };
  }

  /** Adds additional quota to this billing month (ME060–ME062 for a bad amount); returns the month's overview. */
  async addQuota(companyId: string, managerId: string, body: unknown, now: Date = new Date()): Promise<GptUsageOverview> {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>).amountUsd : undefined;
    const code = additionalQuotaRule(value);
    if (code) throw new AppError(400, code, code, { max: MAX_ADDITIONAL_QUOTA_USD.toLocaleString('en-US') }, { field: 'amountUsd' });
    const amountUsd = additionalQuotaAmount(value);
    const month = billingMonthOf(now);
    const { monthlyQuotaUsd } = await gptQuotaStatusOfMonth(this.context.db, companyId, this.context.config.gpt, month);
    await this.context.db.transaction(async (trx) => {
      await insertQuotaAddition(trx, { companyId, month, amountUsd, addedBy: managerId, monthlyQuotaUsd });
      await recordAudit(trx, { companyId, managerId, action: 'gptQuotaAdded', details: { amountUsd, month } });
    });
    return this.overview(companyId, month, now);
  }
}
