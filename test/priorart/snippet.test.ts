// A claim chart cell shows the part of its passage where the element's matched words meet, so
// the reader can check the verdict without opening the document: real claims of the demo
// corpus, whose first matched word is far from the rest.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { PatentRecord } from '../../src/patents/record.ts';
import { snippetOf } from '../../src/priorart/result-view.ts';

const records = new Map(
  gunzipSync(readFileSync('data/demo-corpus/demo.jsonl.gz'))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.includes('"JP2017191825A"') || line.includes('"US20210267109A1"'))
    .map((line) => JSON.parse(line) as PatentRecord)
    .map((record) => [record.id, record]),
);
const claimOf = (id: string) => records.get(id)!.claims![0]!;
const shown = (parts: ReturnType<typeof snippetOf>) => parts.map((part) => part.text).join('');
const marked = (parts: ReturnType<typeof snippetOf>) => parts.filter((part) => part.mark).map((part) => part.text);

describe('snippetOf', () => {
  test('a Japanese claim: the grinding step, not the first line that names the wafer', () => {
    // JP2017191825A claim 1 names 所定 in its first words and ウエーハ throughout; the grinding
    // and thinning (研削, 薄化, 裏面) come ~800 characters later, in its 分割工程.
    const parts = snippetOf(claimOf('JP2017191825A'), ['研削', '薄化', '裏面', '所定', 'ウエーハ']);
    expect(marked(parts)).toEqual(expect.arrayContaining(['研削', '薄化', '裏面']));
    expect(shown(parts)).toContain('研削手段により研削し仕上げ厚さへと薄化する');
    expect(parts[0]).toEqual({ text: '…', mark: false });
  });

  test('an English claim: the clause holding the words, cut between words', () => {
    // US20210267109A1 claim 1 says "surface" first; the fork's angle and the yard come at its end.
    const parts = snippetOf(claimOf('US20210267109A1'), ['fork', 'angle', 'surface', 'teeth', 'yard']);
    const text = shown(parts);
    expect(text).toContain('uplifts the teeth attached to the first fork from a yard');
    expect(marked(parts)).toEqual(expect.arrayContaining(['fork', 'angle', 'teeth', 'yard']));
    // Cut between words, the cut marked with an ellipsis.
    expect(text.startsWith('…')).toBe(true);
    const body = text.replace(/^…|…$/g, '');
    const at = claimOf('US20210267109A1').indexOf(body);
    expect(claimOf('US20210267109A1')[at - 1]).toMatch(/\s/);
  });

  test('a passage whose words come first keeps its beginning; one without marks shows its start', () => {
    const claim = claimOf('JP2017191825A');
    expect(shown(snippetOf(claim, ['表面', '方向', '分割予定ライン'])).startsWith('表面に所定の方向に延びる')).toBe(true);
    expect(shown(snippetOf(claim, ['存在しない語'])).startsWith('表面に所定の方向')).toBe(true);
  });
});
