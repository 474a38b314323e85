// Sign-in pages and API of both areas (SPEC §2, §4, §7). Input is checked in
// validation.ts, the work is done in service.ts.
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { SessionData } from 'express-session';
import passport from 'passport';
import { ForgotPasswordPage, LoginPage, NewPasswordPage, TwoFactorPage } from '../../views/auth/pages.tsx';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { requestLanguage } from '../platform/i18n.ts';
import { renderPage } from '../platform/render.tsx';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import { accountIdOf, type Area } from './guard.ts';
import { requestPasswordReset } from './password-reset-mail.ts';
import type { SignInLocks } from './routes.ts';
import * as service from './service.ts';
import { AUTHCODE_ATTEMPTS, type SignInResult } from './service.ts';
import { validateAuthCode, validateLogin, validateNewPassword, validateResetRequest } from './validation.ts';

const fields = {
  user: { id: 'userId', passed: 'userSecondFactorPassed', token: 'userToken', failures: 'userAuthcodeFailures' },
  manage: { id: 'managerId', passed: 'managerSecondFactorPassed', token: 'managerToken', failures: 'managerAuthcodeFailures' },
} as const;

/**
 * A new session id at every change of privilege (sign-in, second factor), keeping the
 * other area's sign-in: user and manager may be signed in side by side (§6).
 */
function regenerateSession(req: Request, area: Area, values: Partial<SessionData>): Promise<void> {
  const other = fields[area === 'user' ? 'manage' : 'user'];
  const kept: Partial<SessionData> = {};
  for (const key of Object.values(other)) (kept as Record<string, unknown>)[key] = req.session[key as keyof SessionData];
  return new Promise((resolve, reject) =>
    req.session.regenerate((error) => {
      if (error) return reject(error);
      Object.assign(req.session, kept, values);
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    }),
  );
}

function forgetArea(req: Request, area: Area): void {
  for (const key of Object.values(fields[area])) delete (req.session as unknown as Record<string, unknown>)[key];
}

