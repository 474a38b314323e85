// The English drafter without GPT read as a US attorney reads a draft, the leftovers of draft-english-fixes4.test.ts:
// a memory named with what it stores, and claims' typos (a preposition glued to its word, two elements run together)
// carried into the description and the reference numerals. The records are read from ../shared/corpus.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftInput, draftOfRecord, numerals } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest, available } = corpusTests('us.jsonl.gz');

const IDS = ['US6981898B2', 'US7314376B2', 'US7644137B2'];
let records = new Map<string, PatentRecord>();
beforeAll(async () => {
  if (available) records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), IDS);
}, 60_000);

const draftOf = (id: string) => draftOfRecord(records.get(id), 'en');

test('a memory storing instructions is numbered as "memory", and what it stores is said of it', async () => {
  const claims = [
    'A system comprising: a processor; and a memory storing instructions that, when executed by the processor, cause the processor to receive a request from a client device and transmit a response to the client device.',
    'The system of claim 1, wherein the memory stores a table of user records.',
  ];
  const { sections } = await draftWithoutGpt(draftInput({ lang: 'en', claims }));
  expect(numerals(sections)).toEqual(['1 system', '10 processor', '20 memory']);
  expect(sections.embodiment).toContain('A system 1 according to an embodiment includes a processor 10 and a memory 20.');
  expect(sections.embodiment).toContain('the system 1 includes a memory 20 storing instructions that, when executed by the processor 10, cause the processor 10 to receive a request');
  expect(sections.embodiment).toContain('In some embodiments, the memory 20 stores a table of user records.');
  expect(sections.domain).toBe('The present disclosure relates to a system. More particularly, the present disclosure relates to a system including a processor and a memory.');
});

corpusTest('a storage medium claimed with what it stores is named without it, and several are "media"', async () => {
  // Claim 1: "A computer-readable storage medium storing a computer program that when executed … causes …".
  const medium = await draftOf('US7644137B2');
  expect(medium.background).toContain('Various configurations have been proposed for computer-readable storage media.');
  expect(medium.issue).toMatch(/^However, conventional computer-readable storage media have not sufficiently considered/);
  for (const section of [medium.background, medium.issue, medium.effect]) expect(section).not.toMatch(/storing a computer programs?|mediums/);
}, 30_000);

corpusTest('a claim\'s typos are not carried into the description: a glued "betweeneach", two elements run together', async () => {
  // Claim 1: "… and an array intermediate ground contact betweeneach two neighboring arrays of the multiple pairs of signal contacts, …".
  const connector = await draftOf('US6981898B2');
  expect(numerals(connector)).toContain('20 array intermediate ground contact');
  expect(connector.embodiment).toContain('the connector 1 includes an array intermediate ground contact 20 between each two neighboring arrays of the multiple pairs of signal contacts.');
  // Claim 1: "… comprising: a first case a second case that is attached to the first case; and a female-female terminal …".
  const box = await draftOf('US7314376B2');
  expect(numerals(box).slice(0, 4)).toEqual(['1 electric distribution box', '10 first case', '20 second case', '30 female-female terminal']);
  expect(box.embodiment).toContain('In this embodiment, the electric distribution box 1 includes a second case 20 that is attached to the first case 10.');
  for (const d of [connector, box]) {
    for (const section of [d.domain, d.method, d.embodiment, d.abstract]) expect(section).not.toMatch(/betweeneach|first case a second case/);
  }
  // The claims stay as filed: the drafter does not correct the user's claims.
  expect(box.claims[0]).toContain('a first case a second case that is attached');
}, 30_000);
