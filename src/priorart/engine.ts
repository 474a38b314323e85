// The examination simulation, stage by stage (§4 progress codes): 1 the invention cut into
// elements, 2 its IPC inferred, 3 similar documents extracted, 4 every element evaluated
// against them, then the claim chart's conclusions. Callable from the job (service.ts) and
// from the benchmarks; `signal` stops it between and inside stages.
import { analyzeField } from '../patents/analysis/index.ts';
import { crossingOf, translateText } from '../patents/dictionaries/cross-language.ts';
import { inferIpc, ipcNeighbours, subclassOf, voteIpc, type InferredIpc } from '../patents/ipc-inference.ts';
import type { Region } from '../patents/record.ts';
import { findPatentTexts, findPatentTitles } from '../patents/repository.ts';
import { rankByBm25, termIndexOf, type ComparedText, type TermIndex } from '../patents/term-index.ts';
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { turnTaker } from '../platform/turns.ts';
import { concludeChart, matchRateOf, type ChartConclusion, type EvaluatedDocument } from './chart.ts';
import { cutElements, type Element } from './elements.ts';
import { documentCoverage, evidenceOf, termsOfElements, type ElementEvidence, type Strategy } from './evidence.ts';

/** §9 output types: claim chart (0), list of up to 500 (1) or 2,000 (2), a chart per document for up to 500 (3). */
export type OutputType = 0 | 1 | 2 | 3;
const LIST_SIZE: Record<OutputType, number> = { 0: 100, 1: 500, 2: 2000, 3: 500 };
/** Documents read passage by passage for the chart (the rest of the list is judged on the whole document). */
const CHARTED: Record<OutputType, number> = { 0: 10, 1: 10, 2: 10, 3: 30 };
/** Fewer distinct terms than this in the whole invention: too little to evaluate (esn-1001). */
export const MIN_TERMS = 3;
/** Documents sharing the invention's likeliest subclass rank higher by up to this factor (the vote share scales it). */
const IPC_BOOST = 0.2;

export interface SimulationInput {
  lang: Region;
  /** The invention as the user wrote it, or the chosen claim of a stored document. */
  subjectMatter: string;
  isAutoElementCutter: boolean;
  /** Users choose claims / claims_abstract / full; abstract_description (claims hidden, also from the evidence) is the known-item benchmark's. */
  compared: ComparedText;
  strategy: Strategy;
  outputType: OutputType;
  /** Main cited documents the user names (ids in the store), at most 3. */
  fixedDocumentIds: string[];
  /** Only these publications (a population file), ids in the store. */
  populationIds: string[] | null;
  /** A document to leave out (the one the claim was taken from). */
  excludeDocumentId?: string | null;
}

export interface CandidateDocument {
  documentId: string;
  title: string | null;
  score: number;
  matchRate: number;
  subclasses: string[];
  verdicts: Array<{ elementId: number; verdict: 'disclosed' | 'partly' | 'not_found'; score: number }>;
}

export interface ChartedDocument {
  documentId: string;
  title: string | null;
  matchRate: number;
  evidence: ElementEvidence[];
}

export interface SimulationResult {
  elements: Element[];
  ipc: InferredIpc;
  candidates: CandidateDocument[];
  charts: ChartedDocument[];
  conclusion: ChartConclusion;
  /** Milliseconds per stage. */
  timings: Record<'elements' | 'ipc' | 'extraction' | 'evaluation' | 'chart', number>;
}

export interface SimulationHooks {
  /** Called as each stage completes (1 processing … 4 evaluation complete); may throw to stop. */
  stage?: (status: 1 | 2 | 3 | 4, detail: { ipc?: InferredIpc }) => Promise<void>;
  signal?: AbortSignal;
}

