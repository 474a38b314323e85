// The English drafter without GPT on real US claims, the leftovers of draft-english-fixes.test.ts: components
// named as a drawing shows them (not "distribution module interfaced", nor one numeral for "a rotisserie skewer
// and a kebab skewer"), claims without a transition of their own, Jepson claims opening "An improved …", and
// steps a component of a product performs. The records are read from ../shared/corpus directly; the corpus
// tests skip when it is absent.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftOfRecord, numerals } from '../helpers/draft-input.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('us.jsonl.gz');

const IDS = ['US7158629B2', 'US6837151B2', 'US9358892B1', 'US7862411B1', 'US7862345B2', 'US8088241B2', 'US7862546B2', 'US7473658B2', 'US8418612B2', 'US8087986B2', 'US20130014306A1', 'US7473185B2', 'US7643954B2', 'US8089078B2'];
let records = new Map<string, PatentRecord>();
beforeAll(async () => {
  if (available) records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), IDS);
}, 60_000);

const draftOf = (id: string) => draftOfRecord(records.get(id), 'en');

corpusTest('a component is named without the participle, adverb or "and" the claims reader left on it', async () => {
  // "a distribution module interfaced with the at least one contact device …; and a goal module interfaced with the distribution module, …".
  const contacts = await draftOf('US7158629B2');
  expect(numerals(contacts)).toEqual(['1 system', '10 contact device', '20 distribution module', '30 goal module']);
  expect(contacts.embodiment).toContain('In this embodiment, the system 1 includes a distribution module 20 interfaced with the at least one contact device 10 and including');
  expect(contacts.embodiment).toContain('In some embodiments, the goal module 30 organizes the agents into one or more teams.');

  // "an adjustable conveyor system carried on the trailer and configured …, and a conveyor portion inclined upwardly and configured …,
  // … between a first position adjacent to the aperture and external to the interior chamber, and a second position …; and a mechanism
  // configured and operable for moving the cob collection device between a lowered cob receiving position, and a raised cob unloading position …":
  // the positions are where the parts go, not parts; the domain ended "a conveyor portion inclined upwardly and.".
  const cobs = await draftOf('US7862411B1');
  expect(numerals(cobs)).toEqual(['1 device', '10 trailer', '20 adjustable conveyor system', '30 conveyor portion', '40 mechanism']);
  expect(cobs.domain).toContain('More particularly, the present disclosure relates to a device including a trailer, an adjustable conveyor system, a conveyor portion, and a mechanism.');
  expect(`${cobs.domain} ${cobs.embodiment} ${cobs.abstract}`).not.toMatch(/, and\./);
}, 30_000);

corpusTest('two components named in one element get a numeral each, and two said again make a clause', async () => {
  // "a first base portion; a second base portion movably connected to said first base portion; said first base portion and said second
  // base portion being adapted for relative movement …; and a rotisserie skewer and a kebab skewer; wherein …"; claims 2 and 3 add a sprocket,
  // a plate gear and a motor (claims 5 and 6 the skewers again).
  const cooking = await draftOf('US6837151B2');
  expect(numerals(cooking)).toEqual(['1 cooking device', '10 first base portion', '20 second base portion', '30 rotisserie skewer', '40 kebab skewer', '50 sprocket', '60 plate gear', '70 motor']);
  expect(cooking.embodiment).toContain('In this embodiment, the cooking device 1 includes a rotisserie skewer 30 and a kebab skewer 40.');
  expect(cooking.embodiment).toContain('In this embodiment, the first base portion 10 and the second base portion 20 are adapted for relative movement with respect to each other');
  expect(cooking.embodiment).toContain('in the rotisserie cooking configuration the rotisserie skewer 30 is positioned above a support surface');

  // "a plug connector and a receptacle connector detachably fitted with each other, …; the housing and the insulator for arranging and holding
  // the plug contacts" (the housing and the insulator introduced in the plug connector's element): one sentence each, every component numbered.
  const connector = await draftOf('US7862345B2');
  expect(numerals(connector)).toEqual(['1 electrical connector', '10 plug connector', '20 receptacle connector', '30 first connection portion', '40 block', '50 second connection portion', '60 housing', '70 insulator']);
  expect(connector.embodiment).toContain('In this embodiment, the electrical connector 1 includes a plug connector 10 and a receptacle connector 20 detachably fitted with each other, the receptacle connector 20 including');
  expect(connector.embodiment).toContain('In this embodiment, the electrical connector 1 includes the housing 60 and the insulator 70 for arranging and holding the plug contacts.');
  expect(connector.embodiment.match(/detachably fitted with each other/g)).toHaveLength(1);
}, 30_000);

corpusTest('the last item of a list the cutter split off at ", and the …" is no component', async () => {
  // "an electronic control unit configured to determine whether to activate a pre-charge mode based on the gear selection, the grade value,
  // and the state of charge value, and when …": the battery's value, said again.
  const charging = await draftOf('US9358892B1');
  expect(numerals(charging)).toEqual(['1 pre-charging system', '10 battery', '20 motor', '30 engine', '40 grade sensor', '50 gear selection sensor', '60 electronic control unit', '70 memory', '80 display', '90 navigation unit']);
}, 30_000);

corpusTest('"the steps of:" is no component, and a list labelled "a.", "b." follows a colon', async () => {
  // "1. An automated process comprising the steps of: (a) printing a design onto a first layer of material; …" was "includes a steps of 10".
  const printing = await draftOf('US8088241B2');
  expect(printing.symbol_descriptions).toEqual([]);
  expect(printing.embodiment).toContain('In this embodiment, the automated process includes printing a design onto a first layer of material.');

  // "1. An injection port for attachment on tissue, comprising: a. a housing, wherein …" read "includes a. a housing".
  const port = await draftOf('US7862546B2');
  expect(port.method).toMatch(/^To solve the above problem, an injection port for attachment on tissue according to an aspect of the present disclosure includes: a\. a housing, wherein the housing comprises a septum/);
}, 30_000);

