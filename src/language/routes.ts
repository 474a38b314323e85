// The language switch: writes the language cookie (365 days) and returns to the page.
import { Router, type Request, type Response } from 'express';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Language } from '../platform/i18n.ts';
import { isSecureRequest } from '../platform/security.ts';

/** Only same-site paths: never an open redirect. */
export function safeReturnPath(next: unknown): string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** The language cookie of §1/§9: 365 days, no prefix in the address. */
export function setLanguageCookie(req: Request, res: Response, language: Language, secureCookies: boolean | 'auto'): void {
  res.cookie(LANGUAGE_COOKIE, language, {
    maxAge: LANGUAGE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
    sameSite: 'lax',
    httpOnly: false,
    secure: isSecureRequest(req, secureCookies),
    path: '/',
  });
}

export function languageRoutes(options: { secureCookies: boolean | 'auto' }): Router {
  const router = Router();
  router.get('/language', (req, res) => {
    const language = req.query.lng;
    if (isLanguage(language)) setLanguageCookie(req, res, language, options.secureCookies);
    res.redirect(303, safeReturnPath(req.query.next));
  });
  return router;
}
