// How a cross-language simulation was translated, region by region: the shipped dictionaries
// (EDICT for Japanese ↔ English, CC-CEDICT for Chinese ↔ English, both for Japanese ↔ Chinese,
// which goes through English: cross-language.ts translateText), with GPT's
// translation when it gave one, or why GPT's is missing when it was asked for. The result page
// names it in its conditions; the exports (XLSX, CSV, the printed chart) write it as lines, so a
// claim chart sent on says that the evidence in other-language documents was found through a
// translation, and which.
import type { TFunction } from 'i18next';
import { crossingOf } from '../patents/dictionaries/cross-language.ts';
import type { Region } from '../patents/record.ts';
import type { GptTranslationFailure } from './gpt-translation.ts';
import type { StoredSimulation } from './repository.ts';
import type { StoredResult } from './result-view.ts';

export type TranslationDictionary = 'edict' | 'cedict';

export interface RegionTranslation {
  region: Region;
  /** The dictionaries its words went through, in the order the translation used them. */
  dictionaries: TranslationDictionary[];
  /** GPT's translation was used, by this model (null: the model was not reported). */
  gpt: { model: string | null } | null;
  /** GPT was asked for and gave no translation for this region: why. */
  failure: GptTranslationFailure | null;
  /** The invention's words the dictionary had no translation for (counted as not found in this region's documents). */
  untranslated: string[];
}

/** The dictionaries a simulation's invention was matched with in a region's documents (none: same language, no translation). */
function dictionariesUsed(result: Pick<StoredResult, 'elements'>, region: Region): TranslationDictionary[] {
  const crossing = crossingOf(result.elements.map((element) => element.text).join('\n'), region);
  if (!crossing) return [];
  const of = { ja: 'edict', zh: 'cedict', en: null } as const;
  return [of[crossing.from], of[crossing.to]].filter((name) => name !== null);
}

/** Every searched region (the simulation's, then the second one) whose documents were compared through a translation. */
export function regionTranslations(simulation: Pick<StoredSimulation, 'lang' | 'input'>, result: Pick<StoredResult, 'elements' | 'translation' | 'untranslated'>): RegionTranslation[] {
  const regions = [simulation.lang, ...(simulation.input.subLang && simulation.input.subLang !== simulation.lang ? [simulation.input.subLang] : [])];
  return regions.flatMap((region) => {
    const dictionaries = dictionariesUsed(result, region);
    if (dictionaries.length === 0) return [];
    const record = result.translation?.gptRequested ? result.translation.gpt.find((entry) => entry.region === region) : undefined;
    const untranslated = result.untranslated?.find((entry) => entry.region === region)?.words ?? [];
    return [{ region, dictionaries, gpt: record?.elements ? { model: record.model } : null, failure: record && !record.elements ? (record.failure ?? 'failed') : null, untranslated }];
  });
}

/** Every dictionary a simulation's searched regions were compared through (the result page's translation row and licence credits). */
export const simulationDictionaries = (translations: readonly RegionTranslation[]): TranslationDictionary[] => [...new Set(translations.flatMap((entry) => entry.dictionaries))];

/** 「EDICT・COMPDIC、CC-CEDICT」: the dictionaries' names joined as the reader's language joins a list. */
const dictionaryNames = (dictionaries: readonly TranslationDictionary[], t: TFunction): string =>
  dictionaries.map((name) => t(`result.translation.${name}`, { ns: 'priorart' })).join(t('claimChart.separator', { ns: 'islands-claim-chart' }));

/**
 * A line per translated region, in the result page's words
 * (「米国の文献：GPT（gpt-4o）の翻訳と辞書（EDICT・COMPDIC）」), and after it the words the
 * dictionary could not translate (an element holding one is judged with it missing, so a ✕
 * there may be the dictionary's gap): the result page's translation row.
 */
export function regionTranslationLines(translations: readonly RegionTranslation[], t: TFunction): string[] {
  const page = (key: string, values?: Record<string, unknown>) => t(`result.${key}`, { ns: 'priorart', ...values });
  return translations.flatMap(({ region, dictionaries, gpt, untranslated }) => {
    const how = page(gpt ? 'translation.gptAndDictionary' : 'translation.dictionary', { model: gpt?.model ?? 'GPT', dictionary: dictionaryNames(dictionaries, t) });
    const values = { ns: 'priorart-export', region: page(`regions.${region}`) };
    const words = untranslated.join(t('claimChart.separator', { ns: 'islands-claim-chart' }));
    return [t('priorartExport.translation.region', { ...values, how }), ...(words ? [t('priorartExport.translation.untranslated', { ...values, words })] : [])];
  });
}

/** Why GPT's translation is missing where it was asked for and failed, each reason once: the result page's notice. */
export function gptFailureLines(translations: readonly RegionTranslation[], t: TFunction): string[] {
  const failures = [...new Set(translations.flatMap(({ failure }) => (failure ? [failure] : [])))];
  return failures.map((failure) => t(`result.translation.fallback.${failure}`, { ns: 'priorart' }));
}

/**
 * The translation as the exports write it: the regions' lines, then GPT's failures. An export
 * has no notice of its own, so a claim chart sent on carries both; the result page shows the
 * failures once, in its notice, and the regions in its translation row.
 */
export const translationLines = (translations: readonly RegionTranslation[], t: TFunction): string[] => [...regionTranslationLines(translations, t), ...gptFailureLines(translations, t)];
