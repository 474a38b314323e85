// User administration (SPEC §2 /manage/users, /manage/add-user, /manage/users/detail and its API).
// The manager area's guard answers ME041 without a manager session; CSRF is checked for every
// POST by the app-wide middleware (src/app.ts).
import { Router } from 'express';
import { requireApi } from '../../auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { createRateLimit } from '../../platform/rate-limit.ts';
import { ManagerAuditService } from '../audit/service.ts';
import { managedUsersApi } from './controller.ts';
import { managedUsersPages } from './pages-controller.tsx';
import { ManagedUsersService } from './service.ts';

const MINUTE = 60_000;

export function managedUsersRoutes(context: AppContext): Router {
  const service = new ManagedUsersService(context);
  const api = managedUsersApi(service);
  const pages = managedUsersPages(service, new ManagerAuditService(context));
  const router = Router();
  router.get('/manage/users', pages.list);
  router.get('/manage/add-user', pages.add);
  router.get('/manage/users/detail', pages.detail);

  const manager = requireApi('manage');
  // Changes per address; mails (invitations, resets) are sent at a slower pace still.
  const changes = createRateLimit(context, { name: 'manage-users', windowMs: 15 * MINUTE, limit: 300 });
  const mails = createRateLimit(context, { name: 'manage-users-mail', windowMs: 60 * MINUTE, limit: 100 });

  router.get('/api/manage/users', manager, api.list);
  router.post('/api/manage/users', manager, changes, mails, api.add);
  router.get('/api/manage/users/:id', manager, api.get);
  router.post('/api/manage/users/:id/update', manager, changes, api.update);
  router.post('/api/manage/users/:id/delete', manager, changes, api.remove);
  router.post('/api/manage/users/:id/reset-password', manager, changes, mails, api.resetPassword);
  router.post('/api/manage/users/:id/reset-2fa', manager, changes, api.resetSecondFactor);
  return router;
}
