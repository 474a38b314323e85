// The formula builder's edits as pure functions over the §3 input (src/detail-search/input.ts):
// formula rows (1-based ids, add takes the next id, delete renumbers from 1, at most 30), the
// combination (half-width digits and + - * ( ) only), and keywords (an edit replaces the entry
// with the same id, §4). No React here, so the rules read in one place.
import type { DetailSearchInput, FormulaRowInput, FormulaSet, InputMode, Keyword, Region } from '../../src/detail-search/input.ts';
import { FORMULA_LIMITS, FORMULA_TAG_GROUPS, queryTypeOf, type FormulaProblem, type FormulaTag } from '../../src/patents/query/formula-rules.ts';
import type { FormulaChecks } from './formula-checks.ts';

export { isFormulaTag } from '../../src/patents/query/formula-rules.ts';

export const DEFAULT_TAG: FormulaTag = 'abst_claim_desc_title';
export const MEMO_LIMIT = 5000;
/** The subject matter feeds keyword extraction and GPT; the same bound as a prior-art invention text (§9). */
export const SUBJECT_MATTER_LIMIT = 5000;

// ---- tags ---------------------------------------------------------------------------

/** The tag select's groups (§3 tags): text, classification, names and numbers, dates, right. */
export const TAG_GROUPS = FORMULA_TAG_GROUPS;
export type TagGroup = (typeof FORMULA_TAG_GROUPS)[number]['group'];

export function tagGroupOf(tag: FormulaTag): TagGroup {
  return TAG_GROUPS.find((entry) => entry.tags.includes(tag))?.group ?? 'text';
}

/** What the text field of a row expects, for its example: text formulas, class codes, names, numbers, dates, right values. */
export function placeholderKind(tag: FormulaTag): 'text' | 'classification' | 'names' | 'numbers' | 'dates' | 'right' {
  if (queryTypeOf(tag) === 'date') return 'dates';
  if (tag === 'appname' || tag === 'invename') return 'names';
  if (tag === 'appid' || tag === 'pubidall') return 'numbers';
  const group = tagGroupOf(tag);
  return group === 'namesNumbers' ? 'names' : group;
}

// ---- rows ---------------------------------------------------------------------------

export const emptyRow = (id: number, tag: FormulaTag = DEFAULT_TAG): FormulaRowInput => ({ id, text: '', tag, valid: true });

/** Rows numbered 1…n in their order (what delete leaves, §4). */
const renumbered = (rows: FormulaRowInput[]): FormulaRowInput[] => rows.map((row, index) => (row.id === index + 1 ? row : { ...row, id: index + 1 }));

export const canAddRow = (set: FormulaSet): boolean => set.formulas.length < FORMULA_LIMITS.rows;

/** A new empty row with the next id; it takes the tag of the row above, as searchers fill a block of one item. */
export function addRow(set: FormulaSet): FormulaSet {
  if (!canAddRow(set)) return set;
  const last = set.formulas[set.formulas.length - 1];
  const nextId = set.formulas.reduce((max, row) => Math.max(max, row.id), 0) + 1;
  return { ...set, formulas: [...set.formulas, emptyRow(nextId, last?.tag ?? DEFAULT_TAG)] };
}

export interface DeleteOutcome {
  set: FormulaSet;
  /** The deleted row's number when the combination used it: the combination is left as typed and needs a look. */
  combinationUsedDeleted: number | null;
  /** The combination was rewritten to the new row numbers (its meaning kept). */
  combinationRenumbered: boolean;
}

/**
 * Deletes a row and renumbers the rest from 1 (§4). The combination follows the new numbers
 * when it did not use the deleted row (1*3 with row 2 deleted becomes 1*2: the same rows);
 * when it did, no rewrite keeps its meaning, so it stays as typed and the caller asks for a look.
 * The only row is cleared instead: the form always has one (§3).
 */
export function deleteRow(set: FormulaSet, id: number): DeleteOutcome {
  if (set.formulas.length <= 1) {
    return { set: { ...set, formulas: [emptyRow(1, set.formulas[0]?.tag ?? DEFAULT_TAG)] }, combinationUsedDeleted: null, combinationRenumbered: false };
  }
  const formulas = renumbered(set.formulas.filter((row) => row.id !== id));
  const references = combinationReferences(set.combination);
  if (references.includes(id)) return { set: { ...set, formulas }, combinationUsedDeleted: id, combinationRenumbered: false };
  const combination = set.combination.replace(/\d+/g, (digits) => {
    const number = Number(digits);
    return number > id ? String(number - 1) : digits;
  });
  return { set: { formulas, combination }, combinationUsedDeleted: null, combinationRenumbered: combination !== set.combination };
}

