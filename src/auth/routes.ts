import { Router } from 'express';
import type { AppContext } from '../platform/context.ts';
import { createRateLimit } from '../platform/rate-limit.ts';
import { createAuthController } from './controller.tsx';
import { requireApi } from './guard.ts';

const MINUTE = 60_000;

export function authRoutes(context: AppContext): Router {
  const router = Router();
  const auth = createAuthController(context);
  // Per address; wrong passwords also lock the account itself (service.ts).
  const loginLimit = createRateLimit(context, { name: 'login', windowMs: 15 * MINUTE, limit: 20, skipSuccessfulRequests: true });
  const codeLimit = createRateLimit(context, { name: '2fa', windowMs: 15 * MINUTE, limit: 30, skipSuccessfulRequests: true });
  const resetLimit = createRateLimit(context, { name: 'reset', windowMs: 60 * MINUTE, limit: 10 });
  const resetPerAccount = createRateLimit(context, {
    name: 'reset-account',
    windowMs: 60 * MINUTE,
    limit: 3,
    key: (req) => String(req.body?.email ?? '').trim().toLowerCase() || 'none',
  });
  const passwordLimit = createRateLimit(context, { name: 'password', windowMs: 60 * MINUTE, limit: 20 });

  router.get('/', auth.showHome);
  for (const area of ['user', 'manage'] as const) {
    const page = area === 'manage' ? '/manage' : '';
    const api = area === 'manage' ? '/api/manage' : '/api';
    router.get(`${page}/login`, auth.showLogin(area));
    router.get(`${page}/2fa`, auth.showTwoFactor(area));
    router.get(`${page}/forgetpassword`, auth.showForgotPassword(area));
    router.get(`${page}/password`, auth.showNewPassword(area));

    router.post(`${api}/login`, loginLimit, auth.login(area));
    router.post(`${api}/logout`, auth.logout(area));
    router.get(`${api}/version`, auth.version);
    router.post(`${api}/account`, requireApi(area, { allowPending: true }), auth.account(area));
    router.post(`${api}/2fa/qr`, requireApi(area, { allowPending: true }), auth.qrCode(area));
    router.post(`${api}/2fa/regist`, codeLimit, requireApi(area, { allowPending: true }), auth.checkCode(area, true));
    router.post(`${api}/2fa/validate`, codeLimit, requireApi(area, { allowPending: true }), auth.checkCode(area, false));
    router.post(`${api}/forgetpassword`, resetLimit, resetPerAccount, auth.forgotPassword(area));
    router.post(`${api}/password`, passwordLimit, auth.newPassword(area));
  }
  router.get('/manage/2fa/reset', auth.showLogin('manage', true));
  return router;
}
