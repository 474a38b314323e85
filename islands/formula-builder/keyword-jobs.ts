// The detailed-search form's keyword work, fetched when a person first asks for it (or when the
// browser is idle after the form hydrated), not with the page (JS budget 80 KB, bench/page-scripts):
// extraction, hit counts and GPT generation as background jobs (§3 background job: queued, polled,
// cancelled), and the formulas made from keywords (src/detail-search/keywords/formulas-from-keywords.ts).
import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import type { DetailSearchInput, FormulaSet, InputMode, Keyword, Region } from '../../src/detail-search/input.ts';
import { FORMULA_LIMITS } from '../../src/patents/query/formula-rules.ts';
import { ApiError } from '../api.ts';
import type { IslandTranslate } from '../i18n.tsx';
import { cancelJob, HANDLED_GLOBALLY, startJob, waitForJob } from './api.ts';
import type { FormulaChecks } from './formula-checks.ts';
import { activeKeywords, DEFAULT_TAG, isFormulaTag, withSet } from './model.ts';
import { extractedMessage, mergeCounts, mergeExtracted, notInRegionNote } from './keywords.ts';

export const KEYWORDS_PATH = '/api/detail-search/keywords';
export const HIT_COUNTS_PATH = '/api/detail-search/keywords/hit-counts';

export type JobKind = 'extract' | 'hitCounts' | 'generate';
export interface RunningJob {
  kind: JobKind;
  progress: number;
}
export interface JobMessage {
  kind: 'error' | 'done';
  source: JobKind | 'make';
  text: string;
}
export interface JobRun {
  controller: AbortController;
  uuids: string[];
}

/** What the form gives its keyword work: the input as rendered and the ways to change the form. */
export interface KeywordJobContext {
  t: IslandTranslate;
  input: DetailSearchInput;
  parser: FormulaChecks;
  job: RunningJob | null;
  jobRun: MutableRefObject<JobRun | null>;
  setJob: Dispatch<SetStateAction<RunningJob | null>>;
  setJobMessage: Dispatch<SetStateAction<JobMessage | null>>;
  setInput: Dispatch<SetStateAction<DetailSearchInput>>;
  /** The formulas of `mode` were replaced by keyword work: the rows as rendered are offered back when they had text (else the undo offered goes too, when `clearUndo`). */
  replaced: (mode: InputMode, clearUndo: boolean) => void;
}

/** What the keyword job answers (§3 keyword; GPT adds formulas and a combination). */
interface ExtractResult {
  keywords?: Keyword[];
  formulas?: Array<{ text: string; tag: string }>;
  combination?: string;
  /** Whether GPT made them (the server falls back to the corpus when GPT is off). */
  usedGpt?: boolean;
  /** GPT rows the parser refused (not passed on). */
  droppedFormulas?: number;
}
/** The keywords a job answered: the list itself, or under its name. */
function keywordsIn(result: unknown, name: 'keywords' | 'deniedKeywords'): Keyword[] | undefined {
  if (Array.isArray(result)) return result as Keyword[];
  const list = result && typeof result === 'object' ? (result as Record<string, unknown>)[name] : undefined;
  return Array.isArray(list) ? (list as Keyword[]) : undefined;
}

/** Rows as a job or the keyword helper gives them, numbered 1…n with known tags only. */
function rowsFrom(formulas: Array<{ text: string; tag: string }>): FormulaSet['formulas'] {
  return formulas.slice(0, FORMULA_LIMITS.rows).map((row, index) => ({ id: index + 1, text: String(row.text ?? ''), tag: isFormulaTag(String(row.tag)) ? (row.tag as FormulaSet['formulas'][number]['tag']) : DEFAULT_TAG, valid: true }));
}

/** How the rows were combined, for the message after making them (nothing when all are ANDed). */
const combinedNote = (t: IslandTranslate, made: { coreRows: number; counted: boolean }): string =>
  made.coreRows ? t(made.counted ? 'formulaBuilder.keywords.combinedByCore' : 'formulaBuilder.keywords.combinedByOrder', { count: made.coreRows }) : '';

