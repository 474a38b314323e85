// Examination simulation calls, for users with the priorart feature switched on (§6).
import { Router } from 'express';
import { requireApi, requireFeature } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createPriorartController } from './controller.ts';

export function priorartRoutes(context: AppContext): Router {
  const router = Router();
  const priorart = createPriorartController(context);
  const api = [requireApi('user'), requireFeature('priorart')];
  router.post('/api/priorart/simulate', api, priorart.simulate);
  router.get('/api/priorart/status', api, priorart.status);
  router.post('/api/priorart/cancel', api, priorart.cancel);
  router.get('/api/priorart/result', api, priorart.result);
  router.post('/api/priorart/elements', api, priorart.elements);
  router.get('/api/priorart/ipc', api, priorart.ipc);
  return router;
}
