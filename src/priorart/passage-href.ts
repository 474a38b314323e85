// The address of a chart cell's evidence: the document details at that paragraph, claim or
// abstract, with the matched words to mark. Shared by the server and the claim chart island,
// which builds it from the cell's place and words rather than receiving it in its props
// (120 URL-encoded addresses were 27 KB of a 30 × 4 chart's props, and are in the markup already).

export interface PassagePlace {
  kind: 'paragraph' | 'claim' | 'abstract';
  number: string | null;
}

export function passageHref(documentId: string, place: PassagePlace | null, words: readonly string[]): string {
  const query = new URLSearchParams({ docIds: documentId });
  if (words.length) query.set('mark', words.join(' ').slice(0, 300));
  const anchor = !place ? '' : place.kind === 'paragraph' ? `#p${place.number}` : place.kind === 'claim' ? `#claim-${place.number}` : '#abstract';
  return `/document-details?${query}${anchor}`;
}
