// Patent creation support (§1, §4): the request is checked and resolved against the store (the
// reference patent must be recorded, the drawings must really be images), kept as a `queries`
// row with its drawings, and drafted by job type 8, which advances the row through the §4
// stages and stores the draft as version 1 of a patent document. A failure or cancel ends the
// row through the queue (endsQuery); the input stays, so "edit and create again" loses nothing.
import { randomUUID } from 'node:crypto';
import { assertWithinQuota, gptUserOf } from '../gpt-usage/service.ts';
import { JOB_TYPES, type JobContext, type JobQueue } from '../jobs/types.ts';
import type { PatentDrawing } from '../patent-documents/model.ts';
import { sniffDrawing } from '../patent-documents/drawings.ts';
import { copyDrawing, drawingsByIds, insertDocument, insertDrawing } from '../patent-documents/repository.ts';
import { findPatentByWrittenNumber } from '../patents/lookup.ts';
import { findPatentById } from '../patents/repository.ts';
import type { AppConfig } from '../platform/config.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { createGptClient, isGptConfigured, type GptClient } from '../platform/gpt.ts';
import type { Logger } from '../platform/logger.ts';
import { draftWithoutGpt } from './draft/index.ts';
import type { CitedDocument, Draft, DraftInput } from './draft-input.ts';
import { draftWithGpt } from './gpt-draft/index.ts';
import { advanceCreation, completeCreation, findCreation, findCreationById, insertCreation, type StoredCreation } from './repository.ts';
import { CREATION_LIMITS, type CreationNotice, type StoredCreationInput, type StoredDrawingRef } from './shared.ts';
import { captionsWithoutFiles, checkDrawingFiles, documentLanguageOf, type CreationRequest, type UploadedDrawing } from './validation.ts';

/** Percent shown at each stage reached: reading is quick, the draft quicker, GPT the long one. */
const PROGRESS = { 1: 5, 2: 15, 3: 30, 4: 95 } as const;

export interface CreationDeps {
  db: Database;
  jobs: JobQueue;
  config: Pick<AppConfig, 'gpt'>;
}

