// The English drafter without GPT on real US claims of the shared corpus: the title is the
// claimed subject's name as US titles give it (not the preamble with its clauses), and an element
// that names the claimed thing itself is not listed as a component of it. The records are read
// from ../shared/corpus directly; the corpus tests skip when it is absent.
import path from 'node:path';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';
import { draftInput } from '../helpers/draft-input.ts';

const { dir: CORPUS, available, test: corpusTest } = corpusTests('us.jsonl.gz');

/** The US records of these ids, read once. */
const usRecords = (ids: string[]) => corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ids);

/** English claims with nothing else: no reference, no similar documents, no drawings. */
const input = (claims: string[]) => draftInput({ lang: 'en', claims });

const draftOf = async (record: PatentRecord | undefined) => {
  if (!record?.claims) throw new Error('record missing from the corpus');
  return (await draftWithoutGpt(input(record.claims.slice(0, 10)))).sections;
};

const IDS = ['USD456610S1', 'USD456595S1', 'US8090467B2', 'US6837536B1', 'US6334226B1', 'US7641529B2', 'US7158664B2', 'US8418612B2', 'US6857133B2', 'USD452599S1', 'US7521044B2', 'US6837463B2', 'US20130014308A1', 'US8420690B2'];
let records = new Map<string, PatentRecord>();
beforeAll(async () => {
  if (available) records = await usRecords(IDS);
}, 60_000);

corpusTest('the title names the claimed subject, without the configuration clauses of the preamble', async () => {
  // "A faucet support member configured to releasably fix a faucet in a mounting hole that is formed in a base plate, the faucet having …": US title "Faucet support member".
  const faucet = await draftOf(records.get('US6334226B1'));
  expect(faucet.title).toBe('Faucet support member');
  expect(faucet.domain).toMatch(/^The present disclosure relates to a faucet support member\./);
  // "A life-saving garment that includes a first collar, intended to be positioned …": "Life-saving garment".
  expect((await draftOf(records.get('US7641529B2'))).title).toBe('Life-saving garment');
  // "An image recognition apparatus which measures the parallax …": "Image recognition apparatus".
  expect((await draftOf(records.get('US7158664B2'))).title).toBe('Image recognition apparatus');
  // "A printing plate making apparatus configured to scan a recording medium by a light beam …".
  expect((await draftOf(records.get('US8418612B2'))).title).toBe('Printing plate making apparatus');
  // A method keeps what it is a method of: "A method for producing a water-resistant unit, comprising the steps of …".
  expect((await draftOf(records.get('US6857133B2'))).title).toBe('Method for producing a water-resistant unit and water-resistant sleeve');
  // A design claims "The ornamental design for a confection item in the form of a tied braid, as shown and described.": its title is the article.
  const design = records.get('USD452599S1')!;
  expect((await draftOf(design)).title).toBe('Confection item in the form of a tied braid');
  expect(design.title).toBe('Confection item in the form of a tied braid');
  // "The ornamental design for “a brush”, as shown and described." → "Brush"; a design's article is named as claimed, clauses and all.
  expect((await draftOf(records.get('USD456610S1'))).title).toBe('Brush');
  expect((await draftOf(records.get('USD456595S1'))).title).toBe('Hat which can serve as a megaphone');
  // Claim 1 "An apparatus for knitting fabric using elastic yarns with retractility properties which are fed …" and claim 5
  // "A method for knitting fabric used under a designated tension T1 by feeding elastic yarns …": too long as two names,
  // their heads share the purpose (US title "Apparatus and method for knitting fabric using elastic yarns").
  expect((await draftOf(records.get('US8090467B2'))).title).toBe('Apparatus and method for knitting fabric');
  // "A device to be connected to an underside of a trailer, …" and "A combination of a trailer and a device …".
  expect((await draftOf(records.get('US6837536B1'))).title).toBe('Device and combination of a trailer and the same');
}, 30_000);

