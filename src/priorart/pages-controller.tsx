// Examination simulation pages (§2): build-query → executing → result, each addressed by the
// stored simulation's id, so a simulation can be left and reopened from history. A page
// without a stored id the user owns sends them to /history (§2 "With no stored id…"); a
// simulation still running opens its waiting page, a failed or cancelled one the waiting
// page's account of what happened with the way back to its input.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Request, Response } from 'express';
import { emptyPriorartInput, restoredPriorartInput } from '../../islands/priorart-form/model.ts';
import { ExecutingPage } from '../../views/detail-search/ExecutingPage.tsx';
import { PriorartBuildQueryPage } from '../../views/priorart/BuildQueryPage.tsx';
import { PriorartResultPage } from '../../views/priorart/ResultPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import { findDetailSearchChoices } from '../detail-search/repository.ts';
import { detailSearchSummary, formatExecDate } from '../history/shared.ts';
import { findCompanySettings } from '../manage/settings/repository.ts';
import { isGptConfigured } from '../platform/gpt.ts';
import { companyIdOfUser } from '../users/repository.ts';
import { withoutClaimNumber } from '../patents/claim-text.ts';
import { displayNumberOfId, type NumberLanguage } from '../patents/numbers.ts';
import { requestLanguage } from '../platform/i18n.ts';
import type { AppContext } from '../platform/context.ts';
import { renderPage } from '../platform/render.tsx';
import { chartListProgress } from './chart-list.ts';
import { findSimulation, type StoredSimulation } from './repository.ts';
import { listedCandidatesOf } from './list-figures.ts';
import { candidatePage, chartColumnsOf, chartMenuOf, initialCharts, LIST_SORTS, reasonsOf, type StoredResult } from './result-view.ts';
// The page's translation row names each region's translation as the exports do (a failed GPT translation is its notice's); the dictionaries named there are credited under the chart.
import { regionTranslations } from './translation-note.ts';

/** Detailed searches offered as similar patent group: the latest ones (history holds the rest). */
const SIMILAR_GROUP_CHOICES = 20;

const idOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : '');
const SUMMARY_LENGTH = 200;

/** One line saying what a simulation evaluates: a document's claim, or the opening of the text. */
export function simulationSummary(simulation: Pick<StoredSimulation, 'input'>, t: Request['t'], lang: NumberLanguage): string {
  const { input } = simulation;
  if (input.isSelectDocumentId) return t('summary.document', { ns: 'priorart', document: displayNumberOfId(input.documentId, lang), claim: input.claimNumber });
  // A pasted claim's own number ("1. A faucet …") is not what was evaluated.
  const text = withoutClaimNumber(input.subjectMatter.replace(/\s+/g, ' ')).trim();
  return [...text].length > SUMMARY_LENGTH ? `${[...text].slice(0, SUMMARY_LENGTH).join('')}…` : text;
}

