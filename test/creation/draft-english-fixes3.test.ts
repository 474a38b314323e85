// The English drafter without GPT on real US claims, the leftovers of draft-english-fixes2.test.ts: a component
// the claimed thing "further comprises" inside a "wherein" clause, and the numerals a claim gives its parts
// itself. The records are read from ../shared/corpus directly; the corpus tests skip when it is absent.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftOfRecord, numerals } from '../helpers/draft-input.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('us.jsonl.gz');

const IDS = ['US7472777B2', 'US7640884B2', 'US6981484B2', 'US7643488B2', 'US7315006B2', 'US8420530B2', 'US6981431B2', 'US7521044B2', 'US7521045B2', 'US8087209B2', 'US7862893B2', 'US6530116B2', 'US8089389B2', 'US20130014308A1', 'US6836979B2', 'US8420016B2', 'US8420021B2', 'US8087209B2', 'US7473466B1', 'US7156135B1', 'US7640932B2', 'US6982130B2', 'US7473600B2', 'US7315423B2', 'US20220159901A1', 'US7157821B2', 'US6982249B1', 'US20150075015A2', 'US6981466B2', 'US8927118B2'];
let records = new Map<string, PatentRecord>();
beforeAll(async () => {
  if (available) records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), IDS);
}, 60_000);

const draftOf = (id: string) => draftOfRecord(records.get(id), 'en');

corpusTest('a component the claimed thing further comprises inside a wherein clause is numbered, with the numeral the claim gives it', async () => {
  // "A brake disk (2) with …, wherein elements of the joining arrangement (12) pass through recesses (14, 16) …, said brake disk further
  // comprising a support ring (18) such that …, wherein the ring lands (8, 10) are connected by … connecting pins (20) which are fixed in
  // recesses (22) of the support ring (18), …"; claim 2: "The brake disk according to claim 1, wherein the connecting pins (20) …".
  const brake = await draftOf('US7472777B2');
  // The parts its preamble numbers are listed with their numerals too (draft-english-fixes4.test.ts).
  expect(numerals(brake)).toEqual(['2 brake disk', '4 friction ring', '6 brake disk hub', '12 joining arrangement', '18 support ring']);
  expect(brake.embodiment).toContain('In this embodiment, the brake disk 2 includes a support ring 18 such that the ring land 8 of the friction ring 4 is located between the support ring 18 and');
  expect(brake.embodiment).toContain('In this embodiment, elements of the joining arrangement 12 pass through recesses 14, 16 in the ring lands 8, 10.');
  expect(brake.embodiment).toContain('In some embodiments, the connecting pins 20 are engaged into the recesses 22 in the support ring 18.');
  expect(`${brake.domain} ${brake.issue} ${brake.embodiment}`).not.toContain('brake disk (2)');

  // "A directional indicator (10) … comprising: a male coupler (30) …; … a plurality of curved fingers (22) …": the claim's numerals, not 1, 10, 20.
  const indicator = await draftOf('US7640884B2');
  expect(numerals(indicator)).toEqual(['10 directional indicator', '30 male coupler', '22 plurality of curved fingers']);
  expect(indicator.embodiment).toContain('A directional indicator 10 according to an embodiment includes a male coupler 30 and a plurality of curved fingers 22.');
  expect(indicator.embodiment).not.toMatch(/male coupler 10|\b30 \(30\)|coupler 30 \(30\)/);
}, 30_000);

