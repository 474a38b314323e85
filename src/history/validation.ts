// The history filter as /history and /api/history read it from the address (§3 history
// filter, §9 history date ≤ 24 characters), and the bodies of the favourite and memo calls.
// A filter that cannot be read is E071; an id that is not an entry of the user is E072.
import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import {
  HISTORY_DATE_LIMIT,
  HISTORY_KINDS,
  HISTORY_REGIONS,
  MEMO_LIMIT,
  MEMO_SEARCH_LIMIT,
  PRIORART_RANKS,
  STATUS_CODES,
  STATUS_LABELS,
  characterCount,
  statusCodesOf,
  type HistoryKind,
  type HistoryRegion,
  type PriorartRank,
  type StatusLabel,
} from './shared.ts';

export interface HistoryFilter {
  /** yyyy-mm-dd, calendar days in the history time zone; null = open. */
  execDateFrom: string | null;
  execDateTo: string | null;
  /** Empty = every kind. */
  kinds: HistoryKind[];
  /** Empty = every region. */
  langs: HistoryRegion[];
  /** The status labels ticked on the page (empty = all); kept for redrawing the form. */
  statusLabels: StatusLabel[];
  /** Status codes allowed per kind (§3 "status lists per kind"); a kind not listed is unrestricted. */
  statuses: Partial<Record<HistoryKind, number[]>>;
  /** Prior-art entries only: their rank must be one of these (empty = any). */
  priorartRanks: PriorartRank[];
  favoritesMemoOnly: boolean;
  /** Text the memo must contain (case-insensitive); '' = any. */
  memo: string;
  order: 'asc' | 'desc';
  page: number;
  /** One entry (the address /history?id=… that a result page can link to). */
  id: string | null;
}

export const EMPTY_FILTER: HistoryFilter = {
  execDateFrom: null,
  execDateTo: null,
  kinds: [],
  langs: [],
  statusLabels: [],
  statuses: {},
  priorartRanks: [],
  favoritesMemoOnly: false,
  memo: '',
  order: 'desc',
  page: 1,
  id: null,
};

const badFilter = (field: string): never => {
  throw new AppError(400, 'E071', 'E071', { field });
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Repeated parameters and comma-separated lists both work: kind=detail&kind=priorart or kind=detail,priorart. */
function list(value: unknown): string[] {
  return ([] as unknown[])
    .concat(value ?? [])
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [String(item)]))
    .map((item) => item.trim())
    .filter(Boolean);
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T[] {
  const items = list(value);
  for (const item of items) if (!(allowed as readonly string[]).includes(item)) badFilter(field);
  return [...new Set(items)] as T[];
}

/** A form sends a hidden "0" before a checkbox, so a ticked box arrives as ["0", "1"]: the last value counts. */
function flag(field: string, value: unknown): boolean {
  const last = Array.isArray(value) ? value.at(-1) : value;
  if (last === undefined || last === '' || last === '0' || last === 'false') return false;
  if (last === '1' || last === 'true' || last === 'on') return true;
  return badFilter(field);
}

function single(field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return badFilter(field);
  return value;
}

/** yyyy-mm-dd and a real calendar day; '' means not set. */
function date(field: string, value: unknown): string | null {
  const raw = single(field, value) ?? '';
  if (raw.length > HISTORY_DATE_LIMIT) badFilter(field);
  const text = raw.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return badFilter(field);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) badFilter(field);
  return text;
}

