// /manage/gpt-usage-status and its API (/api/manage/gpt-usage…). The page guard of
// src/auth/guard.ts sends anyone but a signed-in manager away from the page; the API answers
// ME041 without a manager session. A manager sees only their own company: the company is
// always the signed-in manager's, never taken from the request.
import type { NextFunction, Request, Response } from 'express';
import { GptUsagePage } from '../../../views/manage/GptUsagePage.tsx';
import { accountIdOf } from '../../auth/guard.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { renderPage } from '../../platform/render.tsx';
import type { ManagedUsersService } from '../users/service.ts';
import { parseMonthParameter } from './rules.ts';
import type { GptUsageOverview, ManagedGptUsageService } from './service.ts';

/** The overview as JSON and island props carry it (dates as ISO text). */
export const overviewJson = (overview: GptUsageOverview) => ({
  ...overview,
  additions: overview.additions.map((addition) => ({ ...addition, addedAt: addition.addedAt.toISOString() })),
});
export type GptUsageOverviewJson = ReturnType<typeof overviewJson>;

export function managedGptUsageControllers(service: ManagedGptUsageService, users: Pick<ManagedUsersService, 'companyOf'>) {
  const company = (req: Request) => users.companyOf(accountIdOf(req, 'manage'));
  const answer = (res: Response, status: number, body: unknown) => res.status(status).set('cache-control', 'no-store').json(body);
  /** The ?month= asked for; a month that is not offered is a 404 (§2: failed page validation). */
  const monthOf = (req: Request) => {
    const month = parseMonthParameter(req.query.month, service.currentMonth());
    if (!month) throw new NotFoundError('manage');
    return month;
  };

  return {
    page: async (req: Request, res: Response, next: NextFunction) => {
      let month;
      try {
        month = monthOf(req);
      } catch (error) {
        return next(error);
      }
      const overview = await service.overview(await company(req), month);
      renderPage(req, res, { title: req.t('title', { ns: 'manage-gpt-usage' }), layout: 'admin', page: <GptUsagePage overview={overviewJson(overview)} /> });
    },
    get: async (req: Request, res: Response) => answer(res, 200, overviewJson(await service.overview(await company(req), monthOf(req)))),
    addQuota: async (req: Request, res: Response) =>
      answer(res, 201, overviewJson(await service.addQuota(await company(req), accountIdOf(req, 'manage'), req.body))),
  };
}
