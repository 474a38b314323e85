// GPT usage rows and company quotas: the only place their SQL lives.
import type { Database } from '../platform/database.ts';

/** Billing months follow Japanese time: a call at 2026-11-30 23:30 JST counts in November. */
export const BILLING_TIME_ZONE = 'Asia/Tokyo';

export interface NewGptUsage {
  companyId: string;
  userId: string | null;
  model: string;
  purpose: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  createdAt?: Date;
}

export async function insertGptUsage(db: Database, usage: NewGptUsage): Promise<void> {
  await db('gpt_usage').insert({
    company_id: usage.companyId,
    user_id: usage.userId,
    model: usage.model,
    purpose: usage.purpose,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    cost_usd: usage.costUsd.toFixed(8),
    ...(usage.createdAt && { created_at: usage.createdAt }),
  });
}

/** Start and end (exclusive) of a billing month as timestamps; month is 'yyyy-mm-01'. */
const monthRange = (db: Database, month: string) => [
  db.raw(`(?::date)::timestamp AT TIME ZONE '${BILLING_TIME_ZONE}'`, [month]),
  db.raw(`((?::date) + interval '1 month')::timestamp AT TIME ZONE '${BILLING_TIME_ZONE}'`, [month]),
] as const;

/** Dollars a company spent in a billing month. */
export async function companySpendUsd(db: Database, companyId: string, month: string): Promise<number> {
  const [from, to] = monthRange(db, month);
  const row = await db('gpt_usage')
    .where('company_id', companyId)
    .andWhere('created_at', '>=', from)
    .andWhere('created_at', '<', to)
    .sum<{ total: string | null }>({ total: 'cost_usd' })
    .first();
  return Number(row?.total ?? 0);
}

export interface UserSpend {
  userId: string | null;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

/** A company's usage in a billing month per user (for the manager's GPT usage page). */
export async function companySpendByUser(db: Database, companyId: string, month: string): Promise<UserSpend[]> {
  const [from, to] = monthRange(db, month);
  const rows: Array<{ user_id: string | null; calls: string; prompt: string; completion: string; cost: string }> = await db('gpt_usage')
    .where('company_id', companyId)
    .andWhere('created_at', '>=', from)
    .andWhere('created_at', '<', to)
    .groupBy('user_id')
    .select(
      'user_id',
      db.raw('count(*) AS calls'),
      db.raw('sum(prompt_tokens) AS prompt'),
      db.raw('sum(completion_tokens) AS completion'),
      db.raw('sum(cost_usd) AS cost'),
    )
    .orderBy('cost', 'desc');
  return rows.map((row) => ({
    userId: row.user_id,
    calls: Number(row.calls),
    promptTokens: Number(row.prompt),
    completionTokens: Number(row.completion),
    costUsd: Number(row.cost),
  }));
}

export interface QuotaRow {
  month: string;
  monthlyQuotaUsd: number;
  additionalQuotaUsd: number;
  carryOverUsd: number;
}

/**
 * The quota row of the month, or else the latest earlier one (a company's monthly quota holds
 * until changed; additional quota and carry-over belong to their own month).
 */
export async function findQuota(db: Database, companyId: string, month: string): Promise<QuotaRow | undefined> {
  const row = await db('gpt_quotas')
    .where('company_id', companyId)
    .andWhere('month', '<=', month)
    .orderBy('month', 'desc')
    .first<{ month: string; monthly_quota_usd: string; additional_quota_usd: string; carry_over_usd: string } | undefined>(
      db.raw(`to_char(month, 'YYYY-MM-DD') AS month`),
      'monthly_quota_usd',
      'additional_quota_usd',
      'carry_over_usd',
    );
  if (!row) return undefined;
  const sameMonth = row.month === month;
  return {
    month: row.month,
    monthlyQuotaUsd: Number(row.monthly_quota_usd),
    additionalQuotaUsd: sameMonth ? Number(row.additional_quota_usd) : 0,
    carryOverUsd: sameMonth ? Number(row.carry_over_usd) : 0,
  };
}

export async function upsertQuota(db: Database, companyId: string, quota: QuotaRow): Promise<void> {
  await db('gpt_quotas')
    .insert({
      company_id: companyId,
      month: quota.month,
      monthly_quota_usd: quota.monthlyQuotaUsd,
      additional_quota_usd: quota.additionalQuotaUsd,
      carry_over_usd: quota.carryOverUsd,
    })
    .onConflict(['company_id', 'month'])
    .merge({
      monthly_quota_usd: quota.monthlyQuotaUsd,
      additional_quota_usd: quota.additionalQuotaUsd,
      carry_over_usd: quota.carryOverUsd,
      updated_at: db.fn.now(),
    });
}

export async function companyIdOfUser(db: Database, userId: string): Promise<string | undefined> {
  const row = await db('users').where('id', userId).first<{ company_id: string } | undefined>('company_id');
  return row?.company_id;
}
