// The patent map of a finished examination simulation (§2 result page): the candidates with
// the best match rates, laid out by the patent map engine (src/search/landscape), plus the
// invention itself as one more document of the layout, so it lands among the documents whose
// words it shares. Laid out on first request and stored on the simulation's row.
import { analyzeField } from '../patents/analysis/index.ts';
import { crossingOf } from '../patents/dictionaries/cross-language.ts';
import type { Region } from '../patents/record.ts';
import { bestRankedDocuments } from '../patents/search-repository.ts';
import { termIndexOf, type ComparedText } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import type { DocumentTerms } from '../search/landscape/landscape.ts';
import { mapOfDocuments } from '../search/landscape/service.ts';
import type { PatentMap } from '../search/result-types.ts';
import { gptTextsOf, translatorOf } from './engine.ts';
import { findSimulationMap, saveSimulationMap, type StoredSimulation } from './repository.ts';
import type { StoredResult } from './result-view.ts';

/** Candidates on the map at most: the list beyond them is far from the invention anyway. */
export const MAP_CANDIDATES = 500;

/**
 * The invention's term frequencies as tsv_rank holds a document's: the region's analyser over
 * its elements' text. Written in another language than the region's documents, it is taken in
 * its dictionary translation (as the simulation searched it, the region's term index choosing
 * among a word's senses, with GPT's translation where the simulation had one: `gpt`, source
 * text → GPT's), or it would share no word with them.
 */
export async function inventionTerms(db: Database, text: string, region: Region, compared: ComparedText, gpt?: ReadonlyMap<string, string>): Promise<DocumentTerms> {
  const crossing = crossingOf(text, region);
  const counts = new Map<string, number>();
  if (crossing) {
    const { weights } = await translatorOf(text, region, await termIndexOf(db, region, compared), gpt)!(text);
    for (const [lexeme, weight] of weights) counts.set(lexeme, Math.max(1, Math.round(weight)));
  } else {
    for (const token of await analyzeField(text, region)) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return { id: '', terms: [...counts] };
}

/** Ids on the map: the cited documents, then the others by match rate (as the list ranks them). */
function mappedIds(result: StoredResult): string[] {
  const best = [...result.candidates].sort((a, b) => b.matchRate - a.matchRate || b.score - a.score).map((candidate) => candidate.documentId);
  const cited = [result.mainDocumentId, ...result.secondaryDocumentIds].filter((id): id is string => Boolean(id));
  return [...new Set([...cited, ...best])].slice(0, MAP_CANDIDATES);
}

async function layOut(db: Database, simulation: StoredSimulation): Promise<PatentMap> {
  const result = simulation.result as unknown as StoredResult;
  const ids = mappedIds(result);
  const documents = await bestRankedDocuments(db, { documentIds: ids, rankByDocumentOrder: true, region: simulation.lang, excludeExpired: false, applicants: [] }, ids.length);
  const gptElements = result.translation?.gpt.find((record) => record.region === simulation.lang)?.elements;
  const gpt = gptElements ? gptTextsOf(result.elements, gptElements) : undefined;
  const terms = await inventionTerms(db, result.elements.map((element) => element.text).join('\n'), simulation.lang, simulation.input.compared, gpt);
  const { map } = await mapOfDocuments(db, documents, { region: simulation.lang, queryId: simulation.id }, Promise.resolve(result.candidates.length), terms);
  await saveSimulationMap(db, simulation.id, map);
  return map;
}

/** Maps being laid out, so that two requests for one simulation share the work. */
const computing = new Map<string, Promise<PatentMap>>();

/** The map of a finished simulation (the caller checked the owner and the status). */
export async function simulationMap(db: Database, simulation: StoredSimulation): Promise<PatentMap> {
  const stored = await findSimulationMap(db, simulation.id);
  if (stored) return stored;
  let map = computing.get(simulation.id);
  if (!map) {
    map = layOut(db, simulation).finally(() => computing.delete(simulation.id));
    computing.set(simulation.id, map);
  }
  return map;
}
