// Builds everything a process needs for its role, and takes it down again in reverse.
import type { Express } from 'express';
import type { ViteDevServer } from 'vite';
import { createApp } from '../app.ts';
import { preloadIslands } from '../../views/Island.tsx';
import { ensureDemoAccounts } from '../demo/accounts.ts';
import { loadDemoCorpusInBackground } from '../patents/demo/load-demo-corpus.ts';
import { devServerAssets, manifestAssets, type AssetResolver } from './assets.ts';
import type { AppConfig } from './config.ts';
import { createDatabase, migrateToLatest, type Database } from './database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { createI18n } from './i18n.ts';
import { createJobRunner, type JobRunner } from './jobs.ts';
import { createJobQueue, type JobQueueService } from '../jobs/queue.ts';
import { registerJobHandlers, type RegisterJobHandlers } from '../jobs/handlers.ts';
import type { Lifecycle } from './http-server.ts';
import type { Logger } from './logger.ts';
import { createRedis, type Redis } from './redis.ts';
import { createMailer } from './mail.ts';
import { createSessions, resolveSessionSecret, type SessionSetup } from './sessions.ts';
import { stopLandscapeWorker } from '../search/landscape/worker.ts';
import { stopAnalysisWorker } from '../patents/analysis/worker.ts';

export interface Runtime {
  config: AppConfig;
  logger: Logger;
  db: Database;
  databaseUrl: string;
  redis?: Redis;
  app?: Express;
  sessions?: SessionSetup;
  jobRunner: JobRunner;
  jobs: JobQueueService;
  /** The web role's state that /healthz reports (draining on shutdown). */
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Registers the background job handlers of worker roles; defaults to the features' list (src/jobs/handlers.ts). */
  registerJobHandlers?: RegisterJobHandlers;
}

export async function startRuntime(config: AppConfig, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) {
      await closer().catch((error) => logger.warn({ err: error }, 'error while shutting down'));
    }
  };
  try {
    let embedded: EmbeddedDatabase | undefined;
    if (!config.databaseUrl) {
      embedded = await startEmbeddedPostgres({ ...config.embeddedPostgres, database: 'hatsumei', logger });
      closers.push(() => embedded!.stop());
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    const db = createDatabase(databaseUrl, config.databasePoolMax);
    closers.push(() => db.destroy());
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    if (config.demoAccounts) await ensureDemoAccounts(db, logger);

    const redis = config.redisUrl ? createRedis(config.redisUrl, logger) : undefined;
    if (redis) closers.push(() => redis.quit());

    // The simulation's analysis thread (started on first use), stopped once the jobs using it have.
    closers.push(() => stopAnalysisWorker());
    // Every role enqueues, reads and cancels background jobs; worker roles also run them (below).
    const jobRunner = createJobRunner({ databaseUrl, logger, name: `hatsumei-${process.pid}` });
    closers.push(() => jobRunner.stop(config.shutdownGraceMs));
    const jobs = createJobQueue({ db, runner: jobRunner, logger, ...config.jobs });
    closers.push(() => jobs.stop(config.shutdownGraceMs));

    // Both roles: web processes translate pages and send inquiry mail, workers send task mail.
    const i18n = await createI18n();
    const mailer = createMailer({ ...config.mail, logger });
    closers.push(async () => mailer.close());

    const lifecycle: Lifecycle = { draining: false };
    const runtime: Runtime = { config, logger, db, databaseUrl, redis, jobRunner, jobs, lifecycle, close };

    if (config.role !== 'worker') {
      const sessionSecret = resolveSessionSecret(config);
      const sessions = createSessions({ config, databaseUrl, redis, secret: sessionSecret });
      closers.push(() => sessions.close());
      await preloadIslands();
      let assets: AssetResolver;
      let vite: ViteDevServer | undefined;
      if (config.viteDevServer) {
        const { createServer } = await import('vite');
        vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
        closers.push(() => vite!.close());
        assets = await devServerAssets(vite);
      } else {
        assets = manifestAssets();
      }
      // The patent map's worker thread (started on first use) must not outlive the web role.
      closers.push(() => stopLandscapeWorker());
      runtime.sessions = sessions;
      runtime.app = createApp({ config, logger, db, redis, sessions, sessionSecret, i18n, assets, mailer, jobs, tasks: jobRunner, lifecycle, devMiddleware: vite?.middlewares });
      logger.info({ sessions: sessions.storeKind }, 'web role ready');
    }
    if (config.demoAccounts && config.role !== 'worker') {
      // A newcomer's first start: load the demo corpus in the background so search has
      // real documents; the server answers meanwhile, and a stop interrupts cleanly.
      const demo = loadDemoCorpusInBackground(db, logger);
      closers.push(() => demo.stop());
    }
    if (config.role !== 'web') {
      // Handlers first: the worker claims only job types it has a handler for.
      (options.registerJobHandlers ?? registerJobHandlers)(jobs, { config, db, logger, redis, mailer, i18n, runner: jobRunner });
      await jobs.startWorker(); // starts the Agenda runner too
    } else {
      await jobRunner.connect(); // to wake workers and reach them with cancellations
    }
    return runtime;
  } catch (error) {
    await close();
    throw error;
  }
}
