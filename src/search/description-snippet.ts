// The passage of a description that shows why a hit was found, when neither its abstract nor
// its claims name a searched word (a word only the description has, a detailed search over the
// full text). A description is 20–80 KB: marking all of it for one snippet (folding every
// character) would cost more than the rest of the page, so the places where the terms are written
// are found first (Highlighter.places, a plain search) and only a passage around the best of them
// is marked.
import type { Highlighter, HighlightPart, Place } from './highlight.ts';
import { markedWindow, markRuns } from './snippet.ts';

export interface DescriptionPassage {
  parts: HighlightPart[];
  /** The paragraph's number as the gazette writes it (０００２ of 【０００２】); none where the text numbers none (US descriptions). */
  paragraph?: string;
}

/** Characters of the paragraph around the best place marked (either side): a snippet needs `length`, the rest lets markedWindow choose. */
const PASSAGE_REACH = 600;
/** Places tried when the best one's passage has nothing marked (the plain search found a word that is no match). */
const TRIES = 3;

/** A paragraph marker of a Japanese gazette's description: 【０００２】 (four or five digits, as written). */
const PARAGRAPH_MARKER = /【([0-9０-９]{4,5})】/g;

/**
 * The passage of `description` where most of the searched words meet, marked and cut to `length`
 * characters, with its paragraph number; undefined when no place is marked.
 */
export function descriptionPassage(description: string, marker: Highlighter, length: number): DescriptionPassage | undefined {
  const places = marker.places(description);
  if (places.length === 0) return undefined;
  // A heading that is the term itself (【特許文献】 over the cited documents, 【変形例】) or holds it (技術 of 【技術分野】, an analysed word of 従来技術) says nothing of the document: its text does.
  const inText = places.filter((place) => !inHeading(description, place));
  const tries = bestPlaces(inText.length ? inText : places, length).slice(0, TRIES);
  // A keyword's analysed words all in one passage first (従来 and 技術 for 従来技術); failing that, those of them there.
  for (const [at, someWords] of [...tries.map((at) => [at, false] as const), ...tries.map((at) => [at, true] as const)]) {
    const { start, end, paragraph } = paragraphAround(description, at);
    const from = Math.max(start, at - PASSAGE_REACH);
    const to = Math.min(end, at + PASSAGE_REACH);
    const passage = description.slice(from, to);
    const marked = marker.parts(passage, { someWords });
    if (!marked.some((part) => part.mark)) continue;
    const parts = markedWindow(passage, marked, length);
    // Cut inside the paragraph where the passage was taken from it: say so as markedWindow does at its own cuts.
    if (from > start && parts[0]?.text !== '…') parts.unshift({ text: '…', mark: false });
    if (to < end && parts.at(-1)?.text !== '…') parts.push({ text: '…', mark: false });
    return paragraph === undefined ? { parts } : { parts, paragraph };
  }
  return undefined;
}

/** Whether a place is inside a bracketed heading (【技術分野】, 【特許文献】): a 【 before it on its line, and its 】 after it within a heading's length. */
function inHeading(text: string, place: Place): boolean {
  const open = text.lastIndexOf('【', place.at);
  if (open < 0 || place.at - open > HEADING_LENGTH || text.lastIndexOf('】', place.at - 1) > open) return false;
  const close = text.indexOf('】', place.end);
  return close >= 0 && close - open <= HEADING_LENGTH && !text.slice(open, close).includes('\n');
}

/** Characters a heading holds at most (【発明を実施するための形態】 is 16). */
const HEADING_LENGTH = 30;

/** Offsets where runs of places start, best first: most distinct terms within `span` characters (markedWindow's weighing), ties to the earliest. */
const bestPlaces = (places: readonly Place[], span: number): number[] =>
  markRuns(places, span, 0.5)
    .sort((a, b) => b.weight - a.weight || a.at - b.at)
    .map((run) => run.at);

/** The paragraph holding offset `at` (from the line break or paragraph marker before it to the one after it) and its number. */
function paragraphAround(text: string, at: number): { start: number; end: number; paragraph?: string } {
  let start = text.lastIndexOf('\n', at) + 1;
  const marker = lastParagraphMarker(text, at);
  if (marker && marker.end > start) start = marker.end;
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  PARAGRAPH_MARKER.lastIndex = at;
  const next = PARAGRAPH_MARKER.exec(text);
  if (next && next.index < end) end = next.index;
  return marker ? { start, end, paragraph: marker.number } : { start, end };
}

/** The last paragraph marker ending at or before `at`, searched backwards from 【 to 【 (a description has thousands; a regex from the start would read them all). */
function lastParagraphMarker(text: string, at: number): { number: string; end: number } | undefined {
  for (let open = text.lastIndexOf('【', at); open >= 0; open = open > 0 ? text.lastIndexOf('【', open - 1) : -1) {
    const found = /^【([0-9０-９]{4,5})】/.exec(text.slice(open, open + 7));
    if (found && open + found[0].length <= at) return { number: found[1]!, end: open + found[0].length };
  }
  return undefined;
}
