// Typos and labels of a US claim as filed that the description should not repeat: the claims section
// keeps the claim as the user wrote it, the reader (claims.ts) reads the mended text. Read in the drafts
// of the 228 US utility records of the shared corpus.

/** An item's label opening an element: "a. ", "b) ", "iv) " (the cutter takes "(a) " off itself). */
const ITEM_LABEL = /^(?:[a-z]|[ivx]{1,4})[.)]\s+(?=(?:an?|the|one or more|at least one|a plurality of)\s)/i;

/**
 * The component an element names after its label: "a. a high side power transistor; b. …" (US8421425B1) as "(a) a housing" is (left
 * unnamed, the draft gave the current detector no numerals). Not a method's states ("iv) at least one of the highlight tone scale …",
 * US7158686B2), nor a ring's sizes ("a non-aromatic 4, 5, 6, 7, 8, … or 12-membered … ring", US8088760B2).
 */
export function labelledPart(piece: string, claim: string, subject: string, englishName: (text: string) => string | null): { text: string; name: string } | null {
  // Nor the alternatives of a group ("Y is selected from the group consisting of a) an aryl group …; b) a heteroaryl group …", US8088760B2).
  if (!ITEM_LABEL.test(piece) || /^(?:method|process)\b/i.test(subject) || /consisting\s+of:?\s*\(?a[.)]\s/i.test(claim)) return null;
  const text = piece.replace(ITEM_LABEL, '');
  const name = englishName(text);
  return name && !/\d,/.test(name) ? { text, name } : null;
}

/** Words a preposition is glued to ("betweeneach two neighboring arrays", US6981898B2); none of these pairs is a word. */
const GLUED = /\b(between|among|within|from|with|into|onto|of|to|in|on|at|by|for)(each|the|said)\b/gi;

/** Words that tie a phrase to what follows, so that "a X a Y" is not two elements run together. */
const TIES = /^(?:of|for|to|in|on|at|by|with|from|into|onto|between|among|within|over|under|as|than|that|which|where|wherein|and|or|is|are|be|has|have|per|plurality|pair|number|set|portion|part|[a-z-]+ing|[a-z-]+ed)$/i;

/** "a first case a second case that is attached to the first case" (US7314376B2): two elements, their separator left out. */
const RUN_TOGETHER = /([:;]\s*(?:and\s+)?)(an?\s+)((?:[a-z-]+\s+){0,3}[a-z-]+)\s+(?=an?\s+[a-z])/gi;

/** The claim as the description reads it: glued words apart, run-together elements separated as the claim separates the others. */
export function mendedClaim(text: string): string {
  return text
    .replace(GLUED, '$1 $2')
    .replace(RUN_TOGETHER, (whole, before: string, article: string, words: string) => (words.split(/\s+/).some((word) => TIES.test(word)) ? whole : `${before}${article}${words}; `));
}