export function updateRow(set: FormulaSet, id: number, change: Partial<Pick<FormulaRowInput, 'text' | 'tag'>>): FormulaSet {
  return { ...set, formulas: set.formulas.map((row) => (row.id === id ? { ...row, ...change } : row)) };
}

/** Formulas are one line: pasted line breaks and tabs become spaces. */
export const oneLine = (text: string): string => text.replace(/\r\n?|\n|\t/g, ' ');

// ---- combination --------------------------------------------------------------------

/** Full-width forms a Japanese IME produces for the allowed characters, taken as their half-width selves. */
const WIDE_FORMS: Record<string, string> = { '＋': '+', '－': '-', '−': '-', '‐': '-', '＊': '*', '×': '*', '（': '(', '）': ')' };

export interface FilteredCombination {
  value: string;
  /** Characters refused (each once, in typed order); spaces are dropped without complaint. */
  rejected: string[];
  /** How many characters before `caret` were dropped, to keep the caret where it was. */
  removedBeforeCaret: number;
}

/** §5: only half-width digits and + - * ( ) in the combination; everything else is refused as typed. */
export function filterCombination(typed: string, caret = typed.length): FilteredCombination {
  let value = '';
  const rejected: string[] = [];
  let removedBeforeCaret = 0;
  let index = 0;
  for (const char of typed) {
    const wide = char >= '０' && char <= '９' ? String.fromCharCode(char.charCodeAt(0) - 0xfee0) : WIDE_FORMS[char];
    const half = wide ?? char;
    if (/^[0-9+\-*()]$/.test(half)) value += half;
    else {
      if (!/\s/.test(char) && !rejected.includes(char)) rejected.push(char);
      if (index < caret) removedBeforeCaret += char.length;
    }
    index += char.length;
  }
  return { value, rejected, removedBeforeCaret };
}

/** Row numbers a combination names, each once. */
export const combinationReferences = (combination: string): number[] => [...new Set((combination.match(/\d+/g) ?? []).map(Number))];

/** What an empty combination means: row 1 alone, or every row ANDed (1*2*…). */
export const implicitCombination = (set: FormulaSet): string => set.formulas.map((row) => row.id).join('*');

// ---- validation ---------------------------------------------------------------------

export interface SetValidation {
  valid: boolean;
  /** The parser has not come yet (formula-checks.ts): nothing is known, nothing shown. */
  pending?: true;
  rows: Record<number, FormulaProblem | null>;
  combination: FormulaProblem | null;
  ipcLimit: FormulaProblem | null;
}

export { PENDING_VALIDATION } from './formula-checks.ts';

export function validateSet(set: FormulaSet, region: Region, ipcLimit: string[], checks: FormulaChecks): SetValidation {
  return checks.validateDetailFormulas({ formulas: set.formulas.map(({ id, text, tag }) => ({ id, text, tag })), combination: set.combination, ipcLimit }, region);
}

/** The rows with their valid flags as the validation found them (what is sent and stored, §3). */
export const withValidFlags = (set: FormulaSet, validation: SetValidation): FormulaSet => ({
  ...set,
  formulas: set.formulas.map((row) => ({ ...row, valid: !validation.rows[row.id] })),
});


// ---- keywords -----------------------------------------------------------------------

// The keyword list's own edits are in keywords.ts (fetched with the keyword panel, not with the page).

export const activeKeywords = (list: Keyword[]): Keyword[] => list.filter((keyword) => !keyword.isDisabled && !keyword.isRemoved);

// ---- the whole input ----------------------------------------------------------------

export const setOf = (input: DetailSearchInput, mode: InputMode = input.inputMode): FormulaSet => input.modes[mode];

export const withSet = (input: DetailSearchInput, mode: InputMode, set: FormulaSet): DetailSearchInput => ({
  ...input,
  modes: { ...input.modes, [mode]: set } as DetailSearchInput['modes'],
});

/** IPC codes as offices print them: half-width, upper case, single spaces. */
export const normalizeIpc = (code: string): string => code.normalize('NFKC').toUpperCase().replace(/\s+/g, ' ').trim();

/** Characters counted as people see them (a surrogate pair is one). */
export const characterCount = (text: string): number => Array.from(text).length;
