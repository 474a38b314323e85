// What the search engine indexes for a publication: each text field analysed for its
// language (src/patents/analysis), as tsvector values whose lexemes PostgreSQL takes as
// they are (cast with ::tsvector; to_tsvector would split the tokens again): text for
// reading and comparing (bench/index-text-hash, tests), binary for the store (ingest: PostgreSQL
// reads it without parsing, analysis/tsvector-forms.ts).
import { analyzeField, toTsvectorBinary, toTsvectorText } from './analysis/index.ts';
import type { PatentRecord } from './record.ts';
import type { IndexedText } from './repository.ts';

export type TsvectorForm = 'text' | 'binary';

export async function indexPatent(record: PatentRecord, form: TsvectorForm = 'text'): Promise<IndexedText> {
  const join = form === 'binary' ? toTsvectorBinary : toTsvectorText;
  return {
    title: join(await analyzeField(record.title ?? '', record.region)),
    abstract: join(await analyzeField(record.abstract ?? '', record.region)),
    claims: join(await analyzeField((record.claims ?? []).join('\n'), record.region)),
    description: join(await analyzeField(record.description ?? '', record.region)),
  };
}
