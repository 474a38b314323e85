// Configuration from the environment, validated once at start.
// Every variable is documented in README.md ("Configuration").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const packageVersion: string = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).version;

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  EMBEDDED_PG_DIR: z.string().default(path.join(projectRoot, 'var', 'postgres')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  REDIS_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: z.string().default('false'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_VERSION: z.string().default(packageVersion),
  STORAGE_DIR: z.string().default(path.join(projectRoot, 'var', 'storage')),
  VAR_DIR: z.string().default(path.join(projectRoot, 'var')),
  DEMO_ACCOUNTS: flag.optional(),
  PRIVACY_POLICY_URL: z.string().url().default('https://hatsumei.example/privacy'),
  TERMS_OF_USE_URL: z.string().url().default('https://hatsumei.example/terms'),
  CONTACT_PAGE_URL: z.string().url().default('https://hatsumei.example/contact'),
  OPERATING_COMPANY_URL: z.string().url().default('https://hatsumei.example/company'),
  FAQ_URL: z.string().url().default('https://hatsumei.example/faq'),
  VITE_DEV_SERVER: flag.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Hatsumei <no-reply@hatsumei.example>'),
  MAIL_OUTBOX_DIR: z.string().optional(),
  INQUIRY_TO: z.string().email().default('support@hatsumei.example'),
  PUBLIC_URL: z.string().url().optional(),
  ALLOWED_NETWORKS: z.string().optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  RATE_LIMIT_PREFIX: z.string().default('hatsumei:rl:'),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  JOB_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  JOB_STALE_MS: z.coerce.number().int().min(300).default(30_000),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  GPT_PRICE_INPUT_PER_1M: z.coerce.number().min(0).default(0.15),
  GPT_PRICE_OUTPUT_PER_1M: z.coerce.number().min(0).default(0.6),
  GPT_DEFAULT_MONTHLY_QUOTA_USD: z.coerce.number().min(0).default(50),
});

export type Role = 'web' | 'worker' | 'all';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  isDevelopment: boolean;
  host: string;
  port: number;
  role: Role;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  embeddedPostgres: { dir: string; port: number };
  redisUrl: string | undefined;
  sessionSecret: string | undefined;
  sessionIdleMs: number;
  trustProxy: boolean | number | string;
  cookieSecure: boolean | 'auto';
  logLevel: string;
  appVersion: string;
  storageDir: string;
  varDir: string;
  /** Create the demo company and accounts on a first start (never in production). */
  demoAccounts: boolean;
  links: { privacyPolicy: string; termsOfUse: string; contact: string; operatingCompany: string; faq: string };
  shutdownGraceMs: number;
  /**
   * Background jobs (src/jobs): how many handlers run at once per worker process; how often a running
   * job's heartbeat is written (it also notices a cancel there); after how long without a
   * heartbeat a running job counts as dead and is retried or failed.
   */
  jobs: { concurrency: number; heartbeatMs: number; staleMs: number };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; inquiryTo: string };
  /**
   * Base address of every link the app puts in mail and exports. Never taken from a request's
   * headers (a forged Host would put an attacker's address around a valid reset token):
   * PUBLIC_URL, required in production; else this server's own configured address.
   */
  publicUrl: string;
  /** CIDR list allowed to use the product (E503/E103, ME043 outside); empty = anywhere. */
  allowedNetworks: string[];
  /** factor multiplies every limit (tests raise it); prefix separates deployments sharing a Redis. */
  rateLimit: { factor: number; prefix: string };
  passwordResetTtlMs: number;
  /** Serve islands through Vite's dev server with hot reload (npm run dev). */
  viteDevServer: boolean;
  /**
   * GPT (OpenAI-compatible chat completions). No apiKey: GPT features are off and keyword
   * extraction runs without it. Prices are dollars per million tokens, for the usage records;
   * defaultMonthlyQuotaUsd applies to companies without their own quota row.
   */
  gpt: { apiKey: string | undefined; baseUrl: string | undefined; model: string; timeoutMs: number; pricePerMillion: { input: number; output: number }; defaultMonthlyQuotaUsd: number };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // a list of addresses or subnets, as Express accepts
}

/** This server's own address for local use: a wildcard or loopback host is reached as localhost. */
function localAddress(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '127.0.0.1', '::1', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export class ConfigurationError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(environment).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigurationError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigurationError('SESSION_SECRET (at least 32 characters) is required in production.');
  }
  if (e.JOB_STALE_MS < 3 * e.JOB_HEARTBEAT_MS) {
    // Otherwise a job that is merely slow between two heartbeats would be taken for dead.
    throw new ConfigurationError('JOB_STALE_MS must be at least three times JOB_HEARTBEAT_MS.');
  }
  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigurationError('PUBLIC_URL (e.g. https://hatsumei.example.jp) is required in production: links in mail and exports are built from it.');
  }
  if (isProduction && !e.DATABASE_URL) {
    throw new ConfigurationError('DATABASE_URL is required in production; the embedded PostgreSQL is for local use only.');
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    isDevelopment: e.NODE_ENV === 'development',
    host: e.HOST,
    port: e.PORT,
    role: e.ROLE,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    embeddedPostgres: { dir: path.resolve(e.EMBEDDED_PG_DIR), port: e.EMBEDDED_PG_PORT },
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
    appVersion: e.APP_VERSION,
    storageDir: path.resolve(e.STORAGE_DIR),
    varDir: path.resolve(e.VAR_DIR),
    demoAccounts: !isProduction && (e.DEMO_ACCOUNTS ?? !e.DATABASE_URL),
    links: {
      privacyPolicy: e.PRIVACY_POLICY_URL,
      termsOfUse: e.TERMS_OF_USE_URL,
      contact: e.CONTACT_PAGE_URL,
      operatingCompany: e.OPERATING_COMPANY_URL,
      faq: e.FAQ_URL,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    jobs: { concurrency: e.JOB_CONCURRENCY, heartbeatMs: e.JOB_HEARTBEAT_MS, staleMs: e.JOB_STALE_MS },
    viteDevServer: e.VITE_DEV_SERVER && !isProduction,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(e.VAR_DIR, 'outbox')),
      inquiryTo: e.INQUIRY_TO,
    },
    publicUrl: (e.PUBLIC_URL ?? localAddress(e.HOST, e.PORT)).replace(/\/+$/, ''),
    rateLimit: { factor: e.RATE_LIMIT_FACTOR, prefix: e.RATE_LIMIT_PREFIX },
    passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000,
    allowedNetworks: (e.ALLOWED_NETWORKS ?? '').split(/[\s,]+/).filter(Boolean),
    gpt: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      pricePerMillion: { input: e.GPT_PRICE_INPUT_PER_1M, output: e.GPT_PRICE_OUTPUT_PER_1M },
      defaultMonthlyQuotaUsd: e.GPT_DEFAULT_MONTHLY_QUOTA_USD,
    },
  };
}
