import type { Request, Response } from 'express';
import { ErrorPage } from '../../views/error/ErrorPage.tsx';
import { isManagerArea } from './errors.ts';
import { renderPage } from './render.tsx';

export function renderErrorPage(req: Request, res: Response, status: number, message: string): void {
  const homeHref = isManagerArea(req) ? '/manage/users' : '/';
  try {
    renderPage(req, res, {
      title: req.t(status === 404 ? 'errorPage.notFoundTitle' : 'errorPage.title'),
      layout: 'plain',
      page: <ErrorPage status={status} message={message} homeHref={homeHref} />,
      status,
    });
  } catch (error) {
    // The error page itself failed (broken build, missing strings): a bare page rather than nothing.
    req.log?.error({ err: error }, 'error page failed to render');
    res.status(status).type('text/plain').send(`${status} ${message}`);
  }
}
