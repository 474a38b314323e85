// /sample shows the product overview; /manage/sample and /sample/plain show the same
// content in the admin and plain layouts, so each layout can be seen and tested.
import { Router, type Request, type Response } from 'express';
import { SamplePage } from '../../views/sample/SamplePage.tsx';
import type { LayoutName } from '../../views/layouts/index.tsx';
import { renderPage } from '../platform/render.tsx';

const showSample = (layout: LayoutName) => (req: Request, res: Response) =>
  renderPage(req, res, { title: req.t('sample.title'), layout, page: <SamplePage /> });

export function sampleRoutes(): Router {
  const router = Router();
  router.get('/sample', showSample('default'));
  router.get('/manage/sample', showSample('admin'));
  router.get('/sample/plain', showSample('plain'));
  return router;
}
