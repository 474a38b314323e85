// Where features register their background job handlers and system tasks: one line per feature, called once
// in ROLE worker/all processes before the worker starts taking jobs (src/platform/runtime.ts).
import type { AppConfig } from '../platform/config.ts';
import type { Database } from '../platform/database.ts';
import type { I18n } from '../platform/i18n.ts';
import type { JobRunner } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import type { Logger } from '../platform/logger.ts';
import type { Redis } from '../platform/redis.ts';
import type { JobQueue } from './types.ts';
import { registerKeywordJobs } from '../detail-search/keywords/jobs.ts';
import { registerDetailSearchJobs } from '../detail-search/service.ts';
import { definePasswordResetMail } from '../auth/password-reset-mail.ts';
import { registerPriorartJobs } from '../priorart/service.ts';
import { registerCreationJobs } from '../creation/service.ts';
import { registerEditJobs } from '../edit/gpt-job.ts';
import { defineGptCarryOver } from '../gpt-usage/carry-over.ts';

/** What handlers may need besides their JobContext. */
export interface JobHandlerDependencies {
  config: AppConfig;
  db: Database;
  logger: Logger;
  redis?: Redis;
  mailer: Mailer;
  i18n: I18n;
  /** Agenda, for system tasks (TaskScheduler): define them here. */
  runner: JobRunner;
}

export type RegisterJobHandlers = (queue: JobQueue, deps: JobHandlerDependencies) => void;

export const registerJobHandlers: RegisterJobHandlers = (queue, deps) => {
  registerKeywordJobs(queue, deps);
  registerDetailSearchJobs(queue);
  registerPriorartJobs(queue, { config: deps.config, logger: deps.logger });
  registerCreationJobs(queue, { config: deps.config, logger: deps.logger });
  registerEditJobs(queue, { config: deps.config, logger: deps.logger });
  definePasswordResetMail(deps);
  defineGptCarryOver(deps);
};
