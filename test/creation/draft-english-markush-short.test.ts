// A Markush claim's many alternatives are said in the problem and the effect by the first and how many others:
// US8420690B2's twelve thiophenecarboxamides filled both sections ("… selected from: N-(2-amino-1-phenylethyl)-…;
// N[2-amino-1-(phenylmethyl)ethyl]-…; …"), which a reader skims past. The claims keep every one.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('us.jsonl.gz');

corpusTest('US8420690B2: the problem and the effect name the first compound and the eleven others', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US8420690B2']);
  const draft = await draftOfRecord(records.get('US8420690B2'), 'en');
  const first = 'N-(2-amino-1-phenylethyl)-5-(1-methyl-1H-pyrazol-5-yl)-3-thiophenecarboxamide';
  expect(draft.effect).toBe(`According to the present disclosure, it is possible to provide a compound that is selected from ${first} and 11 other compounds recited in the claims.`);
  expect(draft.issue).toContain(`have not sufficiently considered a compound that is selected from ${first} and 11 other compounds recited in the claims.`);
  expect(draft.issue).not.toContain('N[2-amino-1-(phenylmethyl)ethyl]');
  expect(draft.claims.join('\n')).toContain('N[2-amino-1-(phenylmethyl)ethyl]');
});
