// The build screen's keyword calls run as background jobs (§3 job types 1–3): the call
// queues the job and answers its uuid; the island polls /api/jobs/:uuid for progress and
// the result. GPT use is checked against the company's quota before anything is queued.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { accountIdOf } from '../auth/guard.ts';
import { JOB_TYPES } from '../jobs/types.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { isGptConfigured } from '../platform/gpt.ts';
import { assertWithinQuota } from '../gpt-usage/service.ts';
import { SUBJECT_MATTER_LIMIT } from './validation.ts';

const keywordShape = z.object({
  keywordId: z.string().max(64),
  keyword: z.string().min(1).max(500),
  synonyms: z.array(z.string().max(500)).max(50).catch([]),
  isDisabled: z.boolean().catch(false),
  isRemoved: z.boolean().catch(false),
  origin: z.enum(['user', 'auto']).catch('user'),
  hitCount: z.number().nullable().catch(null),
});

const extractSchema = z.object({
  subjectMatter: z.string().max(SUBJECT_MATTER_LIMIT),
  lang: z.enum(['jp', 'us', 'cn']).catch('jp'),
  useGpt: z.boolean().catch(false),
});

const hitCountSchema = z.object({
  keywords: z.array(keywordShape).max(100).catch([]),
  deniedKeywords: z.array(keywordShape).max(100).catch([]),
  lang: z.enum(['jp', 'us', 'cn']).catch('jp'),
});

const jobView = (job: { uuid: string; type: number; status: number; progress: number; errcode: string | null; result: unknown; relatedJobUuid: string | null }) => ({
  uuid: job.uuid,
  type: job.type,
  status: job.status,
  progress: job.progress,
  errcode: job.errcode,
  result: job.status === 1 ? job.result : null,
  relatedJobUuid: job.relatedJobUuid,
});

export function createKeywordController(context: AppContext) {
  const { db } = context;
  return {
    /** POST /api/detail-search/keywords {subjectMatter, lang, useGpt} → {jobUuid} (type 3). */
    extract: async (req: Request, res: Response) => {
      const parsed = extractSchema.safeParse(req.body);
      if (!parsed.success) throw new AppError(400, 'E102');
      const { subjectMatter, lang, useGpt } = parsed.data;
      if (!subjectMatter.trim()) throw new AppError(400, 'E101', 'E101', {}, { field: 'subjectMatter' });
      const userId = accountIdOf(req, 'user');
      const gpt = useGpt && isGptConfigured(context.config.gpt);
      if (gpt) await assertWithinQuota(db, userId, context.config.gpt);
      const jobUuid = await context.jobs.enqueue(db, { userId, type: JOB_TYPES.extractKeyword, payload: { subjectMatter, lang, useGpt: gpt }, isPriorJob: true });
      res.status(202).json({ jobUuid, useGpt: gpt });
    },

    /**
     * POST /api/detail-search/keywords/hit-counts {keywords, deniedKeywords, lang}: the
     * keywords' synonyms and hit counts (type 1) and the denied keywords' (type 2, related).
     */
    hitCounts: async (req: Request, res: Response) => {
      const parsed = hitCountSchema.safeParse(req.body);
      if (!parsed.success) throw new AppError(400, 'E102');
      const { keywords, deniedKeywords, lang } = parsed.data;
      if (keywords.length === 0 && deniedKeywords.length === 0) throw new AppError(400, 'E101');
      const userId = accountIdOf(req, 'user');
      const jobUuid = await context.jobs.enqueue(db, { userId, type: JOB_TYPES.synonymHighFrequency, payload: { keywords, lang } });
      const deniedJobUuid = deniedKeywords.length
        ? await context.jobs.enqueue(db, { userId, type: JOB_TYPES.deniedKeywordHighFrequency, payload: { deniedKeywords, lang }, relatedJobUuid: jobUuid })
        : null;
      res.status(202).json({ jobUuid, deniedJobUuid });
    },

    job: async (req: Request, res: Response) => {
      const job = await context.jobs.get(accountIdOf(req, 'user'), String(req.params.uuid));
      if (!job) throw new AppError(404, 'E072', 'E072');
      res.set('Cache-Control', 'no-store');
      res.json(jobView(job));
    },

    cancelJob: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const job = await context.jobs.get(userId, String(req.params.uuid));
      if (!job) throw new AppError(404, 'E072', 'E072');
      const cancelled = await context.jobs.cancel(userId, job.uuid);
      res.json({ uuid: job.uuid, cancelled });
    },
  };
}
