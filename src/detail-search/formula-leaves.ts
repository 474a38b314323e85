// The conditions a detailed search's chosen formulas are made of, each with whether a NOT stands
// over it: read by the result page for the words it marks (search-words.ts) and by the no-hit
// message for the data they need (missing-data.ts).
import { parseFormula, type FormulaNode } from '../patents/query/formula.ts';
import type { DetailSearchInput } from './input.ts';

export type FormulaLeaf = Exclude<FormulaNode, { type: 'and' | 'or' | 'not' }>;

/** Every condition of the chosen mode's rows that parse, in row order. */
export function formulaLeavesOf(input: DetailSearchInput): Array<{ leaf: FormulaLeaf; negated: boolean }> {
  const leaves: Array<{ leaf: FormulaLeaf; negated: boolean }> = [];
  const visit = (node: FormulaNode, negated: boolean): void => {
    if (node.type === 'and' || node.type === 'or') node.children.forEach((child) => visit(child, negated));
    else if (node.type === 'not') visit(node.child, true);
    else leaves.push({ leaf: node, negated });
  };
  for (const row of input.modes[input.inputMode].formulas) {
    const parsed = parseFormula(row.text, row.tag, input.lang);
    if (parsed.ok) visit(parsed.node, false);
  }
  return leaves;
}