corpusTest('a component is named without the adjective or participle that takes its complement after it', async () => {
  // "a body moveable within said cavity, said cavity and moveable body together defining …", "a valve moveable between a first position …".
  const engine = await draftOf('US6981484B2');
  expect(numerals(engine)).toEqual(expect.arrayContaining(['20 body', '60 valve']));
  expect(engine.embodiment).toContain('In this embodiment, the internal combustion engine 1 includes a body 20 moveable within the cavity 10, the cavity 10 and moveable body 20 together defining a first combustion chamber.');
  expect(engine.embodiment).toContain('includes a valve 60 moveable between a first position where the valve 60 provides');

  // Claim 9: "a GCKS accessible over the provider network …; a route reflector accessible over the provider network …".
  const network = await draftOf('US7643488B2');
  expect(numerals(network)).toEqual(['1 network', '10 plurality of CE network elements', '20 GCKS', '30 route reflector']);
  expect(network.embodiment).toContain('In this embodiment, the network 1 includes a GCKS 20 accessible over the provider network');

  // "an inner element rotatable within an outer element" ("rotatable" is no "table"); "the dielectric remaining between …".
  expect(numerals(await draftOf('US7315006B2'))).toContain('10 inner element');
  expect(numerals(await draftOf('US8420530B2'))).toEqual(['10 dielectric']);
}, 30_000);

corpusTest('a claim without a transition word is restated naming the claimed thing once', async () => {
  // "A cork extractor for corks of bottles, wherein a build-up portion of the cork surrounds …" (no "comprising").
  const cork = await draftOf('US6981431B2');
  expect(cork.method).toContain('To solve the above problem, according to an aspect of the present disclosure, there is provided a cork extractor for corks of bottles, wherein a build-up portion of the cork surrounds a top end of a bottleneck');
  expect(cork.abstract).toMatch(/^A cork extractor for corks of bottles, wherein a build-up portion/);
  expect(`${cork.method} ${cork.abstract}`).not.toContain('is a cork extractor');

  // Claim 6 of an isolated polypeptide: "An isolated polypeptide encoded by cDNA clone, HDAC9c, contained in ATCC Deposit No: PTA-4454."
  const polypeptide = await draftOf('US7521044B2');
  expect(polypeptide.method).toContain('In another aspect, there is provided an isolated polypeptide encoded by cDNA clone, HDAC9c, contained in ATCC Deposit No: PTA-4454.');
}, 30_000);

corpusTest('a dependent claim of the claimed thing is an embodiment of it, however it refers to it', async () => {
  // "The method of claim 1, wherein the metastasis is organ specific." of "A method for reducing metastasis of a head and neck cancer cell …":
  // the same method, not "The present disclosure can also be implemented as the method according to the above embodiment, wherein …".
  const metastasis = await draftOf('US7521045B2');
  expect(metastasis.embodiment).toContain('In some embodiments, the metastasis is organ specific.');
  expect(metastasis.embodiment).not.toContain('implemented as the method according to the above embodiment');

  // "Edging rail according to claim 1, wherein the bending point is formed by a cross-sectional taper." (no article).
  expect((await draftOf('US8087209B2')).embodiment).toContain('In some embodiments, the bending point is formed by a cross-sectional taper.');
  // "The granular solid wax particle of claim 1 or claim 2, wherein …" (was "In some embodiments, or claim 2, wherein …").
  const wax = await draftOf('US7862893B2');
  expect(wax.embodiment).toContain('In some embodiments, the highly paraffinic wax 10 is Fischer-Tropsch derived.');
  expect(wax.embodiment).not.toContain('or claim 2');
  // "The vacuum cleaner according to claim 1, wherein: the housing comprises a cover and a base, …".
  expect((await draftOf('US6530116B2')).embodiment).toContain('In some embodiments, the housing 10 comprises a cover and a base');
  // "The device as in claim 1 embodied in the housing of a man-machine interface, …".
  expect((await draftOf('US8089389B2')).embodiment).toContain('In some embodiments, the device 1 is embodied in the housing 10 of a man-machine interface');
  // "The appliance of claim 1 wherein has a semi-oval cavity …", "… wherein said is designed …": the claims leave their subject out.
  const appliance = await draftOf('US20130014308A1');
  expect(appliance.embodiment).toContain('In some embodiments, the finger nail tip cover appliance has a semi-oval cavity in one end');
  expect(appliance.embodiment).toContain('In some embodiments, the finger nail tip cover appliance is designed to be worn on the tips');
  expect(appliance.embodiment).not.toMatch(/In some embodiments, (?:has|the is)\b/);
}, 30_000);