/** Checks, stores and enqueues a creation request; returns the entry's id and the notices known already. */
export async function startCreation(
  deps: CreationDeps,
  user: { id: string; companyId: string },
  request: CreationRequest,
  files: UploadedDrawing[],
  /** Pictures for the kept figures marked attached, in their order (the form's `keptPictures`). */
  attachedFiles: UploadedDrawing[] = [],
): Promise<{ id: string; notices: CreationNotice[] }> {
  const { db } = deps;
  checkDrawingFiles(files, request, attachedFiles);
  // Every file's type by its content, whichever figure it is for.
  const readDrawing = (file: UploadedDrawing) => {
    const sniffed = sniffDrawing(file.bytes);
    if (!sniffed) throw new AppError(400, 'E052', 'E052', { name: file.fileName }, { field: 'drawings' });
    return { ...sniffed, fileName: file.fileName, bytes: file.bytes };
  };
  const drawings = files.map((file, i) => ({ ...readDrawing(file), caption: request.drawingCaptions[i] ?? '' }));
  const attached = attachedFiles.map(readDrawing);
  let referenceId: string | null = null;
  if (request.referenceNumber) {
    const reference = await findPatentByWrittenNumber(db, request.referenceNumber);
    if (!reference) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'referenceNumber' });
    referenceId = reference.id;
  }
  const notices: CreationNotice[] = [];
  if (request.similarGiven > CREATION_LIMITS.similarPatents) notices.push({ key: 'E046', values: { max: CREATION_LIMITS.similarPatents, given: request.similarGiven } });
  let shouldUseGPT = request.shouldUseGPT;
  if (shouldUseGPT && !isGptConfigured(deps.config.gpt)) {
    shouldUseGPT = false;
    notices.push({ key: 'notice.gptNotConfigured' });
  }
  // Over quota is said now, while the user is still on the form, rather than after the wait.
  if (shouldUseGPT) await assertWithinQuota(db, { userId: user.id, companyId: user.companyId }, deps.config.gpt);

  const id = randomUUID();
  const pictured = request.keptDrawings.filter((drawing) => !drawing.withoutPicture && !drawing.attached);
  const kept = await drawingsByIds(db, user.id, pictured.map((drawing) => drawing.id));
  if (kept.size !== new Set(pictured.map((drawing) => drawing.id)).size) throw new AppError(400, 'E102', 'E102', {}, { field: 'drawings' });
  // A figure kept without a picture has nothing to copy: it is its description only, unless it is given its picture now.
  let nextAttached = 0;
  const keptRefs = request.keptDrawings.map((drawing) => {
    if (drawing.attached) {
      const picture = attached[nextAttached++]!;
      return { sourceId: null, id: randomUUID(), fileName: picture.fileName, caption: drawing.caption, picture };
    }
    return drawing.withoutPicture
      ? { sourceId: null, id: randomUUID(), fileName: '', caption: drawing.caption, withoutPicture: true as const }
      : { sourceId: drawing.id, id: randomUUID(), fileName: kept.get(drawing.id)!.fileName, caption: drawing.caption };
  });
  const refs: StoredDrawingRef[] = [
    ...keptRefs.map(({ sourceId: _, picture: __, ...ref }) => ref),
    ...drawings.map((drawing) => ({ id: randomUUID(), fileName: drawing.fileName, caption: drawing.caption })),
    // Captions sent beyond the files describe figures without a picture: kept rather than dropped.
    ...captionsWithoutFiles(request.drawingCaptions, files.length).map((caption) => ({ id: randomUUID(), fileName: '', caption, withoutPicture: true as const })),
  ];
  const input: StoredCreationInput = {
    lang: request.lang,
    claims: request.claims,
    referenceNumber: request.referenceNumber,
    referenceId,
    referenceParts: request.referenceParts,
    similarPatents: request.similarPatents,
    similarGiven: request.similarGiven,
    similarDocument: request.similarDocument,
    keywords: request.keywords,
    shouldUseGPT,
    shouldUseGPTVision: shouldUseGPT && request.shouldUseGPTVision,
    drawings: refs,
    memo: request.memo,
  };
  await db.transaction(async (trx) => {
    await insertCreation(trx, { id, userId: user.id, companyId: user.companyId, input, notices });
    for (const drawing of keptRefs) {
      if (drawing.sourceId) await copyDrawing(trx, { sourceId: drawing.sourceId, id: drawing.id, userId: user.id, queryId: id });
      const { picture } = drawing;
      if (picture) await insertDrawing(trx, { id: drawing.id, userId: user.id, queryId: id, fileName: picture.fileName, mimeType: picture.mimeType, width: picture.width, height: picture.height, bytes: picture.bytes });
    }
    for (const [i, drawing] of drawings.entries()) {
      await insertDrawing(trx, { id: refs[keptRefs.length + i]!.id, userId: user.id, queryId: id, fileName: drawing.fileName, mimeType: drawing.mimeType, width: drawing.width, height: drawing.height, bytes: drawing.bytes });
    }
  });
  await deps.jobs.enqueue(db, { userId: user.id, queryId: id, type: JOB_TYPES.draftSpecification, payload: { queryId: id }, endsQuery: true });
  return { id, notices };
}

/** The user's own entry; E072 otherwise. */
export async function creationOf(db: Database, userId: string, id: string): Promise<StoredCreation> {
  const creation = await findCreation(db, userId, id);
  if (!creation) throw new AppError(404, 'E072', 'E072');
  return creation;
}

/** Cancels the user's running draft: its job ends the entry (cancelled) in the same statement. */
export async function cancelCreation(deps: { db: Database; jobs: JobQueue }, userId: string, id: string): Promise<StoredCreation> {
  await creationOf(deps.db, userId, id);
  for (const job of await deps.jobs.list(userId, { queryId: id })) {
    if (job.status === 0) await deps.jobs.cancel(userId, job.uuid);
  }
  return creationOf(deps.db, userId, id);
}

const keywordsOf = (text: string): string[] => text.split(/[\s,、，;；]+/).map((word) => word.trim()).filter(Boolean);

/** What the drafters read: the stored input with the records and drawings it names. */
async function draftInputOf(db: Database, creation: StoredCreation): Promise<DraftInput> {
  const input = creation.input;
  const reference = input.referenceId ? ((await findPatentById(db, input.referenceId)) ?? null) : null;
  // The reference left the store while the job waited: say so rather than draft without it.
  if (input.referenceId && !reference) throw new AppError(404, 'descgen-1002');
  const similar: CitedDocument[] = [];
  for (const written of input.similarPatents) {
    if (written.replace(/\s+/g, '') === input.referenceId) continue;
    similar.push({ written: written.replace(/\s+/g, ''), record: await findPatentByWrittenNumber(db, written) });
  }
  const stored = await drawingsByIds(db, creation.userId, input.drawings.map((drawing) => drawing.id));
  return {
    lang: documentLanguageOf(input.lang),
    claims: input.claims,
    keywords: keywordsOf(input.keywords),
    reference,
    referenceParts: input.referenceParts,
    similar,
    similarDocument: input.similarDocument,
    // Every figure, in order, so that the descriptions drafted stay with their figures; one whose
    // picture is not stored (described without a file, or lost) is drafted from its caption.
    drawings: input.drawings.map((ref) => {
      const drawing = stored.get(ref.id);
      return { fileName: ref.fileName, mimeType: drawing?.mimeType ?? null, data: drawing ? new Uint8Array(drawing.bytes) : null, caption: ref.caption };
    }),
  };
}