/**
 * Rows from the enabled keywords (formulasFromKeywords: the rows of most hits ANDed, any one of
 * the others), and when denied keywords are on, one more row ORing them that the combination
 * subtracts: "…-n".
 */
function setFromKeywords({ formulasFromKeywords }: FormulaChecks, keywords: Keyword[], denied: Keyword[], region: Region): { set: FormulaSet; truncated: boolean; coreRows: number; counted: boolean } {
  const active = activeKeywords(keywords);
  const deniedActive = activeKeywords(denied);
  const room = FORMULA_LIMITS.rows - (deniedActive.length > 0 ? 1 : 0);
  const made = formulasFromKeywords(active, region, room);
  let formulas = rowsFrom(made.formulas);
  let combination = made.combination;
  const truncated = formulasFromKeywords(active, region).formulas.length > room;
  // 1*3*4*(2+5+…): the rows ANDed before the OR of the others (combineRows); 0 when all are ANDed.
  // They are those of most hits when every keyword is counted, else the first of the list.
  const coreRows = combination.includes('+') ? combination.split('*(')[0]!.split('*').length : 0;
  const counted = active.every((keyword) => typeof keyword.hitCount === 'number');
  if (deniedActive.length > 0 && formulas.length > 0) {
    const deniedText = formulasFromKeywords(deniedActive, region).formulas.map((row) => row.text).join('+');
    const id = formulas.length + 1;
    formulas = [...formulas, { id, text: deniedText, tag: DEFAULT_TAG, valid: true }];
    const base = combination || formulas.slice(0, -1).map((row) => row.id).join('*');
    combination = base.includes('+') ? `(${base})-${id}` : `${base}-${id}`;
  }
  if (formulas.length === 0) formulas = [{ id: 1, text: '', tag: DEFAULT_TAG, valid: true }];
  return { set: { formulas, combination }, truncated, coreRows, counted };
}

function jobErrorText(t: IslandTranslate, error: unknown): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof ApiError)) return t('formulaBuilder.errors.unexpected');
  if (HANDLED_GLOBALLY.has(error.errcode)) return null;
  if (error.detail) return error.detail;
  const key = `formulaBuilder.errors.${error.errcode}`;
  const text = t(key);
  return text === key ? t('formulaBuilder.errors.withCode', { code: error.errcode }) : text;
}

/**
 * Queues a keyword job and follows it to its end (§3 background job). A call that also
 * queues a related job (hit counts of the denied keywords) is followed through both, the
 * progress bar sharing the way between them.
 */
async function runKeywordJob<R>(ctx: KeywordJobContext, kind: JobKind, path: string, body: unknown, apply: (result: R, related: unknown) => string): Promise<void> {
  const { jobRun, setJob, setJobMessage } = ctx;
  jobRun.current?.controller.abort();
  const controller = new AbortController();
  const run: JobRun = { controller, uuids: [] };
  jobRun.current = run;
  setJob({ kind, progress: 0 });
  setJobMessage(null);
  const progress = (percent: number) => setJob((current) => (current && jobRun.current === run ? { ...current, progress: Math.round(percent) } : current));
  try {
    const started = await startJob(path, body, controller.signal);
    const related = typeof started.deniedJobUuid === 'string' ? started.deniedJobUuid : null;
    run.uuids = related ? [started.jobUuid, related] : [started.jobUuid];
    const share = related ? 0.5 : 1;
    const result = await waitForJob<R>(started.jobUuid, (percent) => progress(percent * share), controller.signal);
    const relatedResult = related ? await waitForJob<unknown>(related, (percent) => progress(50 + percent / 2), controller.signal) : undefined;
    setJobMessage({ kind: 'done', source: kind, text: apply(result, relatedResult) });
  } catch (error) {
    if (controller.signal.aborted) return;
    const text = jobErrorText(ctx.t, error);
    if (text) setJobMessage({ kind: 'error', source: kind, text });
  } finally {
    if (jobRun.current === run) {
      jobRun.current = null;
      setJob(null);
    }
  }
}

