// A draft with GPT (issue 15 part 5): the non-GPT draft (the baseline) improved section by
// section. Calls, in order: one vision call per drawing when asked (its 【図面の簡単な説明】
// line and the signs it shows, so the text can use the drawings' own signs), then the front
// matter, then the body (requests.ts says why two section calls). Every call is metered
// (callGptMetered: the company's budget first, usage recorded with its purpose).
//
// GPT never loses the job: a failed call or an unusable section keeps the baseline's text for
// it (notice.gptFallback); over the budget (E098) or GPT misconfigured (E999) the remaining
// calls are skipped and the baseline kept for them (notice.gptQuota / notice.gptUnavailable).
// Only a cancel (the signal) ends it with an error: the job is being cancelled.
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { GptError, type GptClient, type GptSettings, type StructuredRequest } from '../../platform/gpt.ts';
import { callGptMetered, type GptUser } from '../../gpt-usage/service.ts';
import type { PatentSections, ReferenceSign, TextSection } from '../../patent-documents/model.ts';
import type { Draft, DraftInput } from '../draft-input.ts';
import { acceptDrawingDescription, acceptSection, cleanSigns, mergeSigns, repairSigns } from './answer-checks.ts';
import { relevantPassages } from './passages.ts';
import { bodyRequest, drawingRequest, frontRequest, SECTIONS_PURPOSE, VISION_PURPOSE, type SectionContext } from './requests.ts';

export { SECTIONS_PURPOSE, VISION_PURPOSE } from './requests.ts';

/** §9: at most 10 drawings are described by GPT vision (the caller refuses more; this is a backstop). */
export const VISION_DRAWING_LIMIT = 10;

/** Notice keys (locales/{ja,en}/creation.json). */
export const GPT_DRAFT_NOTICES = {
  /** Some sections are the non-GPT draft's because GPT failed or answered unusably; values.count = how many. */
  fallback: 'notice.gptFallback',
  /** Some drawings keep their non-GPT description because the vision call failed; values.count = how many. */
  drawingFallback: 'notice.gptDrawingFallback',
  /** The company's GPT budget is used up (E098): the rest of the draft is the non-GPT one. */
  quota: 'notice.gptQuota',
  /** GPT is not usable in this deployment (E999): the rest of the draft is the non-GPT one. */
  unavailable: 'notice.gptUnavailable',
} as const;

export interface GptDraftDeps {
  db: Database;
  client: GptClient;
  settings: Pick<GptSettings, 'pricePerMillion' | 'defaultMonthlyQuotaUsd'>;
  user: GptUser;
  /** Aborted when the job is cancelled: the draft then rejects with the signal's reason. */
  signal?: AbortSignal;
  useVision: boolean;
  /** After each GPT call (also a failed one): calls done of the calls planned. */
  onProgress?(done: number, total: number): Promise<void>;
}

const FRONT_SECTIONS = ['title', 'domain', 'background', 'issue', 'method', 'effect'] as const satisfies readonly TextSection[];

