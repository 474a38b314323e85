// A claim chart column for a candidate the simulation did not chart (§2 result: "add or
// remove documents from the candidate list"): the candidate's passages read element by
// element, as the evaluation stage reads the charted ones.
import { findPatentTexts } from '../patents/repository.ts';
import { termIndexOf } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { matchRateOf } from './chart.ts';
import { gptTextsOf, translatorOf } from './engine.ts';
import { evidenceOf, termsOfElements } from './evidence.ts';
import type { StoredSimulation } from './repository.ts';
import { chartColumnsOf, type ChartColumn, type StoredResult } from './result-view.ts';

export async function evaluateColumn(db: Database, simulation: StoredSimulation, result: StoredResult, documentId: string): Promise<ChartColumn> {
  const candidate = result.candidates.find((entry) => entry.documentId === documentId);
  if (!candidate) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
  // A charted document's column is stored; another is read passage by passage now.
  let chart = result.charts.find((entry) => entry.documentId === documentId);
  if (!chart) {
    const [text] = await findPatentTexts(db, [documentId]);
    if (!text) throw new AppError(404, 'convert-0000', 'convert-0000', {}, { field: 'documentId' });
    // The document's own region (a candidate of the second region, subLang, is read in its language).
    const region = candidate.region ?? simulation.lang;
    const index = await termIndexOf(db, region, simulation.input.compared);
    // GPT's translation made for the simulation (stored with it) is used again: no second call.
    const gptElements = result.translation?.gpt.find((record) => record.region === region)?.elements;
    const translate = translatorOf(result.elements.map((element) => element.text).join('\n'), region, index, gptElements ? gptTextsOf(result.elements, gptElements) : undefined);
    const evidence = await evidenceOf(text, await termsOfElements(index, result.elements, region, translate), region, simulation.input.strategy);
    const matchRate = Math.round(matchRateOf({ documentId, title: text.title, score: 0, subclasses: [], verdicts: evidence }) * 1000) / 1000;
    chart = { documentId, region, title: text.title, matchRate, evidence };
  }
  const [column] = await chartColumnsOf(db, simulation, result, [chart]);
  return column!;
}
