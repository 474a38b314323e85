import { displayNumberOfId } from '../../src/patents/numbers.ts';
// The claim chart's conclusions at the boundaries of each rank, and the tsvector reading the
// BM25 index is built from.
import { concludeChart, elementLabel, elementRanges, type EvaluatedDocument } from '../../src/priorart/chart.ts';
import type { Element } from '../../src/priorart/elements.ts';
import type { Verdict } from '../../src/priorart/evidence.ts';
import { tsvectorFrequencies } from '../../src/patents/term-index.ts';

const elements: Element[] = [1, 2, 3, 4].map((id) => ({ id, text: `element ${id}` }));
const doc = (documentId: string, verdicts: Verdict[], score = 10, subclasses = ['H01M']): EvaluatedDocument => ({
  documentId,
  title: null,
  score,
  subclasses,
  verdicts: verdicts.map((verdict, i) => ({ elementId: i + 1, verdict })),
});
const D: Verdict = 'disclosed';
const P: Verdict = 'partly';
const N: Verdict = 'not_found';

test('A: one document discloses every element', () => {
  const conclusion = concludeChart(elements, [doc('JP1', [D, D, P, N], 20), doc('JP2', [D, D, D, D], 5)]);
  expect(conclusion).toMatchObject({ rank: 'A', mainDocumentId: 'JP2', secondaryDocumentIds: [] });
  expect(conclusion.matchRates).toEqual({ JP1: 0.625, JP2: 1 });
  expect(conclusion.rankDescription.ja).toContain('JP2');
  expect(conclusion.rankDescription.ja).toContain('構成要件 A～D のすべて');
  expect(conclusion.rankDescription.en).toContain('novelty');
});

test('B: the main document and secondary ones together disclose everything; a secondary of the main one’s field is preferred', () => {
  const conclusion = concludeChart(elements, [
    doc('US1', [D, D, D, N], 30, ['H01M']),
    doc('US2', [N, N, N, D], 25, ['G06F']),
    doc('US3', [N, N, N, D], 5, ['H01M']),
  ]);
  expect(conclusion).toMatchObject({ rank: 'B', mainDocumentId: 'US1', secondaryDocumentIds: ['US3'] });
  expect(conclusion.rankDescription.en).toContain('inventive step');
  expect(conclusion.rankDescription.ja).toContain(`副引用文献 ${displayNumberOfId('US3', 'ja')}`);
});

test('cited documents only from those charted as the closest when the simulation names them; every chart gets its match rate', () => {
  // US4 and US5 are the list's head read passage by passage (list-figures.ts LIST_HEAD): neither main nor secondary.
  const documents = [doc('US1', [D, D, D, N], 30), doc('US4', [N, N, N, D], 25), doc('US5', [D, D, D, D], 2)];
  const conclusion = concludeChart(elements, documents, {}, new Set(['US1']));
  expect(conclusion).toMatchObject({ rank: 'D', mainDocumentId: 'US1', secondaryDocumentIds: [] });
  expect(conclusion.matchRates).toEqual({ US1: 0.75, US4: 0.25, US5: 1 });
  expect(concludeChart(elements, documents)).toMatchObject({ rank: 'A', mainDocumentId: 'US5' });
  expect(concludeChart(elements, documents.slice(0, 2))).toMatchObject({ rank: 'B', secondaryDocumentIds: ['US4'] });
  expect(concludeChart(elements, documents.slice(1), {}, new Set(['US1'])).rank).toBe('D');
});

test('a document of the list\'s head that discloses every element is the main cited document (rank A) when completeFromAny; one that lacks any is not', () => {
  const documents = [doc('US1', [D, D, D, N], 30), doc('US4', [N, N, N, D], 25), doc('US5', [D, D, D, D], 2), doc('US6', [D, D, D, P], 20)];
  const closest = new Set(['US1']);
  const conclusion = concludeChart(elements, documents, {}, closest, true);
  expect(conclusion).toMatchObject({ rank: 'A', mainDocumentId: 'US5', secondaryDocumentIds: [] });
  expect(conclusion.rankDescription.en).toContain('discloses every element');
  // Without US5 the head's best (US6, partly D) is neither main nor secondary, and US4 (which discloses D) is not secondary.
  expect(concludeChart(elements, documents.filter((d) => d.documentId !== 'US5'), {}, closest, true)).toMatchObject({ rank: 'D', mainDocumentId: 'US1', secondaryDocumentIds: [] });
  expect(concludeChart(elements, documents, {}, closest, false)).toMatchObject({ rank: 'D', mainDocumentId: 'US1' });
});