/** Improves the baseline draft with GPT; resolves with a draft in every case but a cancel. */
export async function draftWithGpt(input: DraftInput, baseline: Draft, deps: GptDraftDeps): Promise<Draft> {
  const { signal } = deps;
  // Vision looks at the figures that have a picture; each keeps its own figure number.
  const drawings = deps.useVision
    ? input.drawings
        .flatMap((drawing, index) => (drawing.data && drawing.mimeType ? [{ index, drawing: { ...drawing, data: drawing.data, mimeType: drawing.mimeType } }] : []))
        .slice(0, VISION_DRAWING_LIMIT)
    : [];
  const total = drawings.length + 2;
  let done = 0;
  let stopped: 'quota' | 'unavailable' | null = null;
  let produced = 0;

  /** One metered call: its answer, or null when it failed (and why is remembered). */
  async function call<T>(purpose: string, request: StructuredRequest<T>): Promise<T | null> {
    if (stopped) return null;
    signal?.throwIfAborted();
    let value: T | null = null;
    try {
      value = (await callGptMetered(deps.db, { client: deps.client, settings: deps.settings, user: deps.user, purpose, request })).value;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      if (error instanceof AppError && error.errcode === 'E098') stopped = 'quota';
      else if (error instanceof GptError && error.errcode === 'E999') stopped = 'unavailable';
      else if (!(error instanceof GptError)) throw error;
    }
    done++;
    await deps.onProgress?.(done, total);
    return value;
  }

  const sections: PatentSections = { ...baseline.sections, symbol_descriptions: [...baseline.sections.symbol_descriptions] };
  const drawingDescriptions = input.drawings.map((_, i) => baseline.drawingDescriptions[i] ?? '');
  const baselineSigns = baseline.sections.symbol_descriptions;
  let fallbackSections = 0;
  let fallbackDrawings = 0;

  // Drawings first: the body call then uses their signs and descriptions.
  let drawingSigns: ReferenceSign[] = [];
  for (const { index, drawing } of drawings) {
    const known = mergeSigns(drawingSigns, baselineSigns);
    const answer = await call(VISION_PURPOSE, drawingRequest(drawing, index + 1, input.lang, input.claims, known, signal));
    const description = answer && acceptDrawingDescription(answer.description, input.lang);
    if (description) {
      drawingDescriptions[index] = description;
      produced++;
    } else if (!stopped) fallbackDrawings++;
    if (answer) drawingSigns = mergeSigns(drawingSigns, cleanSigns(answer.signs, baselineSigns));
  }

  const context: SectionContext = {
    lang: input.lang,
    claims: input.claims,
    keywords: input.keywords,
    passages: relevantPassages(input, baseline.sections.preDocPatents),
    citedCount: baseline.sections.preDocPatents.length,
  };
  const accept = (raw: unknown, section: TextSection): void => {
    const text = acceptSection(raw, input.lang, baseline.sections.preDocPatents, { singleLine: section === 'title' });
    if (text) {
      sections[section] = text;
      produced++;
    } else fallbackSections++;
  };

  const front = await call(SECTIONS_PURPOSE, frontRequest(context, signal));
  if (front) for (const section of FRONT_SECTIONS) accept(front[section], section);
  else if (!stopped) fallbackSections += FRONT_SECTIONS.length;

  // The drawings' signs name the parts as drawn: their names win over the baseline's for a sign.
  const knownSigns = mergeSigns(drawingSigns, baselineSigns);
  const body = await call(SECTIONS_PURPOSE, bodyRequest(context, { method: sections.method, signs: knownSigns, drawingDescriptions }, signal));
  if (body) {
    const embodiment = acceptSection(body.embodiment, input.lang, baseline.sections.preDocPatents);
    const signs = embodiment === null ? null : repairSigns(embodiment, cleanSigns(body.symbol_descriptions, baselineSigns), knownSigns, baselineSigns);
    // The embodiment and its sign list are taken together or not at all, so they stay consistent.
    if (embodiment !== null && signs !== null) {
      sections.embodiment = embodiment;
      sections.symbol_descriptions = signs;
      produced += 2;
    } else fallbackSections += 2;
    accept(body.industrial_aplicability, 'industrial_aplicability');
    accept(body.abstract, 'abstract');
  } else if (!stopped) fallbackSections += 4;
  sections.symbol_descriptions = mergeSigns(sections.symbol_descriptions, drawingSigns);

  if (done < total) await deps.onProgress?.(total, total);
  const notices = [...baseline.notices];
  if (stopped === 'quota') notices.push({ key: GPT_DRAFT_NOTICES.quota });
  if (stopped === 'unavailable') notices.push({ key: GPT_DRAFT_NOTICES.unavailable });
  if (fallbackSections > 0) notices.push({ key: GPT_DRAFT_NOTICES.fallback, values: { count: fallbackSections } });
  if (fallbackDrawings > 0) notices.push({ key: GPT_DRAFT_NOTICES.drawingFallback, values: { count: fallbackDrawings } });
  // Nothing from GPT: the baseline as it was (its sign list without merges), with the notices.
  if (produced === 0) return { sections: baseline.sections, drawingDescriptions: baseline.drawingDescriptions, notices };
  return { sections, drawingDescriptions, notices };
}
