// Creation-support pages and calls, for users with the patent_creation_support feature (§6).
import { Router } from 'express';
import { requireApi, requireFeature } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createCreationController, receiveCreationForm, receiveFigurePicture } from './controller.ts';
import { createCreationExportController } from './export-controller.ts';
import { createCreationPagesController } from './pages-controller.tsx';

export function creationRoutes(context: AppContext): Router {
  const router = Router();
  const creation = createCreationController(context);
  const pages = createCreationPagesController(context);
  const exports = createCreationExportController(context);
  const feature = requireFeature('patent_creation_support');
  router.get('/patent-creation-support', (_req, res) => res.redirect(302, '/patent-creation-support/create'));
  router.get('/patent-creation-support/create', feature, pages.create);
  router.get('/patent-creation-support/generating', feature, pages.generating);
  router.get('/patent-creation-support/detail', feature, pages.detail);
  router.get('/patent-creation-support/drawing', feature, creation.drawing);
  router.get('/patent-creation-support/export.docx', feature, exports.docx);
  router.get('/patent-creation-support/export.html', feature, exports.html);

  const api = [requireApi('user'), feature];
  router.post('/api/patent-creation-support/create', api, receiveCreationForm, creation.create);
  router.get('/api/patent-creation-support/status', api, creation.status);
  router.post('/api/patent-creation-support/cancel', api, creation.cancel);
  router.get('/api/patent-creation-support/result', api, creation.result);
  router.get('/api/patent-creation-support/reference', api, creation.reference);
  router.post('/api/patent-creation-support/update', api, creation.update);
  router.post('/api/patent-creation-support/restore', api, creation.restore);
  router.post('/api/patent-creation-support/drawings/attach', api, receiveFigurePicture, creation.attachPicture);
  return router;
}
