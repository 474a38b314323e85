// Where the tests find PostgreSQL and Redis: TEST_DATABASE_URL / TEST_REDIS_URL, else
// this machine's 127.0.0.1 services, else (PostgreSQL only) an embedded server that
// global-setup starts. Redis-only tests are skipped, with a note, when none answers.
import net from 'node:net';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export function tcpReachable(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function testDatabaseServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: jest global-setup did not run');
  return url;
}

/** Decided once in global-setup: the reachable Redis URL, or 'unavailable' (never in CI). */
export async function resolveTestRedis(): Promise<string> {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
  if (url === 'unavailable' || (await tcpReachable(url))) return url;
  if (process.env.CI) throw new Error(`Redis is required in CI but ${url} does not answer`);
  process.stdout.write(`\nRedis at ${url} does not answer: the Redis tests are skipped\n`);
  return 'unavailable';
}

export const testRedisUrl = (): string | undefined =>
  process.env.TEST_REDIS_URL && process.env.TEST_REDIS_URL !== 'unavailable' ? process.env.TEST_REDIS_URL : undefined;

/** `test` when Redis answers, else `test.skip` (counted as skipped in the summary). */
export const testWithRedis = (): typeof test => (testRedisUrl() ? test : test.skip);
