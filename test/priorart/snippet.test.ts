// A claim chart cell shows the part of its passage where the element's matched words meet, so
// the reader can check the verdict without opening the document: real claims of the demo
// corpus, whose first matched word is far from the rest; and a word of one kanji (着 of 貼着)
// marked where the passage has it as a word, not inside 密着 or 付着.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PatentRecord } from '../../src/patents/record.ts';
import { passagesOf } from '../../src/priorart/evidence.ts';
import { snippetOf } from '../../src/priorart/result-view.ts';
import { matchedWordsMarking, type HighlightOptions } from '../../src/search/highlight.ts';
import { corpusTests } from '../helpers/corpus.ts';

const records = new Map(
  gunzipSync(readFileSync('data/demo-corpus/demo.jsonl.gz'))
    .toString('utf8')
    .split('\n')
    .filter((line) => ['JP2017191825A', 'US20210267109A1', 'JP2010058403A', 'JP2014062952A'].some((id) => line.includes(`"${id}"`)))
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

describe('snippetOf with the words of one kanji', () => {
  let marking: HighlightOptions;
  beforeAll(async () => {
    marking = await matchedWordsMarking();
  });
  const abstractOf = (id: string) => records.get(id)!.abstract!;

  test('着 is not marked inside 密着性: the passage reads 密着 as one word', () => {
    // JP2010058403A's abstract names 密着性 and no 着 of its own; 基板 is marked as before.
    const text = abstractOf('JP2010058403A');
    expect(text).toContain('基板との密着性');
    expect(marked(snippetOf(text, ['基板', '着'], 150, marking))).toEqual(['基板']);
    // Without the passage's words (a typed search term) 着 is marked as written.
    expect(marked(snippetOf(text, ['基板', '着']))).toContain('着');
  });

  test('軸 of 回転軸 is marked: the passage reads it 回転 / 軸', () => {
    // JP2014062952A claim 3: 前記回転モータの回転軸に回転体が設置され.
    const parts = snippetOf(records.get('JP2014062952A')!.claims![2]!, ['軸', '回転'], 150, marking);
    expect(shown(parts)).toContain('回転軸に回転体');
    const at = parts.findIndex((part) => part.mark && part.text === '軸');
    expect(at).toBeGreaterThan(0);
    expect(parts[at - 1]).toEqual({ text: '回転', mark: true });
  });

  test('着 of 貼着する is marked (kuromoji cuts it 貼 / 着), not that of 貼着工程 (read 貼 / 着工 / 程)', () => {
    // JP2017191825A claim 1: 保護部材を貼着する保護部材貼着工程と、該保護部材貼着工程の後: an element
    // on 貼着 has the word 着, which the passage holds as a word in 貼着する only.
    const parts = snippetOf(claimOf('JP2017191825A'), ['保護', '部材', '着'], 150, marking);
    expect(shown(parts)).toContain('保護部材を貼着する保護部材貼着工程');
    const at = parts.findIndex((part) => part.mark && part.text === '着');
    expect(parts[at - 1]!.text.endsWith('を貼')).toBe(true);
    expect(parts[at + 1]!.text.startsWith('する')).toBe(true);
    expect(marked(parts).filter((word) => word === '着')).toHaveLength(1);
  });
});

// A gazette paragraph of the shared corpus where the defect showed: 着 (an element's 貼着) inside 密着性 and 付着.
const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz');

corpusTest('a gazette paragraph on 密着性 and 付着テープ marks 着 only in 貼着', async () => {
  const line = gunzipSync(readFileSync(path.join(CORPUS, 'jp-fulltext.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .find((text) => text.includes('"JP2017167319A"'))!;
  // JP2017167319A【0294】: a cross-cut adhesion test (密着性 four times), 付着テープ ... を貼着後.
  const passage = passagesOf(JSON.parse(line) as PatentRecord).find((p) => p.kind === 'paragraph' && p.number === '0294')!;
  expect(passage.text).toContain('付着テープとしてニチバン');
  const words = ['付着', 'テープ', '着'];
  const before = snippetOf(passage.text, words);
  const after = snippetOf(passage.text, words, 150, await matchedWordsMarking());
  // As written, 着 was marked inside 密着性 too; as a word, only in 貼着後.
  const around = (parts: ReturnType<typeof snippetOf>) => parts.flatMap((part, i) => (part.mark && part.text === '着' ? [`${parts[i - 1]!.text.slice(-1)}着${parts[i + 1]?.text[0] ?? ''}`] : []));
  expect(around(before)).toEqual(expect.arrayContaining(['密着性', '貼着後']));
  expect(around(after)).toEqual(['貼着後']);
  expect(marked(after)).toEqual(expect.arrayContaining(['付着', 'テープ']));
  expect(shown(after)).toContain('を貼着後');
});
