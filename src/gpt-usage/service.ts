// What GPT may cost and what it did cost. Every GPT call goes through callGptMetered: the
// company's budget for the billing month is checked first (E098, no call made when it is used
// up), and the call's tokens and dollars are recorded per user and company — also when the
// answer was unusable, since the API charged for it.
//
// The check is atomic: under a per-company lock (a transaction-scoped advisory lock) the call
// reserves its estimated cost, and the check counts the spend plus every reservation in
// flight; afterwards the reservation is replaced by the recorded cost (or released when no
// tokens were charged). Calls made at the same moment therefore cannot all pass on the same
// remaining budget: once spend + reservations reach the budget, further calls get E098. Only
// the reservation is serialised (milliseconds), never the GPT calls themselves. The estimate
// (estimatedCostUsd) is meant to be high; as far as a call costs more than its estimate, the
// last calls admitted may still overshoot by that difference.
import { AppError } from '../platform/errors.ts';
import type { Database } from '../platform/database.ts';
import { GptError, gptCostUsd, type GptClient, type GptSettings, type GptUsage, type StructuredAnswer, type StructuredRequest } from '../platform/gpt.ts';
import {
  BILLING_TIME_ZONE,
  companyIdOfUser,
  companySpendUsd,
  deleteReservation,
  findQuota,
  insertGptUsage,
  insertReservation,
  reservedUsd,
  upsertQuota,
  withCompanyQuotaLock,
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
  return gptQuotaStatusOfMonth(db, companyId, policy, billingMonthOf(now));
}

/** A company's budget and spend for a billing month ('yyyy-mm-01'). */
export async function gptQuotaStatusOfMonth(db: Database, companyId: string, policy: QuotaPolicy, month: string): Promise<QuotaStatus> {
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

/**
 * What a call may cost at most, reserved before it is made: the prompt counted as one token per
 * character (Japanese text is about that; English is about four characters a token) and the
 * whole output allowance. Too high is harmless — the reservation is settled to the real cost.
 */
export function estimatedCostUsd(request: Pick<StructuredRequest<unknown>, 'messages' | 'schema' | 'maxOutputTokens'>, prices: GptSettings['pricePerMillion']): number {
  const promptTokens = request.messages.reduce((sum, message) => sum + contentTokens(message.content), 0) + JSON.stringify(request.schema).length;
  return gptCostUsd({ promptTokens, completionTokens: request.maxOutputTokens ?? ESTIMATED_OUTPUT_TOKENS }, prices);
}
/**
 * What an image costs at most: a high-detail image of up to 2048 × 768 px is 85 + 170 × 8 tiles =
 * 1,445 tokens (OpenAI's vision pricing); 2,000 keeps the estimate on the high side.
 */
const IMAGE_TOKENS = 2_000;
const contentTokens = (content: StructuredRequest<unknown>['messages'][number]['content']): number =>
  typeof content === 'string' ? content.length : content.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : IMAGE_TOKENS), 0);
/** The output a request without maxOutputTokens is assumed to get, for its reservation. */
const ESTIMATED_OUTPUT_TOKENS = 4_000;

/**
 * E098 unless the company's spend plus the reservations in flight are below its budget; then
 * reserves `costUsd` for this call. Returns the reservation's id, to settle or release.
 */
export async function reserveWithinQuota(db: Database, user: GptUser, costUsd: number, policy: QuotaPolicy = DEFAULT_POLICY, now: Date = new Date()): Promise<string> {
  return withCompanyQuotaLock(db, user.companyId, async (trx) => {
    const status = await gptQuotaStatus(trx, user.companyId, policy, now);
    const reserved = await reservedUsd(trx, user.companyId, status.month);
    if (status.spentUsd + reserved >= status.totalQuotaUsd) throw new AppError(402, 'E098');
    return insertReservation(trx, user.companyId, status.month, costUsd);
  });
}

/** A structured GPT call within the company's budget, recorded as it was charged. */
export async function callGptMetered<T>(
  db: Database,
  call: { client: GptClient; settings: Pick<GptSettings, 'pricePerMillion' | 'defaultMonthlyQuotaUsd'>; user: GptUser; purpose: string; request: StructuredRequest<T> },
): Promise<StructuredAnswer<T>> {
  const reservation = await reserveWithinQuota(db, call.user, estimatedCostUsd(call.request, call.settings.pricePerMillion), call.settings);
  try {
    const answer = await call.client.structured(call.request);
    await recordGptUsage(db, { user: call.user, model: answer.model, purpose: call.purpose, usage: answer.usage }, call.settings.pricePerMillion);
    return answer;
  } catch (error) {
    if (error instanceof GptError && error.usage) {
      await recordGptUsage(db, { user: call.user, model: error.model ?? call.client.model, purpose: call.purpose, usage: error.usage }, call.settings.pricePerMillion);
    }
    throw error;
  } finally {
    // The recorded cost (if any) now counts as spend: the reservation goes.
    await deleteReservation(db, reservation);
  }
}
