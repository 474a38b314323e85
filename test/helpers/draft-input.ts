// The drafter's input with nothing but the claims (no reference, no similar patents, no pasted
// document, no drawings), for tests that vary one field of it.
import type { DraftInput } from '../../src/creation/draft-input.ts';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentSections } from '../../src/patent-documents/model.ts';

export const draftInput = (over: Partial<DraftInput>): DraftInput => ({
  lang: 'ja',
  claims: [],
  keywords: [],
  reference: null,
  referenceParts: { claims: true, abstract: true, fullText: false },
  similar: [],
  similarDocument: '',
  drawings: [],
  ...over,
});

/** The sections the drafter without GPT writes from a corpus record's first ten claims. */
export async function draftOfRecord(record: { claims?: string[] | null } | undefined, lang: DraftInput['lang'] = 'ja'): Promise<PatentSections> {
  if (!record?.claims) throw new Error('record missing from the corpus');
  return (await draftWithoutGpt(draftInput({ lang, claims: record.claims.slice(0, 10) }))).sections;
}

/** A draft's reference signs as written in its list: "10 positive electrode". */
export const numerals = (sections: Pick<PatentSections, 'symbol_descriptions'>): string[] => sections.symbol_descriptions.map(({ sign, name }) => `${sign} ${name}`);

/** Every sentence of a Japanese draft's text sections (split at 「。」 and line ends). */
export const sentencesOf = (sections: object): string[] =>
  Object.values(sections)
    .filter((value): value is string => typeof value === 'string')
    .flatMap((text) => text.split(/(?<=。)|\n/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
