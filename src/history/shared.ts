// What the history page, its islands and the executing page share (no Node imports: the
// islands bundle it). §3 history filter and search job kinds, §4 status codes, §9 limits.
import type { DetailSearchInput } from '../detail-search/input.ts';

export const HISTORY_KINDS = ['detail', 'priorart', 'patent_creation_support', 'patent_edit'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_REGIONS = ['jp', 'us', 'cn'] as const;
export type HistoryRegion = (typeof HISTORY_REGIONS)[number];
export const PRIORART_RANKS = ['A', 'B', 'C', 'D'] as const;
export type PriorartRank = (typeof PRIORART_RANKS)[number];

/** §4 "history status lists per kind". */
export const STATUS_CODES: Record<HistoryKind, readonly number[]> = {
  detail: [0, 1, 2, 3, 4, 5, 8, 9],
  priorart: [0, 1, 2, 3, 4, 5, 8, 9],
  patent_creation_support: [0, 1, 8],
  patent_edit: [0, 1, 8],
};

export const STATUS_LABELS = ['done', 'running', 'cancel', 'error'] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

/**
 * Done, Running, Cancel, Error (§2). Prior art counts its stages 0–4 and succeeds at 5; the
 * other kinds use the simpler status where 1 is success (§4).
 */
export function statusLabelOf(kind: HistoryKind, status: number): StatusLabel {
  if (status === 8) return 'error';
  if (status === 9) return 'cancel';
  if (kind === 'priorart') return status === 5 ? 'done' : 'running';
  return status === 1 || status === 5 ? 'done' : 'running';
}

/** The codes of a kind that carry a label: what a label filter selects. */
export const statusCodesOf = (kind: HistoryKind, labels: readonly StatusLabel[]): number[] =>
  STATUS_CODES[kind].filter((code) => labels.includes(statusLabelOf(kind, code)));

/** §9 memo and history date limits. */
export const MEMO_LIMIT = 5000;
export const HISTORY_DATE_LIMIT = 24;
export const MEMO_SEARCH_LIMIT = 200;
export const HISTORY_PAGE_SIZE = 20;

/** Days of the date filter and the dates shown are those of Japan, where the product's users work (as the mail's dates). */
export const HISTORY_TIME_ZONE = 'Asia/Tokyo';

/** Japan keeps UTC+9 all year (no daylight-saving time since 1951): the date is arithmetic, not Intl's formatToParts (3 % of a result page's render). */
const JAPAN_OFFSET_MS = 9 * 3_600_000;
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** §9 date format yyyy.LL.dd, with the time: 2026.11.21 09:05 (Japan's time). */
export function formatExecDate(date: Date | string): string {
  const japan = new Date(new Date(date).getTime() + JAPAN_OFFSET_MS);
  return `${japan.getUTCFullYear()}.${twoDigits(japan.getUTCMonth() + 1)}.${twoDigits(japan.getUTCDate())} ${twoDigits(japan.getUTCHours())}:${twoDigits(japan.getUTCMinutes())}`;
}

/** Characters as people count them (a kanji or an emoji is one), as the server counts them. */
export const characterCount = (text: string): number => [...text].length;

/** Where an entry leads: the result when done, the waiting page while running, the input otherwise (§2, §4). */
export function historyEntryLink(kind: HistoryKind, status: number, id: string): { href: string; target: 'result' | 'progress' | 'input' } {
  const q = encodeURIComponent(id);
  const label = statusLabelOf(kind, status);
  switch (kind) {
    case 'detail':
      if (label === 'done') return { href: `/detail-search/result?id=${q}&type=detail`, target: 'result' };
      if (label === 'running') return { href: `/detail-search/executing?id=${q}`, target: 'progress' };
      return { href: `/detail-search/build-query?id=${q}`, target: 'input' };
    case 'priorart':
      if (label === 'done') return { href: `/priorart/result?id=${q}&type=priorart`, target: 'result' };
      if (label === 'running') return { href: `/priorart/executing?id=${q}`, target: 'progress' };
      return { href: `/priorart/build-query?id=${q}`, target: 'input' };
    case 'patent_creation_support':
      if (label === 'done') return { href: `/patent-creation-support/detail?id=${q}&type=patent_creation_support`, target: 'result' };
      if (label === 'running') return { href: `/patent-creation-support/generating?id=${q}`, target: 'progress' };
      return { href: `/patent-creation-support/create?id=${q}`, target: 'input' };
    case 'patent_edit':
      return { href: `/patent-document-edit?id=${q}`, target: label === 'done' ? 'result' : 'input' };
  }
}

export interface HistoryFormulaRow {
  id: number;
  text: string;
  tag: string;
}

/** What an entry says about its input: the formulas of the mode that ran and their combination. */
export interface HistorySummary {
  formulas: HistoryFormulaRow[];
  /** Rows beyond the ones listed. */
  moreFormulas: number;
  /** As typed; empty when none was given. */
  combination: string;
  /** The combination that ran: as typed, or the implied one (row 1, or every row ANDed). */
  effectiveCombination: string;
  /** Other kinds: the opening of their subject matter. */
  text: string;
  /** A simulation of a stored document's claim: which one. */
  document?: { documentId: string; claimNumber: number };
}

export interface HistoryJob {
  type: number;
  status: number;
  progress: number;
}

/** One entry of `historyList` (GET /api/history). */
export interface HistoryEntry {
  id: string;
  kind: HistoryKind;
  status: number;
  statusLabel: StatusLabel;
  progress: number;
  errcode: string | null;
  lang: HistoryRegion;
  /** ISO 8601. */
  execDate: string;
  finishedAt: string | null;
  favorite: boolean;
  memo: string;
  priorartRank: PriorartRank | null;
  totalHitCount: number | null;
  summary: HistorySummary;
  link: { href: string; target: 'result' | 'progress' | 'input' };
  /** The background jobs of this entry (§3 background job), queue order. */
  jobs: HistoryJob[];
}

export const SUMMARY_ROWS = 3;

/** §3: an empty combination means row 1 alone, or every row ANDed when there are several. */
export const impliedCombination = (rowIds: number[]): string => rowIds.join('*');

export function detailSummary(input: Partial<DetailSearchInput> | null | undefined): HistorySummary {
  const mode = input?.inputMode === 1 ? 1 : 0;
  const set = input?.modes?.[mode];
  const rows = (set?.formulas ?? []).filter((row) => typeof row?.text === 'string' && row.text.trim() !== '');
  const combination = typeof set?.combination === 'string' ? set.combination.trim() : '';
  return {
    formulas: rows.slice(0, SUMMARY_ROWS).map((row) => ({ id: row.id, text: row.text, tag: row.tag })),
    moreFormulas: Math.max(0, rows.length - SUMMARY_ROWS),
    combination,
    effectiveCombination: combination || impliedCombination(rows.map((row) => row.id)),
    text: '',
  };
}

/** One line for a detailed search (the executing page's heading, titles): rows and combination. */
export function detailSearchSummary(input: Partial<DetailSearchInput> | null | undefined): string {
  const summary = detailSummary(input);
  const rows = summary.formulas.map((row) => `[${row.id}] ${row.text}`).join('  ');
  const more = summary.moreFormulas ? ` …+${summary.moreFormulas}` : '';
  return summary.formulas.length > 1 ? `${rows}${more}  (${summary.effectiveCombination})` : `${rows}${more}`;
}
