// The charts the chart-list job (type 7) adds to a claim chart list simulation (§9 output
// type 3), one row per document in priorart_charts. Callers check who owns the simulation.
import type { Database } from '../platform/database.ts';
import type { ChartedDocument } from './chart.ts';

/** Stores a batch of charts; a document already charted (a retried job) keeps its row. */
export async function insertStoredCharts(db: Database, queryId: string, charts: ReadonlyArray<{ position: number; chart: ChartedDocument }>): Promise<void> {
  if (charts.length === 0) return;
  await db('priorart_charts')
    .insert(charts.map(({ position, chart }) => ({ query_id: queryId, document_id: chart.documentId, position, chart: JSON.stringify(chart) })))
    .onConflict(['query_id', 'document_id'])
    .ignore();
}

export async function findStoredChart(db: Database, queryId: string, documentId: string): Promise<ChartedDocument | undefined> {
  const row = await db('priorart_charts').select('chart').where({ query_id: queryId, document_id: documentId }).first();
  return row?.chart as ChartedDocument | undefined;
}

/** The stored charts of a simulation in list order (for the export), or only those of `documentIds`. */
export async function findStoredCharts(db: Database, queryId: string, documentIds?: readonly string[]): Promise<ChartedDocument[]> {
  const query = db('priorart_charts').select('chart').where({ query_id: queryId }).orderBy('position');
  if (documentIds) query.whereRaw('document_id = ANY(?::text[])', [documentIds as string[]]);
  return (await query).map((row: { chart: ChartedDocument }) => row.chart);
}

/** Which of `documentIds` have a stored chart (what the chart-list job still has to chart; the list reads storedChartFigures). */
export async function storedChartIds(db: Database, queryId: string, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows: Array<{ document_id: string }> = await db('priorart_charts').select('document_id').where({ query_id: queryId }).whereRaw('document_id = ANY(?::text[])', [documentIds as string[]]);
  return new Set(rows.map((row) => row.document_id));
}

/** How many charts are stored, and the list position of the last one stored (0: none yet). */
export async function countStoredCharts(db: Database, queryId: string): Promise<{ count: number; lastPosition: number }> {
  const row: { count: string; last: number | null } | undefined = await db('priorart_charts').where({ query_id: queryId }).first(db.raw('count(*) as count'), db.raw('max(position) as last'));
  return { count: Number(row?.count ?? 0), lastPosition: Number(row?.last ?? 0) };
}

/**
 * The documents charted after list position `after`, in position order (at most 500, the list's
 * size), and the position to ask after next. The chart-list job stores its charts in list
 * order, batch after batch (a retried one goes on after the last stored), so a later position is
 * a later chart and the result page can ask for only what it has not seen.
 */
export async function storedChartIdsAfter(db: Database, queryId: string, after: number): Promise<{ ids: string[]; cursor: number }> {
  const rows: Array<{ document_id: string; position: number }> = await db('priorart_charts').select('document_id', 'position').where({ query_id: queryId }).where('position', '>', after).orderBy('position').limit(500);
  return { ids: rows.map((row) => row.document_id), cursor: rows.at(-1)?.position ?? after };
}

/** What the candidate list shows of a stored chart: its match rate and a verdict per element, without the passages. */
export interface StoredChartFigures {
  documentId: string;
  matchRate: number;
  verdicts: Array<{ elementId: number; verdict: 'disclosed' | 'partly' | 'not_found' }>;
}

/**
 * The figures of every stored chart of a simulation (at most 500 rows): the list is ordered by
 * them, so all are needed, but not the evidence passages that make up most of each chart.
 */
export async function storedChartFigures(db: Database, queryId: string): Promise<StoredChartFigures[]> {
  const rows: Array<{ document_id: string; match_rate: number; element_ids: number[]; verdicts: StoredChartFigures['verdicts'][number]['verdict'][] }> = await db('priorart_charts')
    .select('document_id')
    .select(db.raw("(chart->>'matchRate')::float8 as match_rate"))
    .select(db.raw("jsonb_path_query_array(chart, '$.evidence[*].elementId') as element_ids"))
    .select(db.raw("jsonb_path_query_array(chart, '$.evidence[*].verdict') as verdicts"))
    .where({ query_id: queryId });
  return rows.map((row) => ({ documentId: row.document_id, matchRate: Number(row.match_rate), verdicts: row.verdicts.map((verdict, i) => ({ elementId: row.element_ids[i]!, verdict })) }));
}
