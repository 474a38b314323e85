// A document opened from a result list knows the list it came from (from=<the list's address>,
// position=<its place in the whole result, from 1>): previous and next go through the whole
// result, not only the page that was shown; "back to the list" returns to the page holding it,
// scrolled to it; and the search's words are marked in the text. The list is the simple search
// (/search?…) or the user's own stored detailed search (/detail-search/result?id=…); anything
// else is ignored.
import type { Database } from '../platform/database.ts';
import type { Region } from '../patents/record.ts';
import { resultIdsAt } from '../patents/hit-sets.ts';
import type { PatentQuery, SearchOrder } from '../patents/search-repository.ts';
import { findDetailSearch } from '../detail-search/repository.ts';
import { storedResultQuery } from '../detail-search/service.ts';
import { searchTermsOf } from '../detail-search/search-words.ts';
import { PAGE_SIZE, patentQueryOf } from '../search/service.ts';
import { parseResultPaging, parseSimpleSearch } from '../search/validation.ts';

export interface ResultContext {
  /** The list's address as it came (validated), for the neighbours' links. */
  from: string;
  /** From 1. */
  position: number;
  total: number;
  previous: string | null;
  current: string | null;
  next: string | null;
  /** The page of the list holding this document, scrolled to it (past the end: the last one). */
  listHref: string;
  /** The words to mark: keywords and synonyms, or the formula rows' words. */
  terms: string[];
  region: Region;
}

/** Query parameters as Express reads them: a repeated name is a list. */
function queryObject(params: URLSearchParams): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length > 1 ? values : values[0];
  }
  return object;
}

/** The list address with the page that holds `position`, anchored at it. */
function listAddress(path: string, params: URLSearchParams, position: number): string {
  const list = new URLSearchParams(params);
  list.delete('view');
  const page = Math.ceil(position / PAGE_SIZE);
  if (page > 1) list.set('page', String(page));
  else list.delete('page');
  return `${path}?${list}#hit-${position}`;
}

async function listQuery(
  db: Database,
  url: URL,
  userId: string | undefined,
): Promise<{ query: PatentQuery; order: SearchOrder; terms: string[]; total?: number } | null> {
  const params = queryObject(url.searchParams);
  if (url.pathname === '/search') {
    let input;
    try {
      input = parseSimpleSearch(params);
    } catch {
      return null;
    }
    const { query, terms } = await patentQueryOf(input, db);
    return query ? { query, order: input.order, terms } : null;
  }
  if (url.pathname === '/detail-search/result' && userId && typeof params.id === 'string' && /^[0-9a-f-]{36}$/i.test(params.id)) {
    const search = await findDetailSearch(db, userId, params.id);
    if (!search || search.status !== 1 || !search.result) return null;
    const { applicants, order } = parseResultPaging(params);
    return { query: storedResultQuery(search, applicants), order, terms: searchTermsOf(search.input) };
  }
  return null;
}

/** The result list a document was opened from, around its position; null when the address is not a list we know or the user's. */
export async function resolveResultContext(db: Database, from: string, position: number, userId: string | undefined): Promise<ResultContext | null> {
  if (!from.startsWith('/') || from.startsWith('//') || !Number.isInteger(position) || position < 1) return null;
  const url = new URL(from, 'http://list.invalid');
  const list = await listQuery(db, url, userId);
  if (!list) return null;
  const before = position > 1 ? 1 : 0;
  // The same hit set the list was drawn from (kept a minute), so previous and next follow the list exactly.
  const { ids, total } = await resultIdsAt(db, list.query, { offset: position - 1 - before, limit: 2 + before, order: list.order });
  return {
    from,
    position,
    total,
    previous: before ? (ids[0] ?? null) : null,
    current: ids[before] ?? null,
    next: ids[before + 1] ?? null,
    // Past the end, back goes to the list's last page (its own past-end notice would only send the reader on).
    listHref: listAddress(url.pathname, url.searchParams, total > 0 ? Math.min(position, total) : 1),
    terms: list.terms,
    region: list.query.region,
  };
}
