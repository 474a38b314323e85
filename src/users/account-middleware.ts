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
      next();
    } catch (error) {
      next(error);
    }
  };
}
