// The detailed-search formula language (§3 formula rows and tags, §5 formula syntax): parsing
// into a backend-neutral syntax tree and validation with the spec's error codes. No Node
// imports: the formula builder island runs the same parser in the browser for its live flag.
//
// A row is a boolean formula over terms: * AND, + OR, - NOT (A-B = A and not B), ( ) or [ ]
// group; + binds loosest, * and - bind alike, left to right (syntax.ts has the grammar). What a
// term means depends on the row's tag, or on a J-PlatPat field tag after it (A/CL, (A+B)/TX):
//   text tags      words searched in the tag's fields; several words in one term are a phrase;
//                  A,10C,B / A,10N,B: B within 10 index positions after A / either side of A
//   class tags     a classification code, matched with everything below it (H01L matches H01L 21/02)
//   appname …      a name, matched in part, ignoring case, width, spaces and punctuation
//   appid, pubidall an application / publication number as offices print it
//   date tags      yyyymmdd, from:to, :to or from:
//   right          権利存続 / 権利消滅 / 審査中 (in force, lapsed, under examination; 実用新案 for a Chinese utility model), or the codes 1, 0, 2, 3
// The combination joins rows by number with the same operators (1*(2+3)-4).
import { parseDateRange } from './dates.ts';
import { applicationNumberKey, classQueryKey, nameKey, plausibleApplicationNumber, toHalfWidthAscii, type ClassScheme } from './keys.ts';
import { checkBrackets, lexCombination, lexFormula, parseTokens, SYNTAX_RULES, SyntaxProblem, type JPlatPatTag, type RawNode } from './syntax.ts';
import { applicantKey } from '../applicants.ts';
import { parsePublicationNumber } from '../numbers.ts';
import { CLASS_TAGS, DATE_TAGS, FORMULA_LIMITS, formulaProblem, TEXT_TAG_FIELDS, type DateField, type FormulaProblem, type FormulaRegion, type FormulaTag, type TextField } from './formula-rules.ts';

export {
  FORMULA_TAGS, type FormulaTag, type QueryType, type FormulaRegion, FORMULA_LIMITS, type TextField, type DateField, TEXT_TAG_FIELDS, FORMULA_TAG_GROUPS, queryTypeOf, isFormulaTag, type FormulaProblem, FORMULA_MESSAGE_NAMESPACE, formulaProblem, islandMessageKey,
} from './formula-rules.ts';

export type { ClassScheme } from './keys.ts';
export { JPLATPAT_TAGS, type JPlatPatTag } from './syntax.ts';

/** The right tag's values in words, Japanese and English (formulaRightValues in islands-formula.json), with the codes §5 gives them. */
const RIGHT_WORDS: Readonly<Record<string, 0 | 1 | 2 | 3>> = {
  権利消滅: 0, 消滅: 0, lapsed: 0,
  権利存続: 1, 存続: 1, 'in force': 1,
  審査中: 2, 'under examination': 2, pending: 2,
  実用新案: 3, 'utility model': 3,
};

/** J-PlatPat field tags as the row tags they stand for. */
export const JPLATPAT_TAG_MEANING: Readonly<Record<JPlatPatTag, FormulaTag>> = {
  TX: 'abst_claim_desc_title',
  CL: 'claim',
  AB: 'abst',
  TI: 'title',
  DE: 'desc',
  IP: 'ipc',
  FI: 'fi',
  FT: 'fterm',
  CP: 'cpc',
};

// ---------------------------------------------------------------------------------------
// Syntax tree

export type FormulaNode =
  | { type: 'and'; children: FormulaNode[] }
  | { type: 'or'; children: FormulaNode[] }
  /** Only inside an `and` (A-B is and(A, not(B))). */
  | { type: 'not'; child: FormulaNode }
  /** Words as typed; the search analyses them as the index does (several words: a phrase). */
  | { type: 'text'; fields: TextField[]; text: string }
  /** Proximity: one of `right` within `distance` positions after (ordered) or around one of `left`. */
  | { type: 'near'; fields: TextField[]; left: string[]; right: string[]; distance: number; ordered: boolean }
  /** A classification code in normalised form (H01L21/02, 4C083AB08, 360/78): it and everything below it. */
  | { type: 'class'; scheme: ClassScheme; code: string }
  /** Part of a name, normalised: applicantKey for applicants, nameKey for inventors. */
  | { type: 'name'; field: 'applicant' | 'inventor'; key: string }
  | { type: 'applicationNumber'; key: string }
  | { type: 'publicationNumber'; region: FormulaRegion; core: string; kind: string | null }
  /** yyyy-mm-dd, inclusive; null: open. */
  | { type: 'date'; field: DateField; from: string | null; to: string | null }
  | { type: 'right'; value: 0 | 1 | 2 | 3 };