corpusTest('the components are listed with an article for one, none for several, and named without what they do', async () => {
  // "one or more edges (12) …": not "an edges 12".
  const shoe = await draftOf('US6836979B2');
  expect(shoe.embodiment).toContain('according to an embodiment includes a first subset 10 and edges 12.');
  // "a plurality of CE network elements …; a GCKS accessible over the provider network …": "a GCKS" is one (capitals, no plural).
  expect((await draftOf('US7643488B2')).embodiment).toContain('A network 1 according to an embodiment includes a plurality of CE network elements 10, a GCKS 20, and a route reflector 30.');

  // "a vibration element imparting ultrasonic vibrations to the container", "a mixer mixing energy for an electrical discharge …".
  const deactivation = await draftOf('US8420016B2');
  expect(numerals(deactivation)).toContain('30 vibration element');
  expect(deactivation.embodiment).toContain('In this embodiment, the apparatus 1 includes a vibration element 30 imparting ultrasonic vibrations to the container 10.');
  const ignition = await draftOf('US8420021B2');
  expect(numerals(ignition)).toContain('10 mixer');
  expect(ignition.embodiment).toContain('includes a mixer 10 mixing energy for an electrical discharge');
}, 30_000);

corpusTest('the claimed thing is named in lower case and said in the plural once', async () => {
  // "Edging rail for a flooring, comprising …": the claim's capital is no proper name's.
  const rail = await draftOf('US8087209B2');
  expect(numerals(rail)[0]).toBe('1 edging rail');
  expect(rail.embodiment).toContain('An edging rail 1 according to an embodiment includes');
  expect(rail.background).toContain('Various configurations have been proposed for edging rails.');
  // "Carbon particles comprising …": not "carbon particleses".
  const carbon = await draftOf('US7473466B1');
  expect(carbon.background).toContain('Various configurations have been proposed for carbon particles.');
  expect(`${carbon.background} ${carbon.issue}`).not.toContain('particleses');
}, 30_000);

corpusTest('an abstract cut at 150 words ends at a comma of the claim, not inside a phrase', async () => {
  // Claim 1 of a quick-release connector runs past 150 words; the abstract ended "… when the thimble disengages with the post of the valve of the.".
  const connector = await draftOf('US7156135B1');
  expect(connector.abstract).toMatch(/the air tank being in an open status and the air release hole being blocked\.$/);
  // A nasal device made by "… forming a second nare …": it ended "… a primary inlet/outlet opening formed in a.".
  const nasal = await draftOf('US7640932B2');
  expect(nasal.abstract).not.toMatch(/\b(?:a|an|the|of|in)\.$/);
  expect(nasal.abstract.split(/\s+/).length).toBeLessThanOrEqual(150);
}, 30_000);

corpusTest('a step opening on an adverb or a process noun is what the method includes', async () => {
  // "A solid oxide fuel cell formed by a method comprising: providing …; and heat treating the first electrode layer, …".
  expect((await draftOf('US6982130B2')).embodiment).toContain('In this embodiment, the method includes heat treating the first electrode layer, electrolyte layer and the second electrode layer to form a solid oxide fuel cell.');
  // "A method of fabricating a memory device, comprising: sequentially forming a memory layer, a control gate and a first mask on a substrate, …".
  expect((await draftOf('US7473600B2')).embodiment).toContain('In this embodiment, the method includes sequentially forming a memory layer, a control gate and a first mask on a substrate');
}, 30_000);

corpusTest('a list lead, a clause or a pointer into another thing is no component', async () => {
  // "… satisfies the following conditions: …" is no part of the zoom lens.
  const zoom = await draftOf('US7315423B2');
  expect(numerals(zoom).join('; ')).not.toContain('following conditions');
  expect(numerals(zoom)).toContain('70 right-angle prism');
  // "a first of these volumes communicates with the seed inlet …".
  expect(numerals(await draftOf('US20220159901A1')).join('; ')).not.toContain('communicates');
}, 30_000);

