// /history (a GET form, so every filtered view is an address people can bookmark) and its
// JSON API: the list, one entry, and the favourite and memo changes the page's islands make.
import type { Request, Response } from 'express';
import { HistoryPage, type HistoryPageProps } from '../../views/history/HistoryPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { renderPage } from '../platform/render.tsx';
import { renderedEntries } from './entry-fragments.tsx';
import { changeFavorite, changeMemo, historyEntry, historyPage } from './service.ts';
import { EMPTY_FILTER, UUID, parseFavoriteBody, parseHistoryFilter, parseMemoBody } from './validation.ts';

/** What the form shows back: the address's own values, even when they could not be read. */
function formValues(query: Record<string, unknown>): HistoryPageProps['form'] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { execDateFrom: text(query.execDateFrom), execDateTo: text(query.execDateTo), memo: text(query.memo) };
}

export function createHistoryController(context: AppContext) {
  const { db } = context;
  return {
    show: async (req: Request, res: Response) => {
      const query = req.query as Record<string, unknown>;
      const userId = accountIdOf(req, 'user');
      let props: Omit<HistoryPageProps, 'entriesHtml'>;
      let status = 200;
      try {
        const filter = parseHistoryFilter(query);
        props = { form: formValues(query), filter, result: await historyPage(db, userId, filter), error: null };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        status = error.status;
        props = {
          form: formValues(query),
          filter: EMPTY_FILTER,
          result: null,
          error: {
            errcode: error.errcode,
            detail: req.t(error.messageKey, { ns: 'errors', ...error.messageValues }),
            ...(typeof error.messageValues.field === 'string' && { field: error.messageValues.field }),
          },
        };
      }
      const entries = props.result ? renderedEntries(req, props.result.historyList) : null;
      res.set('cache-control', 'private, no-store');
      renderPage(req, res, { title: req.t('title', { ns: 'history' }), layout: 'default', page: <HistoryPage {...props} entriesHtml={entries?.html ?? ''} />, islands: entries?.islands, status });
    },

    /** GET /api/history?… → { historyList, totalCount, maxPageNum, page } */
    list: async (req: Request, res: Response) => {
      const filter = parseHistoryFilter(req.query as Record<string, unknown>);
      res.set('cache-control', 'private, no-store').json(await historyPage(db, accountIdOf(req, 'user'), filter));
    },

    /** GET /api/history/:id → one entry */
    entry: async (req: Request, res: Response) => {
      const id = String(req.params.id ?? '');
      if (!UUID.test(id)) throw new AppError(404, 'E072');
      res.set('cache-control', 'private, no-store').json(await historyEntry(db, accountIdOf(req, 'user'), id));
    },

    /** POST /api/history/favorite { id, favorite } → { id, favorite } */
    favorite: async (req: Request, res: Response) => {
      const { id, favorite } = parseFavoriteBody(req.body);
      res.set('cache-control', 'no-store').json(await changeFavorite(db, accountIdOf(req, 'user'), id, favorite));
    },

    /** POST /api/history/memo { id, memo } → { id, memo } */
    memo: async (req: Request, res: Response) => {
      const { id, memo } = parseMemoBody(req.body);
      res.set('cache-control', 'no-store').json(await changeMemo(db, accountIdOf(req, 'user'), id, memo));
    },
  };
}
