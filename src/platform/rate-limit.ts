// Rate limits (express-rate-limit) whose counters every web process shares: in Redis
// when REDIS_URL is set, else in the PostgreSQL table rate_limits.
import { createHash } from 'node:crypto';
import { rateLimit, type Options, type Store, type IncrementResponse } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from './context.ts';
import type { Database } from './database.ts';
import { AppError, ServiceUnavailableError } from './errors.ts';

class PostgresRateLimitStore implements Store {
  private windowMs = 60_000;
  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const result = await this.db.raw<{ rows: Array<{ hits: number; reset_at: Date }> }>(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, now() + (? || ' milliseconds')::interval)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, String(this.windowMs)],
    );
    const row = result.rows[0]!;
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limits').where({ key: this.prefix + key }).andWhere('hits', '>', 0).decrement('hits', 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limits').where({ key: this.prefix + key }).delete();
  }
}

/**
 * A counter store that cannot be reached makes the request 503 "temporarily unavailable" (the
 * limit is not skipped: a sign-in must not go unlimited while Redis is down).
 */
function guardStore(store: Store, service: string): Store {
  const guard = <A extends unknown[], R>(call: ((...args: A) => Promise<R> | R) | undefined) =>
    call &&
    (async (...args: A): Promise<R> => {
      try {
        return await call.apply(store, args);
      } catch (error) {
        throw new ServiceUnavailableError(service, { cause: error });
      }
    });
  // Reads (prefix, localKeys) go through to the store; calls run on it, init included.
  return Object.assign(Object.create(store) as Store, {
    init: (options: Options) => store.init?.(options),
    increment: guard(store.increment),
    decrement: guard(store.decrement),
    resetKey: guard(store.resetKey),
    ...(store.get && { get: guard(store.get) }),
  });
}

/** Keys can come from user input (an email address): long ones are hashed to a fixed size. */
const boundedKey = (key: string): string => (key.length <= 100 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

export interface LimitOptions {
  /** Distinguishes the counters of one limit from another's. */
  name: string;
  windowMs: number;
  limit: number;
  /** The counter key: by default the client address. */
  key?: (req: Parameters<RequestHandler>[0]) => string;
  /** Count only failed requests (status ≥ 400, or what `failed` says). */
  skipSuccessfulRequests?: boolean;
  /** With skipSuccessfulRequests: whether the finished request counts as a failure (default: status ≥ 400). */
  failed?: (req: Request, res: Response) => boolean;
  /**
   * A lock of one account or address rather than a guard against load: RATE_LIMIT_FACTOR (which
   * tests raise for the many requests they send from one address) leaves it as it is.
   */
  unscaled?: boolean;
  /** Told of every refusal (to log a lock). */
  onRefused?: (req: Request) => void;
}

export interface RateLimit extends RequestHandler {
  /** Forgets the counter of the key the `key` option gives for this value (e.g. after a successful sign-in). */
  forget(keySource: string): Promise<void>;
}

/** A limit whose refusal is the `too-many-requests` error of §8, in the caller's language. */
export function createRateLimit(context: AppContext, options: LimitOptions): RateLimit {
  const prefix = `${context.config.rateLimit.prefix}${options.name}:`;
  const store: Store = guardStore(
    context.redis
      ? new RedisStore({ prefix, sendCommand: (...args: string[]) => context.redis!.call(args[0]!, ...args.slice(1)) as never })
      : new PostgresRateLimitStore(context.db, prefix),
    context.redis ? 'Redis' : 'the rate-limit table',
  );
  const limiter = rateLimit({
    windowMs: options.windowMs,
    limit: options.unscaled ? options.limit : Math.max(1, Math.round(options.limit * context.config.rateLimit.factor)),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    ...(options.failed && { requestWasSuccessful: (req: Request, res: Response) => !options.failed!(req, res) }),
    keyGenerator: (req) => boundedKey(options.key ? options.key(req) : (req.ip ?? 'unknown')),
    validate: { keyGeneratorIpFallback: false },
    handler: (req, _res, next) => {
      options.onRefused?.(req);
      next(new AppError(429, 'too-many-requests', 'auth.too-many-requests'));
    },
  });
  return Object.assign(limiter, { forget: async (keySource: string) => void (await store.resetKey(boundedKey(keySource))) });
}
