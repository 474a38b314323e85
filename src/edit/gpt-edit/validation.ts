// The GPT edit request as the API receives it: the selected items and the user's instruction
// (§9: at most 5,000 characters). Errors name the field so the form can show them there.
import { AppError } from '../../platform/errors.ts';
import type { PatentDocument } from '../../patent-documents/model.ts';
import { parseItemKey } from './items.ts';

/** §9: a GPT instruction is at most 5,000 characters. */
export const INSTRUCTION_LIMIT = 5_000;

export interface EditRequest {
  /** Item keys (items.ts), each once, in the order selected. */
  items: string[];
  instruction: string;
}

/**
 * The request's items and instruction, or an AppError: E101 (field instruction) when the
 * instruction is missing or blank, E102 (field instruction, values.max) when it is too long,
 * E101 (field items) when no item is selected or one is not in the document.
 */
export function validateEditRequest(document: PatentDocument, body: unknown): EditRequest {
  const { items, instruction } = (body ?? {}) as { items?: unknown; instruction?: unknown };
  if (typeof instruction !== 'string' || !instruction.trim()) throw new AppError(400, 'E101', 'E101', {}, { field: 'instruction' });
  // Characters as the user counts them (a kanji outside the BMP is one).
  if ([...instruction].length > INSTRUCTION_LIMIT) throw new AppError(400, 'E102', 'E102', { max: INSTRUCTION_LIMIT }, { field: 'instruction' });
  if (!Array.isArray(items) || items.length === 0) throw new AppError(400, 'E101', 'E101', {}, { field: 'items' });
  const keys: string[] = [];
  for (const key of items) {
    if (typeof key !== 'string' || !parseItemKey(document, key)) throw new AppError(400, 'E101', 'E101', {}, { field: 'items' });
    if (!keys.includes(key)) keys.push(key);
  }
  return { items: keys, instruction: instruction.trim() };
}
