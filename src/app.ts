// The Express application: middleware in the order a request meets it, then the features.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import { authRoutes } from './auth/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { detailSearchRoutes } from './detail-search/routes.ts';
import { priorartRoutes } from './priorart/routes.ts';
import { creationRoutes } from './creation/routes.ts';
import { editRoutes } from './edit/routes.ts';
import { priorartExportRoutes } from './priorart/export-routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { accountRoutes } from './account/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { languageRoutes } from './language/routes.ts';
import { sampleRoutes } from './sample/routes.tsx';
import { documentDetailsRoutes } from './document-details/routes.ts';
import { historyRoutes } from './history/routes.ts';
import { managedUsersRoutes } from './manage/users/routes.ts';
import { companySettingsRoutes } from './manage/settings/routes.ts';
import { managedNoticesRoutes } from './manage/notice/routes.ts';
import { noticeRoutes } from './notice/routes.ts';
import { managedGptUsageRoutes } from './manage/gpt-usage/routes.ts';
import { managerAuditRoutes } from './manage/audit/routes.ts';
import { clientBuildDir, type AssetResolver } from './platform/assets.ts';
import { projectRoot, type AppConfig } from './platform/config.ts';
import { createCsrf } from './platform/csrf.ts';
import type { Database } from './platform/database.ts';
import { renderErrorPage } from './platform/error-page.tsx';
import { AppError, errorHandler, isManagerArea, notFoundHandler } from './platform/errors.ts';
import type { Abandon, Lifecycle } from './platform/http-server.ts';
import { checkInput } from './platform/input.ts';
import type { TaskScheduler } from './platform/jobs.ts';
import { i18nMiddleware, type I18n } from './platform/i18n.ts';
import type { Logger } from './platform/logger.ts';
import type { Mailer } from './platform/mail.ts';
import type { AppContext } from './platform/context.ts';
import type { JobQueue } from './jobs/types.ts';
import { allowedNetworksOnly } from './platform/network.ts';
import { guardPages } from './auth/guard.ts';
import type { Redis } from './platform/redis.ts';
import { PageRenderer } from './platform/render.tsx';
import { noStoreWhenSignedIn, securityHeaders } from './platform/security.ts';
import type { SessionSetup } from './platform/sessions.ts';
import { loadAccounts } from './users/account-middleware.ts';

export interface AppDependencies {
  config: AppConfig;
  logger: Logger;
  db: Database;
  redis?: Redis;
  sessions: SessionSetup;
  sessionSecret: string;
  i18n: I18n;
  assets: AssetResolver;
  mailer: Mailer;
  jobs: JobQueue;
  tasks: TaskScheduler;
  /** Draining on shutdown: /healthz answers 503 (src/platform/http-server.ts). */
  lifecycle: Lifecycle;
  /** Vite's dev-server middleware (npm run dev only). */
  devMiddleware?: RequestHandler;
}

export function createApp(deps: AppDependencies): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || (req.url?.startsWith('/assets/') ?? false) },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  app.use(securityHeaders({ allowInlineScripts: deps.assets.needsInlineScripts, cookieSecure: config.cookieSecure }));
  app.use(compression());

  // Static files: built island bundles (content-hashed, cached for a year) and public/. No
  // directory redirects: a path like /api/jobs/..%2F..%2F resolves to a folder and must fall
  // through to the API's own answer, not a 301.
  app.use('/assets', express.static(path.join(clientBuildDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }));
  app.use(publicFiles(path.join(projectRoot, 'public')));
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  app.use(healthRoutes({ db: deps.db, redis: deps.redis, config, lifecycle: deps.lifecycle }));
  app.use(allowedNetworksOnly(config.allowedNetworks));

  app.use(cookieParser());
  app.use(deps.sessions.middleware);
  app.use(noStoreWhenSignedIn);
  app.use(loadAccounts(deps.db));
  const i18n = i18nMiddleware(deps.i18n);
  app.use(i18n);
  app.use(refuseLongUrls);
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(checkInput);

  const csrf = createCsrf(config, deps.sessionSecret);
  app.use(csrf.protection);
  // After a privilege change the session id changes and with it the CSRF binding: the
  // response carries a fresh token in this header and islands/api.ts swaps it in.
  app.use((req, res, next) => {
    res.locals.issueCsrfToken = () => res.setHeader('x-csrf-token', csrf.generateToken(req, res, { overwrite: true }));
    next();
  });
  app.locals.pageRenderer = new PageRenderer(deps.i18n, deps.assets, config, csrf.generateToken);

  const context: AppContext = { config, db: deps.db, logger: deps.logger, mailer: deps.mailer, redis: deps.redis, jobs: deps.jobs, tasks: deps.tasks };
  app.use(languageRoutes({ secureCookies: config.cookieSecure }));
  app.use(guardPages);
  // Feature routers, one line each.
  app.use(authRoutes(context));
  app.use(searchRoutes(context));
  app.use(detailSearchRoutes(context));
  app.use(priorartRoutes(context));
  app.use(creationRoutes(context));
  app.use(editRoutes(context));
  app.use(priorartExportRoutes(context));
  app.use(contactRoutes(context));
  app.use(accountRoutes(context));
  app.use(sampleRoutes());
  app.use(documentDetailsRoutes(context));
  app.use(historyRoutes(context));
  app.use(managedUsersRoutes(context));
  app.use(companySettingsRoutes(context));
  app.use(managedNoticesRoutes(context));
  app.use(noticeRoutes(context));
  app.use(managedGptUsageRoutes(context));
  app.use(managerAuditRoutes(context));

  app.use(notFoundHandler);
  const handleError = errorHandler(renderErrorPage, i18n);
  app.use(handleError);
  // Requests the shutdown's grace period could not wait for: the same error shape and page as any other.
  const abandon: Abandon = (req, res) =>
    handleError(new AppError(503, isManagerArea(req as Request) ? 'ME999' : 'E999', 'shuttingDown'), req as Request, res as Response, () => res.end());
  app.locals.abandon = abandon;
  return app;
}

/**
 * public/ (a handful of files, fixed at start): only their own paths reach express.static. Every
 * other request used to cost a file-system stat of its path there (3 % of a page's CPU time).
 */
function publicFiles(directory: string): RequestHandler {
  const files = new Set(readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`));
  const serve = express.static(directory, { maxAge: '1h', index: false, redirect: false });
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}

/** Longest address a page or API takes (the HTTP server reads up to 64 KB of request line and headers). */
export const MAX_URL_LENGTH = 16 * 1024;

const refuseLongUrls: RequestHandler = (req, _res, next) => {
  if (req.originalUrl.length <= MAX_URL_LENGTH) return next();
  next(new AppError(414, isManagerArea(req) ? 'ME999' : 'E102', 'uriTooLong'));
};
