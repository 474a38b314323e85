// /healthz: is this process able to serve? Database and Redis reachability, for load balancers.
import { Router } from 'express';
import type { AppConfig } from '../platform/config.ts';
import type { Lifecycle } from '../platform/http-server.ts';
import { databaseIsReachable, type Database } from '../platform/database.ts';
import { redisIsReachable, type Redis } from '../platform/redis.ts';

export function healthRoutes(deps: { db: Database; redis?: Redis; config: AppConfig; lifecycle: Lifecycle }): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const { appVersion: version, role } = deps.config;
    res.set('cache-control', 'no-store');
    // Shutting down: the load balancer should stop sending before connections are refused.
    if (deps.lifecycle.draining) return void res.status(503).json({ status: 'draining', version, role });
    const [database, redis] = await Promise.all([databaseIsReachable(deps.db), redisIsReachable(deps.redis)]);
    // Draining may have begun meanwhile: an answer that closes its connection always says so.
    if (deps.lifecycle.draining) return void res.status(503).json({ status: 'draining', version, role });
    const healthy = database.ok && (redis === 'not configured' || redis.ok);
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', version, role, database, redis });
  });
  return router;
}
