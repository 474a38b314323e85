// The managers' audit log (issue 14 part 6): the page (behind the manager area's page guard)
// and its read-only API (ME041 without a manager session).
import { Router } from 'express';
import { requireApi } from '../../auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { ManagedUsersService } from '../users/service.ts';
import { managerAuditControllers } from './controller.tsx';
import { ManagerAuditService } from './service.ts';

export function managerAuditRoutes(context: AppContext): Router {
  const controllers = managerAuditControllers(new ManagerAuditService(context), new ManagedUsersService(context));
  const router = Router();
  router.get('/manage/audit-log', controllers.page);
  router.get('/api/manage/audit-log', requireApi('manage'), controllers.list);
  return router;
}
