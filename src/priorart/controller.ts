// Examination simulation calls (§2 /priorart/*; the pages come with the next issue): start a
// simulation, follow it, cancel it, read its result; preview how an invention is cut into
// elements, the claim of a document by number, and the IPC of a text. A user reaches only
// their own simulations (E072 otherwise).
import { requestLanguage } from '../platform/i18n.ts';
import { mapInLanguage } from '../search/landscape/service.ts';
import type { Request, Response } from 'express';
import { accountIdOf } from '../auth/guard.ts';
import type { Region } from '../patents/record.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { companyIdOfUser } from '../users/repository.ts';
import { chartListProgress } from './chart-list.ts';
import { evaluateColumn } from './columns.ts';
import { cutElements } from './elements.ts';
import { simulationMap } from './map.ts';
import { inferIpcOfText } from './engine.ts';
import { cancelSimulation, claimOfDocument, simulationOf, startSimulation } from './service.ts';
import { chartedInLanguage, type StoredResult } from './result-view.ts';
import { LIMITS, parseSimulationRequest } from './validation.ts';

const idOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : typeof req.body?.id === 'string' ? req.body.id : '');
const regionOf = (value: unknown): Region => (['jp', 'us', 'cn'] as const).find((region) => region === value) ?? 'jp';

export function createPriorartController(context: AppContext) {
  const { db } = context;
  const jobs = () => context.jobs;
  return {
    /** POST /api/priorart/simulate → 202 { id }. */
    simulate: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const request = parseSimulationRequest(req.body ?? {});
      const companyId = await companyIdOfUser(db, userId);
      if (!companyId) throw new AppError(401, 'E073');
      const id = await startSimulation({ db, jobs: jobs(), config: context.config }, { id: userId, companyId }, request);
      res.status(202).json({ id });
    },

    /**
     * GET /api/priorart/status?id= → the §4 progress code, percent, errcode, the inferred IPC once
     * known, and for a claim chart list (output type 3) once done, its charts so far (`chartList`)
     * with the documents charted after list position `chartedAfter` (the `cursor` it answered
     * last; none or not a number: from the start) and the cursor to ask with next.
     */
    status: async (req: Request, res: Response) => {
      const simulation = await simulationOf(db, accountIdOf(req, 'user'), idOf(req));
      const chartedAfter = /^\d{1,6}$/.test(String(req.query.chartedAfter ?? '')) ? Number(req.query.chartedAfter) : 0;
      const chartList =
        simulation.status === 5 && simulation.input.outputType === 3 && simulation.result
          ? await chartListProgress({ db, jobs: jobs() }, simulation, simulation.result as unknown as StoredResult, chartedAfter)
          : null;
      res.set('Cache-Control', 'no-store');
      res.json({
        id: simulation.id,
        status: simulation.status,
        progress: simulation.progress,
        errcode: simulation.errcode,
        ipc: (simulation.result as { ipc?: unknown } | null)?.ipc ?? null,
        // The charted documents evaluated so far (while running); the result holds them once done.
        // Each named as the reader writes it (再表2018/134950 in Japanese): the island has no language of its own.
        charted: simulation.status < 5 ? chartedInLanguage((simulation.result as { charted?: unknown } | null)?.charted, requestLanguage(req)) : [],
        rank: simulation.priorartRank,
        chartList,
      });
    },

    cancel: async (req: Request, res: Response) => {
      const simulation = await cancelSimulation({ db, jobs: jobs() }, accountIdOf(req, 'user'), idOf(req));
      res.json({ id: simulation.id, status: simulation.status });
    },

    /** GET /api/priorart/result?id= → { queryId, input, result: { priorart } } (§3), E072 until it succeeded. */
    result: async (req: Request, res: Response) => {
      const simulation = await simulationOf(db, accountIdOf(req, 'user'), idOf(req));
      if (simulation.status !== 5) throw new AppError(409, 'E072', 'E072');
      res.set('Cache-Control', 'no-store');
      res.json({ queryId: simulation.id, input: simulation.input, result: { priorart: simulation.result } });
    },

    /** GET /api/priorart/map?id= → the patent map of the candidates with the invention as a point flagged `input`, E072 until it succeeded. */
    map: async (req: Request, res: Response) => {
      const simulation = await simulationOf(db, accountIdOf(req, 'user'), idOf(req));
      if (simulation.status !== 5 || !simulation.result) throw new AppError(409, 'E072', 'E072');
      const map = await simulationMap(db, simulation);
      // The stored map names the invention in no language: the reader's words for it here.
      const title = req.t('patentMap.invention', { ns: 'islands-map' });
      res.set('Cache-Control', 'private, no-store');
      res.json(mapInLanguage({ ...map, points: map.points.map((point) => (point.input ? { ...point, title } : point)) }, requestLanguage(req)));
    },

    /** GET /api/priorart/column?id=&documentId= → a claim chart column for one of the simulation's candidates. */
    column: async (req: Request, res: Response) => {
      const simulation = await simulationOf(db, accountIdOf(req, 'user'), idOf(req));
      if (simulation.status !== 5 || !simulation.result) throw new AppError(409, 'E072', 'E072');
      const documentId = typeof req.query.documentId === 'string' ? req.query.documentId.trim() : '';
      if (!documentId || [...documentId].length > LIMITS.documentId) throw new AppError(400, 'E033', 'E033', { max: LIMITS.documentId }, { field: 'documentId' });
      res.set('Cache-Control', 'private, no-store');
      res.json(await evaluateColumn(db, simulation, simulation.result as unknown as StoredResult, documentId, requestLanguage(req)));
    },

    /** POST /api/priorart/elements { subjectMatter, isAutoElementCutter } or { documentId, claimNumber } → the elements as the simulation will cut them. */
    elements: async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body.documentId === 'string' && body.documentId.trim()) {
        if ([...body.documentId].length > LIMITS.documentId) throw new AppError(400, 'E033', 'E033', { max: LIMITS.documentId }, { field: 'documentId' });
        const claimNumber = body.claimNumber === undefined ? 1 : Number(body.claimNumber);
        if (!Number.isInteger(claimNumber) || claimNumber < 1) throw new AppError(400, 'E034', 'E034', {}, { field: 'claimNumber' });
        const found = await claimOfDocument(db, body.documentId.trim(), claimNumber);
        return res.json({ ...found, elements: cutElements(found.claim, true) });
      }
      const subjectMatter = typeof body.subjectMatter === 'string' ? body.subjectMatter : '';
      if (!subjectMatter.trim()) throw new AppError(400, 'E030', 'E030', {}, { field: 'subjectMatter' });
      if ([...subjectMatter].length > LIMITS.subjectMatter) throw new AppError(400, 'E031', 'E031', { max: LIMITS.subjectMatter }, { field: 'subjectMatter' });
      res.json({ elements: cutElements(subjectMatter, body.isAutoElementCutter !== false) });
    },

    /** GET /api/priorart/ipc?text=&lang= → the likeliest IPC subclasses and main groups of the text. */
    ipc: async (req: Request, res: Response) => {
      const text = typeof req.query.text === 'string' ? req.query.text : '';
      if (!text.trim()) throw new AppError(400, 'E030', 'E030', {}, { field: 'text' });
      if ([...text].length > LIMITS.subjectMatter) throw new AppError(400, 'E031', 'E031', { max: LIMITS.subjectMatter }, { field: 'text' });
      res.json(await inferIpcOfText(db, text, regionOf(req.query.lang)));
    },
  };
}