corpusTest('a claim without a transition is not cut at the words of its wherein clause, nor "is configured" from its "such that"', async () => {
  // "1. A composition of formula (I) wherein A is independently selected from the group consisting of: hydrogen, …; B is independently
  // selected from the group consisting of: —O—, —NH—, and a covalent bond; …": the preamble ran to "from the group", the covalent bond was a component.
  const composition = await draftOf('US7473658B2');
  expect(composition.embodiment).toContain('In this embodiment, A is independently selected from the group consisting of: hydrogen, C1-C5 straight and branched chain alkyl, phenyl, benzyl, and —C(O)—Y—Rf.');
  expect(composition.embodiment).toContain('In this embodiment, B is independently selected from the group consisting of: —O—, —NH—, and a covalent bond.');
  expect(composition.symbol_descriptions).toEqual([]);

  // "…; the printing plate making apparatus is configured such that, after scanning the recording medium …" read "… is configured.".
  const plate = await draftOf('US8418612B2');
  expect(plate.embodiment).toContain('In this embodiment, the printing plate making apparatus 1 is configured such that, after scanning the recording medium with one of the first and second light beams');
  expect(plate.embodiment).not.toMatch(/is configured\./);
}, 30_000);

corpusTest('the steps a component of a product executes are said of that component', async () => {
  // "1. A card gaming machine comprising: a display …; an operating unit …; and a game controller executing the steps of: (a) receiving a betting
  // …; (b) making winning/losing judgment by comparing …; (c) awarding to the player a first prize …; (d) receiving a side bet …; (e) in a case
  // where the side bet is made, specifying a bonus target card group …": "In this embodiment, making winning/losing judgment …" said nothing did it.
  const gaming = await draftOf('US8087986B2');
  expect(gaming.embodiment).toContain('In this embodiment, the game controller 30 executes a step of making winning/losing judgment by comparing a player\'s hand');
  expect(gaming.embodiment).toContain('In this embodiment, the game controller 30 executes a step of awarding to the player a first prize that is based on a betted gaming value and a result of the winning/losing judgment.');
  expect(gaming.embodiment).toContain('In this embodiment, in a case where the side bet is made, the game controller 30 executes a step of specifying a bonus target card group');
  expect(gaming.embodiment).not.toMatch(/In this embodiment, (?:making|awarding|receiving|judging|specifying)\b/);
}, 30_000);

corpusTest('"An improved glove …, wherein the improvement includes: …" claims the improved glove with the improvement\'s elements', async () => {
  // "1. An improved glove employable by a user for mixed martial arts, the glove being an open fingered type and of a type having a dorsal pad for
  // protecting …, wherein the improvement includes: the dorsal pad having a distal extension with an integral bend …"; claim 7 "… wherein the
  // improvement further comprises: a wrist pad …"; claims 8 and 10 improve the same glove. The subject was "improved glove employable by a user",
  // the improvement a clause, and the dependent claims ("The improved glove of claim 1 …") another thing.
  const glove = await draftOf('US20130014306A1');
  expect(numerals(glove)).toEqual(['1 improved glove', '10 dorsal pad', '20 wrist pad']);
  expect(glove.background).toMatch(/^The present disclosure concerns an improvement in a glove employable by a user for mixed martial arts, the glove being an open fingered type and of a type having a dorsal pad for protecting the dorsal side of the metacarpals of a user's hand against shock and of a type being capable of assuming an open position for grappling and a clinched fist position for striking\.\n/);
  expect(glove.background.match(/concerns an improvement/g)).toHaveLength(1);
  expect(glove.embodiment).toContain('In this embodiment, the improved glove 1 includes the dorsal pad 10 having a distal extension with an integral bend');
  expect(glove.embodiment).toContain('In some embodiments, the improvement further includes the dorsal pad 10 having a composition including molded foam');
  expect(glove.embodiment).not.toContain('can also be implemented as the improved glove');
}, 30_000);

corpusTest('a claim cut at the section limit does not end on its "; and"', async () => {
  // "1. A golf puffer comprising (a) a head … (vi) shaped and dimensioned that …, and the puller is free standing; and, (b) a shaft …": one
  // sentence longer than the section, cut at its last comma that fits, ended "… the puller is free standing; and.".
  const puffer = await draftOf('US7473185B2');
  expect(puffer.method).toMatch(/and the puller is free standing\.$/);
  expect(Object.values(puffer).filter((value) => typeof value === 'string').join('\n')).not.toMatch(/[,;] and\.(?:\s|$)/);
}, 30_000);

corpusTest('the claimed thing is named without the participle the claims reader left on it, so its dependent claims are its', async () => {
  // "1. A calibrator connected to a clock supply station, …" and "2. The calibrator of claim 1, wherein the processor controls …".
  const calibrator = await draftOf('US7643954B2');
  expect(numerals(calibrator)[0]).toBe('1 calibrator');
  expect(calibrator.embodiment).toContain('In some embodiments, the processor 10 controls the clock control block 20 so that the peak voltage is a target peak voltage.');

  // "5. The light emitting device defined in claim 1 further comprising: a first power source plug terminal …; and a second power source plug terminal …".
  const device = await draftOf('US8089078B2');
  expect(numerals(device).slice(-2)).toEqual(['120 first power source plug terminal', '130 second power source plug terminal']);
}, 30_000);
