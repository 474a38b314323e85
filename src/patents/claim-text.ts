// A claim as people paste it: copied from a gazette or a US grant, it starts with its number
// ("1. A faucet …", 【請求項１】, １、). The number is not part of what is claimed: the element
// cutter, the drafter, a search result's claim and the summaries of a simulation leave it out.

const CLAIM_NUMBER = /^\s*(?:【請求項[０-９\d]+】|[\d０-９]+\s*[.．、,，)）]\s*|claim\s+\d+\s*[.:]\s*)/i;

/** The claim without the number it opens with, if any. */
export function withoutClaimNumber(text: string): string {
  return text.replace(CLAIM_NUMBER, '');
}

// Brackets a claim opens: parentheses, quotes and notes (「一般式（Ｉ）〔式中、Ｒ１は、…〕」, JP2016531902A). A 「、」, 「と、」 or
// 及び inside them belongs to what they hold, so the element cutter and the drafter read a claim's lists outside them only.
const OPENING = '（(「『【［[〔';
const CLOSING = '）)」』】］]〕';

/** The depth after `ch`: one more after an opening bracket, one less after a closing one (never below 0). */
const after = (depth: number, ch: string): number => (OPENING.includes(ch) ? depth + 1 : CLOSING.includes(ch) ? Math.max(0, depth - 1) : depth);

/** How many brackets are open at `index` of the text (an opening bracket is at the depth before it, a closing one inside). */
export function depthAt(text: string, index: number): number {
  let depth = 0;
  for (let i = 0; i < index; i++) depth = after(depth, text[i]!);
  return depth;
}

/** For each character, whether it stands outside brackets: depthAt after it is 0 (an opening bracket is inside, a closing one outside). */
export function topLevel(text: string): boolean[] {
  let depth = 0;
  return text.split('').map((ch) => (depth = after(depth, ch)) === 0);
}
