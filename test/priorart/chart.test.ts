import { displayNumberOfId } from '../../src/patents/numbers.ts';
// The claim chart's conclusions at the boundaries of each rank, and the tsvector reading the
// BM25 index is built from.
import { concludeChart, elementLabel, type EvaluatedDocument } from '../../src/priorart/chart.ts';
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
  expect(conclusion.rankDescription.ja).toContain('A、B、C、D');
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
  expect(conclusion.rankDescription.ja).toContain(`副引用文献 ${displayNumberOfId('US3')}`);
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

test('elements are labelled A, B, … as charts name them', () => {
  expect([1, 2, 26, 27, 30].map(elementLabel)).toEqual(['A', 'B', 'Z', 'AA', 'AD']);
});

test('tsvector text is read into term frequencies, quotes and weights included', () => {
  const into = new Map<string, number>();
  tsvectorFrequencies("'battery':1,5B,9 'it''s':3 'x\\\\y':2 '電池':4A 'plain'", into);
  expect(Object.fromEntries(into)).toEqual({ battery: 3, "it's": 1, 'x\\y': 1, 電池: 1, plain: 1 });
});
