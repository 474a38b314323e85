// /search: the landing page after sign-in. A GET form, so results are addresses people
// can bookmark and share; rendered on the server.
import { requestLanguage } from '../platform/i18n.ts';
import type { Request, Response } from 'express';
import { SearchPage, type SearchPageProps } from '../../views/search/SearchPage.tsx';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { renderPage } from '../platform/render.tsx';
import { exportRows, sendExport } from './export.ts';
import { numberSearchOf, RESULT_VIEWS, runSimpleSearch } from './service.ts';
import { parseSimpleSearch } from './validation.ts';
import { spellingSuggestions } from './variants.ts';

export function createSearchController(context: AppContext) {
  return {
    show: async (req: Request, res: Response) => {
      const submitted = typeof req.query.q === 'string';
      const form = {
        q: typeof req.query.q === 'string' ? req.query.q : '',
        exclude: typeof req.query.exclude === 'string' ? req.query.exclude : '',
        region: (['jp', 'us', 'cn'] as const).find((r) => r === req.query.region) ?? 'jp',
      };
      const view = RESULT_VIEWS.find((name) => name === req.query.view) ?? 'list';
      let props: SearchPageProps = { form, input: null, view, result: null, error: null };
      let status = 200;
      if (submitted) {
        try {
          let input = parseSimpleSearch(req.query as Record<string, unknown>);
          // Numbers name their documents in their own region (US 7,783,348 B2 typed with 日本 selected shows the US document).
          const numbers = await numberSearchOf(context.db, input);
          if (numbers && numbers.region !== input.region) input = { ...input, region: numbers.region };
          // Variants the documents use (ウエハ beside ウェハ) are offered, not searched unasked; a number search has none.
          const [result, spelling] = await Promise.all([runSimpleSearch(context.db, input, view), numbers ? [] : spellingSuggestions(context.db, input)]);
          props = { form: { ...form, region: input.region }, input, view, result, spelling, error: null };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          status = error.status;
          props = { form, input: null, view, result: null, error: { errcode: error.errcode, detail: req.t(error.messageKey, { ns: 'errors', ...error.messageValues }) } };
        }
      }
      renderPage(req, res, { title: req.t('search.title', { ns: 'search' }), layout: 'default', page: <SearchPage {...props} />, status });
    },

    /** The list as a spreadsheet file (the search's own parameters; errors as for the page). */
    exportList: (format: 'csv' | 'xlsx') => async (req: Request, res: Response) => {
      const input = parseSimpleSearch(req.query as Record<string, unknown>);
      const rows = await exportRows(context.db, input, context.config.publicUrl, req.t, requestLanguage(req));
      await sendExport(res, rows, format, `hatsumei-search-${input.region}`, req.t);
    },
  };
}
