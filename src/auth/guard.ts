// The route guard of SPEC §4. Pages redirect; APIs answer E073 (users) / ME041
// (managers) when the session is missing, expired or not past the second factor.
import type { Request, RequestHandler } from 'express';
import { AppError } from '../platform/errors.ts';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import { DEFAULT_FEATURES, type AccountInfo, type FeatureFlags } from '../users/account.ts';

export type Area = 'user' | 'manage';

export const isUserAuthenticated = (req: Request): boolean => Boolean(req.session?.userId && req.session.userSecondFactorPassed);
export const isUserPending = (req: Request): boolean => Boolean(req.session?.userId && !req.session.userSecondFactorPassed);
export const isManagerAuthenticated = (req: Request): boolean =>
  Boolean(req.session?.managerId && req.session.managerSecondFactorPassed);
export const isManagerPending = (req: Request): boolean => Boolean(req.session?.managerId && !req.session.managerSecondFactorPassed);

/** Pages anyone may open (§4). */
const PUBLIC_PAGES = new Set([
  '/login',
  '/forgetpassword',
  '/password',
  '/manage/login',
  '/manage/forgetpassword',
  '/manage/password',
  '/manage/2fa/reset',
  '/document-details',
  '/language',
]);

export const isPublicPage = (path: string): boolean => PUBLIC_PAGES.has(path.replace(/\/+$/, '') || '/');
export const isManagerPath = (path: string): boolean => path === '/manage' || path.startsWith('/manage/');

/** Where a page request goes instead, or undefined to serve it (§4 route guard). */
export function pageRedirect(req: Request): string | undefined {
  const path = req.path.replace(/\/+$/, '') || '/';
  const user = isUserAuthenticated(req);
  const manager = isManagerAuthenticated(req);
  if (path === '/') return user ? '/search' : manager ? '/manage/users' : '/login';
  if (isPublicPage(path)) {
    // Signed-in people opening a sign-in page go to their landing page.
    if ((path === '/login' || path === '/manage/login') && (path === '/login' ? user : manager)) {
      return path === '/login' ? '/search' : '/manage/users';
    }
    return undefined;
  }
  if (path === '/2fa') return isUserPending(req) ? undefined : user ? '/search' : '/login';
  if (path === '/manage/2fa') return isManagerPending(req) ? undefined : manager ? '/manage/users' : '/manage/login';
  if (isManagerPath(path)) {
    if (manager) return undefined;
    if (isManagerPending(req)) return '/manage/2fa';
    if (user) return '/search';
    return '/manage/login';
  }
  if (user) return undefined;
  if (isUserPending(req)) return '/2fa';
  if (manager) return '/manage/users';
  return '/login';
}

/** The page guard: every non-API GET goes through it. */
export const guardPages: RequestHandler = (req, res, next) => {
  if (req.path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
  const target = pageRedirect(req);
  if (!target || target === req.path) return next();
  // A session cookie without a session: it expired while idle. Say so on the sign-in page.
  const expired = (target === '/login' || target === '/manage/login') && Boolean(req.cookies?.[SESSION_COOKIE]) && !req.session?.userId && !req.session?.managerId;
  res.redirect(302, expired ? `${target}?expired=1` : target);
};

/**
 * API guard for one area. `allowPending` lets the calls of the sign-in flow through
 * before the second factor (account info, 2FA registration and validation).
 */
export function requireApi(area: Area, options: { allowPending?: boolean } = {}): RequestHandler {
  return (req, _res, next) => {
    const ok =
      area === 'user'
        ? isUserAuthenticated(req) || (options.allowPending === true && isUserPending(req))
        : isManagerAuthenticated(req) || (options.allowPending === true && isManagerPending(req));
    if (ok) return next();
    next(new AppError(401, area === 'manage' ? 'ME041' : 'E073'));
  };
}

/** The signed-in account id of an area (after requireApi). */
export const accountIdOf = (req: Request, area: Area): string => (area === 'manage' ? req.session.managerId! : req.session.userId!);

/**
 * A feature switched on for the signed-in user (§6 feature flags). Pages and APIs of a
 * feature that is off answer 403 with a message saying so (the header shows no tab for it).
 */
export function requireFeature(feature: keyof FeatureFlags): RequestHandler {
  return (_req, res, next) => {
    const enabled = (res.locals.account as AccountInfo | undefined)?.enable?.[feature] ?? DEFAULT_FEATURES[feature];
    if (enabled) return next();
    next(new AppError(403, 'E999', 'featureDisabled'));
  };
}
