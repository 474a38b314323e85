// What GPT may cost and what it did cost. Every GPT call goes through callGptMetered: the
// company's budget for the billing month is checked first (E098, no call made when it is used
// up), and the call's tokens and dollars are recorded per user and company — also when the
// answer was unusable, since the API charged for it.
//
// The check and the record are not one transaction: calls running at the same moment may each
// pass the check and together overshoot the budget by their own cost (cents). A hard cap would
// serialise every company's GPT calls; the budget is a spending limit, not an exact meter.
import { AppError } from '../platform/errors.ts';
import type { Database } from '../platform/database.ts';
import { GptError, gptCostUsd, type GptClient, type GptSettings, type GptUsage, type StructuredAnswer, type StructuredRequest } from '../platform/gpt.ts';
import {
  BILLING_TIME_ZONE,
  companyIdOfUser,
  companySpendUsd,
  findQuota,
  insertGptUsage,
  upsertQuota,
  type QuotaRow,
} from './repository.ts';

export { companySpendByUser, type UserSpend } from './repository.ts';

/** Who a GPT call is for: the user, and the company that pays. */
export interface GptUser {
  userId: string;
  companyId: string;
}

export type QuotaPolicy = Pick<GptSettings, 'defaultMonthlyQuotaUsd'>;

/** The monthly budget of a company without a quota row when no policy is passed (GPT_DEFAULT_MONTHLY_QUOTA_USD's default). */
export const DEFAULT_MONTHLY_QUOTA_USD = 50;
const DEFAULT_POLICY: QuotaPolicy = { defaultMonthlyQuotaUsd: DEFAULT_MONTHLY_QUOTA_USD };

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BILLING_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** The billing month of a moment, as 'yyyy-mm-01' (Japanese time). */
export function billingMonthOf(moment: Date = new Date()): string {
  const parts = Object.fromEntries(monthFormat.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-01`;
}

export interface QuotaStatus {
  month: string;
  monthlyQuotaUsd: number;
  additionalQuotaUsd: number;
  carryOverUsd: number;
  /** monthly + additional + carry-over */
  totalQuotaUsd: number;
  spentUsd: number;
  remainingUsd: number;
}

/** A company's budget and spend for the billing month of `now`. */
export async function gptQuotaStatus(db: Database, companyId: string, policy: QuotaPolicy, now: Date = new Date()): Promise<QuotaStatus> {
  const month = billingMonthOf(now);
  const quota = (await findQuota(db, companyId, month)) ?? { month, monthlyQuotaUsd: policy.defaultMonthlyQuotaUsd, additionalQuotaUsd: 0, carryOverUsd: 0 };
  const spentUsd = await companySpendUsd(db, companyId, month);
  const totalQuotaUsd = quota.monthlyQuotaUsd + quota.additionalQuotaUsd + quota.carryOverUsd;
  return {
    month,
    monthlyQuotaUsd: quota.monthlyQuotaUsd,
    additionalQuotaUsd: quota.additionalQuotaUsd,
    carryOverUsd: quota.carryOverUsd,
    totalQuotaUsd,
    spentUsd,
    remainingUsd: Math.max(0, totalQuotaUsd - spentUsd),
  };
}

/** Sets a company's quota for a month (the monthly amount also holds for later months until changed). */
export async function setCompanyQuota(db: Database, companyId: string, quota: Omit<QuotaRow, 'month'> & { month?: string }): Promise<void> {
  await upsertQuota(db, companyId, { ...quota, month: quota.month ?? billingMonthOf() });
}

/**
 * E098 (HTTP 402) when the user's company has used up this month's GPT budget. Pass the
 * configured policy (config.gpt) so GPT_DEFAULT_MONTHLY_QUOTA_USD applies.
 */
export async function assertWithinQuota(db: Database, user: GptUser | string, policy: QuotaPolicy = DEFAULT_POLICY, now: Date = new Date()): Promise<QuotaStatus> {
  const { companyId } = typeof user === 'string' ? await gptUserOf(db, user) : user;
  const status = await gptQuotaStatus(db, companyId, policy, now);
  if (status.spentUsd >= status.totalQuotaUsd) throw new AppError(402, 'E098');
  return status;
}

/** The user and their company; E999 when the user no longer exists (deleted while a job waited). */
export async function gptUserOf(db: Database, userId: string): Promise<GptUser> {
  const companyId = await companyIdOfUser(db, userId);
  if (!companyId) throw new AppError(404, 'E999');
  return { userId, companyId };
}

/** Records one call; returns its cost in dollars. */
export async function recordGptUsage(
  db: Database,
  call: { user: GptUser; model: string; purpose: string; usage: GptUsage },
  prices: GptSettings['pricePerMillion'],
): Promise<number> {
  const costUsd = gptCostUsd(call.usage, prices);
  await insertGptUsage(db, {
    companyId: call.user.companyId,
    userId: call.user.userId,
    model: call.model,
    purpose: call.purpose,
    promptTokens: call.usage.promptTokens,
    completionTokens: call.usage.completionTokens,
    costUsd,
  });
  return costUsd;
}

/** A structured GPT call within the company's budget, recorded as it was charged. */
export async function callGptMetered<T>(
  db: Database,
  call: { client: GptClient; settings: Pick<GptSettings, 'pricePerMillion' | 'defaultMonthlyQuotaUsd'>; user: GptUser; purpose: string; request: StructuredRequest<T> },
): Promise<StructuredAnswer<T>> {
  await assertWithinQuota(db, call.user, call.settings);
  try {
    const answer = await call.client.structured(call.request);
    await recordGptUsage(db, { user: call.user, model: answer.model, purpose: call.purpose, usage: answer.usage }, call.settings.pricePerMillion);
    return answer;
  } catch (error) {
    if (error instanceof GptError && error.usage) {
      await recordGptUsage(db, { user: call.user, model: error.model ?? call.client.model, purpose: call.purpose, usage: error.usage }, call.settings.pricePerMillion);
    }
    throw error;
  }
}
