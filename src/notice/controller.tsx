// /notice, /notice/detail and the users' news API (/api/notice…).
import type { Request, Response } from 'express';
import { NoticeDetailPage, NoticesPage } from '../../views/notice/NoticesPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import { NotFoundError } from '../platform/errors.ts';
import { requestLanguage } from '../platform/i18n.ts';
import { renderPage } from '../platform/render.tsx';
import { isUuid } from '../manage/users/validation.ts';
import type { NoticesService } from './service.ts';

export function noticesController(service: NoticesService) {
  const user = (req: Request) => accountIdOf(req, 'user');
  const answer = (res: Response, body: unknown) => res.status(200).set('cache-control', 'no-store').json(body);
  const idOf = (value: unknown): string => {
    if (!isUuid(value)) throw new NotFoundError('user');
    return value;
  };
  return {
    page: async (req: Request, res: Response) => {
      const notices = await service.list(user(req), requestLanguage(req));
      renderPage(req, res, { title: req.t('title', { ns: 'notice' }), layout: 'default', page: <NoticesPage notices={notices} /> });
    },
    detailPage: async (req: Request, res: Response) => {
      const notice = await service.open(user(req), idOf(req.query.id), requestLanguage(req));
      // It is read now: the header drops it from the count already on this page.
      if (notice.unread && typeof res.locals.unreadNotices === 'number') res.locals.unreadNotices = Math.max(0, res.locals.unreadNotices - 1);
      renderPage(req, res, { title: notice.title, layout: 'default', page: <NoticeDetailPage notice={notice} /> });
    },
    list: async (req: Request, res: Response) => {
      const notices = await service.list(user(req), requestLanguage(req));
      answer(res, { notices, unreadCount: notices.filter((n) => n.unread).length });
    },
    open: async (req: Request, res: Response) => answer(res, await service.open(user(req), idOf(req.params.id), requestLanguage(req))),
    unreadCount: async (req: Request, res: Response) => answer(res, { unreadCount: await service.unreadCount(user(req)) }),
    markAllRead: async (req: Request, res: Response) => {
      await service.markAllRead(user(req));
      answer(res, { result: true });
    },
  };
}
