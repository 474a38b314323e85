// CSRF protection for every form and mutating API call: a signed double-submit token
// (csrf-csrf). Signed-in sessions bind the token to the session id; before sign-in
// the token is bound to the browser's cookie alone.
import { doubleCsrf } from 'csrf-csrf';
import type { Request, Response } from 'express';
import type { AppConfig } from './config.ts';
import { isSecureRequest } from './security.ts';

export const CSRF_COOKIE = 'hatsumei.csrf';

export function createCsrf(config: AppConfig, secret: string) {
  const cookieOptions = { sameSite: 'lax', path: '/', httpOnly: true } as const;
  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req: Request) => (req.session?.userId || req.session?.managerId ? req.sessionID : ''),
    cookieName: CSRF_COOKIE,
    cookieOptions: { ...cookieOptions, secure: config.cookieSecure === true },
    getCsrfTokenFromRequest: (req: Request) =>
      (req.headers['x-csrf-token'] as string | undefined) ?? (req.body as Record<string, unknown> | undefined)?._csrf?.toString(),
    errorConfig: { statusCode: 403, message: 'invalid csrf token', code: 'EBADCSRF' },
  });
  // Secure follows the request like the session and language cookies (COOKIE_SECURE=auto behind a TLS proxy).
  const generateToken = (req: Request, res: Response, options: { overwrite?: boolean } = {}) =>
    generateCsrfToken(req, res, { ...options, cookieOptions: { ...cookieOptions, secure: isSecureRequest(req, config.cookieSecure) } });
  return { protection: doubleCsrfProtection, generateToken };
}
