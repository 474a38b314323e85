// A marked text cut to what a reader needs to see: where the marked words meet. A claim chart's
// cell (a claim of 1,500 characters whose grinding step is near its end) and a search result's
// abstract (which may name the searched words only in its second half) both show that place.
import type { HighlightPart } from './highlight.ts';

/** Characters kept before the first marked word of the window. */
const SNIPPET_LEAD = 40;

/**
 * `length` characters of a marked text around the place where most of its distinct marked words
 * meet (a little before it), '…' where it was cut; the opening when nothing is marked. `parts`
 * are the text's highlight (highlight.ts); `lone` is what a marked word of one character counts
 * (densestMarks).
 */
export function markedWindow(text: string, parts: readonly HighlightPart[], length: number, lone = 0.5): HighlightPart[] {
  const lead = Math.min(SNIPPET_LEAD, Math.floor(length / 4));
  const first = densestMarks(parts, length - lead, lone);
  let start = first > lead ? first - lead : 0;
  let end = Math.min(text.length, start + length);
  // A marked word is shown whole or not at all: the lead cut 区画 of JP2018027464A's 「区画する」
  // to a lone marked 画 (a Japanese text has no spaces to find the word's start by).
  const markedAround = (at: number) => {
    let offset = 0;
    for (const part of parts) {
      if (part.mark && offset < at && at < offset + part.text.length) return { from: offset, to: offset + part.text.length };
      offset += part.text.length;
      if (offset >= at) break;
    }
    return undefined;
  };
  start = markedAround(start)?.from ?? start;
  const cut = markedAround(end);
  if (cut) end = cut.to - start <= length + 10 ? cut.to : cut.from;
  // English is cut between words (Japanese and Chinese have no spaces to cut at).
  const insideWord = (at: number) => at > 0 && at < text.length && /\w/.test(text[at - 1]!) && /\w/.test(text[at]!);
  if (insideWord(start)) {
    const next = text.slice(start, start + 15).search(/\s/);
    if (next >= 0) start += next + 1;
  }
  if (insideWord(end)) {
    const from = Math.max(start, end - 15);
    const last = text.slice(from, end).search(/\s\S*$/);
    if (last >= 0) end = from + last;
  }
  const clipped: HighlightPart[] = [];
  let offset = 0;
  for (const part of parts) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + part.text.length);
    if (from < to) clipped.push({ text: part.text.slice(from - offset, to - offset), mark: part.mark });
    offset += part.text.length;
  }
  if (start > 0) clipped.unshift({ text: '…', mark: false });
  if (end < text.length) clipped.push({ text: '…', mark: false });
  return clipped;
}

/**
 * Where the run of marks begins that holds the most distinct matched words within `span`
 * characters, or -1 when nothing is marked. Ties go to the earliest. A lone character counts
 * `lone`: in full where it was marked only as a word of its own, half where it was marked
 * wherever written (着 is often part of another word, 密着).
 */
function densestMarks(parts: readonly HighlightPart[], span: number, lone: number): number {
  const marks: Array<{ at: number; end: number; key: string }> = [];
  let offset = 0;
  for (const part of parts) {
    if (part.mark) marks.push({ at: offset, end: offset + part.text.length, key: part.text.normalize('NFKC').toLowerCase() });
    offset += part.text.length;
  }
  let best = { at: -1, weight: 0 };
  for (const run of markRuns(marks, span, lone)) if (run.weight > best.weight) best = run;
  return best.at;
}

/**
 * Each run of words from a place (in text order, `key` the word as compared) with its weight: the
 * distinct words within `span` characters from its start, a word of one character counting `lone`.
 * One pass with a window over the places: a description can have 20,000 places of a keyword's
 * analysed words (装置 of 画像形成装置), and counting each run afresh cost 30 ms a page.
 */
export function markRuns(places: ReadonlyArray<{ at: number; end: number; key: string }>, span: number, lone: number): Array<{ at: number; weight: number }> {
  const runs: Array<{ at: number; weight: number }> = [];
  const counts = new Map<string, number>();
  const weightOf = (key: string) => ([...key].length > 1 ? 1 : lone);
  let weight = 0;
  // The run from place i holds places i to end - 1: those up to the first that ends past its span (the end only moves on as i does).
  let end = 0;
  for (let i = 0; i < places.length; i++) {
    if (end < i) end = i;
    const limit = places[i]!.at + span;
    for (; end < places.length && places[end]!.end <= limit; end++) {
      const key = places[end]!.key;
      const count = counts.get(key) ?? 0;
      if (count === 0) weight += weightOf(key);
      counts.set(key, count + 1);
    }
    runs.push({ at: places[i]!.at, weight: end > i ? weight : 0 });
    if (end > i) {
      const key = places[i]!.key;
      const count = counts.get(key)!;
      if (count === 1) {
        counts.delete(key);
        weight -= weightOf(key);
      } else {
        counts.set(key, count - 1);
      }
    }
  }
  return runs;
}
