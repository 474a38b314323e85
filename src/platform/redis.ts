import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export type { Redis };

/** One shared ioredis client; errors are logged instead of crashing the process. */
export function createRedis(url: string, logger: Logger): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  let lastLogged = 0;
  client.on('error', (error) => {
    if (Date.now() - lastLogged > 10_000) {
      lastLogged = Date.now();
      logger.warn({ err: error }, 'Redis connection error');
    }
  });
  return client;
}

export async function redisIsReachable(client: Redis | undefined): Promise<{ ok: boolean; latencyMs?: number; error?: string } | 'not configured'> {
  if (!client) return 'not configured';
  const started = performance.now();
  try {
    await Promise.race([
      client.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout after 1000 ms')), 1000).unref()),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
