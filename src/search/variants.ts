// Spelling variants a simple search missed: gazettes write the same word several ways (ウェハ,
// ウエハ and ウエーハ are in 16, 11 and 1 of the demo corpus's 447 Japanese documents, mostly
// different ones; colour and color), and
// the index reads each as written. The search is run as typed — a search report must say what
// was searched — and the page offers the variants the documents use as synonyms, with how many
// documents each finds that the keyword does not.
import { LRUCache } from 'lru-cache';
import { spellingVariants } from '../detail-search/keywords/synonyms.ts';
import { hitSetGeneration } from '../patents/hit-sets.ts';
import { countDocuments } from '../patents/term-statistics.ts';
import type { Database } from '../platform/database.ts';
import { termQuery } from './service.ts';
import { LIMITS, type SimpleSearchInput } from './validation.ts';

export interface SpellingSuggestion {
  keyword: string;
  /** Variants the documents use, with the documents each finds that the keyword (and its synonyms) miss, capped at VARIANT_COUNT_CAP. */
  variants: Array<{ term: string; documents: number }>;
  /** The search's keywords with these variants added to the keyword as synonyms (the `q` to search again with). */
  q: string;
}

/** Counting stops here: "1,000+" says enough. */
export const VARIANT_COUNT_CAP = 1000;
const VARIANTS_SHOWN = 3;

/**
 * Suggestions made, as long as the search's hit sets are kept (hit-sets.ts: a minute, forgotten by
 * an ingest here): the next page, another order or view, or back from a document asked for the
 * same variants again, each analysed and counted afresh (~15 ms for two katakana words).
 */
const made = new LRUCache<string, Promise<SpellingSuggestion[]>>({ max: 64, ttl: 60_000 });

/** For each keyword with variants the region's documents use and the search does not name, those variants (most used first). */
export function spellingSuggestions(db: Database, input: Pick<SimpleSearchInput, 'groups' | 'region'>): Promise<SpellingSuggestion[]> {
  const key = JSON.stringify([hitSetGeneration(), input.region, input.groups]);
  let suggestions = made.get(key);
  if (!suggestions) {
    suggestions = suggestionsOf(db, input);
    made.set(key, suggestions);
    // A failure (a database that went away) is not kept.
    suggestions.catch(() => made.delete(key));
  }
  return suggestions;
}

async function suggestionsOf(db: Database, input: Pick<SimpleSearchInput, 'groups' | 'region'>): Promise<SpellingSuggestion[]> {
  const asked: Array<{ group: number; term: string; query: string | null }> = [];
  for (const [index, group] of input.groups.entries()) {
    const named = new Set([group.keyword, ...group.synonyms]);
    const room = LIMITS.synonyms - group.synonyms.length;
    if (room <= 0) continue;
    const variants = spellingVariants(group.keyword).filter((variant) => !named.has(variant));
    if (variants.length === 0) continue;
    const alternatives = (await Promise.all([...named].map((term) => termQuery(term, input.region)))).filter((q): q is string => Boolean(q));
    if (alternatives.length === 0) continue;
    const searched = alternatives.join(' | ');
    for (const term of variants) {
      const variant = await termQuery(term, input.region);
      asked.push({ group: index, term, query: variant && variant !== searched ? `${variant} & !(${searched})` : null });
    }
  }
  if (asked.length === 0) return [];
  const counts = await countDocuments(db, input.region, asked.map((item) => item.query), { cap: VARIANT_COUNT_CAP });
  const suggestions: SpellingSuggestion[] = [];
  for (const [index, group] of input.groups.entries()) {
    const room = LIMITS.synonyms - group.synonyms.length;
    const variants = asked
      .map((item, at) => ({ ...item, documents: counts[at]! }))
      .filter((item) => item.group === index && item.documents > 0)
      .sort((a, b) => b.documents - a.documents || a.term.localeCompare(b.term))
      .slice(0, Math.min(VARIANTS_SHOWN, room))
      .map(({ term, documents }) => ({ term, documents }));
    if (variants.length === 0) continue;
    const q = input.groups.map((other, at) => [other.keyword, ...other.synonyms, ...(at === index ? variants.map((v) => v.term) : [])].join('|')).join(' ');
    suggestions.push({ keyword: group.keyword, variants, q });
  }
  return suggestions;
}
