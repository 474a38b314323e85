// The abstract's length as each office limits it: the JPO's form (特許法施行規則様式第31 備考)
// 400 characters, the labels 【課題】【解決手段】【選択図】 not counted; the USPTO's 37 CFR 1.72(b)
// 150 words. Warnings: 4 of the corpus's 275 Japanese gazette abstracts are longer (three of them
// translations of international applications) and 2,109 of its 15,403 US abstracts, which the
// offices published as filed.
import type { PatentDocument } from '../model.ts';
import type { DraftingFinding } from './types.ts';

export const JPO_ABSTRACT_MAX = 400;
export const US_ABSTRACT_MAX_WORDS = 150;

/** The characters the JPO counts: the text without its 【…】 labels and line breaks. */
export const japaneseAbstractLength = (text: string): number => [...text.replace(/【[^】]*】/g, '').replace(/\s/g, '')].length;

export const englishWordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

export function checkAbstract(document: PatentDocument): DraftingFinding[] {
  const text = document.sections.abstract;
  const jpo = document.lang === 'ja';
  const length = jpo ? japaneseAbstractLength(text) : englishWordCount(text);
  const limit = jpo ? JPO_ABSTRACT_MAX : US_ABSTRACT_MAX_WORDS;
  if (length <= limit) return [];
  return [{ check: 'length', severity: 'warning', section: 'abstract', text: [...text].slice(0, 40).join(''), key: `checks.abstract.${jpo ? 'jpo' : 'us'}`, values: { length, limit } }];
}
