// A claim chart column for a candidate the simulation did not chart (§2 result: "add or
// remove documents from the candidate list"): the candidate's passages read element by
// element, as the evaluation stage reads the charted ones.
import { applicantNamesOf } from '../patents/applicants-repository.ts';
import { displayNumberOfId } from '../patents/numbers.ts';
import { findPatentTexts } from '../patents/repository.ts';
import { termIndexOf } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { matchRateOf } from './chart.ts';
import { translatorOf } from './engine.ts';
import { evidenceOf, termsOfElements } from './evidence.ts';
import type { StoredSimulation } from './repository.ts';
import { cellOf, roleOf, type ChartColumn, type StoredResult } from './result-view.ts';

export async function evaluateColumn(db: Database, simulation: StoredSimulation, result: StoredResult, documentId: string): Promise<ChartColumn> {
  const candidate = result.candidates.find((entry) => entry.documentId === documentId);
  if (!candidate) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
  const [text] = await findPatentTexts(db, [documentId]);
  if (!text) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
  const charted = result.charts.find((chart) => chart.documentId === documentId);
  let evidence = charted?.evidence;
  if (!evidence) {
    const index = await termIndexOf(db, simulation.lang, simulation.input.compared);
    const translate = translatorOf(result.elements.map((element) => element.text).join('\n'), simulation.lang, index);
    evidence = await evidenceOf(text, await termsOfElements(index, result.elements, simulation.lang, translate), simulation.lang, simulation.input.strategy);
  }
  const matchRate = charted?.matchRate ?? Math.round(matchRateOf({ documentId, title: text.title, score: 0, subclasses: [], verdicts: evidence }) * 1000) / 1000;
  const applicants = await applicantNamesOf(db, [documentId], simulation.lang);
  return {
    documentId,
    number: displayNumberOfId(documentId),
    title: text.title,
    applicants: applicants.get(documentId) ?? [],
    matchRate,
    role: roleOf(result, documentId),
    cells: evidence.map((entry) => cellOf(entry, documentId)),
  };
}
