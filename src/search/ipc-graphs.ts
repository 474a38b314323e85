// IPC by filing year: placeholder aggregation until the graphs land.
import type { RankedDocument } from '../patents/search-repository.ts';
import type { IpcYearGraphData } from './result-types.ts';

export function ipcYearGraphData(documents: Array<Pick<RankedDocument, 'ipc' | 'applicationDate'>>): IpcYearGraphData {
  return { years: [], levels: { section: [], class: [], subclass: [], group: [] }, documentCount: documents.length, undatedCount: 0 };
}
