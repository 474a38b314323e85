// GPT-instructed edits of a patent document (issue 16 parts 2 and 3): the selected items are
// rewritten by GPT following the user's instruction and come back as proposals — before and
// after per item — for the user to confirm or cancel one by one. Nothing here changes the
// document; confirming is the caller's (withItemText).
//
// Calls: one structured call for the text items together (drawings without an image among
// them), then one vision call per selected drawing whose image is at hand. Every call is
// metered (callGptMetered: the company's budget first, usage recorded as 'edit.text' /
// 'edit.vision'). Unlike drafting, there is no fallback: the edit is all or nothing, so a
// failed call or an unusable answer ends it with E417 (E098 over the budget, the abort reason
// on a cancel) and the document stays as it was.
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { GptError, type GptClient, type GptSettings, type StructuredRequest } from '../../platform/gpt.ts';
import { callGptMetered, type GptUser } from '../../gpt-usage/service.ts';
import type { PatentDocument } from '../../patent-documents/model.ts';
import { checkEditedText } from './checks.ts';
import { itemText, parseItemKey, type EditItem } from './items.ts';
import { drawingEditRequest, textEditRequest, TEXT_EDIT_PURPOSE, VISION_EDIT_PURPOSE } from './requests.ts';

export { GPT_EDIT_WARNINGS, claimReferences } from './checks.ts';
export { formatItemKey, itemKeys, itemText, parseItemKey, parseSignLine, withItemText, type EditItem } from './items.ts';
export { TEXT_EDIT_PURPOSE, VISION_EDIT_PURPOSE } from './requests.ts';
export { INSTRUCTION_LIMIT, validateEditRequest, type EditRequest } from './validation.ts';

/** One item's proposal: its current text and GPT's version (equal when the instruction left it as it was). */
export interface EditProposal {
  item: string;
  before: string;
  after: string;
  /** i18n keys (GPT_EDIT_WARNINGS) about the after text the user should look at before confirming. */
  warnings?: string[];
}

export interface GptEditDeps {
  db: Database;
  client: GptClient;
  settings: Pick<GptSettings, 'pricePerMillion' | 'defaultMonthlyQuotaUsd'>;
  user: GptUser;
  /** Aborted when the job is cancelled: the edit then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Drawing images by drawing id; a selected drawing with one is edited by GPT vision. */
  images?: Map<string, Uint8Array>;
  /** After each GPT call: calls done of the calls planned. */
  onProgress?(done: number, total: number): Promise<void>;
}

const generationFailed = (): AppError => new AppError(502, 'E417');

/** Proposals for the selected items, in the order given; rejects with E417, E098, E999 or the abort reason. */
export async function proposeEdits(document: PatentDocument, request: { items: string[]; instruction: string }, deps: GptEditDeps): Promise<EditProposal[]> {
  const { signal } = deps;
  const { instruction } = request;
  const selected: Array<{ key: string; item: EditItem; before: string }> = [];
  for (const key of new Set(request.items)) {
    const item = parseItemKey(document, key);
    if (!item) throw new AppError(400, 'E101', 'E101', {}, { field: 'items' });
    selected.push({ key, item, before: itemText(document, key) });
  }
  const imageOf = (item: EditItem): Uint8Array | undefined => (item.kind === 'drawing' ? deps.images?.get(document.drawings[item.index]!.id) : undefined);
  const vision = selected.filter(({ item }) => imageOf(item));
  const textual = selected.filter(({ item }) => !imageOf(item));
  const total = (textual.length > 0 ? 1 : 0) + vision.length;
  let done = 0;

  async function call<T>(purpose: string, gptRequest: StructuredRequest<T>): Promise<T> {
    signal?.throwIfAborted();
    try {
      const { value } = await callGptMetered(deps.db, { client: deps.client, settings: deps.settings, user: deps.user, purpose, request: gptRequest });
      done++;
      await deps.onProgress?.(done, total);
      return value;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      // E999 (the deployment is wrong) stays as it is; every other GPT failure is "generation failed".
      if (error instanceof GptError && error.errcode !== 'E999') throw generationFailed();
      throw error;
    }
  }

  const afters = new Map<string, { text: string; warnings: string[] }>();
  const accept = (entry: (typeof selected)[number], raw: string): void => {
    const checked = checkEditedText(entry.item, raw, { document, before: entry.before, instruction });
    if (!checked) throw generationFailed();
    afters.set(entry.key, checked);
  };

  if (textual.length > 0) {
    const edits = await call(TEXT_EDIT_PURPOSE, textEditRequest(document, textual.map(({ key, before }) => ({ item: key, text: before })), instruction, signal));
    const byKey = new Map(edits.map((edit) => [edit.item, edit.text]));
    for (const entry of textual) accept(entry, byKey.get(entry.key)!);
  }
  for (const entry of vision) {
    const index = (entry.item as Extract<EditItem, { kind: 'drawing' }>).index;
    accept(entry, await call(VISION_EDIT_PURPOSE, drawingEditRequest(document, index, imageOf(entry.item)!, instruction, signal)));
  }

  return selected.map(({ key, before }) => {
    const { text, warnings } = afters.get(key)!;
    return warnings.length > 0 ? { item: key, before, after: text, warnings } : { item: key, before, after: text };
  });
}
