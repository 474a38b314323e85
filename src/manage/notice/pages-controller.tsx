// /manage/notice (the page guard of src/auth/guard.ts sends anyone but a signed-in manager away).
import type { Request, Response } from 'express';
import { NoticesManagePage } from '../../../views/manage/NoticesManagePage.tsx';
import { accountIdOf } from '../../auth/guard.ts';
import { renderPage } from '../../platform/render.tsx';
import type { ManagedUsersService } from '../users/service.ts';
import type { ManagedNoticesService } from './service.ts';

export function managedNoticesPage(service: ManagedNoticesService, users: Pick<ManagedUsersService, 'companyOf'>) {
  return async (req: Request, res: Response) => {
    const notices = await service.list(await users.companyOf(accountIdOf(req, 'manage')));
    renderPage(req, res, { title: req.t('title', { ns: 'manage-notice' }), layout: 'admin', page: <NoticesManagePage notices={notices} /> });
  };
}
