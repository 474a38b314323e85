// The English drafter without GPT on real US claims: components a dependent claim adds ("further
// comprising a SIP container …") carry reference numerals as the listed ones do, Jepson claims keep
// their setting, and the text reads as a US attorney writes it. The records are read from
// ../shared/corpus directly; the corpus tests skip when it is absent.
import path from 'node:path';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentSections } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftInput, draftOfRecord, numerals } from '../helpers/draft-input.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('us.jsonl.gz');

const IDS = ['US8930553B2', 'US8089085B2', 'US6981945B1', 'US7158629B2', 'US7862706B2', 'US20220160114A2', 'US7155908B2', 'US7315742B2', 'US7861515B2', 'US20050004974A1', 'US7473658B2', 'US6837063B1', 'US6837151B2', 'US7156140B1', 'US7863443B2', 'US6336130B1', 'US7474034B2', 'US7643860B2', 'US7641529B2', 'US6982296B2', 'US8421436B2', 'US7314391B1', 'US7473606B2'];
let records = new Map<string, PatentRecord>();
beforeAll(async () => {
  if (available) records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), IDS);
}, 60_000);

const draftOf = (id: string) => draftOfRecord(records.get(id), 'en');

corpusTest('a component a dependent claim adds with "further comprising" gets the next numeral and is described', async () => {
  // Claim 1 lists two processors; "4. The system according to claim 1 and further comprising a SIP container configured to provide …".
  const sip = await draftOf('US8930553B2');
  expect(numerals(sip)).toEqual(['1 system', '10 incoming message hardware processor', '20 unknown message hardware processor', '30 SIP container']);
  expect(sip.embodiment).toContain('The system 1 may further include a SIP container 30.');

  // "2. … further comprising fins formed upon the heat sink.", "5. … further comprising a second lens formed upon the heat sink base …",
  // "10. … further comprising vias formed in the heat sink base and electrical conductors within the vias …": a bare plural introduces too.
  const led = await draftOf('US8089085B2');
  expect(numerals(led).slice(-3)).toEqual(['50 fins', '60 second lens', '70 vias']);
  expect(led.embodiment).toContain('may further include fins 50, a second lens 60, and vias 70.');
  expect(led.embodiment).toContain('the LED assembly 1 further includes fins 50 formed upon the heat sink 30.');

  // "4. … further including an additional carrying strap, …", "6. … an adjustable stop cord which restricts …",
  // "7. … one or more reinforcement frames extending around …", "8. … a lid which provides access …".
  const carrying = await draftOf('US20220160114A2');
  expect(numerals(carrying).slice(-4)).toEqual(['40 additional carrying strap', '50 adjustable stop cord', '60 reinforcement frames', '70 lid']);
}, 30_000);

corpusTest('an added component is numbered once, and data, steps and pointers back are not components', async () => {
  // "3. … further including a release button imbedded in said internal sleeve …" and "8. … further including a pair of release buttons …": one component.
  const handgrip = await draftOf('US6981945B1');
  expect(numerals(handgrip).filter((each) => /release button/.test(each))).toEqual(['30 release button']);

  // "3. The system of claim 1 further comprising one or more performance metrics associated with the pools …", "8. … one or more goal strategies …": data, no drawing shows them.
  const contacts = await draftOf('US7158629B2');
  expect(contacts.symbol_descriptions.map((sign) => sign.name).join(' ')).not.toMatch(/metric|strateg/);

  // A method ("further comprising collecting the water vapor …") adds steps, not components.
  const method = await draftOf('US7862706B2');
  expect(method.symbol_descriptions).toEqual([]);
}, 30_000);

