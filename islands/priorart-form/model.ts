// The simulation form's state and what it sends (§3 search elements and prior-art options,
// §9 limits): no Node imports, the island bundles it. The server checks everything again
// (src/priorart/validation.ts); the form checks first so a person is told before sending.
import { characterCount } from '../../src/history/shared.ts';
import type { FormulaSet } from '../../src/detail-search/input.ts';
import type { DetailFormulaValidation } from '../../src/patents/query/formula.ts';
import { isFormulaTag } from '../../src/patents/query/formula-rules.ts';
import { PENDING_VALIDATION, type FormulaChecks } from '../formula-builder/formula-checks.ts';

export type Region = 'jp' | 'us' | 'cn';
export type Compared = 'full' | 'claims_abstract' | 'claims';
export type Strategy = 'passive' | 'normal' | 'positive';

export const REGIONS: Region[] = ['jp', 'us', 'cn'];
/** §9 region values: full text 0.0 (default), claims and abstract 0.5, claims 0.65. */
export const COMPARED: Compared[] = ['full', 'claims_abstract', 'claims'];
/** §9 similarity: passive 1.0 (default), normal 0.5, positive 0.0. */
export const STRATEGIES: Strategy[] = ['passive', 'normal', 'positive'];
/** §9 output types: claim chart 0, list 500 (1), list 2,000 (2), claim chart list 500 (3). */
export const OUTPUT_TYPES = [0, 1, 2, 3] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

/** As src/priorart/validation.ts LIMITS and src/priorart/elements.ts. */
export const PRIORART_LIMITS = { subjectMatter: 5000, documentId: 30, fixedPatents: 3, memo: 5000, elements: 30, element: 500, learningText: 5000 } as const;

export interface PriorartFormInput {
  lang: Region;
  isSelectDocumentId: boolean;
  subjectMatter: string;
  isAutoElementCutter: boolean;
  documentId: string;
  claimNumber: number;
  compared: Compared;
  strategy: Strategy;
  outputType: OutputType;
  fixedPatents: string[];
  population: { fileName: string; documentIds: string[] } | null;
  memo: string;
  /** Optional formulas (§3 prior-art formulas): the detailed search's rows and combination. */
  formulas: FormulaSet;
  /** Each row's learning text, in the rows' order (rows are renumbered on delete, so kept by position). */
  learningTexts: string[];
  /** A second region searched besides `lang`, or null. */
  subLang: Region | null;
  /** Translate the invention with GPT for documents in another language (with the dictionary). */
  shouldUseGPT: boolean;
  /** The similar patent group: the id of one of the user's detailed searches, or null. */
  similarGroup: string | null;
}

/** A detailed search offered as similar patent group: what it searched, where, when, and how many it hit. */
export interface SimilarGroupChoice {
  id: string;
  lang: Region;
  summary: string;
  totalHitCount: number;
  execDate: string;
}

/** §3: the default formula list has one (empty) formula. */
const emptyFormulas = (): FormulaSet => ({ formulas: [{ id: 1, text: '', tag: 'abst_claim_desc_title', valid: true }], combination: '' });

/** shouldUseGPT: the company's default for GPT use (gpt_default_use), as creation support preselects it. */
export const emptyPriorartInput = (lang: Region = 'jp', shouldUseGPT = false): PriorartFormInput => ({
  lang,
  isSelectDocumentId: false,
  subjectMatter: '',
  isAutoElementCutter: true,
  documentId: '',
  claimNumber: 1,
  compared: 'full',
  strategy: 'passive',
  outputType: 0,
  fixedPatents: [],
  population: null,
  memo: '',
  formulas: emptyFormulas(),
  learningTexts: [''],
  subLang: null,
  shouldUseGPT,
  similarGroup: null,
});

/** A stored request (src/priorart/validation.ts SimulationRequest) back into the form. */
export function restoredPriorartInput(stored: (Partial<Omit<PriorartFormInput, 'formulas' | 'similarGroup'>> & StoredFormulas & { similarGroup?: unknown }) | null | undefined, shouldUseGPT = false): PriorartFormInput {
  const base = emptyPriorartInput('jp', shouldUseGPT);
  if (!stored) return base;
  const pick = <T,>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  return {
    lang: pick(stored.lang, REGIONS, base.lang),
    isSelectDocumentId: stored.isSelectDocumentId === true,
    subjectMatter: typeof stored.subjectMatter === 'string' ? stored.subjectMatter : '',
    isAutoElementCutter: stored.isAutoElementCutter !== false,
    documentId: typeof stored.documentId === 'string' ? stored.documentId : '',
    claimNumber: Number.isInteger(stored.claimNumber) && Number(stored.claimNumber) > 0 ? Number(stored.claimNumber) : 1,
    compared: pick(stored.compared, COMPARED, base.compared),
    strategy: pick(stored.strategy, STRATEGIES, base.strategy),
    outputType: pick(stored.outputType, OUTPUT_TYPES, base.outputType),
    fixedPatents: Array.isArray(stored.fixedPatents) ? stored.fixedPatents.filter((id): id is string => typeof id === 'string').slice(0, PRIORART_LIMITS.fixedPatents) : [],
    population: stored.population && Array.isArray(stored.population.documentIds) ? stored.population : null,
    memo: typeof stored.memo === 'string' ? stored.memo : '',
    ...restoredFormulas(stored as StoredFormulas),
    subLang: REGIONS.includes(stored.subLang as Region) && stored.subLang !== stored.lang ? (stored.subLang as Region) : null,
    // A simulation stored before the option existed was translated by the dictionary alone.
    shouldUseGPT: stored.shouldUseGPT === true,
    similarGroup: typeof (stored.similarGroup as { queryId?: unknown } | null)?.queryId === 'string' ? (stored.similarGroup as { queryId: string }).queryId : null,
  };
}