export type CombinationNode =
  | { type: 'row'; id: number }
  | { type: 'and'; children: CombinationNode[] }
  | { type: 'or'; children: CombinationNode[] }
  | { type: 'not'; child: CombinationNode };

// ---------------------------------------------------------------------------------------
// Problems

/** Every rule with its own message (formulaErrors.<rule> in locales/{ja,en}/islands-formula.json). */
export const FORMULA_RULES = [
  ...SYNTAX_RULES,
  'empty',
  'noFormula',
  'tooLong',
  'proximityField',
  'noWordCharacters',
  'badClassCode',
  'badNumber',
  'numberOtherRegion',
  'badDate',
  'dateRangeReversed',
  'badRight',
  'rightUtilityCnOnly',
  'combinationUnknownRow',
  'combinationRowNotUsed',
  'tooManyRows',
  'ipcLimitTooMany',
  'ipcLimitCode',
  'tooComplex',
  'truncation',
] as const;
export type FormulaRule = (typeof FORMULA_RULES)[number];

class InterpretProblem extends Error {
  constructor(readonly problem: FormulaProblem) {
    super(problem.messageKey);
  }
}
const fail = (rule: FormulaRule, values: Record<string, string | number>, at?: number): never => {
  throw new InterpretProblem(formulaProblem(rule, values, at));
};

// ---------------------------------------------------------------------------------------
// Formula rows

type RawTerm = Extract<RawNode, { kind: 'term' }>;

const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;
const SCHEME_LABEL: Record<ClassScheme, string> = { ipc: 'IPC', fi: 'FI', fterm: 'F-term', cpc: 'CPC', usc: 'USC' };

function words(term: RawTerm): string {
  if (!HAS_WORD_CHARACTER.test(term.text)) fail('noWordCharacters', { term: term.text }, term.at);
  return term.text;
}

function leaf(term: RawTerm, tag: FormulaTag, region: FormulaRegion): FormulaNode {
  const fields = TEXT_TAG_FIELDS[tag];
  if (fields) return { type: 'text', fields: [...fields], text: words(term) };
  const scheme = CLASS_TAGS[tag];
  if (scheme) {
    const key = classQueryKey(scheme, term.text);
    if (!key) return fail('badClassCode', { code: term.text, scheme: SCHEME_LABEL[scheme] }, term.at);
    return { type: 'class', scheme, code: key.slice(scheme.length + 1) };
  }
  const dateField = DATE_TAGS[tag];
  if (dateField) {
    const parsed = parseDateRange(term.text);
    if (!parsed.ok) {
      const { rule, ...values } = parsed.problem;
      return fail(rule, values, term.at);
    }
    return { type: 'date', field: dateField, ...parsed.range };
  }
  switch (tag) {
    case 'appname':
    case 'invename': {
      // Applicants as the store keeps them (legal forms and punctuation folded: トヨタ自動車株式会社 → トヨタ自動車).
      const key = tag === 'appname' ? applicantKey(term.text) : nameKey(term.text);
      if (!key) return fail('noWordCharacters', { term: term.text }, term.at);
      return { type: 'name', field: tag === 'appname' ? 'applicant' : 'inventor', key };
    }
    case 'appid': {
      const key = applicationNumberKey(term.text);
      if (!key || !plausibleApplicationNumber(key)) return fail('badNumber', { term: term.text }, term.at);
      return { type: 'applicationNumber', key };
    }
    case 'pubidall': {
      const text = term.text.trim();
      // Without a country the number is the searched region's (2020-123456 in jp).
      const number = parsePublicationNumber(text) ?? (/^[\d０-９]/.test(text) ? parsePublicationNumber(`${region.toUpperCase()}${text}`) : undefined);
      if (!number || !/\d/.test(number.core)) return fail('badNumber', { term: term.text }, term.at);
      // A US number in a search of Japanese documents can never match: say so rather than find nothing.
      if (number.region !== region) return fail('numberOtherRegion', { term: term.text, numberRegion: number.region.toUpperCase(), region: region.toUpperCase() }, term.at);
      return { type: 'publicationNumber', region: number.region, core: number.core, kind: number.kind };
    }
    case 'right': {
      const text = term.text.trim().normalize('NFKC').toLowerCase();
      // The status in words as the builder names it (権利存続, in force …), or the spec's code.
      const value = /^[0-3]$/.test(text) ? (Number(text) as 0 | 1 | 2 | 3) : RIGHT_WORDS[text];
      if (value === 3 && region !== 'cn') return fail('rightUtilityCnOnly', { value: term.text.trim() }, term.at);
      if (value === undefined) return fail('badRight', { value: term.text }, term.at);
      return { type: 'right', value };
    }
    default:
      throw new Error(`unhandled tag ${tag}`);
  }
}

