// Document editing pages and calls; they share the patent_creation_support feature (§6).
import { Router } from 'express';
import { requireApi, requireFeature } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createEditController, receiveDrawings, receiveFile, receivePicture } from './controller.ts';
import { createEditPagesController } from './pages-controller.tsx';

export function editRoutes(context: AppContext): Router {
  const router = Router();
  const edit = createEditController(context);
  const pages = createEditPagesController(context);
  const feature = requireFeature('patent_creation_support');
  router.get('/patent-document-edit', feature, pages.editor);
  router.get('/patent-document-edit/export.docx', feature, edit.export('docx'));
  router.get('/patent-document-edit/export.html', feature, edit.export('html'));
  router.get('/patent-document-edit/export.csv', feature, edit.exportClaims);

  const api = [requireApi('user'), feature];
  router.post('/api/patent-document-edit/open', api, receiveFile, edit.open);
  router.get('/api/patent-document-edit/document', api, edit.document);
  router.post('/api/patent-document-edit/save', api, edit.save);
  router.post('/api/patent-document-edit/undo', api, edit.undo);
  router.post('/api/patent-document-edit/reorder', api, edit.reorder);
  router.post('/api/patent-document-edit/drawings', api, receiveDrawings, edit.addDrawings);
  router.post('/api/patent-document-edit/drawings/remove', api, edit.removeDrawing);
  router.post('/api/patent-document-edit/drawings/attach', api, receivePicture, edit.attachPicture);
  router.post('/api/patent-document-edit/gpt', api, edit.startGpt);
  router.get('/api/patent-document-edit/gpt', api, edit.gptStatus);
  router.post('/api/patent-document-edit/gpt/cancel', api, edit.cancelGpt);
  router.post('/api/patent-document-edit/gpt/apply', api, edit.applyGpt);
  router.get('/api/patent-document-edit/checks', api, edit.checks);
  return router;
}
