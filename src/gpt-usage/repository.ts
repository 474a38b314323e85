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

/** Dollars a company spent in a billing month per purpose (for the manager's GPT usage page). */
export async function companySpendByPurpose(db: Database, companyId: string, month: string): Promise<Array<{ purpose: string; calls: number; tokens: number; costUsd: number }>> {
  const [from, to] = monthRange(db, month);
  const rows: Array<{ purpose: string; calls: string; tokens: string; cost: string }> = await db('gpt_usage')
    .where('company_id', companyId)
    .andWhere('created_at', '>=', from)
    .andWhere('created_at', '<', to)
    .groupBy('purpose')
    .select('purpose', db.raw('count(*) AS calls'), db.raw('sum(prompt_tokens + completion_tokens) AS tokens'), db.raw('sum(cost_usd) AS cost'))
    .orderBy('cost', 'desc');
  return rows.map((row) => ({ purpose: row.purpose, calls: Number(row.calls), tokens: Number(row.tokens), costUsd: Number(row.cost) }));
}

/** Dollars a company spent per day of a billing month, days in Japanese time ('yyyy-mm-dd'); days without calls are absent. */
export async function companySpendByDay(db: Database, companyId: string, month: string): Promise<Array<{ day: string; costUsd: number }>> {
  const [from, to] = monthRange(db, month);
  const day = db.raw(`to_char(created_at AT TIME ZONE '${BILLING_TIME_ZONE}', 'YYYY-MM-DD')`);
  const rows: Array<{ day: string; cost: string }> = await db('gpt_usage')
    .where('company_id', companyId)
    .andWhere('created_at', '>=', from)
    .andWhere('created_at', '<', to)
    .groupBy(day)
    .select({ day }, db.raw('sum(cost_usd) AS cost'))
    .orderBy('day');
  return rows.map((row) => ({ day: row.day, costUsd: Number(row.cost) }));
}

/**
 * Runs `work` in a transaction holding the company's quota lock (a transaction-scoped advisory
 * lock): budget checks and reservations of one company take turns, other companies never wait.
 */
export async function withCompanyQuotaLock<T>(db: Database, companyId: string, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('gpt_quota'), hashtext(?))`, [companyId]);
    return work(trx as unknown as Database);
  });
}

/** A reservation older than this belongs to a process that died mid-call (a call ends within OPENAI_TIMEOUT_MS). */
const RESERVATION_LIFETIME = '15 minutes';

/** Dollars reserved by a company's GPT calls in flight for a billing month. */
export async function reservedUsd(db: Database, companyId: string, month: string): Promise<number> {
  const row = await db('gpt_quota_reservations')
    .where({ company_id: companyId, month })
    .andWhere('created_at', '>', db.raw(`now() - interval '${RESERVATION_LIFETIME}'`))
    .sum<{ total: string | null }>({ total: 'cost_usd' })
    .first();
  return Number(row?.total ?? 0);
}

export async function insertReservation(db: Database, companyId: string, month: string, costUsd: number): Promise<string> {
  const [row] = await db('gpt_quota_reservations').insert({ company_id: companyId, month, cost_usd: costUsd.toFixed(8) }).returning<Array<{ id: string }>>('id');
  return String(row!.id);
}

export async function deleteReservation(db: Database, id: string): Promise<void> {
  await db('gpt_quota_reservations').where('id', id).del();
  // Now and then, the leftovers of processes that died mid-call.
  if (Math.random() < 0.01) await db('gpt_quota_reservations').where('created_at', '<', db.raw(`now() - interval '${RESERVATION_LIFETIME}'`)).del();
}

/**
 * Adds additional quota to a month, recorded with the manager who added it. A month without its
 * own quota row gets one with `monthlyQuotaUsd` (the quota in force) so the addition has a place.
 */
export async function insertQuotaAddition(
  db: Database,
  addition: { companyId: string; month: string; amountUsd: number; addedBy: string; monthlyQuotaUsd: number },
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('gpt_quota_additions').insert({ company_id: addition.companyId, month: addition.month, amount_usd: addition.amountUsd.toFixed(2), added_by: addition.addedBy });
    await trx.raw(
      `INSERT INTO gpt_quotas (company_id, month, monthly_quota_usd, additional_quota_usd, carry_over_usd)
       VALUES (?, ?, ?, ?, 0)
       ON CONFLICT (company_id, month) DO UPDATE
         SET additional_quota_usd = gpt_quotas.additional_quota_usd + EXCLUDED.additional_quota_usd, updated_at = now()`,
      [addition.companyId, addition.month, addition.monthlyQuotaUsd, addition.amountUsd.toFixed(2)],
    );
  });
}

export interface QuotaAddition {
  amountUsd: number;
  addedAt: Date;
  addedByName: string | null;
}

/** The additions of a month, newest first, with the name of the manager who added each. */
export async function quotaAdditions(db: Database, companyId: string, month: string): Promise<QuotaAddition[]> {
  const rows: Array<{ amount_usd: string; created_at: Date; name: string | null }> = await db('gpt_quota_additions as a')
    .leftJoin('users as u', 'u.id', 'a.added_by')
    .where({ 'a.company_id': companyId, 'a.month': month })
    .orderBy('a.created_at', 'desc')
    .select('a.amount_usd', 'a.created_at', 'u.name');
  return rows.map((row) => ({ amountUsd: Number(row.amount_usd), addedAt: row.created_at, addedByName: row.name }));
}

/**
 * Sets (never adds to) a month's carry-over, so running the carry-over twice writes the same
 * figure. No row is created for nothing to carry: a company without quota rows keeps following
 * the configured default monthly quota.
 */
export async function setCarryOver(db: Database, companyId: string, month: string, carryOverUsd: number, monthlyQuotaUsd: number): Promise<void> {
  if (carryOverUsd <= 0) {
    await db('gpt_quotas').where({ company_id: companyId, month }).update({ carry_over_usd: 0, updated_at: db.fn.now() });
    return;
  }
  await db('gpt_quotas')
    .insert({ company_id: companyId, month, monthly_quota_usd: monthlyQuotaUsd, additional_quota_usd: 0, carry_over_usd: carryOverUsd.toFixed(2) })
    .onConflict(['company_id', 'month'])
    .merge({ carry_over_usd: carryOverUsd.toFixed(2), updated_at: db.fn.now() });
}

/** The companies that existed before the billing month `month` began (only they had a quota last month). */
export async function companyIdsBefore(db: Database, month: string): Promise<string[]> {
  const [from] = monthRange(db, month);
  const rows: Array<{ id: string }> = await db('companies').where('created_at', '<', from).select('id').orderBy('id');
  return rows.map((row) => row.id);
}
