// Export of a finished examination simulation (§3 export columns: rank, match rate, document
// number, applicant, title, then one column per element), in the reader's language:
//   chart  one row per charted document (main cited, secondary cited, then the other charted
//          ones by match rate), each element's cell the verdict mark, where the evidence is
//          and a short snippet of it;
//   list   every candidate (up to 2,000) by match rate then retrieval score, a verdict mark
//          per element; for a claim chart list (output type 3) every charted document's
//          cells carry the evidence as the chart's do (the charts the chart-list job stored too).
// The conclusion (rank A–D and why, the elements, the inferred IPC) goes on a first sheet of
// the XLSX ("概要"/"Summary") and above the table in the CSV, separated by an empty line.
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { TFunction } from 'i18next';
import writeXlsxFile from 'write-excel-file/node';
import { applicantNamesOf } from '../patents/applicants-repository.ts';
import type { InferredIpc } from '../patents/ipc-inference.ts';
import { displayNumberOfId, type NumberLanguage } from '../patents/numbers.ts';
import type { Database } from '../platform/database.ts';
import type { Language } from '../platform/i18n.ts';
import { matchedWordsMarking, type HighlightOptions } from '../search/highlight.ts';
import { elementLabel } from './chart.ts';
import type { Element } from './elements.ts';
import type { ElementEvidence, Passage, Verdict } from './evidence.ts';
import { findStoredCharts } from './chart-list-repository.ts';
import type { ChartedDocument } from './chart.ts';
import { listedDocuments } from './export-repository.ts';
import { limitLine, type LimitWording } from './limit-line.ts';
import { listedCandidates } from './list-figures.ts';
import { chartOrder, roleOf, snippetOf, VERDICT_MARKS, type Role, type StoredResult } from './result-view.ts';

export { chartOrder, roleOf, type Role, type StoredResult };
import type { StoredSimulation } from './repository.ts';
import { regionTranslations, translationLines } from './translation-note.ts';

export type ExportWhat = 'chart' | 'list';
/** Candidates listed at most (the longest list a simulation keeps, §9 output type 2). */
export const LIST_LIMIT = 2000;
const ns = { ns: 'priorart-export' } as const;

export const resultOfSimulation = (simulation: StoredSimulation): StoredResult => simulation.result as unknown as StoredResult;

/** 【0012】 / 請求項3 / 要約 (ja), [0012] / claim 3 / abstract (en). */
export const locationOf = (passage: Pick<Passage, 'kind' | 'number'>, t: TFunction): string => t(`priorartExport.location.${passage.kind}`, { ...ns, number: passage.number ?? '' });

