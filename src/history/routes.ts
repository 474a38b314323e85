import { Router } from 'express';
import { requireApi } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createHistoryController } from './controller.tsx';

export function historyRoutes(context: AppContext): Router {
  const router = Router();
  const history = createHistoryController(context);
  // The page guard (src/auth/guard.ts) already keeps /history to signed-in users.
  router.get('/history', history.show);
  router.get('/api/history', requireApi('user'), history.list);
  router.post('/api/history/favorite', requireApi('user'), history.favorite);
  router.post('/api/history/memo', requireApi('user'), history.memo);
  router.get('/api/history/:id', requireApi('user'), history.entry);
  return router;
}
