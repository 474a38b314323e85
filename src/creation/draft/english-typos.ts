// Typos of a US claim as filed that the description should not repeat: the claims section keeps
// the claim as the user wrote it, the reader (claims.ts) reads the mended text. Read in the drafts
// of the 228 US utility records of the shared corpus.

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