/** "A〔画像を取得する撮像部と、…〕": the element's label and the start of its text. */
export function elementHeading(element: Element, t: TFunction, length = 20): string {
  const characters = [...element.text];
  const text = characters.length > length ? `${characters.slice(0, length).join('')}…` : element.text;
  return t('priorartExport.element', { ...ns, label: elementLabel(element.id), text });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The matched words as they stand in a text (the analyser's forms, e.g. 重ね合う, may not), longest first. */
/** A short plain-text snippet of the passage where its matched words meet (marked as `marking` says: snippetOf). */
export const plainSnippet = (text: string, words: readonly string[], length: number, marking: HighlightOptions = {}): string =>
  snippetOf(text.replace(/\s+/g, ' ').trim(), words, length, marking).map((part) => part.text).join('');

const isoDate = (date: Date | null | undefined): string =>
  date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` : '';
export const simulationDate = (simulation: StoredSimulation): string => isoDate(simulation.finishedAt ?? simulation.execDate);

/** Number, title and applicants of documents, for the table and the print page. */
export async function describeDocuments(db: Database, simulation: StoredSimulation, ids: readonly string[], lang: NumberLanguage) {
  const [listed, applicants] = await Promise.all([listedDocuments(db, ids), applicantNamesOf(db, ids, simulation.lang)]);
  return new Map(
    ids.map((id) => {
      const names = applicants.get(id)?.length ? applicants.get(id)! : (listed.get(id)?.applicants ?? []);
      return [id, { number: displayNumberOfId(id, lang), title: listed.get(id)?.title ?? '', applicant: names.join('; ') }];
    }),
  );
}

/** "A01D 66%, B60K 12%": the inferred subclasses with their share of the vote (those under 1 % left out, the likeliest always kept). */
export const ipcSummary = (ipc: InferredIpc): string =>
  ipc.subclasses
    .filter((entry, index) => index === 0 || Math.round(entry.score * 100) >= 1)
    .map((entry) => `${entry.code} ${Math.round(entry.score * 100)}%`)
    .join(', ');

type Cell = string | number;
export interface ExportTable {
  sheet: string;
  headings: string[];
  /** The second column is the match rate, 0–1. */
  rows: Cell[][];
  widths: number[];
  /** Element cells hold a verdict mark only (centred), not evidence. */
  marksOnly?: boolean;
}
export interface PriorartExport {
  what: ExportWhat;
  summarySheet: string;
  summary: Array<[string, string]>;
  table: ExportTable;
}

function summaryOf(simulation: StoredSimulation, result: StoredResult, t: TFunction, lang: Language): Array<[string, string]> {
  const s = (key: string) => t(`priorartExport.summary.${key}`, ns);
  const none = s('none');
  const rows: Array<[string, string]> = [
    [s('title'), ''],
    [s('date'), simulationDate(simulation)],
    [s('rank'), result.rank],
    [s('rankDescription'), result.rank_description[lang]],
    [s('mainDocument'), result.mainDocumentId ? displayNumberOfId(result.mainDocumentId, lang) : none],
    [s('secondaryDocuments'), result.secondaryDocumentIds.map((id) => displayNumberOfId(id, lang)).join('; ') || none],
    [s('ipc'), ipcSummary(result.ipc) || none],
    // Evidence in documents of another language was found through a translation: which, and for which regions.
    ...translationRow(simulation, result, t),
    [s('legend'), (Object.keys(VERDICT_MARKS) as Verdict[]).map((verdict) => `${VERDICT_MARKS[verdict]} ${t(`priorartExport.verdicts.${verdict}`, ns)}`).join('  ')],
    [s('elements'), ''],
  ];
  for (const element of result.elements) rows.push([elementLabel(element.id), element.preamble ? `${element.text} ${s(element.subject ? 'subject' : 'preamble')}` : element.text]);
  return rows;
}

/** The summary's translation row (the result page's label), none when every searched region is in the invention's language. */
function translationRow(simulation: StoredSimulation, result: StoredResult, t: TFunction): Array<[string, string]> {
  const lines = translationLines(regionTranslations(simulation, result), t);
  return lines.length ? [[t('result.translation.label', { ns: 'priorart' }), lines.join('\n')]] : [];
}

const column = (t: TFunction, key: string) => t(`priorartExport.columns.${key}`, ns);

/** The export's and the printable chart's wording of a cell's limit line (limit-line.ts). */
export const limitWording = (t: TFunction): LimitWording => ({
  say: (key, values) => t(`priorartExport.${key}`, { ...ns, ...values }),
  place: (place) => locationOf(place, t),
  separator: t('priorartExport.valuesSeparator', ns),
});

/** A chart's cells, one per element: the verdict mark and word, where the evidence is and a short snippet of it. */
function evidenceCells(result: StoredResult, chart: ChartedDocument, t: TFunction, marking: HighlightOptions): string[] {
  const evidence = new Map(chart.evidence.map((entry) => [entry.elementId, entry]));
  const wording = limitWording(t);
  return result.elements.map((element) => {
    const found = evidence.get(element.id);
    if (!found) return VERDICT_MARKS.not_found;
    const mark = `${VERDICT_MARKS[found.verdict]} ${t(`priorartExport.verdicts.${found.verdict}`, ns)}`;
    const limit = limitLine(found.limit, wording);
    if (!found.passage || found.verdict === 'not_found') return limit ? `${mark}\n${limit}` : mark;
    return `${mark} ${locationOf(found.passage, t)}\n${plainSnippet(found.passage.text, found.words, 60, marking)}${limit ? `\n${limit}` : ''}`;
  });
}

async function chartTable(db: Database, simulation: StoredSimulation, result: StoredResult, t: TFunction, marking: HighlightOptions, lang: Language): Promise<ExportTable> {
  const charts = chartOrder(result);
  const documents = await describeDocuments(db, simulation, charts.map((chart) => chart.documentId), lang);
  const rows = charts.map((chart, index) => {
    const document = documents.get(chart.documentId)!;
    const cells = evidenceCells(result, chart, t, marking);
    return [index + 1, chart.matchRate, document.number, document.applicant, document.title || chart.title || '', t(`priorartExport.roles.${roleOf(result, chart.documentId)}`, ns), ...cells];
  });
  return {
    sheet: t('priorartExport.sheets.chart', ns),
    headings: [...['rank', 'matchRate', 'documentNumber', 'applicant', 'title', 'role'].map((key) => column(t, key)), ...result.elements.map((element) => elementHeading(element, t))],
    rows,
    widths: [6, 9, 22, 24, 36, 16, ...result.elements.map(() => 40)],
  };
}

async function listTable(db: Database, simulation: StoredSimulation, result: StoredResult, t: TFunction, marking: HighlightOptions, lang: Language): Promise<ExportTable> {
  // A claim chart list (output type 3): every charted document (the result's and those the chart-list job stored) with its evidence.
  const stored = simulation.input.outputType === 3 ? await findStoredCharts(db, simulation.id) : [];
  const charts = simulation.input.outputType === 3 ? new Map([...result.charts, ...stored].map((chart) => [chart.documentId, chart])) : undefined;
  // A charted document with its chart's match rate and verdicts, in the order and ranks the result page lists them (list-figures.ts).
  const candidates = listedCandidates(result, stored.map((chart) => ({ documentId: chart.documentId, matchRate: chart.matchRate, verdicts: chart.evidence }))).slice(0, LIST_LIMIT);
  const documents = await describeDocuments(db, simulation, candidates.map((candidate) => candidate.documentId), lang);
  const rows = candidates.map((candidate, index) => {
    const document = documents.get(candidate.documentId)!;
    const verdicts = new Map(candidate.verdicts.map((entry) => [entry.elementId, entry.verdict]));
    const chart = charts?.get(candidate.documentId);
    return [
      index + 1,
      candidate.matchRate,
      document.number,
      document.applicant,
      document.title || candidate.title || '',
      candidate.subclasses.join('; '),
      ...(chart ? evidenceCells(result, chart, t, marking) : result.elements.map((element) => VERDICT_MARKS[verdicts.get(element.id) ?? 'not_found'])),
    ];
  });
  return {
    sheet: t('priorartExport.sheets.list', ns),
    headings: [...['rank', 'matchRate', 'documentNumber', 'applicant', 'title', 'ipc'].map((key) => column(t, key)), ...result.elements.map((element) => elementHeading(element, t, charts ? 20 : 12))],
    rows,
    widths: [6, 9, 22, 24, 36, 16, ...result.elements.map(() => (charts ? 40 : 12))],
    marksOnly: !charts,
  };
}

export async function priorartExport(db: Database, simulation: StoredSimulation, what: ExportWhat, t: TFunction, lang: Language): Promise<PriorartExport> {
  const result = resultOfSimulation(simulation);
  // The snippets' windows are chosen by their marks: one-character words only where the passage has them as words.
  const marking = await matchedWordsMarking();
  const table = what === 'chart' ? await chartTable(db, simulation, result, t, marking, lang) : await listTable(db, simulation, result, t, marking, lang);
  return { what, summarySheet: t('priorartExport.sheets.summary', ns), summary: summaryOf(simulation, result, t, lang), table };
}

/** The match rate as a percentage with one decimal, as the search export writes it. */
const percent = (rate: number): number => Math.round(rate * 1000) / 10;

/** UTF-8 with a byte-order mark (spreadsheet programs then read Japanese correctly): the summary, an empty line, the table. */
export function toCsv(exported: PriorartExport): Buffer {
  const table = exported.table.rows.map((row) => row.map((cell, index) => (index === 1 ? String(percent(cell as number)) : String(cell))));
  const records = [...exported.summary, [], exported.table.headings, ...table];
  return Buffer.from(`\uFEFF${stringify(records, { record_delimiter: '\r\n' })}`, 'utf8');
}

const HEADING = { fontWeight: 'bold' as const, backgroundColor: '#E8EEF9', wrap: true, alignVertical: 'top' as const };

export async function toXlsx(exported: PriorartExport): Promise<Buffer> {
  const summary = exported.summary.map(([label, value]) => [
    { value: label, fontWeight: 'bold' as const, alignVertical: 'top' as const },
    value ? { value, wrap: true, alignVertical: 'top' as const } : null,
  ]);
  const { table } = exported;
  const header = table.headings.map((value) => ({ value, ...HEADING }));
  const marksOnly = Boolean(table.marksOnly);
  const body = table.rows.map((row) =>
    row.map((cell, index) => {
      if (index === 1) return { value: cell as number, type: Number, format: '0.0%', alignVertical: 'top' as const };
      if (typeof cell === 'number') return { value: cell, type: Number, alignVertical: 'top' as const };
      if (!cell) return null;
      return { value: cell, wrap: true, alignVertical: 'top' as const, ...(marksOnly && index >= 6 && { align: 'center' as const }) };
    }),
  );
  return (await writeXlsxFile([
    { data: summary, sheet: exported.summarySheet, columns: [{ width: 24 }, { width: 100 }] },
    { data: [header, ...body], sheet: table.sheet, columns: table.widths.map((width) => ({ width })), stickyRowsCount: 1, stickyColumnsCount: 3, orientation: 'landscape' },
  ] as never).toBuffer()) as Buffer;
}

/** Sends the export as `hatsumei-priorart-<what>-<yyyymmdd>.<format>`, never kept by shared caches. */
export async function sendPriorartExport(res: Response, exported: PriorartExport, format: 'csv' | 'xlsx'): Promise<void> {
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  res.attachment(`hatsumei-priorart-${exported.what}-${today}.${format}`);
  res.set('Cache-Control', 'private, no-store');
  if (format === 'csv') res.type('text/csv; charset=utf-8').send(toCsv(exported));
  else res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(exported));
}
