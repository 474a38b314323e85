// What the forms fetch when a formula is typed (formula-checks.ts): the parser's checks, its
// warnings beside a row, and the formulas made from keywords (which parses each one).
export { validateDetailFormulas } from '../../src/patents/query/formula.ts';
export { formulaWarnings } from '../../src/patents/query/warnings.ts';
export { formulasFromKeywords } from '../../src/detail-search/keywords/formulas-from-keywords.ts';