corpusTest('a Jepson claim claims the thing improved, with the improvement\'s elements, and its setting is the background', async () => {
  // "1. In a hydraulic system for a heavy equipment with option apparatus, the hydraulic system including a plurality of hydraulic pumps …,
  // and a pilot pump which supplies a pilot signal pressure to the control valves respectively, the improvements comprising: a straight
  // traveling control valve (C4) …, and an inner spool …; and an option apparatus control valve (C5) …".
  const hydraulic = await draftOf('US7155908B2');
  expect(numerals(hydraulic)).toEqual(['1 hydraulic system', '10 straight traveling control valve', '20 inner spool', '30 option apparatus control valve']);
  expect(hydraulic.background).toMatch(/^The present disclosure concerns an improvement in a hydraulic system for a heavy equipment with option apparatus, the hydraulic system including a plurality of hydraulic pumps .*a pilot pump which supplies a pilot signal pressure to the control valves respectively\.\n/);
  expect(hydraulic.embodiment).toContain('A hydraulic system 1 according to an embodiment includes a straight traveling control valve 10, an inner spool 20, and an option apparatus control valve 30.');
  expect(`${hydraulic.domain} ${hydraulic.issue} ${hydraulic.method} ${hydraulic.abstract}`).not.toMatch(/\bIn a hydraulic/);

  // "1. Within a mobile communications device, a method of roaming between a mobile network and a wireless network comprising: establishing …"
  // and "6. Within a SIP gateway associated with a mobile network, a method of roaming between the mobile network and a wireless network comprising: …".
  const roaming = await draftOf('US7315742B2');
  expect(roaming.title).toBe('Method of roaming between a mobile network and a wireless network');
  expect(roaming.background).toContain('The present disclosure concerns a method of roaming between a mobile network and a wireless network within a mobile communications device.');
  expect(roaming.method).toMatch(/^To solve the above problem, a method of roaming between a mobile network and a wireless network according to an aspect of the present disclosure includes establishing a Voice-Over Internet Protocol communications link/);

  // "1. In an apparatus comprising an internal combustion engine, an exhaust conduit, …, a method of diagnosing a performance of an oxygen sensor, comprising: determining …":
  // the engine and sensors are the setting, not components of a claimed apparatus.
  const diagnosis = await draftOf('US7861515B2');
  expect(diagnosis.title).toBe('Method of diagnosing a performance of an oxygen sensor and method of monitoring a performance of the oxygen sensor');
  expect(diagnosis.symbol_descriptions).toEqual([]);
  expect(diagnosis.background).toContain('The present disclosure concerns a method of diagnosing a performance of an oxygen sensor in an apparatus comprising an internal combustion engine, an exhaust conduit,');

  // "10. In a device comprising an operating system and a web server, a device model agent (DMA) in communication with …, the DMA comprising: …".
  const agent = await draftOf('US20050004974A1');
  expect(agent.title).toBe('Device model agent (DMA)');
  expect(agent.background).toContain('The present disclosure concerns a device model agent (DMA) in a device comprising an operating system and a web server.');
  expect(agent.background).toContain('Various configurations have been proposed for device model agents (DMA).');
}, 30_000);

corpusTest('a variable "A" is no article: it keeps its capital', async () => {
  // US7473658B2 claims 5 and 6 pasted: "The composition of claim 2 wherein B is —NH—, and A is hydrogen or —C(O)—Y—Rf." and
  // "The composition of claim 5 wherein A is hydrogen and n=1 or 2." (the A of formula (I), not "a").
  const claims = records.get('US7473658B2')?.claims;
  if (!claims) throw new Error('US7473658B2 missing from the corpus');
  const { sections } = await draftWithoutGpt(draftInput({ lang: 'en', claims: claims.slice(4, 6) }));
  expect(sections.embodiment).toContain('In some embodiments, A is hydrogen and n=1 or 2.');
  expect(sections.embodiment).not.toMatch(/\ba is hydrogen/);
}, 30_000);

corpusTest('claim fragments are written as whole sentences of a description', async () => {
  const text = (sections: PatentSections) => [sections.domain, sections.background, sections.issue, sections.method, sections.effect, sections.embodiment, sections.abstract].join('\n');
  // A method's steps ("establishing a Voice-Over Internet Protocol communications link …; detecting the mobile network; …") are what it includes.
  const roaming = await draftOf('US7315742B2');
  expect(roaming.embodiment).toContain('In this embodiment, the method includes establishing a Voice-Over Internet Protocol communications link with an endpoint over which a call is conducted.');
  expect(roaming.embodiment).not.toMatch(/In this embodiment, (?:establishing|detecting|sending|receiving)\b/);

  // "a condenser in communication with the heat exchanger such that the heat received at the heat exchanger is transferred to the condenser":
  // the clause stays with what it completes (no comma before "such that").
  expect((await draftOf('US6837063B1')).embodiment).toContain('includes a condenser 20 in communication with the heat exchanger 10 such that the heat received at the heat exchanger 10 is transferred to the condenser 20.');
  // "… positioned above a support surface by a second distance, and" closes a sentence without its "and".
  const cooking = await draftOf('US6837151B2');
  expect(cooking.embodiment).toContain('In this embodiment, in the kebab cooking configuration the kebab skewer 40 is positioned above a support surface by a second distance.');
  expect(text(cooking)).not.toMatch(/,? and\.(?:\s|$)/);

  // "a. a flattened tubular film supply; b. means for advancing …": items the apparatus includes, without their labels.
  const banding = await draftOf('US7156140B1');
  // The supply, which the claim only names, is said by the list (not again on its own, test/creation/draft-english-named-parts).
  expect(banding.embodiment).toContain('A heat-shrinkable banding apparatus 1 according to an embodiment includes a flattened tubular film supply 10, a cutter 20, and a pair of grippers 30.');
  expect(banding.embodiment).not.toMatch(/In this embodiment, [a-h]\.(?:\s|$)/m);
  // "a) 60–85% by weight of …, b) 14–39% by weight of a plasticizer, and c) …": the labels inside one element go too.
  expect((await draftOf('US6982296B2')).embodiment).toContain('includes 60–85% by weight of partially acetalized polyvinyl alcohol, 14–39% by weight of a plasticizer');

  // "… which optionally has substituent(s)": a description says the plural.
  const phosphor = await draftOf('US7863443B2');
  expect(text(phosphor)).toContain('optionally has substituents');
  expect(text(phosphor)).not.toContain('(s)');

  // "4. The arrangement in claim 1, …" and "5. The arrangement in claim 4, wherein each NAP is configured …": the reference is no part of the sentence.
  const arrangement = await draftOf('US6336130B1');
  expect(arrangement.embodiment).toContain('In some embodiments, each NAP is configured to check, transform, and forward a communication crossing the boundary.');
  expect(arrangement.embodiment).not.toMatch(/in claim \d/);

  // "2. The surface acoustic wave element according to claim 1, the two pairs of terminals being disposed at …": with its verb.
  expect((await draftOf('US7474034B2')).embodiment).toContain('In some embodiments, the two pairs of terminals are disposed at one side of the piezoelectric substrate 10 in a latitudinal direction.');

  // "Portable instrument, for measuring …": no comma left on the subject ("portable instruments,.").
  expect((await draftOf('US7643860B2')).background).toContain('Various configurations have been proposed for portable instruments.');

  // The claim's own slips "a a second collar" and "the the up position" are not copied.
  const garment = await draftOf('US7641529B2');
  expect(text(garment)).not.toMatch(/\b(the|a|an) \1\b/i);
  expect(garment.embodiment).toContain('a hinge comprising a second collar that is designed');
}, 60_000);

