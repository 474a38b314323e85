// The simulation request as the API takes it (§3 search elements and prior-art options, §9
// limits), each bad input refused with its own code and the field it concerns:
//   E030 neither invention text nor document number      E031 invention text over 5,000
//   E032 more than 30 elements (one per line)            E033 document number over 30
//   E034 an option out of range (region, similarity, output type, claim number)
//   E035 an element over 500 characters (one per line)   E100 more than 3 fixed main cited documents
//   E059 memo over 5,000
//   E023–E027 a bad formula (the detailed search's own rules and codes, with its `row`);
//             E027 also a learning text over 5,000
// Formulas (§3 prior-art formulas, §5): rows with empty text are dropped before anything is
// checked; the others keep their ids, so the combination still names them. `subLang` is a
// second region searched besides `lang` (null: none; the same as lang: none).
// The options take the spec's values (region 0.65 / 0.5 / 0.0, similarity 1.0 / 0.5 / 0.0) or
// their names. shouldUseGPT asks for GPT translation of the invention (cross-language only);
// similarGroup names one of the user's detailed searches as the similar patent group.
import { FormulaError } from '../patents/query/compile.ts';
import { isFormulaTag, validateDetailFormulas, type FormulaTag } from '../patents/query/formula.ts';
import type { Region } from '../patents/record.ts';
import type { ComparedText } from '../patents/term-index.ts';
import { AppError } from '../platform/errors.ts';
import { MAX_ELEMENT_LENGTH, MAX_ELEMENTS } from './elements.ts';
import type { OutputType } from './engine.ts';
import type { Strategy } from './evidence.ts';

export const LIMITS = { subjectMatter: 5000, documentId: 30, fixedPatents: 3, memo: 5000, population: 10_000, learningText: 5000 } as const;

/** A prior-art formula row: the detailed search's row and the text a user pastes to steer the ranking (e.g. a known relevant abstract). */
export interface PriorartFormula {
  id: number;
  text: string;
  tag: FormulaTag;
  learningTexts: string;
}

export interface SimulationRequest {
  lang: Region;
  subjectMatter: string;
  isSelectDocumentId: boolean;
  documentId: string;
  claimNumber: number;
  isAutoElementCutter: boolean;
  compared: Exclude<ComparedText, 'abstract_description' | 'title_abstract'>;
  strategy: Strategy;
  outputType: OutputType;
  fixedPatents: string[];
  population: { fileName: string; documentIds: string[] } | null;
  memo: string;
  /** Non-empty rows only; [] when the simulation is not narrowed by formulas. */
  formulas: PriorartFormula[];
  combination: string;
  subLang: Region | null;
  /** Translate the invention with GPT for a region in another language (with the dictionary); off without GPT. */
  shouldUseGPT: boolean;
  /** A similar patent group (§3): one of the user's own detailed searches, whose hits are the only candidates. */
  similarGroup: { queryId: string } | null;
}

const fail = (code: string, field: string, values: Record<string, unknown> = {}): never => {
  throw new AppError(400, code, code, values, { field });
};

