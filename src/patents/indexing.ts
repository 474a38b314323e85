// What the search engine indexes for a publication: each text field analysed for its
// language (src/patents/analysis), as tsvector values whose lexemes PostgreSQL takes as
// they are (cast with ::tsvector; to_tsvector would split the tokens again): text for
// reading and comparing (bench/index-text-hash, tests), binary for the store (ingest: PostgreSQL
// reads it without parsing, analysis/tsvector-forms.ts). A description longer than a tsvector
// places also gives its segments (description-segments.ts).
import { analyzeField, toTsvectorBinary, toTsvectorText } from './analysis/index.ts';
import { descriptionWindows } from './description-segments.ts';
import type { PatentRecord } from './record.ts';
import type { IndexedText } from './repository.ts';

export type TsvectorForm = 'text' | 'binary';

export async function indexPatent(record: PatentRecord, form: TsvectorForm = 'text'): Promise<IndexedText> {
  const join: (tokens: readonly string[]) => string | Uint8Array = form === 'binary' ? toTsvectorBinary : toTsvectorText;
  const title = await analyzeField(record.title ?? '', record.region);
  const abstract = await analyzeField(record.abstract ?? '', record.region);
  const claims = await analyzeField((record.claims ?? []).join('\n'), record.region);
  const description = await analyzeField(record.description ?? '', record.region);
  return {
    title: join(title),
    abstract: join(abstract),
    claims: join(claims),
    description: join(description),
    descriptionSegments: descriptionWindows(description, title.length + abstract.length + claims.length).map((window) => join(window)),
  };
}
