// Examination simulation exports and the printable claim chart, for users with the feature.
import { Router } from 'express';
import { requireFeature } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createPriorartExportController } from './export-controller.tsx';

export function priorartExportRoutes(context: AppContext): Router {
  const router = Router();
  const exports = createPriorartExportController(context);
  const feature = requireFeature('priorart');
  router.get('/priorart/export.xlsx', feature, exports.exportResult('xlsx'));
  router.get('/priorart/export.csv', feature, exports.exportResult('csv'));
  router.get('/priorart/print', feature, exports.print);
  return router;
}
