// History (§1, §2): the user's searches, simulations, drafts and edits, filtered, sorted
// and paged, each with its status, summary, link, favourite flag and memo.
import { withoutClaimNumber } from '../patents/claim-text.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import {
  countHistory,
  findHistoryRow,
  listHistoryPage,
  setFavorite,
  setMemo,
  type HistoryPageRow,
  type HistoryRow,
} from './repository.ts';
import {
  HISTORY_PAGE_SIZE,
  detailSummary,
  historyEntryLink,
  statusLabelOf,
  type HistoryEntry,
  type HistorySummary,
} from './shared.ts';
import { EMPTY_FILTER, type HistoryFilter } from './validation.ts';

export interface HistoryPage {
  historyList: HistoryEntry[];
  totalCount: number;
  /** Pages of HISTORY_PAGE_SIZE entries; at least 1 (an empty history is one empty page). */
  maxPageNum: number;
  /**
   * The page asked for, even past the last one (then with no entries): an address or a client's
   * page number never silently stands for another page's entries.
   */
  page: number;
}

const SUMMARY_TEXT_LENGTH = 120;

function summaryOf(row: HistoryRow): HistorySummary {
  if (row.kind === 'detail') return detailSummary(row.input);
  // Other kinds (as they arrive): the opening of what the user described.
  // A creation is told by its claim 1.
  const firstClaim = Array.isArray(row.input?.claims) ? row.input.claims[0] : undefined;
  // An edit of an uploaded file is told by the file's name.
  const subject = row.input?.subjectMatter ?? firstClaim ?? row.input?.title ?? row.input?.fileName ?? '';
  const text = typeof subject === 'string' ? withoutClaimNumber(subject).trim() : '';
  const byDocument = row.kind === 'priorart' && row.input?.isSelectDocumentId === true && typeof row.input.documentId === 'string';
  return {
    formulas: [],
    moreFormulas: 0,
    combination: '',
    effectiveCombination: '',
    text: [...text].length > SUMMARY_TEXT_LENGTH ? `${[...text].slice(0, SUMMARY_TEXT_LENGTH).join('')}…` : text,
    ...(byDocument && { document: { documentId: String(row.input!.documentId), claimNumber: Number(row.input!.claimNumber) || 1 } }),
  };
}

export function toHistoryEntry(row: HistoryPageRow): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    statusLabel: statusLabelOf(row.kind, row.status),
    progress: row.progress,
    errcode: row.errcode,
    lang: row.lang,
    execDate: new Date(row.execDate).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    favorite: row.favorite,
    memo: row.memo,
    priorartRank: row.priorartRank,
    totalHitCount: row.totalHitCount,
    summary: summaryOf(row),
    link: historyEntryLink(row.kind, row.status, row.id),
    jobs: row.jobs,
  };
}

/** A page past the last one has no entries; `totalCount` and `maxPageNum` say where the last one is. */
export async function historyPage(db: Database, userId: string, filter: HistoryFilter): Promise<HistoryPage> {
  const { page } = filter;
  let { rows, total } = await listHistoryPage(db, userId, filter, { offset: (page - 1) * HISTORY_PAGE_SIZE, limit: HISTORY_PAGE_SIZE });
  if (total === null) {
    // The window count comes with the rows, so past the last page (or with nothing) count apart.
    total = await countHistory(db, userId, filter);
    if (filter.id && total === 0 && !(await findHistoryRow(db, userId, filter.id))) throw new AppError(404, 'E072');
  }
  const maxPageNum = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return { historyList: rows.map(toHistoryEntry), totalCount: total, maxPageNum, page };
}

/** One entry of the user's; E072 for an unknown id or another user's. */
export async function historyEntry(db: Database, userId: string, id: string): Promise<HistoryEntry> {
  // The list's statement, narrowed to the entry: its latest jobs are read one way only.
  const [row] = (await listHistoryPage(db, userId, { ...EMPTY_FILTER, id }, { offset: 0, limit: 1 })).rows;
  if (!row) throw new AppError(404, 'E072');
  return toHistoryEntry(row);
}

export async function changeFavorite(db: Database, userId: string, id: string, favorite: boolean): Promise<{ id: string; favorite: boolean }> {
  if (!(await setFavorite(db, userId, id, favorite))) throw new AppError(404, 'E072');
  return { id, favorite };
}

export async function changeMemo(db: Database, userId: string, id: string, memo: string): Promise<{ id: string; memo: string }> {
  if (!(await setMemo(db, userId, id, memo))) throw new AppError(404, 'E072');
  return { id, memo };
}
