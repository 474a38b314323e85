// The manager's user pages (the page guard of src/auth/guard.ts sends anyone but a signed-in
// manager away before these run). Another company's user, or an id that is not one, is a 404.
import type { NextFunction, Request, Response } from 'express';
import { UserFormPage } from '../../../views/manage/UserFormPage.tsx';
import { UsersPage } from '../../../views/manage/UsersPage.tsx';
import { accountIdOf } from '../../auth/guard.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { renderPage } from '../../platform/render.tsx';
import type { ManagerAuditService } from '../audit/service.ts';
import type { ManagedUsersService } from './service.ts';
import { isUuid, parseListQuery } from './validation.ts';

export function managedUsersPages(service: ManagedUsersService, audit: ManagerAuditService) {
  const company = (req: Request) => service.companyOf(accountIdOf(req, 'manage'));
  return {
    list: async (req: Request, res: Response, next: NextFunction) => {
      let query;
      try {
        query = parseListQuery(req.query as Record<string, unknown>);
      } catch {
        return next(new NotFoundError('manage')); // §2: failed page validation is a 404
      }
      const { users, totalCount } = await service.list(await company(req), query);
      renderPage(req, res, { title: req.t('users.title', { ns: 'manage' }), layout: 'admin', page: <UsersPage query={query} users={users} totalCount={totalCount} /> });
    },
    add: (req: Request, res: Response) => {
      renderPage(req, res, { title: req.t('addUser.title', { ns: 'manage' }), layout: 'admin', page: <UserFormPage /> });
    },
    detail: async (req: Request, res: Response) => {
      const id = req.query.id;
      if (!isUuid(id)) throw new NotFoundError('manage');
      const companyId = await company(req);
      const user = await service.get(companyId, id);
      const entries = await audit.aboutUser(companyId, id);
      renderPage(req, res, { title: req.t('detail.title', { ns: 'manage' }), layout: 'admin', page: <UserFormPage user={user} audit={entries} /> });
    },
  };
}
