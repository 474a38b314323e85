import { Router } from 'express';
import type { AppContext } from '../platform/context.ts';
import { createSearchController } from './controller.tsx';
import { requireApi } from '../auth/guard.ts';
import { createPatentMapController } from './landscape/controller.ts';

export function searchRoutes(context: AppContext): Router {
  const router = Router();
  const search = createSearchController(context);
  router.get('/search', search.show);
  router.get('/search/export.csv', search.exportList('csv'));
  router.get('/search/export.xlsx', search.exportList('xlsx'));
  router.get('/api/search/map', requireApi('user'), createPatentMapController(context).show);
  return router;
}
