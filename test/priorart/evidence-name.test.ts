// A preamble that only names the claimed thing is disclosed by a passage that names it whole (evidence.ts
// NAME_RULE). "cleaner" is rare in the US corpus (110 of 15,816 documents) and "vacuum" common (407): a passage
// of "A portable water cleaner" (US7404894) held 0.58 of "A vacuum cleaner"'s weight and disclosed it at every
// strictness. Weights are the US corpus's idf of the two stems, as termsOfElements gives them.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { evidenceOf, type ElementTerms } from '../../src/priorart/evidence.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('us.jsonl.gz');

const vacuumCleaner = (name: boolean): ElementTerms => ({
  elementId: 1,
  terms: [{ term: 'cleaner', weight: 4.96 }, { term: 'vacuum', weight: 3.66 }],
  total: 8.62,
  words: ['cleaner', 'vacuum'],
  keys: { words: ['cleaner', 'vacuum'], terms: ['cleaner', 'vacuum'] },
  untranslated: [],
  ...(name && { name }),
});

corpusTest('"A vacuum cleaner" is not disclosed by a water cleaner, and is by a vacuum cleaner', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US7404894', 'US5722109']);
  const water = records.get('US7404894')!;
  const vacuum = records.get('US5722109')!;
  const [named] = await evidenceOf(water, [vacuumCleaner(true)], 'us', 'passive');
  expect(named!.verdict).toBe('partly');
  expect(named!.words).toEqual(['cleaner']);
  // What the rule changes: without it the same passage discloses the name even at the strictest setting.
  const [unnamed] = await evidenceOf(water, [vacuumCleaner(false)], 'us', 'passive');
  expect(unnamed!.verdict).toBe('disclosed');
  const [own] = await evidenceOf(vacuum, [vacuumCleaner(true)], 'us', 'passive');
  expect(own!.verdict).toBe('disclosed');
  expect(own!.words.sort()).toEqual(['cleaner', 'vacuum']);
});
