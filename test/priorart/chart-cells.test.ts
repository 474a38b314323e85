// What a claim chart's cell shows a reader of a ✕: a glimpse of the closest passage with the
// element's words that are really words (not the １ of 第１), cut where no marked word is split;
// and the inferred IPC shown without shares that round to nothing. Real gazettes of the demo
// corpus: JP2017191825A's wafer-dicing claim against two pachinko machines, its nearest
// candidates in the demo corpus.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { shownSubclasses } from '../../src/patents/ipc.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { evidenceOf, passagesOf, type ElementTerms } from '../../src/priorart/evidence.ts';
import { cellOf, snippetOf } from '../../src/priorart/result-view.ts';

const records = new Map(
  gunzipSync(readFileSync('data/demo-corpus/demo.jsonl.gz'))
    .toString('utf8')
    .split('\n')
    .filter((line) => ['JP2019010220A', 'JP2018027464A'].some((id) => line.includes(`"${id}"`)))
    .map((line) => JSON.parse(line) as PatentRecord)
    .map((record) => [record.id, record]),
);
const paragraph = (id: string, number: string) => passagesOf(records.get(id)!).find((passage) => passage.number === number)!;
const shown = (parts: ReturnType<typeof snippetOf>) => parts.map((part) => part.text).join('');
const marked = (parts: ReturnType<typeof snippetOf>) => parts.filter((part) => part.mark).map((part) => part.text);

test('a marked word is not cut by the start of the window: 区画 of 「…外周を区画する枠板状の前構成部材」 is shown whole', () => {
  // JP2018027464A【1435】 names 区画 about 200 characters in; the 40-character lead before the
  // densest marks began inside it and the cell showed a lone marked 画.
  const passage = paragraph('JP2018027464A', '1435');
  const parts = snippetOf(passage.text, ['区画', '延びる', '領域', '所定', '方向', '形成']);
  expect(marked(parts)).not.toContain('画');
  for (const word of marked(parts)) expect(['区画', '延びる', '領域', '所定', '方向', '形成']).toContain(word);
  expect(shown(parts)).toContain('区画する枠板状');
});

test('a ✕ cell shows a glimpse around its words, not the first three pieces of a list of figures', () => {
  // JP2019010220A【0016】 is its list of figures (【図１】第１実施形態における…); the cell for
  // the wafer claim's element A showed only 「【図１】第」 with １ marked.
  const passage = paragraph('JP2019010220A', '0016');
  expect(passage.text.startsWith('【図１】第１実施形態')).toBe(true);
  const cell = cellOf({ elementId: 1, verdict: 'not_found', score: 0.2, passage, words: ['ライン', 'デバイス', '領域', '方向', '形成'] }, 'JP2019010220A');
  const text = cell.snippet.join('');
  expect(text).not.toBe('【図１】第');
  expect(text.replace(/…/g, '').length).toBeGreaterThan(40);
  expect(text.length).toBeLessThanOrEqual(72);
  // Odd runs are the marked ones (compactSnippet).
  expect(cell.snippet.filter((_, at) => at % 2 === 1).some((run) => /ライン|デバイス|領域|方向|形成/.test(run))).toBe(true);
});

test('the words a passage matched leave out numbers alone; the score still counts them', async () => {
  const document = records.get('JP2019010220A')!;
  // The element's words as termsOfElements gives them for 「第１の分割予定ラインに沿って…形成する」 (NFKC: １ → 1).
  const element: ElementTerms = {
    elementId: 1,
    terms: [{ term: 'ライン', weight: 3 }, { term: '形成', weight: 1 }, { term: '1', weight: 0.5 }],
    total: 4.5,
    words: ['ライン', '形成', '1'],
    keys: { words: [], terms: [] },
    untranslated: [],
  };
  const [evidence] = await evidenceOf(document, [element], 'jp', 'normal');
  expect(evidence!.words).toContain('ライン');
  expect(evidence!.words).not.toContain('1');
  // The passage (【0075】) holds a 1 (「第１図柄表示装置」) and it counts: the score is the shown words' weight and the number's.
  expect(evidence!.passage!.text).toMatch(/[1１]/);
  const shownWeight = evidence!.words.reduce((sum, word) => sum + element.terms.find((term) => term.term === word)!.weight, 0);
  expect(evidence!.score).toBeCloseTo((shownWeight + 0.5) / element.total, 3);
});

test('the inferred IPC shows the first subclass always and the others only where their share shows as 1 % or more', () => {
  const inferred = [
    { code: 'H01L', score: 0.66 },
    { code: 'B23K', score: 0.33 },
    { code: 'A63F', score: 0.004 },
    { code: 'G03B', score: 0.003 },
    { code: 'B29C', score: 0.001 },
    { code: 'B24B', score: 0.2 },
  ];
  expect(shownSubclasses(inferred).map((entry) => entry.code)).toEqual(['H01L', 'B23K']);
  expect(shownSubclasses([{ code: 'A63F', score: 0.001 }]).map((entry) => entry.code)).toEqual(['A63F']);
});
