// express-session in Redis when REDIS_URL is set, else in PostgreSQL (table `sessions`).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import connectPgSimple from 'connect-pg-simple';
import { RedisStore } from 'connect-redis';
import session from 'express-session';
import type { Request, RequestHandler } from 'express';
import pg from 'pg';
import { runPrepared } from './database.ts';
import { ServiceUnavailableError } from './errors.ts';
import type { AppConfig } from './config.ts';
import type { Redis } from './redis.ts';

export const SESSION_COOKIE = 'hatsumei.sid';

declare module 'express-session' {
  interface SessionData {
    /** Set by sign-in (issue 3): the authenticated user and manager, and whether each passed the second factor. */
    userId?: string;
    managerId?: string;
    userSecondFactorPassed?: boolean;
    managerSecondFactorPassed?: boolean;
    /** The token answered by the login call (§7), one per sign-in. */
    userToken?: string;
    managerToken?: string;
    /** When the idle timeout was last renewed (ms since the epoch): it is renewed at most once a minute. */
    renewedAt?: number;
    /** Wrong second-factor codes in the pending sign-in. */
    userAuthcodeFailures?: number;
    managerAuthcodeFailures?: number;
  }
}

/** A stable secret for local use: generated once and kept under var/ so restarts keep sessions. */
export function resolveSessionSecret(config: AppConfig): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.env === 'test') return randomBytes(32).toString('hex');
  const file = path.join(config.varDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.varDir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface SessionSetup {
  middleware: RequestHandler;
  store: session.Store;
  close(): Promise<void>;
  storeKind: 'redis' | 'postgres';
}

export function createSessions(options: { config: AppConfig; databaseUrl: string; redis?: Redis; secret: string }): SessionSetup {
  const { config, databaseUrl, redis, secret } = options;
  const ttlSeconds = Math.ceil(config.sessionIdleMs / 1000);
  let store: session.Store;
  let close = async () => {};
  // No store touch on every request: the idle timeout is renewed by renewIdleTimeout below.
  if (redis) {
    store = new RedisStore({ client: redis, prefix: 'hatsumei:sess:', ttl: ttlSeconds, disableTouch: true });
  } else {
    const PgStore = connectPgSimple(session);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('error', () => undefined); // surfaced through the request that used it
    // The store's few statements (read, save, prune) run prepared: the read comes with every
    // signed-in request, and PostgreSQL planned it anew each time.
    const prepared = { query: (text: string, values?: unknown[]) => runPrepared(pool, text, values ?? []) } as unknown as pg.Pool;
    const pgStore = new PgStore({ pool: prepared, tableName: 'sessions', createTableIfMissing: false, ttl: ttlSeconds, pruneSessionInterval: 15 * 60, disableTouch: true });
    store = pgStore;
    close = async () => {
      pgStore.close();
      await pool.end();
    };
  }
  guardStore(store, redis ? 'Redis' : 'the session table');
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false, // renewIdleTimeout renews the idle timeout, at most once a minute
    proxy: config.trustProxy !== false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: config.sessionIdleMs,
    },
  });
  // express-session saves or renews a session after the answer's headers are written; a store
  // failing then reached next() with the headers sent, and the error handler could only reset
  // the connection. The answer is complete by then: keep it, and log that the session was not saved.
  const middleware: RequestHandler = (req, res, next) =>
    sessionMiddleware(req, res, (error?: unknown) => {
      if (error && res.headersSent) return void req.log?.warn({ err: error }, 'the session could not be saved after the answer was sent');
      if (!error) renewIdleTimeout(req, config.sessionIdleMs);
      next(error);
    });
  return { middleware, store, close, storeKind: redis ? 'redis' : 'postgres' };
}

/**
 * Every request of a session renews its idle timeout, but the renewal is written (the session
 * saved with a new expiry, the cookie sent again) at most once a minute: a write per request
 * was a session-store round trip and a signed Set-Cookie on every page. The timeout is thus
 * between SESSION_IDLE_MINUTES less one minute and SESSION_IDLE_MINUTES.
 */
export const RENEW_INTERVAL_MS = 60_000;

function renewIdleTimeout(req: Request, idleMs: number): void {
  const session = req.session;
  if (!session?.cookie.expires) return; // no session was started
  if (session.cookie.expires.getTime() - Date.now() > idleMs - RENEW_INTERVAL_MS) return;
  session.cookie.maxAge = idleMs;
  session.renewedAt = Date.now(); // a change, so express-session saves the session and sends its cookie
}

/** Any failure of the session store is "temporarily unavailable" (503), never an unexpected error. */
function guardStore(store: session.Store, service: string): void {
  const target = store as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>;
  for (const method of ['get', 'set', 'destroy', 'touch']) {
    const original = target[method]?.bind(store);
    if (!original) continue;
    target[method] = (...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, ...rest: unknown[]) =>
          callback(error ? new ServiceUnavailableError(service, { cause: error }) : error, ...rest);
      }
      return original(...args);
    };
  }
}
