// The manager's GPT usage page (SPEC §2 admin GPT usage; issue 14 part 5) and its API. CSRF is
// checked for every POST by the app-wide middleware (src/app.ts).
import { Router } from 'express';
import { requireApi } from '../../auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { createRateLimit } from '../../platform/rate-limit.ts';
import { ManagedUsersService } from '../users/service.ts';
import { managedGptUsageControllers } from './controller.tsx';
import { ManagedGptUsageService } from './service.ts';

export function managedGptUsageRoutes(context: AppContext): Router {
  const controllers = managedGptUsageControllers(new ManagedGptUsageService(context), new ManagedUsersService(context));
  const router = Router();
  router.get('/manage/gpt-usage-status', controllers.page);
  const manager = requireApi('manage');
  const changes = createRateLimit(context, { name: 'manage-gpt-quota', windowMs: 15 * 60_000, limit: 60 });
  router.get('/api/manage/gpt-usage', manager, controllers.get);
  router.post('/api/manage/gpt-usage/additional-quota', manager, changes, controllers.addQuota);
  return router;
}