export interface CreationJobDeps {
  config: Pick<AppConfig, 'gpt'>;
  logger?: Logger;
  /** The GPT client (null: GPT off); made from config.gpt when not given. */
  gpt?: GptClient | null;
}

/** Job type 8: the draft, stage by stage; the document is stored as version 1. */
export async function runCreationJob(context: JobContext, deps: CreationJobDeps, gpt: GptClient | null): Promise<unknown> {
  const { db, signal } = context;
  const { queryId } = context.job.payload as { queryId: string };
  const creation = await findCreationById(db, queryId);
  if (!creation || creation.status !== 0) return { skipped: true };
  const stage = async (reached: 1 | 2 | 3 | 4) => {
    await context.progress(PROGRESS[reached]);
    await advanceCreation(db, queryId, reached, PROGRESS[reached]);
  };
  // Milliseconds per step in their order, kept with the result (bench/creation reports their shares).
  const timings: Array<[step: string, ms: number]> = [];
  let mark = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    timings.push([step, Math.round(now - mark)]);
    mark = now;
  };
  try {
    await stage(1);
    const input = await draftInputOf(db, creation);
    lap('reading');
    await stage(2);
    const baseline = await draftWithoutGpt(input, { signal });
    lap('drafting');
    await stage(3);
    let draft: Draft = baseline;
    if (creation.input.shouldUseGPT && gpt) {
      const user = await gptUserOf(db, creation.userId);
      draft = await draftWithGpt(input, baseline, {
        db, client: gpt, settings: deps.config.gpt, user, signal, useVision: creation.input.shouldUseGPTVision,
        onProgress: async (done, total) => context.progress(PROGRESS[3] + ((PROGRESS[4] - PROGRESS[3]) * done) / Math.max(1, total)),
      });
    } else if (creation.input.shouldUseGPT) {
      draft = { ...baseline, notices: [...baseline.notices, { key: 'notice.gptNotConfigured' }] };
    }
    lap(creation.input.shouldUseGPT ? 'gpt' : 'progress');
    await stage(4);
    const stored = await drawingsByIds(db, creation.userId, creation.input.drawings.map((drawing) => drawing.id));
    // A figure whose picture is not stored keeps its number and description (【図面の簡単な説明】), marked without a picture.
    const drawings: PatentDrawing[] = creation.input.drawings.map((ref, i) => {
      const drawing = stored.get(ref.id);
      const description = draft.drawingDescriptions[i] ?? ref.caption;
      if (!drawing) return { id: ref.id, fileName: ref.fileName, mimeType: 'image/png', width: 0, height: 0, description, withoutPicture: true };
      return { id: ref.id, fileName: ref.fileName, mimeType: drawing.mimeType, width: drawing.width, height: drawing.height, description };
    });
    const earlier = ((creation.result as { notices?: CreationNotice[] } | null)?.notices ?? []);
    const prefabId = await insertDocument(db, {
      userId: creation.userId, companyId: await companyOf(db, creation.userId), queryId, origin: 'creation', lang: documentLanguageOf(creation.input.lang), sections: draft.sections, drawings,
    });
    const unknown = input.similar.filter((cited) => !cited.record).map((cited) => cited.written);
    const notices: CreationNotice[] = [
      ...earlier,
      ...(unknown.length ? [{ key: unknown.length > 10 ? 'notice.similarUnknownMore' : 'notice.similarUnknown', values: { numbers: unknown.slice(0, 10), more: unknown.length - 10 } }] : []),
      ...draft.notices,
    ];
    lap('storing');
    if (!(await completeCreation(db, queryId, { prefabId, version: 1, notices, timings }))) return { cancelled: true };
    return { prefabId };
  } catch (error) {
    if (signal.aborted || error instanceof AppError) throw error;
    // The text is the user's: log the failure, never the input.
    context.logger.error({ err: error }, 'drafting failed');
    throw new AppError(500, 'descgen-2001');
  }
}

async function companyOf(db: Database, userId: string): Promise<string> {
  return (await gptUserOf(db, userId)).companyId;
}

export function registerCreationJobs(queue: JobQueue, deps: CreationJobDeps): void {
  const gpt = deps.gpt === undefined ? createGptClient(deps.config.gpt, deps.logger) : deps.gpt;
  queue.register(JOB_TYPES.draftSpecification, (context) => runCreationJob(context, deps, gpt));
}