/** The words on one side of a proximity: a term, or a group of terms joined with + (synonyms). */
function proximityOperand(node: RawNode, at: number): string[] {
  if (node.kind === 'term') return [words(node)];
  if (node.kind === 'or' && node.children.every((child) => child.kind === 'term')) return node.children.map((child) => words(child as RawTerm));
  return fail('proximityOperand', {}, at);
}

function interpret(node: RawNode, tag: FormulaTag, region: FormulaRegion): FormulaNode {
  switch (node.kind) {
    case 'term':
      return leaf(node, tag, region);
    case 'and':
    case 'or':
      return { type: node.kind, children: node.children.map((child) => interpret(child, tag, region)) };
    case 'not':
      return { type: 'not', child: interpret(node.child, tag, region) };
    case 'tagged':
      // The innermost tag wins: (A/CL+B)/TX searches A in the claims, B in the full text.
      return interpret(node.child, JPLATPAT_TAG_MEANING[node.tag], region);
    case 'near': {
      const fields = TEXT_TAG_FIELDS[tag];
      if (!fields) return fail('proximityField', {}, node.at);
      return {
        type: 'near',
        fields: [...fields],
        left: proximityOperand(node.left, node.at),
        right: proximityOperand(node.right, node.at),
        distance: node.distance,
        ordered: node.ordered,
      };
    }
  }
}

const syntaxProblem = (problem: SyntaxProblem): FormulaProblem => formulaProblem(problem.rule, problem.values, problem.at);

/** A Latin word right before the * that lacks its right operand: batter* (truncation elsewhere, as in Espacenet). */
const WORD_BEFORE_STAR = /[A-Za-z][A-Za-z0-9]{2,}$/;

/**
 * 「batter*」 is truncation as other databases write it; here * is AND and lacks its operand. Said
 * as such (words are matched by their stem), not as an operator without a keyword. A* or 電池* stay
 * missingOperand: a formula left unfinished.
 */
function truncationOf(problem: SyntaxProblem, text: string): FormulaProblem | null {
  if (problem.rule !== 'missingOperand' || problem.values.operator !== '*') return null;
  const word = WORD_BEFORE_STAR.exec(toHalfWidthAscii(text).slice(0, problem.at));
  return word ? formulaProblem('truncation', { term: word[0] }, problem.at) : null;
}

