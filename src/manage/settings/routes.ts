// Company settings API (/api/manage/company-settings), shown on /manage/setting. Managers only
// (the area's guard answers ME041 otherwise); CSRF is checked for every POST app-wide (src/app.ts).
import { Router, type Request, type Response } from 'express';
import { accountIdOf, requireApi } from '../../auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { createRateLimit } from '../../platform/rate-limit.ts';
import { CompanySettingsService, displayAddress } from './service.ts';

export function companySettingsRoutes(context: AppContext): Router {
  const service = new CompanySettingsService(context);
  const company = (req: Request) => service.companyOf(accountIdOf(req, 'manage'));
  const answer = async (req: Request, res: Response, settings: Promise<unknown>) =>
    res.status(200).set('cache-control', 'no-store').json({ ...(await settings as object), yourAddress: displayAddress(req.ip ?? '') });

  const router = Router();
  const manager = requireApi('manage');
  const changes = createRateLimit(context, { name: 'manage-settings', windowMs: 15 * 60_000, limit: 100 });
  router.get('/api/manage/company-settings', manager, async (req, res) => {
    await answer(req, res, service.get(await company(req)));
  });
  router.post('/api/manage/company-settings', manager, changes, async (req, res) => {
    await answer(req, res, service.update(await company(req), accountIdOf(req, 'manage'), req.body, req.ip ?? ''));
  });
  return router;
}