export function createPriorartPagesController(context: AppContext) {
  const { db } = context;
  const title = (req: Request, key: 'build' | 'executing' | 'result') => req.t(`titles.${key}`, { ns: 'priorart' });

  return {
    buildQuery: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const id = idOf(req);
      const stored = id ? await findSimulation(db, userId, id) : undefined;
      if (id && !stored) return res.redirect(302, '/history');
      const gptConfigured = isGptConfigured(context.config.gpt);
      // The company's default for GPT use (set by its managers) preselects the option, as in creation support.
      const companyId = await companyIdOfUser(db, userId);
      const gptDefault = gptConfigured && companyId ? ((await findCompanySettings(db, companyId))?.gptDefaultUse ?? false) : false;
      // The user's own latest detailed searches, and the one a reopened simulation named even if older.
      const chosen = stored?.input.similarGroup?.queryId;
      const recent = await findDetailSearchChoices(db, userId, { limit: SIMILAR_GROUP_CHOICES });
      const older = chosen && !recent.some((search) => search.id === chosen) ? await findDetailSearchChoices(db, userId, { limit: 1, ids: [chosen] }) : [];
      const similarGroups = [...recent, ...older].map((search) => ({ id: search.id, lang: search.lang, summary: detailSearchSummary(search.input), totalHitCount: search.totalHitCount, execDate: formatExecDate(search.execDate) }));
      renderPage(req, res, {
        title: title(req, 'build'),
        layout: 'default',
        page: (
          <PriorartBuildQueryPage
            initial={stored ? restoredPriorartInput(stored.input, gptDefault) : emptyPriorartInput('jp', gptDefault)}
            restoredFrom={stored?.id ?? null}
            gptConfigured={gptConfigured}
            similarGroups={similarGroups}
          />
        ),
      });
    },

    executing: async (req: Request, res: Response) => {
      const simulation = await findSimulation(db, accountIdOf(req, 'user'), idOf(req));
      if (!simulation) return res.redirect(302, '/history');
      const id = encodeURIComponent(simulation.id);
      if (simulation.status === 5) return res.redirect(302, `/priorart/result?id=${id}&type=priorart`);
      renderPage(req, res, {
        title: title(req, 'executing'),
        layout: 'default',
        page: (
          <ExecutingPage
            queryId={simulation.id}
            kind="priorart"
            summary={simulationSummary(simulation, req.t, requestLanguage(req))}
            status={simulation.status}
            progress={simulation.progress}
            errcode={simulation.errcode}
            urls={{ statusUrl: `/api/priorart/status?id=${id}`, cancelUrl: '/api/priorart/cancel', resultUrl: `/priorart/result?id=${id}&type=priorart`, buildUrl: `/priorart/build-query?id=${id}` }}
          />
        ),
      });
    },

    result: async (req: Request, res: Response) => {
      const simulation = await findSimulation(db, accountIdOf(req, 'user'), idOf(req));
      if (!simulation) return res.redirect(302, '/history');
      if (simulation.status !== 5 || !simulation.result) return res.redirect(302, `/priorart/executing?id=${encodeURIComponent(simulation.id)}`);
      const result = simulation.result as unknown as StoredResult;
      const sort = LIST_SORTS.find((name) => name === req.query.sort) ?? 'rate';
      const page = /^\d{1,5}$/.test(String(req.query.page ?? '')) ? Number(req.query.page) : 1;
      const groupId = simulation.input.similarGroup?.queryId;
      // A claim chart list's progress is read before the list (chained, not alongside): the menu is then marked with every chart up to
      // the note's cursor at least, so its polls from that cursor miss none. Both read while the chart's columns and the group are read.
      // The list and the chart's menu show a charted document with its chart's figures (list-figures.ts).
      const [columns, { chartList, list, chartMenu }, [group]] = await Promise.all([
        chartColumnsOf(db, simulation, result, requestLanguage(req), initialCharts(result)),
        (async () => {
          const chartList = simulation.input.outputType === 3 ? await chartListProgress(context, simulation, result) : null;
          const listed = await listedCandidatesOf(db, simulation, result);
          return { chartList, list: await candidatePage(db, simulation, listed, { page, sort, lang: requestLanguage(req) }), chartMenu: chartMenuOf(listed, requestLanguage(req)) };
        })(),
        groupId ? findDetailSearchChoices(db, simulation.userId, { limit: 1, ids: [groupId] }) : [],
      ]);
      // The chart's snippets and its render in turns of their own (60–80 ms each at load 11: bench/priorart-pages profile).
      await nextTurn();
      renderPage(req, res, {
        title: title(req, 'result'),
        layout: 'default',
        page: (
          <PriorartResultPage
            simulation={simulation}
            result={result}
            invention={simulationSummary(simulation, req.t, requestLanguage(req))}
            columns={columns}
            reasons={reasonsOf(result)}
            list={list}
            chartMenu={chartMenu}
            translations={regionTranslations(simulation, result)}
            similarGroup={group ? { summary: detailSearchSummary(group.input), totalHitCount: group.totalHitCount } : null}
            chartList={chartList}
          />
        ),
      });
    },
  };
}