/** Stops following the job and cancels it on the server (with its related jobs). */
export function cancelRunningJob({ t, job, jobRun, setJob, setJobMessage }: KeywordJobContext): void {
  const run = jobRun.current;
  if (!run || !job) return;
  run.controller.abort();
  for (const uuid of run.uuids) void cancelJob(uuid);
  jobRun.current = null;
  setJobMessage({ kind: 'error', source: job.kind, text: t('formulaBuilder.errors.cancelled') });
  setJob(null);
}

export const extractKeywords = (ctx: KeywordJobContext) =>
  runKeywordJob<ExtractResult>(ctx, 'extract', KEYWORDS_PATH, { subjectMatter: ctx.input.subjectMatter, lang: ctx.input.lang, useGpt: false }, (result) => {
    const extracted = result.keywords ?? [];
    ctx.setInput((current) => ({ ...current, keywords: mergeExtracted(current.keywords, extracted) }));
    return extractedMessage(ctx.t, extracted, ctx.input.lang);
  });

/** GPT (or, without it, the extraction) fills mode 1: keywords, formulas and combination. */
export const generate = (ctx: KeywordJobContext, useGpt: boolean) => {
  const { t, input } = ctx;
  return runKeywordJob<ExtractResult>(ctx, 'generate', KEYWORDS_PATH, { subjectMatter: input.subjectMatter, lang: input.lang, useGpt }, (result) => {
    const keywords = mergeExtracted(input.keywords, result.keywords ?? []);
    const made = result.formulas && result.formulas.length > 0 ? { set: { formulas: rowsFrom(result.formulas), combination: result.combination ?? '' }, truncated: false, coreRows: 0, counted: false } : setFromKeywords(ctx.parser, keywords, input.deniedKeywords, input.lang);
    ctx.setInput((current) => withSet({ ...current, keywords, inputMode: 1 }, 1, made.set));
    ctx.replaced(1, false);
    const count = made.set.formulas.filter((row) => row.text).length;
    const note = notInRegionNote(t, result.keywords ?? [], input.lang);
    const text = [t((result.usedGpt ?? useGpt) ? 'formulaBuilder.gpt.generated' : 'formulaBuilder.gpt.generatedWithoutGpt', { count }), combinedNote(t, made), result.droppedFormulas ? t('formulaBuilder.gpt.dropped', { count: result.droppedFormulas }) : '', note ?? ''];
    return text.filter(Boolean).join(' ');
  });
};

export const checkHitCounts = (ctx: KeywordJobContext) =>
  runKeywordJob<unknown>(ctx, 'hitCounts', HIT_COUNTS_PATH, { keywords: ctx.input.keywords, deniedKeywords: ctx.input.deniedKeywords, lang: ctx.input.lang }, (result, related) => {
    const keywords = keywordsIn(result, 'keywords');
    const denied = keywordsIn(related, 'deniedKeywords') ?? keywordsIn(result, 'deniedKeywords');
    ctx.setInput((current) => ({ ...current, keywords: mergeCounts(current.keywords, keywords), deniedKeywords: mergeCounts(current.deniedKeywords, denied) }));
    return ctx.t('formulaBuilder.keywords.counted');
  });

/** The formulas of the current mode made from the keywords at once (no job). */
export function makeFormulas(ctx: KeywordJobContext): void {
  const { t, input } = ctx;
  const made = setFromKeywords(ctx.parser, input.keywords, input.deniedKeywords, input.lang);
  ctx.setInput((current) => withSet(current, current.inputMode, made.set));
  ctx.replaced(input.inputMode, true);
  const text = made.truncated ? t('formulaBuilder.keywords.madeTruncated', { max: FORMULA_LIMITS.rows }) : t('formulaBuilder.keywords.made', { count: made.set.formulas.filter((row) => row.text).length });
  ctx.setJobMessage({ kind: 'done', source: 'make', text: [text, combinedNote(t, made)].filter(Boolean).join(' ') });
}
