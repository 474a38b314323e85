// What feature routers receive: the process's shared services.
import type { JobQueue } from '../jobs/types.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './database.ts';
import type { TaskScheduler } from './jobs.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';
import type { Redis } from './redis.ts';

export interface AppContext {
  config: AppConfig;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  redis?: Redis;
  /** Background jobs: any process enqueues, reads and cancels; ROLE worker/all processes run them. */
  jobs: JobQueue;
  /** System work off the request path (Agenda jobs, run by ROLE worker/all processes). */
  tasks: TaskScheduler;
}
