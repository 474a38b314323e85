// The drafter's input with nothing but the claims (no reference, no similar patents, no pasted
// document, no drawings), for tests that vary one field of it.
import type { DraftInput } from '../../src/creation/draft-input.ts';

export const draftInput = (over: Partial<DraftInput>): DraftInput => ({
  lang: 'ja',
  claims: [],
  keywords: [],
  reference: null,
  referenceParts: { claims: true, abstract: true, fullText: false },
  similar: [],
  similarDocument: '',
  drawings: [],
  ...over,
});
