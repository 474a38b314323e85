// Account settings of both areas: pages, the update and profile-image calls, and the images.
import { Router } from 'express';
import { requireApi } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { CompanySettingsService, displayAddress } from '../manage/settings/service.ts';
import { recordOwnSettingsChange } from '../manage/audit/service.ts';
import { accountController, type CompanySettingsLoader } from './controller.tsx';
import { AccountSettingsService } from './service.ts';

export function accountRoutes(context: AppContext): Router {
  const service = new AccountSettingsService(context.db, context.config.storageDir, context.logger);
  const companySettings = new CompanySettingsService(context);
  const loadCompanySettings: CompanySettingsLoader = async (managerId, address) => ({
    ...(await companySettings.get(await companySettings.companyOf(managerId))),
    yourAddress: displayAddress(address),
  });
  const controller = accountController(context.config, service, loadCompanySettings, (before, after) => recordOwnSettingsChange(context.db, before, after));
  const router = Router();
  router.get('/setting', controller.showSettings('user'));
  router.get('/manage/setting', controller.showSettings('manage'));

  router.post('/api/account/update', requireApi('user'), controller.update('user'));
  router.post('/api/manage/account/update', requireApi('manage'), controller.update('manage'));

  router.post('/api/account/profile-image', requireApi('user'), controller.receiveImage('user'), controller.uploadImage('user'));
  router.post('/api/manage/account/profile-image', requireApi('manage'), controller.receiveImage('manage'), controller.uploadImage('manage'));

  // Pages-side addresses, so each area's page guard applies; the owner check is in the controller.
  router.get('/account/profile-image/:key', controller.serveImage('user'));
  router.get('/manage/account/profile-image/:key', controller.serveImage('manage'));
  return router;
}
