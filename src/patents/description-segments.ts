// A description's tokens that its tsvectors cannot place, as tsvectors of their own (the
// patent_description_segments table). PostgreSQL keeps positions up to 16,383 (later ones are
// clamped to 16,383), so a phrase or proximity (`<->`, `<N>`) past that cannot match:
// measured on the demo store (2026-11-28), 86 of 281 Japanese full-text descriptions and 61 of
// 1,018 US ones reach the cap, ~7.4 M of the Japanese descriptions' 12.3 M characters (a
// position is ~1.65 characters there) and ~6.0 M of the US 62.7 M (~10.4) lie beyond it.
// In tsv_all the description comes after title, abstract and claims (`||` shifts its positions
// by theirs), so it holds even less of it: 94 Japanese records reach the cap there.
//
// Windows: the description's tokens from where tsv_all stops placing them exactly (less the
// overlap), in windows of WINDOW tokens (positions 1…WINDOW, none clamped), each starting
// OVERLAP tokens before the previous one ends, so a match of at most OVERLAP + 1 tokens lies
// whole in one window (or in the head) wherever it is.
import { FORMULA_LIMITS } from './query/formula-rules.ts';
import { MAX_PROXIMITY } from './query/syntax.ts';

/** The highest position a tsvector holds; a token placed there may share it with every later one. */
export const MAX_POSITION = 16383;

/**
 * The longest match a search can ask for, in tokens: a proximity's two sides (a formula is at most
 * FORMULA_LIMITS.length characters, a token at least one) and MAX_PROXIMITY between them; a simple-search
 * keyword (≤ 50 characters) is shorter.
 */
export const OVERLAP = FORMULA_LIMITS.length + MAX_PROXIMITY;

/**
 * Tokens of one window. Smaller than the cap: a lexeme keeps at most 256 positions in a tsvector, and
 * on the demo store 172 of 281 Japanese descriptions have lexemes that reach it within their head
 * (前記 …); a window of 8,192 tokens gives such a lexeme twice the room, at an overlap of 7 %. Still,
 * 504 of the demo's 779 windows have a lexeme at 256 positions (1,036 lexemes): a phrase with such a
 * word past its 256th use in a window is missed.
 */
export const WINDOW = 8192;

/**
 * Where the segments start in a description of `count` tokens, when `before` tokens of title,
 * abstract and claims precede it in tsv_all; null when tsv_all places every token exactly
 * (positions below MAX_POSITION: the last one is shared with every clamped token).
 */
export function segmentsStart(count: number, before: number): number | null {
  const exact = Math.max(0, MAX_POSITION - 1 - before);
  if (count <= exact) return null;
  return Math.max(0, exact - OVERLAP);
}

/** The description's windows past what tsv_all holds (see above), in order; none for a description it holds whole. */
export function descriptionWindows(tokens: readonly string[], before: number): string[][] {
  const start = segmentsStart(tokens.length, before);
  if (start === null) return [];
  const windows: string[][] = [];
  for (let from = start; ; from += WINDOW - OVERLAP) {
    windows.push(tokens.slice(from, from + WINDOW));
    if (from + WINDOW >= tokens.length) break;
  }
  return windows;
}
