// Sign-in pages and the session endpoints every layout relies on. The sign-in flow
// itself (credentials, second factor, route guard) is built on these.
import type { Request, Response } from 'express';
import { LoginPage } from '../../views/auth/LoginPage.tsx';
import { renderPage } from '../platform/render.tsx';

export const showLogin = (area: 'user' | 'manage') => (req: Request, res: Response) => {
  renderPage(req, res, {
    title: req.t(area === 'manage' ? 'auth.login.managerTitle' : 'auth.login.title'),
    layout: 'headerless',
    page: <LoginPage area={area} />,
  });
};

export const showHome = (req: Request, res: Response) => {
  res.redirect(302, req.session?.userId && req.session.userSecondFactorPassed ? '/search' : '/login');
};

export const version = (appVersion: string) => (_req: Request, res: Response) => {
  res.set('cache-control', 'no-store').json({ version: appVersion });
};

/** Logout of one area leaves the other area's sign-in in place (§6: both may coexist). */
export const logout = (area: 'user' | 'manage') => (req: Request, res: Response, next: (error?: unknown) => void) => {
  if (!req.session) return res.json({ result: true });
  if (area === 'user') {
    delete req.session.userId;
    delete req.session.userSecondFactorPassed;
  } else {
    delete req.session.managerId;
    delete req.session.managerSecondFactorPassed;
  }
  const done = (error?: unknown) => (error ? next(error) : res.json({ result: true }));
  if (!req.session.userId && !req.session.managerId) req.session.destroy(done);
  else req.session.save(done);
};
