// What the search engine indexes for a publication: each text field analysed for its
// language (src/patents/analysis), as tsvector text whose lexemes PostgreSQL takes as
// they are (cast with ::tsvector; to_tsvector would split the tokens again).
import { analyzeField, toTsvectorText } from './analysis/index.ts';
import type { PatentRecord } from './record.ts';
import type { IndexedText } from './repository.ts';

const join = (tokens: string[]): string => toTsvectorText(tokens);

export async function indexPatent(record: PatentRecord): Promise<IndexedText> {
  return {
    title: join(await analyzeField(record.title ?? '', record.region)),
    abstract: join(await analyzeField(record.abstract ?? '', record.region)),
    claims: join(await analyzeField((record.claims ?? []).join('\n'), record.region)),
    description: join(await analyzeField(record.description ?? '', record.region)),
  };
}
