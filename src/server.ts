// Process entry: `npm start`. Reads the configuration, starts the roles it names
// (web, worker or both), and shuts down cleanly on SIGTERM/SIGINT.
import { ConfigurationError, loadConfig } from './platform/config.ts';
import type { Database } from './platform/database.ts';
import { createLogger, type Logger } from './platform/logger.ts';

/** Search first (what the first user is likeliest to do), then the prior-art's IPC inference. */
async function warmUp(db: Database, logger: Logger): Promise<void> {
  const { warmUpSearch } = await import('./search/warm-up.ts');
  await warmUpSearch(db, logger);
  const { warmUpPriorart } = await import('./priorart/warm-up.ts');
  await warmUpPriorart(db, logger);
}

async function main(): Promise<void> {
  // Signals are caught from the first moment: one that arrives during start-up is
  // acted on as soon as there is something to shut down cleanly.
  let shutdown: ((signal: string) => Promise<void>) | undefined;
  let pendingSignal: string | undefined;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => (shutdown ? void shutdown(signal) : (pendingSignal ??= signal)));
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Libraries (React above all) pick their optimised builds from NODE_ENV. Outside the
  // Vite dev server they get them, whatever our own mode: a newcomer's `npm start`
  // runs in development mode (embedded database, demo accounts) at production speed.
  if (!config.viteDevServer && config.env !== 'test') process.env.NODE_ENV = 'production';
  const { startRuntime } = await import('./platform/runtime.ts');
  const { createWebServer } = await import('./platform/http-server.ts');
  const logger = createLogger(config.logLevel, config.viteDevServer && process.stdout.isTTY);
  let runtime;
  try {
    runtime = await startRuntime(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    process.stderr.write(`\nHatsumei could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }

  const web = runtime.app ? createWebServer(runtime.app, { logger, lifecycle: runtime.lifecycle, abandon: runtime.app.locals.abandon }) : undefined;
  if (web) {
    const port = await web.listen(config.port, config.host);
    logger.info({ port, role: config.role, version: config.appVersion }, `Hatsumei is listening on http://localhost:${port}/login`);
    // The analysers and the map's worker warm up behind the first requests, not inside them.
    if (process.env.HATSUMEI_WARM_UP !== '0') void warmUp(runtime.db, logger);
  }

  let stopping = false;
  shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    if (web) await web.drain(config.shutdownGraceMs);
    await runtime.close();
    logger.info('stopped');
    process.exit(0);
  };
  if (pendingSignal) await shutdown(pendingSignal);
}

await main();