corpusTest('a numeral goes after the whole name, not inside another thing\'s name', async () => {
  // US8421436B2: "a DC-DC converter comprising a boost capacitor and an NMOS transistor" and claim 2's "an inductor and a capacitor …":
  // the capacitor is 50, the boost capacitor is another one.
  const converter = await draftOf('US8421436B2');
  expect(numerals(converter)).toContain('50 capacitor');
  expect(converter.embodiment).toContain('includes a DC-DC converter 10 comprising a boost capacitor and an NMOS transistor');
  expect(converter.embodiment).not.toMatch(/boost capacitor \d/);
  expect(converter.embodiment).toContain('an inductor 40 and a capacitor 50 which accumulate energy');

  // US7314391B1: "the fuse including a first contact terminal" and claim 3's "a first contact in contact with the second contact terminal": not "first contact 70 terminal".
  const plug = await draftOf('US7314391B1');
  expect(numerals(plug)).toEqual(['1 plug', '10 plug body', '20 fuse', '30 fixed electrode', '40 spring', '50 conductive member', '60 second contact terminal', '70 first contact', '80 second contact']);
  expect(plug.embodiment).toContain('the fuse 20 including a first contact terminal.');
  expect(plug.embodiment).not.toMatch(/contact \d+ terminal/);
}, 30_000);

corpusTest('numbers and formulas stay whole when a section is cut to its length, and keep their capitals', async () => {
  // US6982296B2 claim 2: "… the ratio of the plasticizer to the non-ionic surfactant—based on the parts by weight in the foil—is greater than 2.7:1.":
  // the embodiment, over its 1,500 characters, was cut at the period of "2.7" and kept "7:1." alone.
  const foil = await draftOf('US6982296B2');
  expect(foil.embodiment).toContain('based on the parts by weight in the foil—is greater than 2.7:1.');
  expect(foil.embodiment.split('\n')).not.toContain('7:1.');
  expect(foil.embodiment.length).toBeLessThanOrEqual(1500);

  // US7473606B2 claim 4: "… wherein BxHy comprises B10H14 or B18H22.": a formula is not lowered as a word is.
  expect((await draftOf('US7473606B2')).embodiment).toContain('In some embodiments, BxHy comprises B10H14 or B18H22.');
}, 30_000);

corpusTest('"a" or "an" before an abbreviation is the claims\' own', async () => {
  // US8089085B2: "1. An LED assembly comprising: … at least one LED die …"; US8930553B2: "… further comprising a SIP container …".
  const led = await draftOf('US8089085B2');
  expect(led.domain).toMatch(/^The present disclosure relates to an LED assembly\. More particularly, the present disclosure relates to an LED assembly including a heat sink base, an LED die, a heat sink, and a first lens\./);
  expect(led.embodiment).toContain('An LED assembly 1 according to an embodiment includes');
  expect((await draftOf('US8930553B2')).embodiment).toContain('The system 1 may further include a SIP container 30.');
}, 30_000);
