// The history list's entries, kept rendered. A /history page is mostly its 20 entries, each
// with two islands; React rendered them anew for every request (44 % of the page's CPU with 18
// entries, bench/pages profile, 2026-11-27). An entry's HTML depends only on the entry and the
// language (PageRenderer.renderFragment renders it without the account or the session), so it
// is kept under exactly those: a changed memo, star, status or job is another key.
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { HistoryEntryItem } from '../../views/history/HistoryPage.tsx';
import { requestLanguage } from '../platform/i18n.ts';
import { renderFragment } from '../platform/render.tsx';
import type { HistoryEntry } from './shared.ts';

/** Entries kept (a few KB each): 100 users' first pages. */
const MAX_KEPT = 2_000;
const kept = new LRUCache<string, { html: string; islands: string[] }>({ max: MAX_KEPT });

/** The entries' list items in order, and the islands among them. */
export function renderedEntries(req: Request, entries: readonly HistoryEntry[]): { html: string; islands: Set<string> } {
  const lang = requestLanguage(req);
  const islands = new Set<string>();
  let html = '';
  for (const entry of entries) {
    const key = `${lang}\u0000${JSON.stringify(entry)}`;
    let fragment = kept.get(key);
    if (!fragment) {
      fragment = renderFragment(req, <HistoryEntryItem entry={entry} />, lang);
      kept.set(key, fragment);
    }
    html += fragment.html;
    for (const island of fragment.islands) islands.add(island);
  }
  return { html, islands };
}
