// The keyword panel's background jobs (§3 background job types):
//   3 extract keyword            payload { subjectMatter, lang, useGpt }  → ExtractKeywordsResult
//   1 synonym high frequency     payload { keywords, lang, mineSynonyms? } → { keywords } with hit counts,
//                                wordInfoMaxCount and isHighFrequency; a keyword without synonyms
//                                first gets the corpus's candidates (mineSynonyms: false to only count)
//   2 denied keyword high frequency payload { deniedKeywords, lang }     → { deniedKeywords } likewise
// The payload comes from the job row; it is checked again here (E102 when it does not fit).
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../jobs/index.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/database.ts';
import { createGptClient, type GptClient } from '../../platform/gpt.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Keyword } from '../input.ts';
import { extractKeywordsForUser, keywordsWithHitCounts, type KeywordServiceDeps } from './service.ts';

export const KEYWORD_JOB_TYPES = { synonymHighFrequency: 1, deniedKeywordHighFrequency: 2, extractKeyword: 3 } as const;
export type KeywordJobType = (typeof KEYWORD_JOB_TYPES)[keyof typeof KEYWORD_JOB_TYPES];

/** What a handler uses of the job runner's context (src/jobs JobContext has these and more; tests pass just these). */
export interface KeywordJobContext {
  db: Database;
  logger: Logger;
  signal: AbortSignal;
  progress(percent: number): Promise<void>;
  job: { userId: string; payload: unknown };
}

export type KeywordJobHandler = (context: KeywordJobContext) => Promise<unknown>;

export type KeywordJobRegistry = Pick<JobQueue, 'register'>;

const region = z.enum(['jp', 'us', 'cn']);
const keyword = z.object({
  keywordId: z.string().min(1).max(100),
  keyword: z.string().max(500),
  hitCount: z.number().int().nullable(),
  origin: z.enum(['user', 'auto']),
  isDisabled: z.boolean(),
  isRemoved: z.boolean(),
  synonyms: z.array(z.string().max(500)).max(50),
  wordInfoMaxCount: z.number().int().optional(),
  isHighFrequency: z.boolean().optional(),
  searchFields: z.array(z.string().max(50)).max(10).optional(),
});
const extractPayload = z.object({ subjectMatter: z.string().max(50_000), lang: region, useGpt: z.boolean().default(false) });
const keywordsPayload = z.object({ keywords: z.array(keyword).max(100), lang: region, mineSynonyms: z.boolean().default(true) });
const deniedPayload = z.object({ deniedKeywords: z.array(keyword).max(100), lang: region });

function payloadOf<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new AppError(400, 'E102');
  return parsed.data;
}

/** The three handlers, for the queue or for calling directly. */
export function keywordJobHandlers(deps: KeywordServiceDeps): Record<KeywordJobType, KeywordJobHandler> {
  return {
    [KEYWORD_JOB_TYPES.extractKeyword]: async ({ db, job, signal, progress }) => {
      const input = payloadOf(extractPayload, job.payload);
      return extractKeywordsForUser(db, deps, job.userId, input, { signal, progress });
    },
    [KEYWORD_JOB_TYPES.synonymHighFrequency]: async ({ db, job, signal, progress }) => {
      const input = payloadOf(keywordsPayload, job.payload);
      const keywords = await keywordsWithHitCounts(db, input.lang, input.keywords as Keyword[], { signal, progress, mineSynonyms: input.mineSynonyms });
      return { keywords };
    },
    [KEYWORD_JOB_TYPES.deniedKeywordHighFrequency]: async ({ db, job, signal, progress }) => {
      const input = payloadOf(deniedPayload, job.payload);
      const deniedKeywords = await keywordsWithHitCounts(db, input.lang, input.deniedKeywords as Keyword[], { signal, progress });
      return { deniedKeywords };
    },
  } as Record<KeywordJobType, KeywordJobHandler>;
}

/**
 * Registers job types 1, 2 and 3 with the queue (src/jobs/handlers.ts, at start). The GPT
 * client is made from config.gpt unless one is given (null: GPT off).
 */
export function registerKeywordJobs(queue: KeywordJobRegistry, deps: { config: Pick<AppConfig, 'gpt'>; logger?: Logger; gpt?: GptClient | null }): void {
  const handlers = keywordJobHandlers({ gpt: deps.gpt === undefined ? createGptClient(deps.config.gpt, deps.logger) : deps.gpt, gptSettings: deps.config.gpt });
  for (const type of [KEYWORD_JOB_TYPES.synonymHighFrequency, KEYWORD_JOB_TYPES.deniedKeywordHighFrequency, KEYWORD_JOB_TYPES.extractKeyword] as const) {
    queue.register(type, handlers[type]);
  }
}
