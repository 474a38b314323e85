// The English drafter without GPT read as a US attorney reads a draft, the leftovers of draft-english-fixes4.test.ts:
// a memory named with what it stores, claims' typos (a preposition glued to its word, two elements run together) and
// item labels ("a. a high side power transistor", "f) a first encapsulant") carried into the description and the
// reference numerals. The records are read from ../shared/corpus.
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import { corpusTests } from '../helpers/corpus.ts';
import { draftInput, numerals, recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('us.jsonl.gz');

const IDS = ['US6981898B2', 'US7314376B2', 'US7644137B2', 'US8421425B1', 'US8088760B2', 'US7156398B1', 'US7158686B2', 'US7315383B1', 'US6982249B1', 'US7862893B2', 'US8088364B2', 'US6982059B2', 'US6837220B2', 'US6981880B1'];
const draftOf = recordDrafts('us.jsonl.gz', IDS, available, 'en');

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

corpusTest('a claim\'s typos are not carried into the description: a glued "betweeneach", two elements run together; "the other one" is no component', async () => {
  // Claim 1: "… and an array intermediate ground contact betweeneach two neighboring arrays of the multiple pairs of signal contacts, …".
  const connector = await draftOf('US6981898B2');
  expect(numerals(connector)).toContain('20 array intermediate ground contact');
  // "… wherein: …; and the other one of the pair of contact parts is aligned with …" points back at a part: no component "30 other one".
  expect(numerals(connector).join('\n')).not.toMatch(/other one/);
  expect(connector.domain).toBe('The present disclosure relates to a connector. More particularly, the present disclosure relates to a connector including a housing and an array intermediate ground contact.');
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

corpusTest('elements labelled "a." or "b)" are numbered like the others, and no label opens a phrase of the problem or the effect', async () => {
  // Claim 1: "A current detector for an output inductor, comprising a. a high side power transistor; b. a low side power transistor coupled to …; …
  // g. a second logic gate whose inputs are coupled to the output of the flip-flop …".
  const detector = await draftOf('US8421425B1');
  expect(numerals(detector)).toEqual(['1 current detector', '10 high side power transistor', '20 low side power transistor', '30 controller', '40 comparator', '50 first logic gate', '60 flip-flop', '70 second logic gate']);
  expect(detector.embodiment).toContain('In this embodiment, the current detector 1 includes a low side power transistor 20 coupled to the high side power transistor 10.');
  expect(detector.embodiment).toContain('the current detector 1 includes a second logic gate 70 whose inputs are coupled to the output of the flip-flop 60');
  expect(detector.issue).toMatch(/^However, conventional current detectors have not sufficiently considered a configuration including a second logic gate whose inputs are coupled to the output of the flip-flop /);
  // "a. a highly paraffinic wax …; b. an inorganic powder coating …" (US7862893B2); "the granular solid wax particle size" is no wax particle 1's size.
  const wax = await draftOf('US7862893B2');
  expect(numerals(wax)).toEqual(['1 granular solid wax particle', '10 highly paraffinic wax', '20 inorganic powder coating']);
  expect(wax.embodiment).toContain('In some embodiments, the granular solid wax particle size is between 0.3 to 50 mm in the longest direction.');
  // The alternatives of a group ("Y is selected from the group consisting of a) an aryl group …; b) a heteroaryl group …") are no parts of a compound.
  expect(numerals(await draftOf('US8088760B2'))).not.toContain('10 heteroaryl group');
  // Claim 1's last steps: "… and h) declaring the first team to accumulate a predetermined number of points the winner." (a method of playing a game),
  // "… iv) the shadow tone scale segment is defined for points …", "… B) angularly directing …" (written "in which A) angularly directing …").
  const game = await draftOf('US7156398B1');
  expect(game.effect).toBe('According to the present disclosure, it is possible to provide a method of playing a game that includes declaring the first team to accumulate a predetermined number of points the winner.');
  const tone = await draftOf('US7158686B2');
  expect(tone.issue).toContain('in which the shadow tone scale segment is defined for points that are equal to or less than the reference point');
  const scan = await draftOf('US7315383B1');
  expect(scan.effect).toMatch(/^According to the present disclosure, it is possible to provide a 3 dimensional scanning and measurement method that includes angularly directing at least one linear light gradient onto a workpiece, causing relative movement/);
  // Claim 1 ends "… consisting of: (a) Arg-Pro-Pro; (b) …; (c) (d)": a bare label says nothing.
  const thrombin = await draftOf('US6982249B1');
  for (const d of [detector, game, tone, scan, thrombin]) {
    for (const section of [d.issue, d.effect]) expect(section).not.toMatch(/(?:in which|that includes|including) \(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)](?:\s|$)/i);
  }
}, 30_000);

corpusTest('an ingredient claimed by its amount is what the composition includes, not a sentence without a verb', async () => {
  // Claim 10: "A personal-care composition … comprising: a) at least about 10% of a non-polar silicone oil; b) from about 1% to about 6% oxybenzone; …".
  const care = await draftOf('US8088364B2');
  expect(care.embodiment).toContain('In this embodiment, the personal-care composition 1 includes from about 1% to about 6% oxybenzone.');
  // Claim 1: "An alloy … comprising: palladium, in an amount ranging from about 1 atomic percent to about 41 atomic percent; platinum, in an amount …".
  const alloy = await draftOf('US6982059B2');
  expect(alloy.embodiment).toContain('In this embodiment, the alloy 1 includes palladium, in an amount ranging from about 1 atomic percent to about 41 atomic percent.');
  for (const d of [care, alloy]) expect(d.embodiment).not.toMatch(/In this embodiment, (?:from about|palladium|platinum)/);
}, 30_000);

corpusTest('a thing claimed without an article is what the product includes, not a sentence without a verb', async () => {
  // "… fuel control means for controlling the injection quantity of the fuel injector …" (a multiple cylinder engine).
  const engine = await draftOf('US6837220B2');
  expect(engine.embodiment).toContain('In this embodiment, the multiple cylinder engine 1 includes fuel control means for controlling the injection quantity of the fuel injector 30');
  // "… elastomeric insulating material disposed around each of the deformable resilient electrical conductors …" (an electronic module).
  const electronic = await draftOf('US6981880B1');
  expect(electronic.embodiment).toContain('In this embodiment, the electronic module 1 includes elastomeric insulating material disposed around each of the deformable resilient electrical conductors');
  // "… panel-shaped ground contacts provided between respective, neighboring pairs …" (a connector).
  const connector = await draftOf('US6981898B2');
  expect(connector.embodiment).toContain('In this embodiment, the connector 1 includes panel-shaped ground contacts provided between respective, neighboring pairs');
  for (const d of [engine, electronic, connector]) expect(d.embodiment).not.toMatch(/^In this embodiment, (?:fuel control means|elastomeric insulating material|panel-shaped)/m);
}, 30_000);
