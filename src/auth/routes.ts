import { Router } from 'express';
import type { AppContext } from '../platform/context.ts';
import { logout, showHome, showLogin, version } from './controller.tsx';

export function authRoutes(context: AppContext): Router {
  const options = { appVersion: context.config.appVersion };
  const router = Router();
  router.get('/', showHome);
  router.get('/login', showLogin('user'));
  router.get('/manage/login', showLogin('manage'));
  router.get('/api/version', version(options.appVersion));
  router.get('/api/manage/version', version(options.appVersion));
  router.post('/api/logout', logout('user'));
  router.post('/api/manage/logout', logout('manage'));
  return router;
}
