// What a detailed search's text rows look for, as its result list marks them: the words (the
// parser's own reading of them) and the text fields they were searched in, so that a hit of a
// claims-only formula (電池/CL) shows the claim that names 電池, not its abstract.
import type { TextField } from '../patents/query/formula.ts';
import { formulaLeavesOf } from './formula-leaves.ts';
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
  for (const { leaf, negated } of formulaLeavesOf(input)) {
    if (negated || (leaf.type !== 'text' && leaf.type !== 'near')) continue;
    terms.push(...(leaf.type === 'text' ? [leaf.text] : [...leaf.left, ...leaf.right]));
    leaf.fields.forEach((field) => fields.add(field));
  }
  return { terms, fields: [...fields] };
}

/** The words the text rows search for, for marking them in the list's snippets. */
export const searchTermsOf = (input: DetailSearchInput): string[] => searchWordsOf(input).terms;