const COMPARED: Record<string, SimulationRequest['compared']> = { '0.65': 'claims', claims: 'claims', '0.5': 'claims_abstract', claims_abstract: 'claims_abstract', '0': 'full', '0.0': 'full', full: 'full' };
const STRATEGIES: Record<string, Strategy> = { '1': 'passive', '1.0': 'passive', passive: 'passive', '0.5': 'normal', normal: 'normal', '0': 'positive', '0.0': 'positive', positive: 'positive' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const characters = (value: string): number => [...value].length;

export function parseSimulationRequest(body: Record<string, unknown>): SimulationRequest {
  const lang = (['jp', 'us', 'cn'] as const).find((region) => region === body.lang) ?? 'jp';
  const isSelectDocumentId = body.isSelectDocumentId === true;
  const subjectMatter = text(body.subjectMatter);
  const documentId = text(body.documentId).trim();
  if (isSelectDocumentId) {
    if (!documentId) fail('E030', 'documentId');
    if (characters(documentId) > LIMITS.documentId) fail('E033', 'documentId', { max: LIMITS.documentId });
  } else {
    if (!subjectMatter.trim()) fail('E030', 'subjectMatter');
    if (characters(subjectMatter) > LIMITS.subjectMatter) fail('E031', 'subjectMatter', { max: LIMITS.subjectMatter });
  }
  const isAutoElementCutter = body.isAutoElementCutter !== false;
  if (!isSelectDocumentId && !isAutoElementCutter) {
    const lines = subjectMatter.split(/\r?\n/).filter((line) => line.trim());
    if (lines.length > MAX_ELEMENTS) fail('E032', 'subjectMatter', { max: MAX_ELEMENTS });
    if (lines.some((line) => characters(line.trim()) > MAX_ELEMENT_LENGTH)) fail('E035', 'subjectMatter', { max: MAX_ELEMENT_LENGTH });
  }
  const claimNumber = body.claimNumber === undefined ? 1 : Number(body.claimNumber);
  if (!Number.isInteger(claimNumber) || claimNumber < 1 || claimNumber > 999) fail('E034', 'claimNumber');
  const compared = COMPARED[String(body.region ?? 'full')] ?? fail('E034', 'region');
  const strategy = STRATEGIES[String(body.similarity ?? 'passive')] ?? fail('E034', 'similarity');
  const outputType = Number(body.outputType ?? 0);
  if (![0, 1, 2, 3].includes(outputType)) fail('E034', 'outputType');
  const fixed = body.fixedPatents === undefined || body.fixedPatents === null ? [] : body.fixedPatents;
  if (!Array.isArray(fixed) || fixed.some((entry) => typeof entry !== 'string')) return fail('E034', 'fixedPatents');
  const fixedPatents = (fixed as string[]).map((entry) => entry.trim()).filter(Boolean);
  if (fixedPatents.length > LIMITS.fixedPatents) fail('E100', 'fixedPatents', { max: LIMITS.fixedPatents });
  if (fixedPatents.some((entry) => characters(entry) > LIMITS.documentId)) fail('E033', 'fixedPatents', { max: LIMITS.documentId });
  let population: SimulationRequest['population'] = null;
  if (body.population !== undefined && body.population !== null) {
    const given = body.population as { fileName?: unknown; documentIds?: unknown };
    if (typeof given !== 'object' || !Array.isArray(given.documentIds) || given.documentIds.some((id) => typeof id !== 'string')) return fail('E034', 'population');
    if (given.documentIds.length > LIMITS.population) fail('E034', 'population');
    population = { fileName: text(given.fileName).slice(0, 255), documentIds: given.documentIds as string[] };
  }
  const memo = text(body.memo);
  if (characters(memo) > LIMITS.memo) fail('E059', 'memo', { max: LIMITS.memo });
  const { formulas, combination } = parseFormulas(body, lang);
  const subLang = (['jp', 'us', 'cn'] as const).find((region) => region === body.subLang && region !== lang) ?? null;
  if (body.subLang !== undefined && body.subLang !== null && body.subLang !== '' && !(['jp', 'us', 'cn'] as unknown[]).includes(body.subLang)) fail('E034', 'subLang');
  const shouldUseGPT = body.shouldUseGPT === true;
  let similarGroup: SimulationRequest['similarGroup'] = null;
  if (body.similarGroup !== undefined && body.similarGroup !== null && body.similarGroup !== '') {
    // The search's id alone: whose it is and what it hit are the server's to look up.
    const queryId = typeof body.similarGroup === 'string' ? body.similarGroup : (body.similarGroup as { queryId?: unknown }).queryId;
    if (typeof queryId !== 'string' || !/^[0-9a-f-]{36}$/i.test(queryId)) fail('E034', 'similarGroup');
    similarGroup = { queryId: queryId as string };
  }
  return { lang, subjectMatter, isSelectDocumentId, documentId, claimNumber, isAutoElementCutter, compared, strategy, outputType: outputType as OutputType, fixedPatents, population, memo, formulas, combination, subLang, shouldUseGPT, similarGroup };
}

/** The formula rows with text, checked by the detailed search's rules in the searched region's language. */
function parseFormulas(body: Record<string, unknown>, lang: Region): { formulas: PriorartFormula[]; combination: string } {
  const given = body.formulas === undefined || body.formulas === null ? [] : body.formulas;
  if (!Array.isArray(given)) return fail('E102', 'formulas');
  const formulas: PriorartFormula[] = [];
  for (const [position, row] of given.entries()) {
    const entry = (row ?? {}) as Record<string, unknown>;
    const id = entry.id === undefined ? position + 1 : Number(entry.id);
    if (!Number.isInteger(id) || id < 1 || formulas.some((formula) => formula.id === id)) return fail('E102', 'formulas');
    const tag = entry.tag === undefined ? 'abst_claim_desc_title' : entry.tag;
    if (!isFormulaTag(tag)) return fail('E102', 'formulas');
    const learningTexts = text(entry.learningTexts);
    if (characters(learningTexts) > LIMITS.learningText) throw new AppError(400, 'E027', 'priorart.learningTextTooLong', { max: LIMITS.learningText, row: id }, { row: id });
    // §5: only formulas with text are sent (and checked).
    if (text(entry.text).trim()) formulas.push({ id, text: text(entry.text), tag, learningTexts });
  }
  const combination = formulas.length ? text(body.combination).trim() : '';
  if (formulas.length === 0) return { formulas, combination };
  const verdict = validateDetailFormulas({ formulas, combination }, lang);
  for (const formula of formulas) {
    const problem = verdict.rows[formula.id];
    if (problem) throw new FormulaError(problem, formula.id);
  }
  if (verdict.combination) throw new FormulaError(verdict.combination, undefined, 'combination');
  return { formulas, combination };
}
