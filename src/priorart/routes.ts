// Examination simulation pages and calls, for users with the priorart feature switched on (§6).
import { Router } from 'express';
import { requireApi, requireFeature } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createPriorartController } from './controller.ts';
import { createPriorartPagesController } from './pages-controller.tsx';

export function priorartRoutes(context: AppContext): Router {
  const router = Router();
  const priorart = createPriorartController(context);
  const pages = createPriorartPagesController(context);
  const feature = requireFeature('priorart');
  router.get('/priorart', (_req, res) => res.redirect(302, '/priorart/build-query'));
  router.get('/priorart/build-query', feature, pages.buildQuery);
  router.get('/priorart/executing', feature, pages.executing);
  router.get('/priorart/result', feature, pages.result);

  const api = [requireApi('user'), feature];
  router.post('/api/priorart/simulate', api, priorart.simulate);
  router.get('/api/priorart/status', api, priorart.status);
  router.post('/api/priorart/cancel', api, priorart.cancel);
  router.get('/api/priorart/result', api, priorart.result);
  router.post('/api/priorart/elements', api, priorart.elements);
  router.get('/api/priorart/column', api, priorart.column);
  router.get('/api/priorart/map', api, priorart.map);
  router.get('/api/priorart/ipc', api, priorart.ipc);
  return router;
}
