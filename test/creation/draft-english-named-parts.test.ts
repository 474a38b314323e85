// A part the claim only names ("a first housing; a second housing; a lever, attached to …") is said by the
// embodiment's list sentence. It was said again on its own ("In this embodiment, the lever type connector 1
// includes a first housing 10."), 52 sentences in 43 of the 228 US drafts, in the 1,500 characters the
// section has for the claims' features.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftOfRecord } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('us.jsonl.gz');

corpusTest('US8419462B2 and US8089389B2: a part the claim only names is not said again after the list', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US8419462B2', 'US8089389B2']);
  const c = await draftOfRecord(records.get('US8419462B2'), 'en');
  expect(c.embodiment).toContain('A lever type connector 1 according to an embodiment includes a first housing 10, a second housing 20, a lever 30, locking arms 40, and temporary locking releasing portions 50.');
  expect(c.embodiment).not.toMatch(/includes a (?:first|second) housing (?:10|20)\.\n/);
  // What the claim says of a part is still said: the lever is attached to the second housing.
  expect(c.embodiment).toContain('In this embodiment, the lever type connector 1 includes a lever 30, attached to the second housing 20,');
  const d = await draftOfRecord(records.get('US8089389B2'), 'en');
  expect(d.embodiment).toContain('includes a housing 10 and an intuitive control element 20.');
  expect(d.embodiment).not.toContain('In this embodiment, the device 1 includes a housing 10.');
});

corpusTest('parts claimed in the plural without an article are numbered too (US8419462B2\'s "locking arms, provided on …", US7473466B1\'s "surface filaments, comprising …")', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US8419462B2', 'US7473466B1', 'US7863256B2']);
  const c = await draftOfRecord(records.get('US8419462B2'), 'en');
  expect(c.embodiment).toContain('includes a first housing 10, a second housing 20, a lever 30, locking arms 40, and temporary locking releasing portions 50.');
  expect(c.embodiment).toContain('In this embodiment, the lever type connector 1 includes locking arms 40, provided on the side walls so as to project');
  const p = await draftOfRecord(records.get('US7473466B1'), 'en');
  expect(p.embodiment).toContain('include surface filaments 10,');
  // Not a disease of a Markush group in a method ("osteoarthritis, trauma …", US7863256B2): a method has no parts.
  const m = await draftOfRecord(records.get('US7863256B2'), 'en');
  expect(m.embodiment).not.toMatch(/osteoarthritis \d/);
});