export async function simulate(db: Database, input: SimulationInput, hooks: SimulationHooks = {}): Promise<SimulationResult> {
  const { signal } = hooks;
  const timings = { elements: 0, ipc: 0, extraction: 0, evaluation: 0, chart: 0 };
  let started = performance.now();
  const lap = (stage: keyof typeof timings) => {
    const now = performance.now();
    timings[stage] = Math.round(now - started);
    started = now;
  };

  // 1 Elements.
  const elements = cutElements(input.subjectMatter, input.isAutoElementCutter);
  const queryTerms = await analyzeField(elements.map((element) => element.text).join('\n'), input.lang);
  if (elements.length === 0 || new Set(queryTerms).size < MIN_TERMS) throw new AppError(422, 'esn-1001', 'esn-1001', {}, { field: 'subjectMatter' });
  lap('elements');
  await hooks.stage?.(1, {});
  signal?.throwIfAborted();

  // 2 IPC inference over the region's classified documents.
  const index = await termIndexOf(db, input.lang, input.compared);
  if (index.ids.length === 0) throw new AppError(422, 'esn-1002', 'esn-1002');
  const excluded = input.excludeDocumentId ? index.ids.indexOf(input.excludeDocumentId) : -1;
  // An invention in another language than the region's documents is searched with its dictionary translation.
  const translate = translatorOf(input.subjectMatter, input.lang, index);
  const searchTerms = translate ? [...(await translate(elements.map((element) => element.text).join('\n'))).weights.keys()] : queryTerms;
  const ipc = voteIpc(index, await ipcNeighbours(index, searchTerms, excluded));
  lap('ipc');
  await hooks.stage?.(2, { ipc });
  signal?.throwIfAborted();

  // 3 Similar documents: BM25 over the compared text, nudged towards the inferred field, within the population if any.
  const position = new Map(index.ids.map((id, doc) => [id, doc]));
  const only = input.populationIds ? new Set(input.populationIds.flatMap((id) => (position.has(id) ? [position.get(id)!] : []))) : undefined;
  const votes = new Map(ipc.subclasses.map((entry) => [entry.code, entry.score]));
  const boost = (doc: number) => 1 + IPC_BOOST * Math.max(0, ...index.classes[doc]!.map((code) => votes.get(subclassOf(code)) ?? 0));
  let ranked = (await rankByBm25(index, searchTerms, { limit: LIST_SIZE[input.outputType] + 1, only, boost })).filter((entry) => entry.doc !== excluded);
  ranked = ranked.slice(0, LIST_SIZE[input.outputType]);
  // Fixed main cited documents are always compared, first.
  const fixed = input.fixedDocumentIds.flatMap((id) => (position.has(id) ? [position.get(id)!] : []));
  if (input.fixedDocumentIds.length && fixed.length === 0) throw new AppError(422, 'esn-1005', 'esn-1005', {}, { field: 'fixedPatents' });
  ranked = [...fixed.map((doc) => ({ doc, score: ranked.find((entry) => entry.doc === doc)?.score ?? 0 })), ...ranked.filter((entry) => !fixed.includes(entry.doc))];
  if (ranked.length === 0) throw new AppError(422, only ? 'esn-1003' : 'esn-1002', only ? 'esn-1003' : 'esn-1002');
  lap('extraction');
  await hooks.stage?.(3, {});
  signal?.throwIfAborted();

  // 4 Evaluation: every candidate on its whole text, the best ones passage by passage.
  const elementTerms = await termsOfElements(index, elements, input.lang, translate);
  const subclassesOf = (doc: number) => [...new Set(index.classes[doc]!.map(subclassOf))];
  const candidates: CandidateDocument[] = [];
  const turn = turnTaker();
  for (const { doc, score } of ranked) {
    await turn();
    const verdicts = documentCoverage(index, doc, elementTerms, input.strategy).map((v) => ({ ...v, score: Math.round(v.score * 1000) / 1000 }));
    const evaluated = { documentId: index.ids[doc]!, title: null, score, subclasses: subclassesOf(doc), verdicts };
    candidates.push({ ...evaluated, score: Math.round(score * 1000) / 1000, matchRate: Math.round(matchRateOf(evaluated) * 1000) / 1000 });
  }
  // Charted: the fixed documents and the best by whole-document coverage, then retrieval score.
  const chartedCount = Math.max(CHARTED[input.outputType], fixed.length);
  const chartedIds = [
    ...fixed.map((doc) => index.ids[doc]!),
    ...[...candidates]
      .filter((candidate) => !fixed.some((doc) => index.ids[doc] === candidate.documentId))
      .sort((a, b) => b.matchRate - a.matchRate || b.score - a.score)
      .map((candidate) => candidate.documentId),
  ].slice(0, chartedCount);
  const texts = new Map((await findPatentTexts(db, chartedIds)).map((text) => [text.id, text]));
  const titles = new Map([...texts.values()].map((text) => [text.id, text.title]));
  const charts: ChartedDocument[] = [];
  for (const id of chartedIds) {
    signal?.throwIfAborted();
    const stored = texts.get(id);
    if (!stored) continue;
    const text = input.compared === 'abstract_description' ? { ...stored, claims: null } : stored;
    const evidence = await evidenceOf(text, elementTerms, input.lang, input.strategy, signal);
    charts.push({ documentId: id, title: text.title, matchRate: 0, evidence });
  }
  // Every listed document by its title, not only the charted ones.
  const listedTitles = await findPatentTitles(db, candidates.filter((candidate) => !titles.has(candidate.documentId)).map((candidate) => candidate.documentId));
  for (const candidate of candidates) candidate.title = titles.get(candidate.documentId) ?? listedTitles.get(candidate.documentId) ?? null;
  lap('evaluation');
  await hooks.stage?.(4, {});
  signal?.throwIfAborted();

  // The chart's conclusions from the passage-level verdicts.
  const evaluatedDocuments: EvaluatedDocument[] = charts.map((chart) => ({
    documentId: chart.documentId,
    title: chart.title,
    score: candidates.find((candidate) => candidate.documentId === chart.documentId)?.score ?? 0,
    subclasses: candidates.find((candidate) => candidate.documentId === chart.documentId)?.subclasses ?? [],
    verdicts: chart.evidence.map((e) => ({ elementId: e.elementId, verdict: e.verdict })),
  }));
  const conclusion = concludeChart(elements, evaluatedDocuments);
  for (const chart of charts) chart.matchRate = conclusion.matchRates[chart.documentId] ?? 0;
  lap('chart');
  return { elements, ipc, candidates, charts, conclusion, timings };
}

/** The dictionary translation into the region's language of an invention written in another, or undefined. */
export function translatorOf(text: string, region: Region, index: TermIndex) {
  const crossing = crossingOf(text, region);
  return crossing ? (words: string) => translateText(words, crossing, index) : undefined;
}

/** The IPC of a text alone (the detailed search's IPC field, creation support's technical field). */
export async function inferIpcOfText(db: Database, text: string, region: Region): Promise<InferredIpc> {
  const index = await termIndexOf(db, region, 'full');
  return inferIpc(index, await analyzeField(text, region));
}
