// Export of a simple search's list (§3 export columns: rank, match rate, document number,
// applicant, title, …) as CSV and XLSX, in the reader's language. Covers the best-ranked
// hits up to DETAIL_LIMIT, in the order the list was shown.
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';
import type { Response } from 'express';
import type { TFunction } from 'i18next';
import { applicantNamesOf } from '../patents/applicants-repository.ts';
import { displayNumberOfId, shownKind, type NumberLanguage } from '../patents/numbers.ts';
import { bestRankedDocuments, descriptionRelevance, type PatentQuery, type RankedDocument, type SearchOrder } from '../patents/search-repository.ts';
import type { Database } from '../platform/database.ts';
import { DETAIL_LIMIT, patentQueryOf } from './service.ts';
import type { SimpleSearchInput } from './validation.ts';

export interface ExportRow {
  rank: number;
  /** Relevance as a percentage of the best hit's (100 for the best): title, abstract and claims, else the description. */
  matchRate: number;
  documentNumber: string;
  applicant: string;
  title: string;
  applicationDate: Date | null;
  publicationDate: Date | null;
  ipc: string;
  kind: string;
  link: string;
}

const byDate = (order: SearchOrder) => (a: RankedDocument, b: RankedDocument) => {
  const at = a.publicationDate?.getTime() ?? (order === 'newest' ? -Infinity : Infinity);
  const bt = b.publicationDate?.getTime() ?? (order === 'newest' ? -Infinity : Infinity);
  return (order === 'newest' ? bt - at : at - bt) || a.id.localeCompare(b.id);
};

export async function exportRows(db: Database, input: SimpleSearchInput, publicUrl: string, t: TFunction, lang: NumberLanguage): Promise<ExportRow[]> {
  const { query } = await patentQueryOf(input, db);
  return query ? exportRowsOf(db, query, input.order, publicUrl, t, lang) : [];
}

/** The export rows of a store query (simple search, a stored detailed-search result). */
export async function exportRowsOf(db: Database, query: PatentQuery, order: SearchOrder, publicUrl: string, t: TFunction, lang: NumberLanguage): Promise<ExportRow[]> {
  // Always the best-ranked ones (what the match rate is relative to), then in the list's order.
  const documents = await bestRankedDocuments(db, query, DETAIL_LIMIT);
  // A hit found only in its description ranks 0 by title, abstract and claims (it is listed last):
  // it matches by its description, weighed below the claims, not by nothing.
  const described = await descriptionRelevance(db, query, documents.filter((document) => !(document.rank > 0)).map((document) => document.id));
  const relevance = new Map(documents.map((document) => [document.id, document.rank > 0 ? document.rank : (described.get(document.id) ?? 0)]));
  // Nothing to rank by (a formula of classes or dates only): every hit matches fully.
  const best = Math.max(0, ...relevance.values());
  if (order !== 'relevance') documents.sort(byDate(order));
  // Each applicant once, by the name it goes by (富士通株式会社 for a record listing Fujitsu Ltd and 富士通株式会社).
  const applicants = await applicantNamesOf(db, documents.map((document) => document.id), query.region);
  return documents.map((document, index) => ({
    rank: index + 1,
    matchRate: best > 0 ? Math.round((relevance.get(document.id)! / best) * 1000) / 10 : 100,
    documentNumber: displayNumberOfId(document.id, lang),
    applicant: (applicants.get(document.id) ?? document.applicants).join('; '),
    title: document.title ?? '',
    applicationDate: document.applicationDate,
    publicationDate: document.publicationDate,
    ipc: document.ipc.join('; '),
    kind: t(`search.kinds.${shownKind(document.id, document.kind)}`, { ns: 'search' }),
    link: `${publicUrl}/document-details?docIds=${encodeURIComponent(document.id)}`,
  }));
}

const COLUMNS = ['rank', 'matchRate', 'documentNumber', 'applicant', 'title', 'applicationDate', 'publicationDate', 'ipc', 'kind', 'link'] as const;
const WIDTHS: Record<(typeof COLUMNS)[number], number> = { rank: 6, matchRate: 10, documentNumber: 22, applicant: 30, title: 50, applicationDate: 12, publicationDate: 12, ipc: 30, kind: 10, link: 40 };

const isoDate = (date: Date | null): string =>
  date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` : '';

const headings = (t: TFunction): string[] => COLUMNS.map((column) => t(`search.exportColumns.${column}`, { ns: 'search' }));

/** UTF-8 with a byte-order mark, so spreadsheet programs read Japanese correctly. */
export function toCsv(rows: ExportRow[], t: TFunction): Buffer {
  const records = rows.map((row) => COLUMNS.map((column) => (column === 'applicationDate' || column === 'publicationDate' ? isoDate(row[column]) : String(row[column]))));
  return Buffer.from(`\uFEFF${stringify([headings(t), ...records], { record_delimiter: '\r\n' })}`, 'utf8');
}

export async function toXlsx(rows: ExportRow[], t: TFunction): Promise<Buffer> {
  const header = headings(t).map((value) => ({ value, fontWeight: 'bold' as const, backgroundColor: '#E8EEF9' }));
  const body = rows.map((row) =>
    COLUMNS.map((column) => {
      const value = row[column];
      if (value instanceof Date) return { value: new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate())), type: Date, format: 'yyyy-mm-dd' };
      if (value === null) return null;
      if (column === 'matchRate') return { value: (value as number) / 100, type: Number, format: '0.0%' };
      return { value };
    }),
  );
  return (await writeXlsxFile([header, ...body] as never, {
    sheet: t('search.exportSheet', { ns: 'search' }),
    columns: COLUMNS.map((column) => ({ width: WIDTHS[column] })),
    stickyRowsCount: 1,
  }).toBuffer()) as Buffer;
}

/** Sends the rows as a CSV or XLSX download named `${baseName}-${yyyymmdd}.${format}`, never kept by shared caches. */
export async function sendExport(res: Response, rows: ExportRow[], format: 'csv' | 'xlsx', baseName: string, t: TFunction): Promise<void> {
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  res.attachment(`${baseName}-${today}.${format}`);
  res.set('Cache-Control', 'private, no-store');
  if (format === 'csv') res.type('text/csv; charset=utf-8').send(toCsv(rows, t));
  else res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(rows, t));
}
