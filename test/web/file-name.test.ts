// Long attachment names in the contact dialog (SPEC §5, §9): over 44 width units
// (full-width 2, half-width 1) they show the first 31 units, "…" and the last 10.
import { charWidth, displayWidth, ELLIPSIS, shortenFileName } from '../../islands/file-name.ts';

describe('displayWidth', () => {
  test('half-width characters count 1, full-width characters 2', () => {
    expect(displayWidth('abc.pdf')).toBe(7);
    expect(displayWidth('特許明細書.docx')).toBe(15); // 5 kanji/kana × 2 + 5
    expect(displayWidth('ｱｲｳ')).toBe(3); // half-width katakana
    expect(displayWidth('ＡＢＣ１２３')).toBe(12); // full-width alphanumerics
    expect(displayWidth('図面😀.png')).toBe(10); // an emoji is one character, full-width
    expect(charWidth(' ')).toBe(1);
    expect(charWidth('　')).toBe(2); // ideographic space
  });
});

describe('shortenFileName', () => {
  test('names of at most 44 units are shown whole', () => {
    const ascii44 = `${'a'.repeat(40)}.pdf`;
    expect(displayWidth(ascii44)).toBe(44);
    expect(shortenFileName(ascii44)).toBe(ascii44);
    const japanese44 = `${'審'.repeat(20)}.pdf`; // 40 + 4
    expect(shortenFileName(japanese44)).toBe(japanese44);
    expect(shortenFileName('')).toBe('');
  });

  test('ASCII: 45 units become the first 31, an ellipsis and the last 10', () => {
    const name = `${'abcdefghij'.repeat(4)}x.docx`; // 40 + 1 + 5 = 46
    const shown = shortenFileName(name);
    expect(shown).toBe(`${name.slice(0, 31)}${ELLIPSIS}${name.slice(-10)}`);
    expect(shown).toBe('abcdefghijabcdefghijabcdefghija…ghijx.docx');
    expect(shown.endsWith('.docx')).toBe(true);
  });

  test('Japanese: full-width characters are never split, the extension stays visible', () => {
    const name = '特許出願明細書_令和八年度_先行技術調査報告_最終版_図面差替え.pdf';
    expect(displayWidth(name)).toBeGreaterThan(44);
    const shown = shortenFileName(name);
    const [head, tail] = shown.split(ELLIPSIS) as [string, string];
    // 31 units of full-width text hold 15 characters (30 units); a 16th would make 32.
    expect(head).toBe('特許出願明細書_令和八年度_先行');
    expect(displayWidth(head)).toBeLessThanOrEqual(31);
    expect(displayWidth(head)).toBeGreaterThanOrEqual(30);
    expect(tail).toBe('差替え.pdf');
    expect(displayWidth(tail)).toBe(10);
    expect(name.startsWith(head) && name.endsWith(tail)).toBe(true);
  });

  test('mixed half- and full-width names count each character by its width', () => {
    const name = 'Office Action 拒絶理由通知書 2026-11-21 回答案 v3 final.xlsx';
    const shown = shortenFileName(name);
    const [head, tail] = shown.split(ELLIPSIS) as [string, string];
    expect(displayWidth(head)).toBeLessThanOrEqual(31);
    expect(displayWidth(head)).toBeGreaterThanOrEqual(30);
    expect(displayWidth(tail)).toBeLessThanOrEqual(10);
    expect(tail).toBe('final.xlsx');
    expect(head).toBe('Office Action 拒絶理由通知書 20'); // 14 + 7×2 + 3 = 31
  });

  test('emoji (surrogate pairs) stay whole', () => {
    const name = `${'😀'.repeat(30)}.png`;
    const shown = shortenFileName(name);
    expect(shown).toBe(`${'😀'.repeat(15)}${ELLIPSIS}${'😀'.repeat(3)}.png`);
    expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate
  });
});
