// GPT translation of the invention for a cross-language simulation (issue 12 part 3): the
// elements of a Japanese or Chinese invention put into English for US documents, an English
// one into Japanese or Chinese, in one metered call per searched region (the company's
// budget first, the tokens recorded: src/gpt-usage). The translation's words join the
// dictionary's (cross-language.ts), they never replace them: see unitedTranslation.
//
// GPT never fails the simulation: over the budget (E098), GPT unusable (E999) or a failed
// call (timeout, an unusable answer) leaves the dictionary translation alone, and the result
// says so (a notice on the result page). Only a cancel (the signal) ends the job.
import { z } from 'zod';
import { callGptMetered, type GptUser } from '../gpt-usage/service.ts';
import { analyzeField } from '../patents/analysis/index.ts';
import type { Translation } from '../patents/dictionaries/cross-language.ts';
import type { Region } from '../patents/record.ts';
import type { TermIndex } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { GptError, type GptClient, type GptSettings, type StructuredRequest } from '../platform/gpt.ts';

export const TRANSLATION_PURPOSE = 'priorart.translation';

/** Why GPT's translation is missing from a region's search (the result's notice). */
export type GptTranslationFailure = 'quota' | 'unavailable' | 'failed';

/** What the result keeps of GPT's part in a simulation: per region, its element translations or why there are none. */
export interface GptTranslationRecord {
  region: Region;
  model: string | null;
  /** The elements in the region's language, in the elements' order; null when GPT failed. */
  elements: string[] | null;
  failure: GptTranslationFailure | null;
}

const LANGUAGE_OF_REGION: Record<Region, string> = {
  jp: 'Japanese, in the words Japanese patent gazettes use (漢字 and katakana technical terms)',
  us: 'English, in the words US patents use',
  cn: 'Simplified Chinese, in the words Chinese patent documents use',
};

const SYSTEM_PROMPT = [
  'You translate the elements of a patent claim (an invention) for a prior-art search.',
  'Translate each element separately and completely, keeping its technical meaning; prefer the standard technical terms patent documents of the target language use over literal renderings.',
  'Do not add, drop, merge or explain elements. Reference signs, numbers and Latin-script terms stay as they are.',
].join(' ');

const SCHEMA = {
  name: 'priorart_translation',
  description: 'The elements translated, one string per element, in the same order.',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['elements'],
    properties: { elements: { type: 'array', items: { type: 'string' } } },
  },
} as const;

/** The request for one region: the elements numbered, the answer one string per element. */
export function translationRequest(elements: readonly string[], region: Region, signal?: AbortSignal): StructuredRequest<string[]> {
  const answer = z.object({ elements: z.array(z.string()) });
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: `Translate these ${elements.length} elements into ${LANGUAGE_OF_REGION[region]}. Answer with exactly ${elements.length} strings.\n\n${elements.map((text, i) => `[${i + 1}] ${text}`).join('\n')}`,
      },
    ],
    schema: SCHEMA,
    // An answer of another length cannot be paired with the elements: unusable (invalid_answer).
    parse: (value) => {
      const translated = answer.parse(value).elements.map((text) => text.trim());
      if (translated.length !== elements.length || translated.some((text) => !text)) throw new Error(`expected ${elements.length} non-empty elements, got ${translated.length}`);
      return translated;
    },
    signal,
    temperature: 0,
    // A translation is about as long as its source (a Japanese character ≈ 1–2 English tokens): twice the characters, and some room.
    maxOutputTokens: 2 * elements.reduce((sum, text) => sum + text.length, 0) + 200,
  };
}

export interface GptTranslationDeps {
  db: Database;
  client: GptClient;
  settings: Pick<GptSettings, 'pricePerMillion' | 'defaultMonthlyQuotaUsd'>;
  user: GptUser;
  signal?: AbortSignal;
}

/** The elements translated into the region's language, or why not; rejects only on a cancel. */
export async function translateElementsWithGpt(deps: GptTranslationDeps, elements: readonly string[], region: Region): Promise<GptTranslationRecord> {
  try {
    const answer = await callGptMetered(deps.db, { client: deps.client, settings: deps.settings, user: deps.user, purpose: TRANSLATION_PURPOSE, request: translationRequest(elements, region, deps.signal) });
    return { region, model: answer.model, elements: answer.value, failure: null };
  } catch (error) {
    if (deps.signal?.aborted) throw deps.signal.reason ?? error;
    if (error instanceof AppError && error.errcode === 'E098') return { region, model: null, elements: null, failure: 'quota' };
    if (error instanceof GptError) return { region, model: error.model, elements: null, failure: error.errcode === 'E999' ? 'unavailable' : 'failed' };
    throw error;
  }
}

/**
 * Weight of a dictionary term GPT's translation lacks. The dictionary gives each word its two
 * first senses (装置 → device 1, equipment 0.5) without reading the sentence; GPT reads it and
 * picks one sense, the surest evidence of what the invention means, so its terms weigh 1. A
 * dictionary sense GPT did not pick is still kept — GPT may have chosen a synonym the corpus
 * does not write (secondary battery where US patents say rechargeable battery), and the
 * dictionary covers such terminology misses — at half its dictionary weight, so a sense GPT
 * implicitly ruled out counts less than one it confirmed. Not measured: the benchmarks run
 * without a GPT key (no real translations to tune on); the choice follows the dictionary's own
 * halving of its second sense (cross-language.ts ALTERNATIVE_WEIGHT).
 */
export const UNCONFIRMED_DICTIONARY_WEIGHT = 0.5;

/**
 * The union of the dictionary's translation of a text and GPT's: GPT's terms (those the target
 * index holds, as the dictionary keeps only those) at weight 1, the dictionary's at their
 * weight where GPT has them too and at UNCONFIRMED_DICTIONARY_WEIGHT of it where not.
 */
export async function unitedTranslation(dictionary: Translation, gptText: string, region: Region, index: TermIndex): Promise<Translation> {
  const gptTerms = new Set((await analyzeField(gptText, region)).filter((term) => index.terms.has(term)));
  const weights = new Map<string, number>();
  for (const term of gptTerms) weights.set(term, 1);
  for (const [term, weight] of dictionary.weights) if (!gptTerms.has(term)) weights.set(term, weight * UNCONFIRMED_DICTIONARY_WEIGHT);
  const gptWords = (await analyzeField(gptText, region, { bigrams: false })).filter((word) => index.terms.has(word));
  const words = [...new Set([...gptWords, ...dictionary.words])].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
  // GPT translated the whole text: no word is left without a translation.
  return { weights, words, unmatched: [] };
}
