// An element is disclosed only by a passage naming its head (evidence.ts HEAD_RULE; on for Japanese gazettes, measured and
// off for US, where the mechanism is tested with the head given). A sports-glasses
// abstract (US7048371: "a nosepiece for resting on a wearer's nose … at either end of the frame … the lower edge of
// the frame") held 0.59 of a hand truck's "a nose plate extending forward from the lower end of the frame" and
// disclosed it at the strictest setting. Weights are the US corpus's idf of the element's stems.
import path from 'node:path';
import type { PatentRecord } from '../../src/patents/record.ts';
import { analyzeFieldsInWorker } from '../../src/patents/analysis/worker.ts';
import { closingCompoundOf } from '../../src/priorart/element-head.ts';
import { evidenceOf, type ElementTerms } from '../../src/priorart/evidence.ts';
import { corpusRecords, corpusTests } from '../helpers/corpus.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('us.jsonl.gz');

const nosePlate = (head: boolean): ElementTerms => {
  const terms = [
    { term: 'nose', weight: 4.77 },
    { term: 'plate', weight: 2.85 },
    { term: 'forward', weight: 1.71 },
    { term: 'frame', weight: 1.58 },
    { term: 'extend', weight: 1.54 },
    { term: 'lower', weight: 1.45 },
    { term: 'end', weight: 0.98 },
  ];
  return {
    elementId: 4,
    terms,
    total: terms.reduce((sum, t) => sum + t.weight, 0),
    words: terms.map((t) => t.term),
    keys: { words: ['nose', 'plate'], terms: ['nose', 'plate'] },
    untranslated: [],
    ...(head && { head: ['plate'] }),
  };
};

corpusTest('a nose plate is not disclosed by a spectacle frame\'s nosepiece, and is by a passage naming the plate', async () => {
  const records = await corpusRecords<PatentRecord>(path.join(CORPUS, 'us.jsonl.gz'), ['US7048371']);
  const glasses = records.get('US7048371')!;
  const [ruled] = await evidenceOf(glasses, [nosePlate(true)], 'us', 'passive');
  expect(ruled!.verdict).toBe('partly');
  expect(ruled!.passage?.kind).toBe('abstract');
  // What the rule changes: without it the same abstract discloses the element at the strictest setting.
  const [unruled] = await evidenceOf(glasses, [nosePlate(false)], 'us', 'passive');
  expect(unruled!.verdict).toBe('disclosed');
  // A passage that names the plate with the same words discloses it.
  const truck = { id: 'hand-truck', claims: null, abstract: 'A nose plate extends forward from the lower end of the frame of the hand truck.', description: null };
  const [named] = await evidenceOf(truck, [nosePlate(true)], 'us', 'passive');
  expect(named!.verdict).toBe('disclosed');
});

// Japanese: an element wants the compound it closes with (closingCompoundOf). A passage that places something else between
// the electrodes holds most of 「前記正極と前記負極との間に配置されたセパレータ」's words but not セパレータ.
test('a separator between the electrodes is not disclosed by an electrolyte layer placed there, and is by a separator', async () => {
  const element = '前記正極と前記負極との間に配置されたセパレータ';
  const [terms, head] = await analyzeFieldsInWorker([element, closingCompoundOf(element)!], 'jp', { distinct: true });
  const separator = (withHead: boolean): ElementTerms => ({
    elementId: 2,
    terms: terms!.map((term) => ({ term, weight: 1 })),
    total: terms!.length,
    words: terms!,
    keys: { words: [], terms: [] },
    untranslated: [],
    ...(withHead && { head: head! }),
  });
  const layer = { id: 'layer', claims: null, abstract: '正極と負極との間に配置された固体電解質層を備える全固体電池。', description: null };
  const [ruled] = await evidenceOf(layer, [separator(true)], 'jp', 'positive');
  expect(ruled!.verdict).toBe('partly');
  const [unruled] = await evidenceOf(layer, [separator(false)], 'jp', 'positive');
  expect(unruled!.verdict).toBe('disclosed');
  const cell = { id: 'cell', claims: null, abstract: '正極と負極との間に配置されたセパレータを備えるリチウムイオン二次電池。', description: null };
  const [named] = await evidenceOf(cell, [separator(true)], 'jp', 'positive');
  expect(named!.verdict).toBe('disclosed');
});
