// The Agenda job runner on PostgreSQL. Features register their job definitions here;
// the runner only processes jobs in processes whose ROLE includes `worker`.
import { Agenda } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import type { Logger } from './logger.ts';

export interface JobRunner {
  agenda: Agenda;
  start(): Promise<void>;
  stop(graceMs: number): Promise<void>;
}

export function createJobRunner(options: { databaseUrl: string; logger: Logger; name: string }): JobRunner {
  const backend = new PostgresBackend({ connectionString: options.databaseUrl, tableName: 'agenda_jobs' });
  // An unhandled error on the LISTEN connection would crash the process.
  backend.notificationChannel?.on('error', (error: unknown) => options.logger.warn({ err: error }, 'job notification channel error'));
  const agenda = new Agenda({ backend, name: options.name, processEvery: '5 seconds' });
  agenda.on('error', (error: unknown) => options.logger.error({ err: error }, 'job runner error'));
  let started = false;
  return {
    agenda,
    async start() {
      await agenda.start();
      started = true;
      options.logger.info('job runner started');
    },
    async stop(graceMs) {
      if (!started) {
        await backend.disconnect().catch(() => undefined);
        return;
      }
      // Let running jobs finish within the grace period, then release their locks.
      await agenda.drain(graceMs).catch(() => undefined);
      await agenda.stop().catch(() => undefined);
      await backend.disconnect().catch(() => undefined);
      started = false;
      options.logger.info('job runner stopped');
    },
  };
}
