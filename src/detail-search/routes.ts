// Detailed search: pages and calls, for users with the feature switched on (§6).
import { Router } from 'express';
import { requireApi, requireFeature } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createDetailSearchController } from './controller.tsx';
import { createKeywordController } from './keywords-controller.ts';

export function detailSearchRoutes(context: AppContext): Router {
  const router = Router();
  const detail = createDetailSearchController(context);
  const keywords = createKeywordController(context);
  const feature = requireFeature('detail');
  router.get('/detail-search', (_req, res) => res.redirect(302, '/detail-search/build-query'));
  router.get('/detail-search/build-query', feature, detail.buildQuery);
  router.get('/detail-search/executing', feature, detail.executing);
  router.get('/detail-search/result', feature, detail.result);
  router.get('/detail-search/export.csv', feature, detail.exportList('csv'));
  router.get('/detail-search/export.xlsx', feature, detail.exportList('xlsx'));

  const api = [requireApi('user'), feature];
  router.post('/api/detail-search/search', api, detail.search);
  router.get('/api/detail-search/status', api, detail.status);
  router.post('/api/detail-search/cancel', api, detail.cancel);
  router.get('/api/detail-search/map', api, detail.map);
  router.post('/api/detail-search/keywords', api, keywords.extract);
  router.post('/api/detail-search/keywords/hit-counts', api, keywords.hitCounts);
  // Any background job of the user's: its status, progress and result; cancelling it.
  router.get('/api/jobs/:uuid', requireApi('user'), keywords.job);
  router.post('/api/jobs/:uuid/cancel', requireApi('user'), keywords.cancelJob);
  return router;
}
