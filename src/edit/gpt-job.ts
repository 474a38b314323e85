// Job type 9: a GPT-instructed edit (§1 "GPT-instructed edits"). The job reads the version the
// user edited, asks GPT for the selected items and returns proposals (before/after with the
// differences marked); nothing in the document changes until the user confirms items
// (applyGptEdit). A cancel or a failure leaves the document exactly as it was.
import { gptUserOf } from '../gpt-usage/service.ts';
import { JOB_TYPES, type BackgroundJob, type JobContext, type JobQueue } from '../jobs/types.ts';
import { diffText } from '../patent-documents/diff.ts';
import { saveDocumentVersion, versionOf } from '../patent-documents/service.ts';
import type { AppConfig } from '../platform/config.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { createGptClient, type GptClient } from '../platform/gpt.ts';
import type { Logger } from '../platform/logger.ts';
import { proposeEdits, withItemText } from './gpt-edit/index.ts';
import { editOf, imagesOf } from './service.ts';

interface GptEditPayload {
  editId: string;
  prefabId: string;
  version: number;
  items: string[];
  instruction: string;
}

export interface StoredProposal {
  item: string;
  before: string;
  after: string;
  warnings?: string[];
  diff: ReturnType<typeof diffText>;
}

async function runGptEdit(context: JobContext, gpt: GptClient | null, config: Pick<AppConfig, 'gpt'>): Promise<{ version: number; proposals: StoredProposal[] }> {
  const payload = context.job.payload as GptEditPayload;
  if (!gpt) throw new AppError(503, 'E417');
  const { version, document } = await versionOf(context.db, context.job.userId, payload.prefabId, payload.version);
  const patent = { lang: document.lang, sections: version.sections, drawings: version.drawings };
  const user = await gptUserOf(context.db, context.job.userId);
  await context.progress(5);
  const proposals = await proposeEdits(patent, { items: payload.items, instruction: payload.instruction }, {
    db: context.db, client: gpt, settings: config.gpt, user, signal: context.signal,
    images: await imagesOf(context.db, context.job.userId, patent.drawings),
    onProgress: async (done, total) => context.progress(5 + (90 * done) / Math.max(1, total)),
  });
  return { version: version.version, proposals: proposals.map((proposal) => ({ ...proposal, diff: diffText(proposal.before, proposal.after, patent.lang) })) };
}

export function registerEditJobs(queue: JobQueue, deps: { config: Pick<AppConfig, 'gpt'>; logger?: Logger; gpt?: GptClient | null }): void {
  const gpt = deps.gpt === undefined ? createGptClient(deps.config.gpt, deps.logger) : deps.gpt;
  queue.register(JOB_TYPES.gptEdit, (context) => runGptEdit(context, gpt, deps.config));
}

/** The user's GPT edit job of this entry; E072 for another's or another entry's. */
export async function gptEditJob(deps: { db: Database; jobs: JobQueue }, userId: string, editId: string, jobId: string): Promise<BackgroundJob> {
  await editOf(deps.db, userId, editId);
  const job = /^[0-9a-f-]{36}$/i.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
  if (!job || job.queryId !== editId || job.type !== JOB_TYPES.gptEdit) throw new AppError(404, 'E072', 'E072');
  return job;
}

/**
 * Writes the confirmed items (their proposed text, or the user's own correction of it) as the
 * next version. The document must still be at the version the proposals were made from (E056).
 */
export async function applyGptEdit(
  deps: { db: Database; jobs: JobQueue },
  userId: string,
  request: { id: string; job: string; accept: string[] },
  label: (key: string) => string,
): Promise<number> {
  const job = await gptEditJob(deps, userId, request.id, request.job);
  const result = job.result as { version: number; proposals: StoredProposal[] } | null;
  if (job.status !== 1 || !result) throw new AppError(409, 'E072', 'E072');
  const edit = await editOf(deps.db, userId, request.id);
  const { version, document } = await versionOf(deps.db, userId, edit.prefabId);
  if (version.version !== result.version) throw new AppError(409, 'E056', 'E056');
  const accepted = result.proposals.filter((proposal) => request.accept.includes(proposal.item));
  if (accepted.length === 0) return version.version;
  const patent = accepted.reduce((changed, proposal) => withItemText(changed, proposal.item, proposal.after), { lang: document.lang, sections: version.sections, drawings: version.drawings });
  return saveDocumentVersion(deps.db, userId, { prefabId: edit.prefabId, expectedVersion: version.version, sections: patent.sections, drawings: patent.drawings, cause: 'gpt' }, label);
}
