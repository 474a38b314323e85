// Makes the signed-in user's and manager's account info available to every page and API.
import type { RequestHandler } from 'express';
import type { Database } from '../platform/database.ts';
import { findAccountById } from './repository.ts';

export function loadAccounts(db: Database): RequestHandler {
  return async (req, res, next) => {
    try {
      const { userId, managerId } = req.session ?? {};
      if (userId) res.locals.account = await findAccountById(db, userId);
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
