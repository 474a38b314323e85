// The user header's unread count. Pages render synchronously, so the count is read before
// them: only for page requests (GET of a non-API path outside the manager area) of a signed-in
// user, one indexed count (src/notice/repository.ts countUnread). API calls and managers pay nothing.
import type { RequestHandler } from 'express';
import { isManagerPath, isUserAuthenticated } from '../auth/guard.ts';
import type { Database } from '../platform/database.ts';
import { countUnread } from './repository.ts';

export function unreadNoticeCount(db: Database): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || isManagerPath(req.path) || !isUserAuthenticated(req)) return next();
    try {
      res.locals.unreadNotices = await countUnread(db, req.session.userId!);
      next();
    } catch (error) {
      next(error);
    }
  };
}
