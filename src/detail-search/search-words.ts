// What a detailed search's text rows look for, as its result list marks them: the words (the
// parser's own reading of them) and the text fields they were searched in, so that a hit of a
// claims-only formula (電池/CL) shows the claim that names 電池, not its abstract.
import { parseFormula, type FormulaNode, type TextField } from '../patents/query/formula.ts';
import type { DetailSearchInput } from './input.ts';

export interface SearchWords {
  terms: string[];
  /** The fields any of the words is searched in (each once). */
  fields: TextField[];
}

export function searchWordsOf(input: DetailSearchInput): SearchWords {
  const terms: string[] = [];
  const fields = new Set<TextField>();
  // Words under a NOT are not what a hit was found for: neither marked nor a snippet's field.
  const visit = (node: FormulaNode, negated = false): void => {
    switch (node.type) {
      case 'and':
      case 'or':
        node.children.forEach((child) => visit(child, negated));
        return;
      case 'not':
        visit(node.child, true);
        return;
      case 'text':
      case 'near':
        if (negated) return;
        terms.push(...(node.type === 'text' ? [node.text] : [...node.left, ...node.right]));
        node.fields.forEach((field) => fields.add(field));
        return;
      default:
    }
  };
  for (const row of input.modes[input.inputMode].formulas) {
    const parsed = parseFormula(row.text, row.tag, input.lang);
    if (parsed.ok) visit(parsed.node);
  }
  return { terms, fields: [...fields] };
}

/** The words the text rows search for, for marking them in the list's snippets. */
export const searchTermsOf = (input: DetailSearchInput): string[] => searchWordsOf(input).terms;