/** One formula row: its syntax tree for the tag, or the first problem. */
export function parseFormula(text: string, tag: FormulaTag, region: FormulaRegion): { ok: true; node: FormulaNode } | { ok: false; problem: FormulaProblem } {
  if (text.length > FORMULA_LIMITS.length) return { ok: false, problem: formulaProblem('tooLong', { max: FORMULA_LIMITS.length }) };
  if (!text.trim()) return { ok: false, problem: formulaProblem('empty') };
  try {
    const tokens = lexFormula(text, { hyphenInTerms: tag === 'appid' || tag === 'pubidall' });
    checkBrackets(tokens, FORMULA_LIMITS.parenthesisDepth);
    const terms = tokens.filter((token) => token.kind === 'term');
    if (terms.length > FORMULA_LIMITS.keywords) return { ok: false, problem: formulaProblem('tooManyKeywords', { max: FORMULA_LIMITS.keywords }, terms[FORMULA_LIMITS.keywords]!.at) };
    return { ok: true, node: interpret(parseTokens(tokens, text), tag, region) };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { ok: false, problem: truncationOf(error, text) ?? syntaxProblem(error) };
    if (error instanceof InterpretProblem) return { ok: false, problem: error.problem };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------
// Combination

function combinationNode(node: RawNode, rowIds: ReadonlySet<number>): CombinationNode {
  switch (node.kind) {
    case 'term': {
      const id = Number(node.text);
      if (!rowIds.has(id)) return fail('combinationUnknownRow', { row: node.text }, node.at);
      return { type: 'row', id };
    }
    case 'and':
    case 'or':
      return { type: node.kind, children: node.children.map((child) => combinationNode(child, rowIds)) };
    case 'not':
      return { type: 'not', child: combinationNode(node.child, rowIds) };
    default:
      // The combination lexer makes neither proximity nor field tags.
      throw new Error(`unexpected ${node.kind} in a combination`);
  }
}

/**
 * The combination of formula rows by number. Empty means every row: the row itself when
 * there is one, else all rows ANDed (1*2*…), as the builder shows.
 */
export function parseCombination(text: string, rowIds: number[]): { ok: true; node: CombinationNode } | { ok: false; problem: FormulaProblem } {
  if (text.length > FORMULA_LIMITS.length) return { ok: false, problem: formulaProblem('tooLong', { max: FORMULA_LIMITS.length }) };
  if (!text.trim()) {
    if (rowIds.length === 0) return { ok: false, problem: formulaProblem('noFormula') };
    const rows: CombinationNode[] = rowIds.map((id) => ({ type: 'row', id }));
    return { ok: true, node: rows.length === 1 ? rows[0]! : { type: 'and', children: rows } };
  }
  try {
    const tokens = lexCombination(text);
    checkBrackets(tokens, FORMULA_LIMITS.parenthesisDepth);
    return { ok: true, node: combinationNode(parseTokens(tokens, text), new Set(rowIds)) };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { ok: false, problem: syntaxProblem(error) };
    if (error instanceof InterpretProblem) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** Row numbers a combination names, in order of first appearance. */
export function combinationRows(node: CombinationNode, out: number[] = []): number[] {
  if (node.type === 'row') {
    if (!out.includes(node.id)) out.push(node.id);
  } else if (node.type === 'not') combinationRows(node.child, out);
  else for (const child of node.children) combinationRows(child, out);
  return out;
}

export interface DetailFormulaInput {
  formulas: ReadonlyArray<{ id: number; text: string; tag: FormulaTag }>;
  combination: string;
  ipcLimit?: readonly string[];
}

export interface DetailFormulaValidation {
  valid: boolean;
  rows: Record<number, FormulaProblem | null>;
  combination: FormulaProblem | null;
  ipcLimit: FormulaProblem | null;
}

/** The codes of a limited IPC search (§5: at most 3), or its problem. */
export function validateIpcLimit(codes: readonly string[]): FormulaProblem | null {
  if (codes.length > FORMULA_LIMITS.ipcLimit) return formulaProblem('ipcLimitTooMany', { max: FORMULA_LIMITS.ipcLimit });
  for (const code of codes) if (!classQueryKey('ipc', code)) return formulaProblem('ipcLimitCode', { code });
  return null;
}

/**
 * Validates rows + combination (+ IPC limit) as the form does: every problem, per row id and
 * for the combination. An empty row is a problem when the combination uses it (an empty
 * combination uses every row); a filled row the combination leaves out is one too (E026).
 */
export function validateDetailFormulas(input: DetailFormulaInput, region: FormulaRegion): DetailFormulaValidation {
  const rows: Record<number, FormulaProblem | null> = {};
  const ids = input.formulas.map((formula) => formula.id);
  let combination: FormulaProblem | null = null;
  const parsed = parseCombination(input.combination, ids);
  if (!parsed.ok) combination = parsed.problem;
  const used = new Set(parsed.ok ? combinationRows(parsed.node) : ids);
  for (const formula of input.formulas) {
    if (!formula.text.trim()) {
      rows[formula.id] = used.has(formula.id) ? formulaProblem('empty') : null;
      continue;
    }
    const result = parseFormula(formula.text, formula.tag, region);
    rows[formula.id] = result.ok ? null : result.problem;
  }
  if (!combination && input.formulas.length > FORMULA_LIMITS.rows) combination = formulaProblem('tooManyRows', { max: FORMULA_LIMITS.rows });
  if (!combination) {
    const unused = input.formulas.find((formula) => formula.text.trim() && !used.has(formula.id));
    if (unused) combination = formulaProblem('combinationRowNotUsed', { row: unused.id });
  }
  const ipcLimit = validateIpcLimit(input.ipcLimit ?? []);
  const valid = !combination && !ipcLimit && Object.values(rows).every((problem) => problem === null);
  return { valid, rows, combination, ipcLimit };
}
