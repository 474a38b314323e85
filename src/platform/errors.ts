// Domain errors carry the spec's codes (§8); one middleware turns them into the
// `{ errcode, detail }` JSON shape for the API or into the error page for browsers.
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errcode: string,
    /** i18n key in the `errors` namespace; defaults to the errcode itself. */
    readonly messageKey: string = errcode,
    readonly messageValues: Record<string, unknown> = {},
    /** Where the problem is (a formula row, a field), for forms that show it there. */
    readonly where: { row?: number; field?: string } = {},
  ) {
    super(`${errcode} (${status})`);
  }
}

/**
 * A service the request needs (Redis, the database) cannot be reached: 503 with "temporarily
 * unavailable" rather than an unexpected error. The service usually comes back by itself (the
 * clients reconnect), so the answer invites a retry.
 */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: string,
    options?: { cause?: unknown },
  ) {
    super(`${service} is unavailable`, options);
    this.name = 'ServiceUnavailableError';
  }
}

/** Error codes of a connection that failed or dropped (Node's sockets, PostgreSQL's class 08 and 57P0x). */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '08000', '08001', '08003', '08006', '57P01', '57P02', '57P03']);

/** Whether an error means a backing service is out of reach rather than a bug. */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof ServiceUnavailableError) return true;
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  // ioredis gives up on a command while disconnected; knex waits for a pool connection in vain.
  return name === 'MaxRetriesPerRequestError' || name === 'KnexTimeoutError' || (typeof code === 'string' && CONNECTION_FAILURES.has(code));
}

export class NotFoundError extends AppError {
  constructor(area: 'user' | 'manage' = 'user') {
    super(404, area === 'manage' ? 'ME999' : 'E999', 'notFound');
  }
}

export const isApiRequest = (req: Request): boolean => req.path.startsWith('/api/') || req.path === '/api';
export const isManagerArea = (req: Request): boolean =>
  req.path === '/manage' || req.path.startsWith('/manage/') || req.path.startsWith('/api/manage');

/** Unknown routes. An unknown API path answers E999/ME999 so an outdated client runs its version check (§4). */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(isManagerArea(req) ? 'manage' : 'user'));
};

export type ErrorPageRenderer = (req: Request, res: Parameters<ErrorRequestHandler>[2], status: number, message: string) => void;

/**
 * @param ensureI18n the language middleware, run here when the failure came before it
 *   (e.g. loading the account failed), so the error still speaks the visitor's language.
 */
export function errorHandler(renderErrorPage: ErrorPageRenderer, ensureI18n: RequestHandler): ErrorRequestHandler {
  const handle: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const manager = isManagerArea(req);
    let status = 500;
    let errcode = manager ? 'ME999' : 'E999';
    let messageKey = errcode;
    let values: Record<string, unknown> = {};
    let where: AppError['where'] = {};
    if (error instanceof AppError) {
      ({ status, errcode, messageKey, where } = error);
      values = error.messageValues;
    } else if (isServiceUnavailable(error)) {
      status = 503;
      messageKey = 'serviceUnavailable';
      res.setHeader('retry-after', '5');
    } else if (typeof error?.status === 'number' && error.status >= 400 && error.status < 600) {
      // Errors raised by middleware (body too large, bad JSON, CSRF …) keep their status.
      status = error.status;
      if (error.code === 'EBADCSRF') {
        // §8 E073/ME041: "inactivity or invalid request": the client signs the person out and back in.
        errcode = manager ? 'ME041' : 'E073';
        messageKey = 'csrf';
      }
      else if (status < 500) {
        errcode = manager ? 'ME999' : 'E102';
        messageKey = status === 413 ? 'payloadTooLarge' : 'badRequest';
      }
    }
    if (status === 503) req.log?.warn({ err: error }, 'request refused: a service is unavailable');
    else if (status >= 500) req.log?.error({ err: error }, 'request failed');
    else req.log?.info({ errcode, status }, 'request refused');
    const detail = req.t ? req.t(messageKey, { ns: 'errors', ...values }) : messageKey;
    if (isApiRequest(req) || !req.accepts('html')) {
      res.status(status).json({ errcode, detail, ...where });
      return;
    }
    renderErrorPage(req, res, status, detail);
  };
  return (error, req, res, next) => {
    if ((req as { t?: unknown }).t) return handle(error, req, res, next);
    ensureI18n(req, res, () => handle(error, req, res, next));
  };
}
