// Long file names are shown shortened (SPEC §5, §9): over 44 width units, where a
// full-width character counts 2 and a half-width one 1, the name shows its first 31
// units, an ellipsis and its last 10 units, so the extension stays visible.
export const FILE_NAME_DISPLAY_LIMIT = 44;
export const FILE_NAME_HEAD_UNITS = 31;
export const FILE_NAME_TAIL_UNITS = 10;
export const ELLIPSIS = '…';

/**
 * Half-width: printable ASCII and half-width katakana (U+FF61–U+FF9F), as Japanese
 * software has long counted them. Everything else (kanji, kana, full-width forms,
 * emoji) is full-width.
 */
export function charWidth(char: string): 1 | 2 {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x7e || (code >= 0xff61 && code <= 0xff9f) ? 1 : 2;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** The name as the attachment list shows it; whole characters only, never half a surrogate pair. */
export function shortenFileName(
  name: string,
  { limit = FILE_NAME_DISPLAY_LIMIT, head = FILE_NAME_HEAD_UNITS, tail = FILE_NAME_TAIL_UNITS } = {},
): string {
  if (displayWidth(name) <= limit) return name;
  const chars = Array.from(name);
  let start = '';
  let used = 0;
  let i = 0;
  for (; i < chars.length; i++) {
    const width = charWidth(chars[i]!);
    if (used + width > head) break;
    start += chars[i];
    used += width;
  }
  let end = '';
  used = 0;
  for (let j = chars.length - 1; j >= i; j--) {
    const width = charWidth(chars[j]!);
    if (used + width > tail) break;
    end = chars[j] + end;
    used += width;
  }
  return `${start}${ELLIPSIS}${end}`;
}