export function createAuthController(context: AppContext, locks: SignInLocks) {
  // passport-local checks the credentials; the session fields are ours, since a user and
  // a manager can be signed in at once in one browser. One Passport per app: strategies
  // close over this app's database.
  const authenticator = new passport.Passport();
  for (const area of ['user', 'manage'] as const) {
    authenticator.use(
      `${area}-local`,
      new (passportLocal())({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false }, (req, email, password, done) => {
        service
          .signIn(context, area, { email, password, clientAddress: req.ip ?? '', registrationMode: req.body?.mode === 'registration' })
          .then((result) => done(null, result))
          .catch((error) => done(error));
      }),
    );
  }

  const page = (title: string, layoutPage: React.ReactElement) => ({ title, layout: 'headerless' as const, page: layoutPage });

  return {
    showLogin: (area: Area, registrationMode = false) => (req: Request, res: Response) => {
      const key = registrationMode ? 'auth.reset2fa.title' : area === 'manage' ? 'auth.login.managerTitle' : 'auth.login.title';
      renderPage(req, res, page(req.t(key), <LoginPage area={area} registrationMode={registrationMode} expired={req.query.expired === '1'} />));
    },
    showTwoFactor: (area: Area) => (req: Request, res: Response) => {
      const account = area === 'manage' ? res.locals.managerAccount : res.locals.account;
      renderPage(req, res, page(req.t('auth.twoFactor.title'), <TwoFactorPage area={area} registered={Boolean(account?.mfa.isregist)} />));
    },
    showForgotPassword: (area: Area) => (req: Request, res: Response) => {
      renderPage(req, res, page(req.t('auth.forgot.title'), <ForgotPasswordPage area={area} />));
    },
    showNewPassword: (area: Area) => async (req: Request, res: Response) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const usable = await service.resetTokenIsUsable(context, area, token);
      renderPage(req, res, page(req.t('auth.newPassword.title'), <NewPasswordPage area={area} token={usable ? token : null} />));
    },
    showHome: (_req: Request, res: Response) => res.redirect(302, '/login'), // the guard sends signed-in people on

    login: (area: Area) => (req: Request, res: Response, next: NextFunction) => {
      validateLogin(area, req.body ?? {});
      authenticator.authenticate(`${area}-local`, { session: false }, async (error: unknown, result: SignInResult | false) => {
        try {
          if (error) throw error;
          if (!result) throw new AppError(401, area === 'manage' ? 'ME006' : 'E006');
          const token = randomBytes(18).toString('base64url');
          const f = fields[area];
          await locks.email[area].forget(locks.emailKey(area, String(req.body.email)));
          await regenerateSession(req, area, { [f.id]: result.accountId, [f.passed]: !result.mfaEnabled, [f.token]: token, [f.failures]: 0 });
          res.locals.issueCsrfToken();
          res.json({ token });
        } catch (caught) {
          next(caught);
        }
      })(req, res, next);
    },

    /** Logout of one area leaves the other area's sign-in in place (§6). */
    logout: (area: Area) => (req: Request, res: Response, next: NextFunction) => {
      forgetArea(req, area);
      const done = (error?: unknown) => {
        if (error) return next(error);
        res.locals.issueCsrfToken();
        res.json({ result: true });
      };
      if (!req.session.userId && !req.session.managerId) {
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        req.session.destroy(done);
      } else req.session.save(done);
    },

    version: (_req: Request, res: Response) => res.set('cache-control', 'no-store').json({ version: context.config.appVersion }),

    account: (area: Area) => (_req: Request, res: Response) => {
      const account = area === 'manage' ? res.locals.managerAccount : res.locals.account;
      if (!account) throw new AppError(401, area === 'manage' ? 'ME041' : 'E073');
      res.json(account);
    },

    qrCode: (area: Area) => async (req: Request, res: Response) => {
      const { qrcode, secret } = await service.registrationQrCode(context, accountIdOf(req, area));
      res.set('cache-control', 'no-store');
      res.json({ qrcode, secret });
    },

    /** regist (register = true) and validate: both count wrong codes against the pending sign-in. */
    checkCode: (area: Area, register: boolean) => async (req: Request, res: Response) => {
      const code = validateAuthCode(req.body ?? {});
      const f = fields[area];
      const accepted = await service.checkAuthCode(context, accountIdOf(req, area), code, register);
      if (!accepted) {
        res.locals.authcodeRejected = true; // counted by the address and account locks (routes.ts)
        req.log?.info({ area, account: accountIdOf(req, area) }, 'wrong second-factor code');
        const failures = Number(req.session[f.failures] ?? 0) + 1;
        if (failures >= AUTHCODE_ATTEMPTS) {
          forgetArea(req, area); // start again from the password
          await new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));
          throw new AppError(429, 'too-many-requests', 'auth.too-many-requests');
        }
        req.session[f.failures] = failures;
        res.json(register ? { success: false } : { validate: false });
        return;
      }
      await regenerateSession(req, area, {
        [f.id]: req.session[f.id],
        [f.token]: req.session[f.token],
        [f.passed]: true,
        [f.failures]: 0,
      });
      res.locals.issueCsrfToken();
      res.json(register ? { success: true } : { validate: true });
    },

    forgotPassword: (area: Area) => async (req: Request, res: Response) => {
      const { email } = validateResetRequest(area, req.body ?? {});
      await requestPasswordReset(context, { area, email, language: requestLanguage(req) });
      res.json({ result: true });
    },

    newPassword: (area: Area) => async (req: Request, res: Response) => {
      const { password, token } = validateNewPassword(area, req.body ?? {});
      const { email } = await service.setNewPassword(context, area, { token, password });
      await locks.email[area].forget(locks.emailKey(area, email)); // a new password lifts a sign-in lock
      res.json({ result: true });
    },
  };
}

// passport-local's Strategy class (CommonJS export) under ESM.
import passportLocalModule from 'passport-local';
const passportLocal = () => passportLocalModule.Strategy;
