// IPC by filing year (§1 graphs): how many of the best-ranked documents carry each IPC
// code, per filing year, at the four IPC levels. A document counts once per code and
// level however many of its entries share that code ("G06F 16/30" and "G06F 17/10"
// make one G06F document, one G06 and one G document).
import { ipcCodes } from '../patents/ipc.ts';
import type { RankedDocument } from '../patents/search-repository.ts';
import { IPC_LEVELS, type IpcLevel, type IpcYearGraphData } from './result-types.ts';

/** Codes kept per level (the most frequent ones). */
export const TOP_CODES = 20;

export function ipcYearGraphData(documents: Array<Pick<RankedDocument, 'ipc' | 'applicationDate'>>): IpcYearGraphData {
  // level → code → year → documents
  const counts = Object.fromEntries(IPC_LEVELS.map((level) => [level, new Map<string, Map<number, number>>()])) as Record<IpcLevel, Map<string, Map<number, number>>>;
  let undatedCount = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const document of documents) {
    const year = document.applicationDate ? document.applicationDate.getFullYear() : NaN;
    const parsed = (document.ipc ?? []).map(ipcCodes).filter((codes) => codes !== null);
    if (!Number.isFinite(year) || parsed.length === 0) {
      undatedCount++;
      continue;
    }
    first = Math.min(first, year);
    last = Math.max(last, year);
    for (const level of IPC_LEVELS) {
      for (const code of new Set(parsed.map((codes) => codes[level]))) {
        if (code === null) continue;
        const byYear = counts[level].get(code) ?? new Map<number, number>();
        byYear.set(year, (byYear.get(year) ?? 0) + 1);
        counts[level].set(code, byYear);
      }
    }
  }
  const years = first <= last ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : [];
  const levels = Object.fromEntries(
    IPC_LEVELS.map((level) => [
      level,
      [...counts[level]]
        .map(([code, byYear]) => ({ code, total: [...byYear.values()].reduce((sum, n) => sum + n, 0), counts: years.map((year) => byYear.get(year) ?? 0) }))
        .sort((a, b) => b.total - a.total || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
        .slice(0, TOP_CODES),
    ]),
  ) as IpcYearGraphData['levels'];
  return { years, levels, documentCount: documents.length, undatedCount };
}
