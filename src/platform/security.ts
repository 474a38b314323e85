// Security headers (helmet) and what "over TLS" means for cookies and headers.
// Development relaxes the script policy for Vite's inline preamble and HMR socket.
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Whether the response goes back over TLS: COOKIE_SECURE=true or false decides alone; `auto`
 * follows the request (req.secure, which reads X-Forwarded-Proto only from a trusted proxy).
 * Every cookie and the HSTS header follow this one answer.
 */
export const isSecureRequest = (req: Request, setting: boolean | 'auto'): boolean => (setting === 'auto' ? req.secure : setting);

/** HSTS for a year, subdomains included: sent only over TLS, where browsers honour it. */
const HSTS = { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true };

export function securityHeaders(options: { allowInlineScripts: boolean; cookieSecure: boolean | 'auto' }): RequestHandler {
  const headersFor = (secure: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: options.allowInlineScripts ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: options.allowInlineScripts ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: secure ? [] : null,
        },
      },
      strictTransportSecurity: secure ? HSTS : false,
      crossOriginEmbedderPolicy: false,
    });
  const overTls = headersFor(true);
  const plain = headersFor(false);
  return (req, res, next) => (isSecureRequest(req, options.cookieSecure) ? overTls : plain)(req, res, next);
}

/**
 * Pages and answers for a signed-in person are never stored by the browser or a proxy: after
 * logout, a shared computer's back button must not show them. Routes may still set their own
 * Cache-Control for what is not personal.
 */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (req.session?.userId || req.session?.managerId) res.setHeader('cache-control', 'no-store');
  next();
};