export function parseHistoryFilter(query: Record<string, unknown>): HistoryFilter {
  const execDateFrom = date('execDateFrom', query.execDateFrom);
  const execDateTo = date('execDateTo', query.execDateTo);
  if (execDateFrom && execDateTo && execDateFrom > execDateTo) badFilter('execDateTo');

  const kinds = oneOf('kind', query.kind, HISTORY_KINDS);
  const langs = oneOf('lang', query.lang, HISTORY_REGIONS);
  const statusLabels = oneOf('status', query.status, STATUS_LABELS);
  const statuses: Partial<Record<HistoryKind, number[]>> = {};
  if (statusLabels.length) for (const kind of HISTORY_KINDS) statuses[kind] = statusCodesOf(kind, statusLabels);
  // Codes per kind (the API's precise form, e.g. status_priorart=2,3): they replace the labels for that kind.
  for (const kind of HISTORY_KINDS) {
    const codes = list(query[`status_${kind}`]);
    if (!codes.length) continue;
    const numbers = codes.map((code) => (/^\d{1,2}$/.test(code) ? Number(code) : -1));
    if (numbers.some((code) => !STATUS_CODES[kind].includes(code))) badFilter(`status_${kind}`);
    statuses[kind] = [...new Set(numbers)];
  }
  const priorartRanks = oneOf('priorartRank', query.priorartRank, PRIORART_RANKS);
  const favoritesMemoOnly = flag('favoritesMemoOnly', query.favoritesMemoOnly);
  const memo = (single('memo', query.memo) ?? '').trim();
  if (characterCount(memo) > MEMO_SEARCH_LIMIT) badFilter('memo');

  const sort = single('sort', query.sort);
  if (sort !== undefined && sort !== '' && sort !== 'execDate') badFilter('sort');
  const order = single('order', query.order) || 'desc';
  if (order !== 'asc' && order !== 'desc') badFilter('order');
  const pageText = single('page', query.page) || '1';
  if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1) badFilter('page');
  const id = single('id', query.id)?.trim() || null;
  if (id && !UUID.test(id)) throw new AppError(404, 'E072');

  return {
    execDateFrom,
    execDateTo,
    kinds,
    langs,
    statusLabels,
    statuses,
    priorartRanks,
    favoritesMemoOnly,
    memo,
    order: order as 'asc' | 'desc',
    page: Number(pageText),
    id,
  };
}

/** The filter as address parameters: what the page's links (pager, sort) and the API accept back. */
export function filterParameters(filter: HistoryFilter, changes: { page?: number; order?: 'asc' | 'desc' } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.execDateFrom) params.set('execDateFrom', filter.execDateFrom);
  if (filter.execDateTo) params.set('execDateTo', filter.execDateTo);
  for (const kind of filter.kinds) params.append('kind', kind);
  for (const lang of filter.langs) params.append('lang', lang);
  for (const label of filter.statusLabels) params.append('status', label);
  for (const rank of filter.priorartRanks) params.append('priorartRank', rank);
  if (filter.memo) params.set('memo', filter.memo);
  if (filter.favoritesMemoOnly) params.set('favoritesMemoOnly', '1');
  if (filter.id) params.set('id', filter.id);
  const order = changes.order ?? filter.order;
  if (order !== 'desc') params.set('order', order);
  const page = changes.page ?? 1;
  if (page > 1) params.set('page', String(page));
  return params;
}

const idSchema = z.string().regex(UUID);

/** POST /api/history/favorite { id, favorite }. */
export function parseFavoriteBody(body: unknown): { id: string; favorite: boolean } {
  const id = idSchema.safeParse((body as { id?: unknown } | undefined)?.id);
  if (!id.success) throw new AppError(404, 'E072');
  const favorite = z.boolean().safeParse((body as { favorite?: unknown }).favorite);
  if (!favorite.success) throw new AppError(400, 'E102', 'badRequest');
  return { id: id.data, favorite: favorite.data };
}

/** POST /api/history/memo { id, memo }: at most 5000 characters (E059). */
export function parseMemoBody(body: unknown): { id: string; memo: string } {
  const id = idSchema.safeParse((body as { id?: unknown } | undefined)?.id);
  if (!id.success) throw new AppError(404, 'E072');
  const memo = (body as { memo?: unknown }).memo;
  if (typeof memo !== 'string') throw new AppError(400, 'E102', 'badRequest');
  if (characterCount(memo) > MEMO_LIMIT) throw new AppError(400, 'E059', 'E059', { max: MEMO_LIMIT });
  return { id: id.data, memo };
}
