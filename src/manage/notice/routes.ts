// News administration (SPEC §1 "manage news", §2 /manage/notice, and its API). The page guard
// sends anyone but a signed-in manager away from /manage/notice; the API answers ME041 without
// a manager session; CSRF is checked for every POST by the app-wide middleware (src/app.ts).
import { Router } from 'express';
import { requireApi } from '../../auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { createRateLimit } from '../../platform/rate-limit.ts';
import { ManagedUsersService } from '../users/service.ts';
import { managedNoticesApi } from './controller.ts';
import { managedNoticesPage } from './pages-controller.tsx';
import { ManagedNoticesService } from './service.ts';

const MINUTE = 60_000;

export function managedNoticesRoutes(context: AppContext): Router {
  const service = new ManagedNoticesService(context);
  const users = new ManagedUsersService(context);
  const api = managedNoticesApi(service, users);
  const router = Router();
  router.get('/manage/notice', managedNoticesPage(service, users));

  const manager = requireApi('manage');
  const changes = createRateLimit(context, { name: 'manage-notices', windowMs: 15 * MINUTE, limit: 300 });
  router.get('/api/manage/notices', manager, api.list);
  router.post('/api/manage/notices', manager, changes, api.add);
  router.get('/api/manage/notices/:id', manager, api.get);
  router.post('/api/manage/notices/:id/update', manager, changes, api.update);
  router.post('/api/manage/notices/:id/publish', manager, changes, api.publish);
  router.post('/api/manage/notices/:id/unpublish', manager, changes, api.unpublish);
  router.post('/api/manage/notices/:id/delete', manager, changes, api.remove);
  return router;
}
