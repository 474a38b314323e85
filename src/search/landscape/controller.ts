// GET /api/search/map?<the simple search's parameters>: the patent map as JSON. Invalid
// searches answer the validation's E016… codes through the error middleware.
import type { Request, Response } from 'express';
import type { AppContext } from '../../platform/context.ts';
import { parseSimpleSearch } from '../validation.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { buildPatentMap, mapInLanguage } from './service.ts';

export function createPatentMapController(context: AppContext) {
  return {
    show: async (req: Request, res: Response) => {
      const input = parseSimpleSearch(req.query as Record<string, unknown>);
      const map = await buildPatentMap(context.db, input);
      // Personal search results: never kept by shared caches.
      res.set('Cache-Control', 'private, no-store');
      res.json(mapInLanguage(map, requestLanguage(req)));
    },
  };
}
