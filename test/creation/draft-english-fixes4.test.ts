// The English drafter without GPT on real US claims, the leftovers of draft-english-fixes3.test.ts: the claims
// after a canceled one, elements the cutter cut at its length limit, names inside longer names, the steps a
// medium's instructions have done, and the parts a claim's preamble numbers. The records are read from
// ../shared/corpus directly; the corpus tests skip when it is absent.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords } from '../helpers/corpus.ts';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import { draftInput, draftOfRecord, numerals } from '../helpers/draft-input.ts';

const CORPUS = process.env.HATSUMEI_CORPUS_DIR ?? path.resolve('..', 'shared', 'corpus');
const available = existsSync(path.join(CORPUS, 'us.jsonl.gz'));
if (!available && process.env.CI) throw new Error(`The shared corpus is missing at ${CORPUS}`);
if (!available) console.warn(`test/creation/draft-english-fixes4.test.ts: corpus tests skipped, no corpus at ${CORPUS} (set HATSUMEI_CORPUS_DIR)`);
const corpusTest = available ? test : test.skip;

const IDS = ['US20150075015A2', 'US6836899B1', 'US7643470B2', 'US7643488B2', 'US6530116B2', 'US7272630B2', 'US7472777B2', 'US8926509B2', 'US7158487B1', 'US7643860B2', 'US8419462B2', 'US7474764B2'];
let records = new Map<string, PatentRecord>();
beforeAll(async () => {
  if (available) records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), IDS);
}, 60_000);

const draftOf = (id: string) => draftOfRecord(records.get(id), 'en');

corpusTest('the claims after a canceled one are numbered from 1, and their references follow', async () => {
  // "1-18. (canceled)", "19. A personal grooming apparatus, comprising: …", "20. The personal grooming apparatus of claim 19, wherein …".
  const razor = await draftOf('US20150075015A2');
  expect(razor.claims[0]).toMatch(/^A personal grooming apparatus, comprising:/);
  expect(razor.claims[1]).toMatch(/^The personal grooming apparatus of claim 1, wherein the at least partially rounded surface/);
  expect(razor.claims.join('\n')).not.toMatch(/canceled|claim 19/);
  expect(razor.claims.filter((claim) => claim.includes('of claim 1,'))).toHaveLength(7);
}, 30_000);

corpusTest('an element longer than the cutter keeps is said whole, not cut mid-phrase at its 500th character', async () => {
  // "… at least one magnetically attractive metal element embedded in the other section for creating a magnetic attraction between the sections".
  const holder = await draftOf('US6836899B1');
  expect(holder.embodiment).toContain('at least one magnetically attractive metal element embedded in the other section for creating a magnetic attraction between the sections.');
  expect(holder.embodiment).not.toMatch(/embedded in the\./);
  // The last step of claim 1, of which the problem and the effect speak: "… due to the change of the IP address of one of the first and second communications devices".
  const call = await draftOf('US7643470B2');
  for (const section of [call.issue, call.effect]) expect(section).toMatch(/due to the change of the IP address of one of the first and second communications devices\.$/);
  for (const section of [call.issue, call.effect, call.embodiment, call.method]) expect(section).not.toMatch(/\b(?:the|a|an|of|in)\.(?:\s|$)/);
  // Read on to the next element, the sentence ends before that element's label ("…; (b) …").
  const patch = await draftOf('US8926509B2');
  expect(patch.embodiment).toContain('and power management circuits that coordinate power on the patch-ASIC chip 10.');
  expect(patch.embodiment).not.toMatch(/; \(b\)\./);
}, 30_000);

corpusTest('a numeral goes after the whole name it belongs to, not inside a longer name that holds a shorter one', async () => {
  // The network is 1 and "a plurality of CE network elements" 10: "the CE network elements" are those, "Virtual Private Network (VPN)" a proper name.
  const network = await draftOf('US7643488B2');
  expect(network.embodiment).toContain('at least some of the CE network elements 10 being connected to more than one Virtual Private Network (VPN) site');
  expect(network.embodiment).toContain('on that CE network element 10.');
  expect(network.embodiment).not.toMatch(/network 1 elements?|Network 1/);
  // The blower is 20 and the housing 10; "the blower having a blower housing with a blower inlet": the blower's housing is neither.
  const cleaner = await draftOf('US6530116B2');
  expect(cleaner.embodiment).toContain('the blower 20 having a blower housing');
  expect(cleaner.embodiment).not.toContain('blower 20 housing');
}, 30_000);

corpusTest("a medium's acts are what its instructions cause the processors to perform, each said with that subject", async () => {
  // Claim 10: "One or more computer storage media having stored thereon a plurality of instructions that, when executed by one or more
  // processors of a computer …, causes the one or more processors to perform the following acts: generating …; identifying …; and sending …".
  const media = await draftOf('US7272630B2');
  const sentences = media.embodiment.split('\n');
  expect(sentences).toContain(
    'In this embodiment, a plurality of instructions are stored on the computer storage media, and the instructions, when executed by one or more processors of a computer that is one of a plurality of computers in a network, cause the one or more processors to perform the following acts.',
  );
  expect(sentences).toContain('In this embodiment, the instructions cause the one or more processors to perform an act of generating an imprint identification code for an object stored at the computer.');
  expect(sentences).toContain('In this embodiment, the instructions cause the one or more processors to perform an act of sending the object information to each of the identified one or more additional computers.');
  expect(sentences.filter((sentence) => /^In this embodiment, (?:[a-z]+ing|stored)\b/.test(sentence))).toEqual([]);
}, 30_000);