/** How the request stores formulas (src/priorart/validation.ts): rows with text, each with its learning text. */
interface StoredFormulas {
  formulas?: unknown;
  combination?: unknown;
}

function restoredFormulas(stored: StoredFormulas): Pick<PriorartFormInput, 'formulas' | 'learningTexts'> {
  const rows = Array.isArray(stored.formulas) ? (stored.formulas as Array<Record<string, unknown>>).filter((row) => row && typeof row.text === 'string' && isFormulaTag(row.tag)) : [];
  if (rows.length === 0) return { formulas: emptyFormulas(), learningTexts: [''] };
  // Stored ids may skip the empty rows that were not sent: a combination names them, so they are
  // kept then; without one the rows are numbered 1…n again, as the row editor numbers them.
  const combination = typeof stored.combination === 'string' ? stored.combination : '';
  return {
    formulas: { formulas: rows.map((row, index) => ({ id: combination ? Number(row.id) : index + 1, text: row.text as string, tag: row.tag as FormulaSet['formulas'][number]['tag'], valid: true })), combination },
    learningTexts: rows.map((row) => (typeof row.learningTexts === 'string' ? row.learningTexts : '')),
  };
}

/** The rows that are sent (§5: only formulas with text) and their learning texts. */
export function sentFormulas(input: Pick<PriorartFormInput, 'formulas' | 'learningTexts'>) {
  return input.formulas.formulas.flatMap((row, index) => (row.text.trim() ? [{ id: row.id, text: row.text, tag: row.tag, learningTexts: input.learningTexts[index] ?? '' }] : []));
}

/** The formulas' problems as the server will find them (the detailed search's parser); none when no row has text, pending before the parser comes. */
export function formulaValidationOf(input: PriorartFormInput, checks: FormulaChecks | null): DetailFormulaValidation & { pending?: true } {
  const rows = sentFormulas(input);
  if (rows.length === 0) return { valid: true, rows: {}, combination: null, ipcLimit: null };
  if (!checks) return PENDING_VALIDATION;
  return checks.validateDetailFormulas({ formulas: rows, combination: input.formulas.combination }, input.lang);
}

/** A message shown beside its field: the server's, or the form's own check's. */
export type Message = { errcode: string; text: string };

/** What a field lacks before sending: the spec's code and the values of its message. */
export interface FieldProblem {
  field: 'subjectMatter' | 'documentId' | 'fixedPatents' | 'memo';
  errcode: string;
  values?: Record<string, number>;
}

export function problemsOf(input: PriorartFormInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.isSelectDocumentId) {
    if (!input.documentId.trim()) problems.push({ field: 'documentId', errcode: 'E030' });
    else if (characterCount(input.documentId.trim()) > PRIORART_LIMITS.documentId) problems.push({ field: 'documentId', errcode: 'E033', values: { max: PRIORART_LIMITS.documentId } });
  } else {
    const text = input.subjectMatter;
    if (!text.trim()) problems.push({ field: 'subjectMatter', errcode: 'E030' });
    else if (characterCount(text) > PRIORART_LIMITS.subjectMatter) problems.push({ field: 'subjectMatter', errcode: 'E031', values: { max: PRIORART_LIMITS.subjectMatter } });
    else if (!input.isAutoElementCutter) {
      const lines = text.split(/\r?\n/).filter((line) => line.trim());
      if (lines.length > PRIORART_LIMITS.elements) problems.push({ field: 'subjectMatter', errcode: 'E032', values: { max: PRIORART_LIMITS.elements } });
      else if (lines.some((line) => characterCount(line.trim()) > PRIORART_LIMITS.element)) problems.push({ field: 'subjectMatter', errcode: 'E035', values: { max: PRIORART_LIMITS.element } });
    }
  }
  const fixed = input.fixedPatents.map((id) => id.trim()).filter(Boolean);
  if (fixed.length > PRIORART_LIMITS.fixedPatents) problems.push({ field: 'fixedPatents', errcode: 'E100', values: { max: PRIORART_LIMITS.fixedPatents } });
  else if (fixed.some((id) => characterCount(id) > PRIORART_LIMITS.documentId)) problems.push({ field: 'fixedPatents', errcode: 'E033', values: { max: PRIORART_LIMITS.documentId } });
  if (characterCount(input.memo) > PRIORART_LIMITS.memo) problems.push({ field: 'memo', errcode: 'E059', values: { max: PRIORART_LIMITS.memo } });
  return problems;
}

/** The body of POST /api/priorart/simulate. */
export function requestBodyOf(input: PriorartFormInput): Record<string, unknown> {
  return {
    lang: input.lang,
    isSelectDocumentId: input.isSelectDocumentId,
    subjectMatter: input.isSelectDocumentId ? '' : input.subjectMatter,
    isAutoElementCutter: input.isAutoElementCutter,
    documentId: input.isSelectDocumentId ? input.documentId.trim() : '',
    claimNumber: input.claimNumber,
    region: input.compared,
    similarity: input.strategy,
    outputType: input.outputType,
    fixedPatents: input.fixedPatents.map((id) => id.trim()).filter(Boolean),
    population: input.population,
    memo: input.memo,
    formulas: sentFormulas(input),
    combination: sentFormulas(input).length ? input.formulas.combination : '',
    subLang: input.subLang && input.subLang !== input.lang ? input.subLang : null,
    shouldUseGPT: input.shouldUseGPT,
    similarGroup: input.similarGroup,
  };
}

export { elementLabel } from '../../src/priorart/chart.ts';
