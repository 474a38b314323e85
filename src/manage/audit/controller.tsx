// The audit log page and its API (/manage/audit-log, /api/manage/audit-log): the manager's
// company only. A malformed filter is a 404 on the page (as other manager pages) and ME999 in the API.
import type { NextFunction, Request, Response } from 'express';
import { AuditLogPage } from '../../../views/manage/AuditLogPage.tsx';
import { accountIdOf } from '../../auth/guard.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { renderPage } from '../../platform/render.tsx';
import type { ManagedUsersService } from '../users/service.ts';
import { parseAuditQuery, type ManagerAuditService } from './service.ts';

export function managerAuditControllers(service: ManagerAuditService, users: Pick<ManagedUsersService, 'companyOf'>) {
  const company = (req: Request) => users.companyOf(accountIdOf(req, 'manage'));
  return {
    page: async (req: Request, res: Response, next: NextFunction) => {
      let filter;
      try {
        filter = parseAuditQuery(req.query as Record<string, unknown>);
      } catch {
        return next(new NotFoundError('manage'));
      }
      const { entries, totalCount } = await service.list(await company(req), filter);
      renderPage(req, res, { title: req.t('title', { ns: 'manage-audit' }), layout: 'admin', page: <AuditLogPage filter={filter} entries={entries} totalCount={totalCount} /> });
    },
    list: async (req: Request, res: Response) => {
      const filter = parseAuditQuery(req.query as Record<string, unknown>);
      const { entries, totalCount } = await service.list(await company(req), filter);
      res.status(200).set('cache-control', 'no-store').json({ entries, totalCount, page: filter.page, perPage: filter.perPage });
    },
  };
}