const ten: Element[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, text: `element ${i + 1}` }));
const times = (verdict: Verdict, n: number): Verdict[] => Array.from({ length: n }, () => verdict);

test('C: nearly the whole claim is found (LITTLE_FOUND 0.9) but an element is found nowhere', () => {
  const conclusion = concludeChart(ten, [doc('CN1', [...times(D, 9), N]), doc('CN2', times(N, 10))]);
  expect(conclusion.rank).toBe('C');
  expect(conclusion.rankDescription.ja).toContain('構成要件 J を開示する文献は見つかりませんでした');
  expect(conclusion.rankDescription.en).toContain('No document discloses J');
});

test('D: under 0.9 of the claim found (partly counting half), or nothing retrieved', () => {
  expect(concludeChart(ten, [doc('JP1', [...times(D, 8), P, N])]).rank).toBe('D');
  expect(concludeChart(ten, [doc('JP1', [...times(D, 8), P, P])]).rank).toBe('C');
  expect(concludeChart(elements, [doc('JP1', [D, D, P, N])]).rank).toBe('D');
  expect(concludeChart(elements, []).rank).toBe('D');
});

test('D says which elements no document discloses and how much of the claim the cited documents find together', () => {
  const six: Element[] = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, text: `element ${i + 1}` }));
  // Main B, E, F; secondary A, D; C nowhere: 5 of 6 found is under LITTLE_FOUND, so D, but not "little found" as a count of misses.
  const conclusion = concludeChart(six, [doc('JP1', [N, D, N, N, D, D], 20), doc('JP2', [D, N, N, D, N, N], 10)]);
  expect(conclusion).toMatchObject({ rank: 'D', mainDocumentId: 'JP1', secondaryDocumentIds: ['JP2'] });
  expect(conclusion.rankDescription.ja).toBe(
    '構成要件 C の開示は、抽出した文献に見つかりませんでした。引用文献を合わせても見いだせたのは構成要件の 83%（一部開示は半分と数えています）にとどまり、請求項全体に近い先行技術は少ないと考えられます。',
  );
  expect(conclusion.rankDescription.en).toBe(
    'No document retrieved discloses C; together the cited documents find 83% of the claim (partly disclosed elements counting half): little prior art close to the claim as a whole was found.',
  );
});

test('elements are labelled A, B, … as charts name them', () => {
  expect([1, 2, 26, 27, 30].map(elementLabel)).toEqual(['A', 'B', 'Z', 'AA', 'AD']);
});

test('tsvector text is read into term frequencies, quotes and weights included', () => {
  const into = new Map<string, number>();
  tsvectorFrequencies("'battery':1,5B,9 'it''s':3 'x\\\\y':2 '電池':4A 'plain'", into);
  expect(Object.fromEntries(into)).toEqual({ battery: 3, "it's": 1, 'x\\y': 1, 電池: 1, plain: 1 });
});

test('element labels are written as an examiner writes them: three or more in a row as a range', () => {
  expect(elementRanges([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'ja')).toEqual(['A～K']);
  expect(elementRanges([1, 3, 4, 5, 7, 8], 'ja')).toEqual(['A', 'C～E', 'G', 'H']);
  expect(elementRanges([8, 2, 1, 3], 'en')).toEqual(['A–C', 'H']);
  // What a B-rank description says of an eleven-element claim found by one document but for its last two.
  const eleven = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, text: `element ${i + 1}` }));
  const conclusion = concludeChart(eleven, [doc('JP1', [D, D, D, D, D, D, D, D, D, N, N], 20), doc('JP2', [N, N, N, N, N, N, N, N, N, D, D], 10)]);
  expect(conclusion.rankDescription.ja).toContain('構成要件 A～I を開示し、不足する構成要件 J、K は副引用文献');
});
