// The detailed-search form as the server accepts it (§3, §5, §9): the shape checked with
// zod, then the formulas and combination of the chosen mode with the formula language's
// own rules, so the server says exactly what the builder's live flags said.
import { z } from 'zod';
import { FORMULA_LIMITS, FORMULA_TAGS, validateDetailFormulas, type FormulaProblem } from '../patents/query/formula.ts';
import { AppError } from '../platform/errors.ts';
import type { DetailSearchInput } from './input.ts';

export const MEMO_LIMIT = 5000;
export const SUBJECT_MATTER_LIMIT = 5000;
/** Document numbers a population file may hold. */
export const POPULATION_LIMIT = 20_000;

/** A problem of the form as a domain error; `row` or `field` tells the builder where to show it. */
const formProblem = (problem: FormulaProblem, where: { row?: number; field?: string }): AppError =>
  new AppError(400, problem.errcode, problem.messageKey, problem.values ?? {}, where);

const keyword = z.object({
  keywordId: z.string().max(64),
  keyword: z.string().max(FORMULA_LIMITS.length),
  hitCount: z.number().int().nonnegative().nullable().catch(null),
  origin: z.enum(['user', 'auto']).catch('user'),
  isDisabled: z.boolean().catch(false),
  isRemoved: z.boolean().catch(false),
  synonyms: z.array(z.string().max(FORMULA_LIMITS.length)).max(50),
  wordInfoMaxCount: z.number().int().nonnegative().optional(),
  isHighFrequency: z.boolean().optional(),
  searchFields: z.array(z.string().max(40)).max(10).optional(),
});

const formulaSet = z.object({
  formulas: z
    .array(
      z.object({
        id: z.number().int().min(1),
        text: z.string(),
        tag: z.enum(FORMULA_TAGS),
        valid: z.boolean().catch(true),
      }),
    )
    .min(1),
  combination: z.string().catch(''),
});

const schema = z.object({
  lang: z.enum(['jp', 'us', 'cn']).catch('jp'),
  inputMode: z.union([z.literal(0), z.literal(1)]).catch(0),
  modes: z.object({ 0: formulaSet, 1: formulaSet }),
  keywords: z.array(keyword).max(100).catch([]),
  deniedKeywords: z.array(keyword).max(100).catch([]),
  ipcLimit: z.array(z.string()).catch([]),
  memo: z.string().catch(''),
  subjectMatter: z.string().catch(''),
  population: z
    .object({ fileName: z.string(), documentIds: z.array(z.string().max(40)) })
    .nullable()
    .catch(null),
  filter: z
    .object({ patent: z.boolean(), public: z.boolean(), utility: z.boolean(), expired: z.boolean() })
    .catch({ patent: true, public: true, utility: true, expired: false }),
});

const characters = (text: string) => [...text].length;

/**
 * The form from a JSON body. A malformed body is E102; then memo (E059), population file
 * (name ≤ 100, at most POPULATION_LIMIT numbers: E027), subject matter, and the chosen mode's
 * formulas, combination and IPC limit with the formula language's codes.
 */
export function parseDetailSearchInput(body: unknown): DetailSearchInput {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(400, 'E102', 'E102');
  const input = parsed.data as DetailSearchInput;
  // Row ids are 1-based and consecutive (§4): the builder renumbers, an old client may not have.
  for (const mode of [0, 1] as const) input.modes[mode].formulas = input.modes[mode].formulas.map((row, index) => ({ ...row, id: index + 1 }));
  if (characters(input.memo) > MEMO_LIMIT) throw new AppError(400, 'E059', 'E059', { max: MEMO_LIMIT });
  if (characters(input.subjectMatter) > SUBJECT_MATTER_LIMIT) throw formProblem({ errcode: 'E027', messageKey: 'detailSearch.subjectMatterTooLong', values: { max: SUBJECT_MATTER_LIMIT } }, { field: 'subjectMatter' });
  if (input.population) {
    if (characters(input.population.fileName) > FORMULA_LIMITS.fileName) {
      throw formProblem({ errcode: 'E027', messageKey: 'detailSearch.fileNameTooLong', values: { max: FORMULA_LIMITS.fileName } }, { field: 'population' });
    }
    if (input.population.documentIds.length > POPULATION_LIMIT) {
      throw formProblem({ errcode: 'E027', messageKey: 'detailSearch.populationTooLarge', values: { max: POPULATION_LIMIT } }, { field: 'population' });
    }
  }
  const chosen = input.modes[input.inputMode];
  const verdict = validateDetailFormulas({ formulas: chosen.formulas, combination: chosen.combination, ipcLimit: input.ipcLimit }, input.lang);
  const rowProblem = Object.entries(verdict.rows).find(([, problem]) => problem);
  if (rowProblem) throw formProblem(rowProblem[1]!, { row: Number(rowProblem[0]) });
  if (verdict.combination) throw formProblem(verdict.combination, { field: 'combination' });
  if (verdict.ipcLimit) throw formProblem(verdict.ipcLimit, { field: 'ipcLimit' });
  // What is stored is what was valid: every row of the chosen mode is.
  chosen.formulas = chosen.formulas.map((row) => ({ ...row, valid: true }));
  return input;
}
