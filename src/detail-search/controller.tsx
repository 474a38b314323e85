// Detailed search pages and calls (§2): build-query → executing → result, each addressed by
// the stored query's id, so a search can be left and reopened from history. A page without
// a stored id the user owns sends them to /history (§2 "With no stored id…").
import { requestLanguage } from '../platform/i18n.ts';
import { mapInLanguage } from '../search/landscape/service.ts';
import type { Request, Response } from 'express';
import { BuildQueryPage } from '../../views/detail-search/BuildQueryPage.tsx';
import { ExecutingPage } from '../../views/detail-search/ExecutingPage.tsx';
import { DetailResultPage } from '../../views/detail-search/ResultPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import { isGptConfigured } from '../platform/gpt.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { renderPage } from '../platform/render.tsx';
import { detailSearchSummary } from '../history/shared.ts';
import { RESULT_VIEWS } from '../search/service.ts';
import { parseResultPaging } from '../search/validation.ts';
import { companyIdOfUser } from '../users/repository.ts';
import { detailExportRows } from './export.ts';
import { sendExport } from '../search/export.ts';
import { emptyDetailSearchInput, notRestoredParts, type DetailSearchInput } from './input.ts';
import { findDetailSearch } from './repository.ts';
import { missingDataOf } from './missing-data.ts';
import { cancelDetailSearch, detailPatentMap, detailResultView, startDetailSearch } from './service.ts';
import { parseDetailSearchInput } from './validation.ts';

const queryIdOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : '');

/** §4: loading a stored search resets the inputs, then restores lang, combination, formulas (all valid) and memo. */
export function restoredInput(stored: DetailSearchInput): DetailSearchInput {
  const input = emptyDetailSearchInput(stored.lang);
  const valid = (set: DetailSearchInput['modes'][0]) => ({ combination: set.combination, formulas: set.formulas.map((row) => ({ ...row, valid: true })) });
  return { ...input, inputMode: stored.inputMode, modes: { 0: valid(stored.modes[0]), 1: valid(stored.modes[1]) }, memo: stored.memo };
}

export function createDetailSearchController(context: AppContext) {
  const { db } = context;
  const jobs = () => context.jobs;
  const title = (req: Request, key: 'build' | 'executing' | 'result') => req.t(`detailResult.titles.${key}`, { ns: 'detail-result' });

  return {
    buildQuery: async (req: Request, res: Response) => {
      const id = queryIdOf(req);
      const stored = id ? await findDetailSearch(db, accountIdOf(req, 'user'), id) : undefined;
      if (id && !stored) return res.redirect(302, '/history');
      const initial = stored ? restoredInput(stored.input) : emptyDetailSearchInput();
      renderPage(req, res, {
        title: title(req, 'build'),
        layout: 'default',
        page: (
          <BuildQueryPage
            initial={initial}
            gptConfigured={isGptConfigured(context.config.gpt)}
            restoredFrom={stored?.id ?? null}
            notRestored={stored ? notRestoredParts(stored.input) : []}
          />
        ),
      });
    },

    executing: async (req: Request, res: Response) => {
      const search = await findDetailSearch(db, accountIdOf(req, 'user'), queryIdOf(req));
      if (!search) return res.redirect(302, '/history');
      if (search.status === 1) return res.redirect(302, `/detail-search/result?id=${search.id}&type=detail`);
      renderPage(req, res, {
        title: title(req, 'executing'),
        layout: 'default',
        page: <ExecutingPage queryId={search.id} summary={detailSearchSummary(search.input)} status={search.status} progress={search.progress} errcode={search.errcode} />,
      });
    },

    result: async (req: Request, res: Response) => {
      const view = RESULT_VIEWS.find((name) => name === req.query.view) ?? 'list';
      const { page, order, applicants } = parseResultPaging(req.query as Record<string, unknown>);
      const shown = await detailResultView(db, accountIdOf(req, 'user'), queryIdOf(req), { view, page, order, applicants });
      if (!shown) return res.redirect(302, '/history');
      if (shown.search.status === 0) return res.redirect(302, `/detail-search/executing?id=${shown.search.id}`);
      // Nothing found: whether the formulas searched data the region's documents do not carry.
      const missingData = shown.search.status === 1 && shown.result.totalHitCount === 0 ? await missingDataOf(db, shown.search.input) : [];
      renderPage(req, res, {
        title: title(req, 'result'),
        layout: 'default',
        page: <DetailResultPage search={shown.search} result={shown.result} view={view} order={order} applicants={applicants} missingData={missingData} />,
      });
    },

    exportList: (format: 'csv' | 'xlsx') => async (req: Request, res: Response) => {
      const search = await findDetailSearch(db, accountIdOf(req, 'user'), queryIdOf(req));
      if (!search?.result) throw new AppError(404, 'E072', 'E072');
      const { order } = parseResultPaging(req.query as Record<string, unknown>);
      const rows = await detailExportRows(db, search, order, context.config.publicUrl, req.t, requestLanguage(req));
      await sendExport(res, rows, format, `hatsumei-detail-search-${search.lang}`, req.t);
    },

    /** POST /api/detail-search/search: the form as JSON → { id } of the stored, queued search. */
    search: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const input = parseDetailSearchInput(req.body);
      const companyId = await companyIdOfUser(db, userId);
      if (!companyId) throw new AppError(401, 'E073');
      const id = await startDetailSearch({ db, jobs: jobs() }, { id: userId, companyId }, input);
      res.status(202).json({ id });
    },

    status: async (req: Request, res: Response) => {
      const search = await findDetailSearch(db, accountIdOf(req, 'user'), queryIdOf(req));
      if (!search) throw new AppError(404, 'E072', 'E072');
      res.set('Cache-Control', 'no-store');
      res.json({ id: search.id, status: search.status, progress: search.progress, errcode: search.errcode, totalHitCount: search.result?.totalHitCount ?? null });
    },

    cancel: async (req: Request, res: Response) => {
      const id = typeof req.body?.id === 'string' ? req.body.id : '';
      const search = await cancelDetailSearch({ db, jobs: jobs() }, accountIdOf(req, 'user'), id);
      res.json({ id: search.id, status: search.status });
    },

    map: async (req: Request, res: Response) => {
      const map = await detailPatentMap(db, accountIdOf(req, 'user'), queryIdOf(req));
      if (!map) throw new AppError(404, 'E072', 'E072');
      res.set('Cache-Control', 'private, no-store');
      res.json(mapInLanguage(map, requestLanguage(req)));
    },
  };
}
