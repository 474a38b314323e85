// The formula language's vocabulary, apart from its parser (formula.ts re-exports all of it):
// tags, limits, what each tag searches, and problems with their message keys. The formula
// builder and the prior-art form import it with the page; the parser (with the number, name,
// class and date rules it brings, ~7 KB gzip) comes to them when a formula is typed
// (islands/formula-builder/formula-checks.ts, JS budget 80 KB per page).
import type { ClassScheme } from './keys.ts';
import type { FormulaRule } from './formula.ts';

export const FORMULA_TAGS = [
  'abst_claim_desc_title', 'claim_desc', 'title', 'abst_claim', 'abst_claim_title', 'abst_title', 'abst', 'claim', 'desc',
  'ipc', 'fi', 'fterm', 'cpc', 'usc', 'appname', 'invename', 'appdate', 'pubdateall', 'pubdate', 'registdate', 'appid', 'pubidall', 'right',
] as const;
export type FormulaTag = (typeof FORMULA_TAGS)[number];
export type QueryType = 'formula' | 'word' | 'date';
export type FormulaRegion = 'jp' | 'us' | 'cn';

export const FORMULA_LIMITS = {
  /** Formula rows per input mode (§9: 30 items). */
  rows: 30,
  /** Characters of one formula and of the combination (§9: formula 500). */
  length: 500,
  /** Terms in one formula. */
  keywords: 50,
  /** Nesting of ( ) and [ ]. */
  parenthesisDepth: 10,
  /** Limited IPC search (§5). */
  ipcLimit: 3,
  /** Population file name (§9). */
  fileName: 100,
} as const;

export type TextField = 'title' | 'abstract' | 'claims' | 'description';
export type DateField = 'application' | 'publication' | 'publicationAll' | 'registration';

/** The text fields each text tag searches (a term matches when it is in any of them). */
export const TEXT_TAG_FIELDS: Readonly<Partial<Record<FormulaTag, readonly TextField[]>>> = {
  abst_claim_desc_title: ['title', 'abstract', 'claims', 'description'],
  claim_desc: ['claims', 'description'],
  title: ['title'],
  abst_claim: ['abstract', 'claims'],
  abst_claim_title: ['title', 'abstract', 'claims'],
  abst_title: ['title', 'abstract'],
  abst: ['abstract'],
  claim: ['claims'],
  desc: ['description'],
};

export const CLASS_TAGS: Readonly<Partial<Record<FormulaTag, ClassScheme>>> = { ipc: 'ipc', fi: 'fi', fterm: 'fterm', cpc: 'cpc', usc: 'usc' };
export const DATE_TAGS: Readonly<Partial<Record<FormulaTag, DateField>>> = {
  appdate: 'application',
  pubdateall: 'publicationAll',
  pubdate: 'publication',
  registdate: 'registration',
};

/** Tags grouped as the builder's select shows them. */
export const FORMULA_TAG_GROUPS: ReadonlyArray<{ group: 'text' | 'classification' | 'namesNumbers' | 'dates' | 'right'; tags: readonly FormulaTag[] }> = [
  { group: 'text', tags: ['abst_claim_desc_title', 'claim_desc', 'title', 'abst_claim', 'abst_claim_title', 'abst_title', 'abst', 'claim', 'desc'] },
  { group: 'classification', tags: ['ipc', 'fi', 'fterm', 'cpc', 'usc'] },
  { group: 'namesNumbers', tags: ['appname', 'invename', 'appid', 'pubidall'] },
  { group: 'dates', tags: ['appdate', 'pubdateall', 'pubdate', 'registdate'] },
  { group: 'right', tags: ['right'] },
];

/** formula: boolean formulas over words or codes; word: names, numbers and right values; date: dates and ranges. */
export function queryTypeOf(tag: FormulaTag): QueryType {
  if (TEXT_TAG_FIELDS[tag] || CLASS_TAGS[tag]) return 'formula';
  if (DATE_TAGS[tag]) return 'date';
  return 'word';
}

export const isFormulaTag = (value: unknown): value is FormulaTag => typeof value === 'string' && (FORMULA_TAGS as readonly string[]).includes(value);

export interface FormulaProblem {
  errcode: string;
  /** `islands-formula:formulaErrors.<rule>` (server: req.t(messageKey, values); islands: islandMessageKey). */
  messageKey: string;
  values?: Record<string, string | number>;
  /** Character offset in the formula or combination. */
  at?: number;
}

/** Spec error codes of the rules that have their own (the rest are E027). */
const ERRCODES: Partial<Record<FormulaRule, string>> = {
  empty: 'E023',
  noFormula: 'E023',
  unbalancedOpen: 'E024',
  unbalancedClose: 'E024',
  mismatchedBracket: 'E024',
  tooDeep: 'E024',
  tooManyKeywords: 'E025',
  combinationUnknownRow: 'E026',
  combinationRowNotUsed: 'E026',
  badDate: 'E416',
  dateRangeReversed: 'E416',
};

export const FORMULA_MESSAGE_NAMESPACE = 'islands-formula';

export function formulaProblem(rule: FormulaRule, values?: Record<string, string | number>, at?: number): FormulaProblem {
  return {
    errcode: ERRCODES[rule] ?? 'E027',
    messageKey: `${FORMULA_MESSAGE_NAMESPACE}:formulaErrors.${rule}`,
    ...(values && Object.keys(values).length > 0 && { values }),
    ...(at !== undefined && { at }),
  };
}

/** The key in the islands' merged bundle (islands translate without namespaces): formulaErrors.<rule>. */
export const islandMessageKey = (problem: FormulaProblem): string => problem.messageKey.replace(`${FORMULA_MESSAGE_NAMESPACE}:`, '');
