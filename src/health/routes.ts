// /healthz: is this process able to serve? Database and Redis reachability, for load balancers.
import { Router } from 'express';
import type { AppConfig } from '../platform/config.ts';
import { databaseIsReachable, type Database } from '../platform/database.ts';
import { redisIsReachable, type Redis } from '../platform/redis.ts';

export function healthRoutes(deps: { db: Database; redis?: Redis; config: AppConfig }): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const [database, redis] = await Promise.all([databaseIsReachable(deps.db), redisIsReachable(deps.redis)]);
    const healthy = database.ok && (redis === 'not configured' || redis.ok);
    res
      .status(healthy ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({ status: healthy ? 'ok' : 'unavailable', version: deps.config.appVersion, role: deps.config.role, database, redis });
  });
  return router;
}