test("a system's steps are what the instructions in its memory cause the processor to perform", async () => {
  const claims = ['1. A system comprising: a processor; and a memory storing instructions that, when executed by the processor, cause the processor to perform steps of: receiving a request; and sending a response.'];
  const { sections } = await draftWithoutGpt(draftInput({ lang: 'en', claims }));
  expect(sections.embodiment.split('\n')).toContain('In this embodiment, the instructions cause the processor 10 to perform a step of sending a response.');
  expect(sections.embodiment).not.toMatch(/^In this embodiment, sending\b/m);
});

corpusTest('the parts a claim names in its preamble with numerals of its own are listed and written with those numerals', async () => {
  // "A brake disk (2) with at least one friction ring (4) which is connected to a brake disk hub (6) by means of a joining arrangement (12) in which
  // the friction ring (4) and the brake disk hub (6) each feature a concentric ring land (8, 10) …, said brake disk further comprising a support ring (18) …".
  const brake = await draftOf('US7472777B2');
  expect(numerals(brake)).toEqual(expect.arrayContaining(['4 friction ring', '6 brake disk hub', '12 joining arrangement']));
  expect(brake.embodiment).toContain('A brake disk 2 according to an embodiment includes a friction ring 4, a brake disk hub 6, a joining arrangement 12, and a support ring 18.');
  expect(brake.method).toContain('in which the friction ring 4 and the brake disk hub 6 each feature a concentric ring land 8, 10');
  for (const section of [brake.domain, brake.issue, brake.method, brake.effect, brake.embodiment, brake.abstract]) expect(section).not.toMatch(/\((?:2|4|6|12|18)\)/);
}, 30_000);

test('a claim canceled between others: the claims after it and the references to them are numbered on without it', async () => {
  const claims = ['1. A lamp comprising: a base; and a bulb.', '2. (Canceled)', '3. The lamp of claim 1, wherein the base is round.', '4. The lamp of claim 3, wherein the base is metal.'];
  const { sections } = await draftWithoutGpt(draftInput({ lang: 'en', claims }));
  expect(sections.claims).toEqual(['A lamp comprising: a base; and a bulb.', 'The lamp of claim 1, wherein the base is round.', 'The lamp of claim 2, wherein the base is metal.']);
});

test('what the preamble says the claimed thing has keeps its numerals; what it is for is no part of it', async () => {
  const lamp = await draftWithoutGpt(draftInput({ lang: 'en', claims: ['1. A lamp (1) having a base (2) and a bulb (3), the lamp further comprising: a switch (4) mounted on the base (2); and a cord (5).'] }));
  expect(numerals(lamp.sections)).toEqual(['1 lamp', '2 base', '3 bulb', '4 switch', '5 cord']);
  const disk = await draftWithoutGpt(draftInput({ lang: 'en', claims: ['1. A brake disk (2) for a vehicle (9), comprising: a friction ring (4); and a hub (6) connected to the friction ring (4).'] }));
  expect(numerals(disk.sections)).toEqual(['2 brake disk', '4 friction ring', '6 hub']);
});

corpusTest('a name ends at a comma that a preposition or a clause follows, or that ends it', async () => {
  // "… said controller, after receiving a connect message from one of the plurality of terminals, sets up a consultation connection …".
  const terminal = await draftOf('US7158487B1');
  expect(numerals(terminal)).toEqual(['1 multimedia terminal', '10 controller', '20 mixer', '30 media controller']);
  expect(terminal.embodiment).toContain('In this embodiment, the controller 10, after receiving a connect message from one of the plurality of terminals, sets up a consultation connection');
  // "A portable instrument, for measuring a physiological quantity, adapted to …".
  const instrument = await draftOf('US7643860B2');
  expect(numerals(instrument)[0]).toBe('1 portable instrument');
  expect(instrument.embodiment).toContain('A portable instrument 1 according to an embodiment includes');
}, 30_000);

corpusTest('a thing the claimed one has is said with it as the subject, not as a step or a fragment', async () => {
  // "locking arms, provided on the side walls so as to project …" and "temporary locking releasing portions, provided in the first housing" are parts, not steps.
  const connector = await draftOf('US8419462B2');
  // Its claim writes "comprising;": the housings and the lever are its numbered parts (test/priorart/elements-english-semicolon), the side walls the lever's.
  // Parts in the plural without an article are numbered too (draft-english-named-parts).
  expect(connector.embodiment).toContain('In this embodiment, the lever type connector 1 includes locking arms 40, provided on the side walls so as to project toward an opening of the first housing 10');
  expect(connector.embodiment).toContain('In this embodiment, the lever type connector 1 includes temporary locking releasing portions 50, provided in the first housing 10.');
  // "clustering means which, based on how the time series … is linked …, links together scenes …": the relative's verbs are not the sentence's.
  const pictures = await draftOf('US7474764B2');
  expect(pictures.embodiment).toContain('In this embodiment, the picture processing apparatus 1 includes clustering means which, based on how the time series 10');
}, 30_000);