corpusTest('an element naming the claimed thing itself is not a component of it, and what it says is kept', async () => {
  // US7521044B2: "An isolated polypeptide comprising a polypeptide sequence selected from the group consisting of: (a) an isolated
  // polypeptide comprising amino acids 1 to 1069 …; … and (d) an isolated polypeptide comprising the polypeptide sequence encoded by nucleotides 4 to 3207 of SEQ ID NO:88."
  const polypeptide = await draftOf(records.get('US7521044B2'));
  expect(polypeptide.issue).not.toMatch(/isolated polypeptide including an isolated polypeptide/);
  expect(polypeptide.issue).toContain('an isolated polypeptide in which the isolated polypeptide comprises the polypeptide sequence encoded by nucleotides 4 to 3207 of SEQ ID NO:88');
  expect(polypeptide.symbol_descriptions.filter((sign) => sign.name === 'isolated polypeptide').map((sign) => sign.sign)).toEqual(['1']);

  // US6837463B2: "A ram air inflated wing, comprising: … wherein: … the wing is bridleless over the entire span of the wing apart from tips of the wing; …".
  const wing = await draftOf(records.get('US6837463B2'));
  expect(wing.symbol_descriptions.map((sign) => sign.name)).not.toContain('wing');
  // The wing is the claimed wing: no sign of its own ("the wing 40"), the outer sections are "of the wing".
  expect(wing.embodiment).not.toMatch(/(?<!inflated )wing \d+/);
  expect(wing.embodiment).toContain('the outer sections 50 of the wing create aerodynamic forces');

  // US20130014308A1: one sentence, no transition: "A finger nail tip cover appliance that has a first hard end and a second more soften end …".
  const appliance = await draftOf(records.get('US20130014308A1'));
  expect(appliance.title).toBe('Finger nail tip cover appliance');
  expect(appliance.issue).not.toMatch(/appliance including a finger nail tip cover appliance/);
  expect(appliance.issue).toContain('a finger nail tip cover appliance in which the finger nail tip cover appliance has a first hard end and a second more soften end');
  expect(appliance.embodiment).toContain('In this embodiment, the finger nail tip cover appliance has a first hard end');

  // US8420690B2: "A compound selected from: N-(2-amino-1-phenylethyl)-5-(1-methyl-1H-pyrazol-5-yl)-3-thiophenecarboxamide; …".
  const compound = await draftOf(records.get('US8420690B2'));
  expect(compound.title).toBe('Compound');
  expect(compound.symbol_descriptions.map((sign) => sign.name)).not.toContain('compound selected');
  // The compounds it is selected from are one sentence with it (draft-fixes6.test.ts).
  expect(compound.embodiment).toContain('In this embodiment, the compound is selected from: N-(2-amino-1-phenylethyl)-5-(1-methyl-1H-pyrazol-5-yl)-3-thiophenecarboxamide; ');

  // A design's only element is its own name: nothing is listed, the problem names no component.
  const design = await draftOf(records.get('USD452599S1'));
  expect(design.issue).not.toMatch(/ornamental design including an ornamental design/);
  expect(design.symbol_descriptions.length).toBeLessThanOrEqual(1);
}, 30_000);

test('pasted English claims: a preamble with clauses gives the subject as title, and a self-naming element no sign', async () => {
  const bracket = await draftWithoutGpt(
    input(['1. A mounting bracket configured to hold a sensor on a wall, the mounting bracket comprising: a base plate; an arm having a clamp; and wherein the mounting bracket is made of aluminium.']),
  );
  expect(bracket.sections.title).toBe('Mounting bracket');
  expect(bracket.sections.symbol_descriptions.map((s) => s.name)).toEqual(['mounting bracket', 'base plate', 'arm']);
  expect(bracket.sections.embodiment).toContain('In this embodiment, the mounting bracket 1 is made of aluminium.');
  // A purpose is the name: kept.
  const method = await draftWithoutGpt(input(['1. A method for producing a battery, comprising: pressing a positive electrode layer; and sintering the layers.']));
  expect(method.sections.title).toBe('Method for producing a battery');
});
