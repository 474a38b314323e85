// The carry-over of unused GPT quota: at the start of each billing month (00:00 Japanese
// time) a recurring Agenda task writes, for every company, what it left unused last month as
// this month's carry_over_usd.
//
// Rule: only one month's quota carries. Last month's carry-over is spent first; what is left
// of it expires, and what is left of last month's own quota (monthly + additional) carries:
//   carry = min(max(0, monthly + additional + carry-over − spent), monthly + additional)
// rounded down to the cent. So an unused quota never snowballs month after month.
//
// Idempotent: the figure is computed from last month's rows and SET (upsert keyed by company
// and month), never added, so a second run — or a run in another process — writes the same.
import type { Database } from '../platform/database.ts';
import type { JobHandlerDependencies } from '../jobs/handlers.ts';
import { BILLING_TIME_ZONE, companyIdsBefore, setCarryOver } from './repository.ts';
import { billingMonthOf, gptQuotaStatusOfMonth, type QuotaPolicy } from './service.ts';

export const GPT_CARRY_OVER_TASK = 'gpt-quota-carry-over';
/** 00:05 on the 1st of every month, Japanese time (a few minutes' margin over calls in flight at midnight). */
export const GPT_CARRY_OVER_CRON = '5 0 1 * *';

/** The billing month before `month` ('yyyy-mm-01'). */
export function previousMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 2, 1));
  return date.toISOString().slice(0, 10);
}

/** The carry-over into `month` for one company (see the rule above). */
export async function carryOverInto(db: Database, companyId: string, month: string, policy: QuotaPolicy): Promise<number> {
  const last = await gptQuotaStatusOfMonth(db, companyId, policy, previousMonth(month));
  const own = last.monthlyQuotaUsd + last.additionalQuotaUsd;
  const unused = Math.max(0, last.totalQuotaUsd - last.spentUsd);
  return Math.floor(Math.min(unused, own) * 100 + 1e-6) / 100;
}

/** Writes every company's carry-over into the billing month of `now`; returns how many companies carried something. */
export async function carryOverUnusedQuota(db: Database, policy: QuotaPolicy, now: Date = new Date()): Promise<number> {
  const month = billingMonthOf(now);
  let carried = 0;
  // A company created this month had no quota last month: nothing to carry.
  for (const companyId of await companyIdsBefore(db, month)) {
    const carryOverUsd = await carryOverInto(db, companyId, month, policy);
    // The month's monthly quota when its row must be created: the one in force last month.
    const { monthlyQuotaUsd } = await gptQuotaStatusOfMonth(db, companyId, policy, month);
    await setCarryOver(db, companyId, month, carryOverUsd, monthlyQuotaUsd);
    if (carryOverUsd > 0) carried++;
  }
  return carried;
}

/** Defines the task and schedules it (see scheduleGptCarryOver). */
export function defineGptCarryOver(deps: Pick<JobHandlerDependencies, 'db' | 'config' | 'logger' | 'runner'>): void {
  deps.runner.agenda.define(
    GPT_CARRY_OVER_TASK,
    async () => {
      const carried = await carryOverUnusedQuota(deps.db, deps.config.gpt);
      deps.logger.info({ carried }, 'GPT quota carried over into the new billing month');
    },
    { lockLifetime: 4_000 },
  );
  scheduleGptCarryOver(deps.runner).catch((error: unknown) => deps.logger.error({ err: error }, 'could not schedule the GPT quota carry-over'));
}

/**
 * The recurring job, once per deployment (Agenda keeps one 'single' job by name). Saved only
 * when missing or changed: every() would move a run that is due — a month start missed while
 * no worker ran — on to next month, while a stored due run is taken at the worker's start.
 */
export async function scheduleGptCarryOver(runner: Pick<JobHandlerDependencies['runner'], 'agenda'>): Promise<void> {
  const { jobs } = await runner.agenda.queryJobs({ name: GPT_CARRY_OVER_TASK });
  const scheduled = jobs.some((job) => job.type === 'single' && job.repeatInterval === GPT_CARRY_OVER_CRON && job.repeatTimezone === BILLING_TIME_ZONE);
  if (!scheduled) await runner.agenda.every(GPT_CARRY_OVER_CRON, GPT_CARRY_OVER_TASK, undefined, { timezone: BILLING_TIME_ZONE, skipImmediate: true });
}
