// A claim as people paste it: copied from a gazette or a US grant, it starts with its number
// ("1. A faucet …", 【請求項１】, １、). The number is not part of what is claimed: the element
// cutter, the drafter, a search result's claim and the summaries of a simulation leave it out.

const CLAIM_NUMBER = /^\s*(?:【請求項[０-９\d]+】|[\d０-９]+\s*[.．、,，)）]\s*|claim\s+\d+\s*[.:]\s*)/i;

/** The claim without the number it opens with, if any. */
export function withoutClaimNumber(text: string): string {
  return text.replace(CLAIM_NUMBER, '');
}
