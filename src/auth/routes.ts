import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../platform/context.ts';
import { createRateLimit, type RateLimit } from '../platform/rate-limit.ts';
import { createAuthController } from './controller.tsx';
import { accountIdOf, requireApi, type Area } from './guard.ts';

const MINUTE = 60_000;
/** Wrong passwords per email address before it is locked for the rest of its 15-minute window. */
export const LOCK_AFTER_FAILURES = 5;
/** Wrong second-factor codes per account before its second factor is locked: per 15 minutes, and per day. */
export const CODE_LOCK = { perQuarterHour: 10, perDay: 30 } as const;

/** The sign-in locks the controller lifts after a success (a sign-in, a new password). */
export interface SignInLocks {
  email: Record<Area, RateLimit>;
  emailKey: (area: Area, email: string) => string;
}

const emailOf = (req: Request) => String(req.body?.email ?? '').trim().toLowerCase();
/** A second-factor answer that rejected the code (answered 200 {validate:false}) counts as a failure. */
const codeFailed = (_req: Request, res: Response) => res.statusCode >= 400 || res.locals.authcodeRejected === true;

export function authRoutes(context: AppContext): Router {
  const router = Router();
  // Per address: failed sign-ins and wrong codes from one place, whatever the account.
  const loginLimit = createRateLimit(context, { name: 'login', windowMs: 15 * MINUTE, limit: 20, skipSuccessfulRequests: true });
  const codeLimit = createRateLimit(context, { name: '2fa', windowMs: 15 * MINUTE, limit: 30, skipSuccessfulRequests: true, failed: codeFailed });
  const resetLimit = createRateLimit(context, { name: 'reset', windowMs: 60 * MINUTE, limit: 10 });
  const resetPerAccount = createRateLimit(context, { name: 'reset-account', windowMs: 60 * MINUTE, limit: 3, key: (req) => emailOf(req) || 'none' });
  const passwordLimit = createRateLimit(context, { name: 'password', windowMs: 60 * MINUTE, limit: 20 });

  // Per email address, known or not, so a lock tells nothing about which addresses have accounts.
  const emailKey = (area: Area, email: string) => `${area}:${email.trim().toLowerCase()}`;
  const emailLock = (area: Area) =>
    createRateLimit(context, {
      name: 'login-email',
      windowMs: 15 * MINUTE,
      limit: LOCK_AFTER_FAILURES,
      skipSuccessfulRequests: true,
      unscaled: true,
      key: (req) => emailKey(area, emailOf(req)),
    });
  const locks: SignInLocks = { email: { user: emailLock('user'), manage: emailLock('manage') }, emailKey };

  // Per account: wrong codes lock its second factor (a correct code is refused too until the window ends).
  const codeLocks = (area: Area) =>
    (
      [
        ['2fa-account', 15 * MINUTE, CODE_LOCK.perQuarterHour],
        ['2fa-account-day', 24 * 60 * MINUTE, CODE_LOCK.perDay],
      ] as const
    ).map(([name, windowMs, limit]) =>
      createRateLimit(context, {
        name,
        windowMs,
        limit,
        unscaled: true,
        skipSuccessfulRequests: true,
        failed: codeFailed,
        key: (req) => `${area}:${accountIdOf(req, area)}`,
        onRefused: (req) => req.log?.warn({ area, account: accountIdOf(req, area), window: name }, 'second factor locked: too many wrong codes'),
      }),
    );

  const auth = createAuthController(context, locks);
  router.get('/', auth.showHome);
  for (const area of ['user', 'manage'] as const) {
    const page = area === 'manage' ? '/manage' : '';
    const api = area === 'manage' ? '/api/manage' : '/api';
    const pending = requireApi(area, { allowPending: true });
    const codeLock = codeLocks(area);
    router.get(`${page}/login`, auth.showLogin(area));
    router.get(`${page}/2fa`, auth.showTwoFactor(area));
    router.get(`${page}/forgetpassword`, auth.showForgotPassword(area));
    router.get(`${page}/password`, auth.showNewPassword(area));

    router.post(`${api}/login`, loginLimit, locks.email[area], auth.login(area));
    router.post(`${api}/logout`, auth.logout(area));
    router.get(`${api}/version`, auth.version);
    router.post(`${api}/account`, pending, auth.account(area));
    router.post(`${api}/2fa/qr`, pending, auth.qrCode(area));
    router.post(`${api}/2fa/regist`, codeLimit, pending, ...codeLock, auth.checkCode(area, true));
    router.post(`${api}/2fa/validate`, codeLimit, pending, ...codeLock, auth.checkCode(area, false));
    router.post(`${api}/forgetpassword`, resetLimit, resetPerAccount, auth.forgotPassword(area));
    router.post(`${api}/password`, passwordLimit, auth.newPassword(area));
  }
  router.get('/manage/2fa/reset', auth.showLogin('manage', true));
  return router;
}
