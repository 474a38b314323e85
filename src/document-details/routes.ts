// Document details (§2): public, no sign-in needed (the page guard lets it through).
import { Router } from 'express';
import type { AppContext } from '../platform/context.ts';
import { documentDetailsController } from './controller.tsx';
import { DocumentDetailsService } from './service.ts';

export function documentDetailsRoutes(context: AppContext): Router {
  const controller = documentDetailsController(new DocumentDetailsService(context.db), context.db);
  const router = Router();
  router.get('/document-details', controller.show);
  return router;
}