corpusTest('an element that says something of a component it names first is a clause of its own', async () => {
  // "said protruded portion is arranged within the aperture …": not "the electromagnetic actuator 1 includes the protruded portion 50 is arranged".
  const actuator = await draftOf('US7157821B2');
  expect(actuator.embodiment).toContain('In this embodiment, the protruded portion 50 is arranged within the aperture so as to be adjacent to the bottom wall.');
  expect(actuator.embodiment).not.toContain('includes the protruded portion 50 is');
  // "said metering disk or plate has a rotating driving device …".
  expect((await draftOf('US20220159901A1')).embodiment).not.toMatch(/includes the [a-z ]+ \d+ has\b/);
}, 30_000);

corpusTest('no empty limitation in the problem and effect, no "the a" from a claim that says "said a"', async () => {
  const thrombin = await draftOf('US6982249B1');
  expect(`${thrombin.issue} ${thrombin.effect}`).not.toMatch(/in which \./);
  expect(thrombin.effect).toMatch(/^According to the present disclosure, it is possible to provide a method of inhibiting thrombin-induced cell activation .* with a new configuration\.$/);
  // "7. The appliance of claim 1 wherein said a hard end comprising a symmetrical shape …".
  expect((await draftOf('US20130014308A1')).embodiment).toContain('In some embodiments, the hard end comprises a symmetrical shape');
}, 30_000);

corpusTest('the claimed thing is named with "the" where its claim says "said"', async () => {
  // "A method of inhibiting thrombin-induced cell activation mediated by cleavage of a thrombin receptor on said cells, …".
  const thrombin = await draftOf('US6982249B1');
  expect(thrombin.background).toContain('Various configurations have been proposed for methods of inhibiting thrombin-induced cell activation mediated by cleavage of a thrombin receptor on the cells.');
  expect(`${thrombin.domain} ${thrombin.background} ${thrombin.issue} ${thrombin.method} ${thrombin.effect} ${thrombin.embodiment} ${thrombin.abstract}`).not.toMatch(/\bsaid\b/);
}, 30_000);

corpusTest('a canceled claim claims nothing', async () => {
  // An application as amended: its first claim is "1-18. (canceled)", the next ones claim a personal grooming apparatus and a razor handle.
  const razor = await draftOf('US20150075015A2');
  expect(razor.title).toBe('Personal grooming apparatus and razor handle');
  expect(numerals(razor)).toEqual(['1 personal grooming apparatus', '10 handle', '20 cartridge', '30 stop']);
  expect(`${razor.domain} ${razor.background} ${razor.issue} ${razor.method} ${razor.effect} ${razor.abstract}`).not.toContain('canceled');
}, 30_000);

corpusTest('the description writes the claim\'s reference numerals without parentheses, as a US description does; enumerations and formula numbers keep theirs', async () => {
  // Claim 1: "A directional indicator (10) for a firehose coupling system, … a male coupler (30) with male threads (32) secured to a first section (50) …".
  const indicator = await draftOf('US7640884B2');
  expect(indicator.method).toContain('a directional indicator 10 for a firehose coupling system according to an aspect of the present disclosure includes a male coupler 30 with male threads 32 secured to a first section 50');
  expect(`${indicator.method} ${indicator.embodiment}`).not.toMatch(/[a-z] \(\d+\)/);
  // The claims stay as claimed.
  expect(indicator.claims[0]).toContain('a male coupler (30) with male threads (32)');
  // "… emptying the metering chamber (1) the specific number of the cycle is recorded …, and (2) …": an enumeration.
  expect((await draftOf('US6981466B2')).method).toContain('the metering chamber (1) the specific number');
  // "… so that (1) rotary force …" and "represented by the formula (5)".
  expect((await draftOf('US7315006B2')).method).toContain('so that (1) rotary');
  expect((await draftOf('US8927118B2')).method).toContain('represented by the formula (5)');
}, 30_000);
