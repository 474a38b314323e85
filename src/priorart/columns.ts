// A claim chart column for a candidate (§2 result: "add or remove documents from the candidate
// list"): the simulation's own chart, or one the chart-list job stored (output type 3), or
// else the candidate's passages read element by element now, as the evaluation stage reads
// the charted ones.
import type { NumberLanguage } from '../patents/numbers.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { chartMakerOf } from './chart-list.ts';
import { findStoredChart } from './chart-list-repository.ts';
import type { StoredSimulation } from './repository.ts';
import { chartColumnsOf, type ChartColumn, type StoredResult } from './result-view.ts';

export async function evaluateColumn(db: Database, simulation: StoredSimulation, result: StoredResult, documentId: string, lang: NumberLanguage): Promise<ChartColumn> {
  const candidate = result.candidates.find((entry) => entry.documentId === documentId);
  if (!candidate) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
  const chart =
    result.charts.find((entry) => entry.documentId === documentId) ??
    (simulation.input.outputType === 3 ? await findStoredChart(db, simulation.id, documentId) : undefined) ??
    (await chartMakerOf(db, simulation, result)([documentId]))[0];
  if (!chart) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
  const [column] = await chartColumnsOf(db, simulation, result, lang, [chart]);
  return column!;
}
