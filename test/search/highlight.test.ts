// Marking the search's words (src/search/highlight.ts) as a reader compares them: case and
// width folded, English by stem, CJK as written; the text itself is never changed.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { highlighter } from '../../src/search/highlight.ts';

const marked = (terms: string[], text: string) => highlighter(terms).parts(text).filter((part) => part.mark).map((part) => part.text);

test('English words are marked whatever their case and inflection', () => {
  expect(marked(['battery'], 'Batteries and a BATTERY; battery-powered.')).toEqual(['Batteries', 'BATTERY', 'battery-powered']);
  expect(marked(['electrode'], 'The electrodes (ELECTRODE 12)')).toEqual(['electrodes', 'ELECTRODE']);
});

test('full-width forms are marked for the half-width terms a user types, and the reverse', () => {
  expect(marked(['led'], 'ＬＥＤ照明とLED')).toEqual(['ＬＥＤ', 'LED']);
  expect(marked(['2次電池'], '２次電池の正極と2次電池')).toEqual(['２次電池', '2次電池']);
  expect(marked(['ＵＳＢ'], 'a usb port')).toEqual(['usb']);
});

test('text outside the basic plane and combining marks keep their place', () => {
  const text = '𠮷野家のバッテリー、Ｂａｔｔｅｒｙ and café battery';
  const parts = highlighter(['battery', 'バッテリー']).parts(text);
  expect(parts.map((part) => part.text).join('')).toBe(text);
  expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual(['バッテリー', 'Ｂａｔｔｅｒｙ', 'battery']);
});

test('on real abstracts of every region the parts put together are the text, and every marked part is a term', async () => {
  const lines = createInterface({ input: createReadStream('data/demo-corpus/demo.jsonl.gz').pipe(createGunzip()), crlfDelay: Infinity });
  const marker = highlighter(['battery', 'data', '電池', '装置', '数据']);
  let checked = 0;
  let marks = 0;
  for await (const line of lines) {
    if (!line.trim() || checked >= 3000) continue;
    const { abstract } = JSON.parse(line) as { abstract: string | null };
    if (!abstract) continue;
    const parts = marker.parts(abstract);
    expect(parts.map((part) => part.text).join('')).toBe(abstract);
    for (const part of parts.filter((p) => p.mark)) {
      marks++;
      expect(part.text.normalize('NFKC').toLowerCase()).toMatch(/batter|data|電池|装置|数据/);
    }
    checked++;
  }
  expect(checked).toBe(3000);
  expect(marks).toBeGreaterThan(500);
});

/** The marked parts with where each starts in the text. */
const markedAt = (parts: ReturnType<ReturnType<typeof highlighter>['parts']>) => {
  let offset = 0;
  return parts.flatMap((part) => {
    offset += part.text.length;
    return part.mark ? [`${part.text}@${offset - part.text.length}`] : [];
  });
};

test('a term of one CJK character is marked only where the text has it as a word, when told where', () => {
  // 付着と貼着と密着: say the analysis has 着 as a word in 貼着 only (offset 4); 密着 and English are marked as before.
  const text = '付着と貼着と密着、ＬＥＤ';
  const asked: number[] = [];
  const oneCharacterWords = {
    covers: () => true,
    wordAt: (seen: string, at: number) => {
      expect(seen).toBe(text);
      asked.push(at);
      return at === 4;
    },
  };
  expect(markedAt(highlighter(['着', '密着', 'led'], { oneCharacterWords }).parts(text))).toEqual(['着@4', '密着@6', 'ＬＥＤ@9']);
  // Asked where 着 is written (the analysis is the costly part), for no other term.
  expect(asked).toEqual([1, 4, 7]);
  // A text it cannot tell for (Chinese, kanji alone), and a user's typed terms (no option): wherever written.
  expect(markedAt(highlighter(['着'], { oneCharacterWords: { ...oneCharacterWords, covers: () => false } }).parts(text))).toEqual(['着@1', '着@4', '着@7']);
  expect(markedAt(highlighter(['着']).parts(text))).toEqual(['着@1', '着@4', '着@7']);
});
