// Exports of a finished examination simulation (claim chart, list: XLSX and CSV) and its
// printable claim chart. Only the user's own finished simulation: otherwise the downloads
// answer E072 and the page sends them to /history, as the other result pages do.
import type { Request, Response } from 'express';
import { PrintChartPage, type PrintedDocument } from '../../views/priorart/PrintChartPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { requestLanguage } from '../platform/i18n.ts';
import { renderPage } from '../platform/render.tsx';
import { matchedWordsMarking } from '../search/highlight.ts';
import { elementLabel } from './chart.ts';
import {
  chartOrder,
  describeDocuments,
  ipcSummary,
  limitWording,
  locationOf,
  priorartExport,
  resultOfSimulation,
  roleOf,
  sendPriorartExport,
  simulationDate,
  type ExportWhat,
} from './export.ts';
import { limitLine } from './limit-line.ts';
import { findSimulation } from './repository.ts';
import { snippetOf } from './result-view.ts';
import { regionTranslations, translationLines } from './translation-note.ts';

const idOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : '');
/** Documents the printed chart shows besides the main and secondary ones (an A4 page holds about five columns). */
const MORE_PRINTED = 2;
const ns = { ns: 'priorart-export' } as const;

export function createPriorartExportController(context: AppContext) {
  const { db } = context;
  const finished = async (req: Request) => {
    const simulation = await findSimulation(db, accountIdOf(req, 'user'), idOf(req));
    return simulation?.status === 5 && simulation.result ? simulation : undefined;
  };

  return {
    /** GET /priorart/export.{csv,xlsx}?id=&what=chart|list (chart when left out). */
    exportResult: (format: 'csv' | 'xlsx') => async (req: Request, res: Response) => {
      const what = req.query.what ?? 'chart';
      if (what !== 'chart' && what !== 'list') throw new AppError(400, 'E034', 'E034', {}, { field: 'what' });
      const simulation = await finished(req);
      if (!simulation) throw new AppError(404, 'E072', 'E072');
      const exported = await priorartExport(db, simulation, what as ExportWhat, req.t, requestLanguage(req));
      await sendPriorartExport(res, exported, format);
    },

    /** GET /priorart/print?id=: the claim chart for A4 landscape. */
    print: async (req: Request, res: Response) => {
      const simulation = await finished(req);
      if (!simulation) return res.redirect(302, '/history');
      const result = resultOfSimulation(simulation);
      const cited = 1 + result.secondaryDocumentIds.length;
      const charts = chartOrder(result).slice(0, result.mainDocumentId ? cited + MORE_PRINTED : MORE_PRINTED + 1);
      const [described, marking] = await Promise.all([describeDocuments(db, simulation, charts.map((chart) => chart.documentId), requestLanguage(req)), matchedWordsMarking()]);
      const wording = limitWording(req.t);
      const documents: PrintedDocument[] = charts.map((chart) => {
        const document = described.get(chart.documentId)!;
        const evidence: PrintedDocument['evidence'] = {};
        for (const entry of chart.evidence) {
          const shown = entry.passage && entry.verdict !== 'not_found' ? entry.passage : null;
          evidence[entry.elementId] = {
            verdict: entry.verdict,
            location: shown ? locationOf(shown, req.t) : null,
            limit: limitLine(entry.limit, wording),
            snippet: shown ? snippetOf(shown.text.replace(/\s+/g, ' ').trim(), entry.words, 110, marking).map((part) => ({ text: part.text, marked: part.mark })) : [],
          };
        }
        return {
          documentId: chart.documentId,
          number: document.number,
          title: document.title || chart.title || '',
          applicant: document.applicant,
          role: req.t(`priorartExport.roles.${roleOf(result, chart.documentId)}`, ns),
          matchRate: chart.matchRate,
          evidence,
        };
      });
      renderPage(req, res, {
        title: req.t('priorartExport.print.title', ns),
        layout: 'plain',
        page: (
          <PrintChartPage
            rank={result.rank}
            rankDescription={result.rank_description[requestLanguage(req)]}
            date={simulationDate(simulation)}
            ipc={ipcSummary(result.ipc)}
            translation={translationLines(regionTranslations(simulation, result), req.t)}
            elements={result.elements.map((element) => ({ id: element.id, label: elementLabel(element.id), text: element.text, preamble: Boolean(element.preamble), subject: Boolean(element.subject) }))}
            documents={documents}
          />
        ),
      });
    },
  };
}
