// News for users (SPEC §2 /notice): the page, a notice's own page (opening it marks it read)
// and the API. The page guard sends anyone but a signed-in user away; the API answers E073.
import { Router } from 'express';
import { requireApi } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { noticesController } from './controller.tsx';
import { NoticesService } from './service.ts';

export function noticeRoutes(context: AppContext): Router {
  const controller = noticesController(new NoticesService(context));
  const router = Router();
  router.get('/notice', controller.page);
  router.get('/notice/detail', controller.detailPage);
  const user = requireApi('user');
  router.get('/api/notice', user, controller.list);
  router.get('/api/notice/unread-count', user, controller.unreadCount);
  router.post('/api/notice/read-all', user, controller.markAllRead);
  router.post('/api/notice/:id/read', user, controller.open);
  return router;
}
