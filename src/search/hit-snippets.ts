// What a result shows of each hit to say why it was found: the part of its abstract where the
// searched words meet; where the abstract names none of them, the first claim that does; where no
// claim does either, the description's passage (a word only the description has, a detailed
// search over the full text). A search of some fields only (a detailed search's 電池/CL, /DE)
// shows those fields: its hit was found for the claim, not for the abstract that also names 電池.
// Made once per search words and text, and kept.
import { LRUCache } from 'lru-cache';
import { withoutClaimNumber } from '../patents/claim-text.ts';
import type { TextField } from '../patents/query/formula-rules.ts';
import { findPatentClaims, findPatentDescriptions } from '../patents/repository.ts';
import type { Database } from '../platform/database.ts';
import { descriptionPassage } from './description-snippet.ts';
import type { Highlighter, HighlightPart } from './highlight.ts';
import { markedWindow } from './snippet.ts';

export type SnippetPart = HighlightPart;

/** What a hit's snippet is from, besides its abstract. */
export interface SnippetSource {
  /** The claim (its number), when the abstract names none of the searched words and a claim does. */
  snippetClaim?: number;
  /** The description, when neither abstract nor claims name a searched word and it does; its paragraph's number as written (０００２), if it has one. */
  snippetDescription?: { paragraph?: string };
}

/** A page's hit as the fallbacks need it: its snippet so far and its record's version (content hash). */
export interface SnippetItem extends SnippetSource {
  id: string;
  version: string;
  snippet: SnippetPart[];
}

/** What a search without field tags searches: every text field. */
const ALL_FIELDS: readonly TextField[] = ['title', 'abstract', 'claims', 'description'];

/** Characters of the abstract (claim, description) a result shows. */
const SNIPPET_LENGTH = 280;

/**
 * Snippets made, by search words and abstract: a page shown again (the next user of a search,
 * back from a document, a reload) marks its 50 abstracts again otherwise — analysing every word of
 * each (9.5 % of a search page's CPU under load, bench/pages profile).
 */
const snippets = new LRUCache<string, SnippetPart[]>({ max: 5_000 });

/**
 * The part of an abstract (or a claim) where the search's words meet, marked (highlight.ts); its
 * opening when it names none of them. An abstract of 600 characters that names 剥離 only in its last
 * sentence showed an opening without a mark, and the reader could not tell why it was found.
 */
export function snippetOf(abstract: string | null, termsKey: string, marker: () => Highlighter): SnippetPart[] {
  if (!abstract) return [];
  // Keyed by the text itself, so a document changed by an ingest is marked afresh.
  const key = `${termsKey}\u0000${abstract}`;
  let parts = snippets.get(key);
  if (!parts) {
    parts = abstract.length > SNIPPET_LENGTH ? markedWindow(abstract, marker().parts(abstract), SNIPPET_LENGTH) : marker().parts(abstract);
    snippets.set(key, parts);
  }
  return parts;
}

/** A fallback found (or that there is none: parts undefined). */
interface Fallback extends SnippetSource {
  parts?: SnippetPart[];
}

/**
 * Fallbacks made, by search words, hit and its record's version: without them every view of a
 * page re-read the claims of its unmarked hits (~8 ms per 50) and now their descriptions. Keyed by
 * the content hash, so a record an ingest changed is looked at afresh; a hit with no fallback is
 * kept too (it would be read again on every view otherwise).
 */
const fallbacks = new LRUCache<string, Fallback>({ max: 5_000 });

/**
 * Where a hit's abstract names none of the searched words, the first claim that does, shown
 * the same way: a gazette's abstract may not even be about its claims (JP2010-081946A's abstract
 * describes a pipe holder, its claim the pouch with 接着剤 and a 剥離 sheet it was found for).
 * Where no claim does either, the description's passage (description-snippet.ts). Claims are read
 * for those hits in one query, descriptions for those still without in another. `fields`: where the
 * search looked; a hit is shown from those only (the abstract still, where none of them names a word).
 */
export async function fallbackSnippets(db: Database, items: SnippetItem[], termsKey: string, marker: () => Highlighter, fields: readonly TextField[] = ALL_FIELDS): Promise<void> {
  // The title is shown above the snippet: a title search keeps the abstract as its snippet.
  const abstractSearched = fields.includes('abstract') || fields.includes('title');
  const unmarked = items.filter((item) => !abstractSearched || !item.snippet.some((part) => part.mark));
  if (unmarked.length === 0 || !marker().active) return;
  const keyOf = (item: SnippetItem) => `${termsKey}\u0000${fields.join()}\u0000${item.id}\u0000${item.version}`;
  const unknown = unmarked.filter((item) => !fallbacks.has(keyOf(item)));
  if (unknown.length > 0) {
    const found = new Map<string, Fallback>();
    const claims = fields.includes('claims') ? await findPatentClaims(db, unknown.map((item) => item.id)) : new Map<string, string[]>();
    for (const item of unknown) {
      for (const [index, claim] of (claims.get(item.id) ?? []).entries()) {
        const parts = snippetOf(withoutClaimNumber(claim), termsKey, marker);
        if (!parts.some((part) => part.mark)) continue;
        found.set(item.id, { parts, snippetClaim: index + 1 });
        break;
      }
    }
    const descriptions = fields.includes('description') ? await findPatentDescriptions(db, unknown.filter((item) => !found.has(item.id)).map((item) => item.id)) : new Map<string, string>();
    for (const [id, description] of descriptions) {
      const passage = descriptionPassage(description, marker(), SNIPPET_LENGTH);
      if (passage) found.set(id, { parts: passage.parts, snippetDescription: passage.paragraph === undefined ? {} : { paragraph: passage.paragraph } });
    }
    for (const item of unknown) fallbacks.set(keyOf(item), found.get(item.id) ?? {});
  }
  for (const item of unmarked) {
    const { parts, ...source } = fallbacks.get(keyOf(item)) ?? {};
    if (!parts) continue;
    item.snippet = parts;
    Object.assign(item, source);
  }
}
