// The drafter's input with nothing but the claims (no reference, no similar patents, no pasted
// document, no drawings), for tests that vary one field of it.
import path from 'node:path';
import type { DraftInput } from '../../src/creation/draft-input.ts';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentSections } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { CORPUS_DIR, corpusRecords } from './corpus.ts';

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

/**
 * The drafts of a corpus file's records of `ids` (read once, before the file's tests, when the corpus is `available`), as
 * draftOfRecord writes them in `lang`.
 */
export function recordDrafts(file: string, ids: readonly string[], available: boolean, lang: DraftInput['lang']): (id: string) => Promise<PatentSections> {
  let records = new Map<string, PatentRecord>();
  beforeAll(async () => {
    if (available) records = await corpusRecords<PatentRecord>(path.join(CORPUS_DIR, file), ids);
  }, 60_000);
  return (id) => draftOfRecord(records.get(id), lang);
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
