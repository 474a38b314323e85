import { Router } from 'express';
import type { AppContext } from '../platform/context.ts';
import { createSearchController } from './controller.tsx';

export function searchRoutes(context: AppContext): Router {
  const router = Router();
  const search = createSearchController(context);
  router.get('/search', search.show);
  return router;
}
