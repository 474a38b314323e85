// Makes the signed-in user's and manager's account info available to every page and API, and
// to a signed-in user's pages the header's unread notice count, read with the account in one
// statement (a second query per page was ~4 % of /history's CPU). Pages render synchronously,
// so the count is read before them; API calls and the manager area pay nothing for it.
import type { Request, RequestHandler } from 'express';
import { isManagerPath, isUserAuthenticated } from '../auth/guard.ts';
import type { Database } from '../platform/database.ts';
import { findAccountById, findAccountWithUnreadNotices } from './repository.ts';

/** A page (GET of a non-API path outside the manager area) of a user past the second factor: it shows the unread count. */
const isSignedInPage = (req: Request): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/') && !isManagerPath(req.path) && isUserAuthenticated(req);

export function loadAccounts(db: Database): RequestHandler {
  return async (req, res, next) => {
    try {
      const { userId, managerId } = req.session ?? {};
      if (userId && isSignedInPage(req)) {
        const found = await findAccountWithUnreadNotices(db, userId);
        res.locals.account = found?.account;
        if (found) res.locals.unreadNotices = found.unreadNotices;
      } else if (userId) {
        res.locals.account = await findAccountById(db, userId);
      }
      if (managerId) res.locals.managerAccount = await findAccountById(db, managerId);
      // An account deleted since sign-in (a manager removed the user): its session ends here,
      // so the guard answers E073/ME041 instead of letting requests run for a missing account.
      if (userId && !res.locals.account) {
        delete req.session.userId;
        delete req.session.userSecondFactorPassed;
      }
      if (managerId && !res.locals.managerAccount) {
        delete req.session.managerId;
        delete req.session.managerSecondFactorPassed;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
